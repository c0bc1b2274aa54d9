import type { SarfaesiDefinitionKey } from './sarfaesi-definition-en.ts';

// Arabic strings of the SARFAESI workflow definition (Modern Standard Arabic legal and banking terms; the Act's
// section, rule and appendix numbers and acronyms kept, as the legal definition's Arabic does).
export const sarfaesiDefinitionAr: Record<SarfaesiDefinitionKey, string> = {
  // Definition and tray columns
  SarfaesiWorkflow: 'سير عمل سرفيسي',
  SecuredDebtAmount: 'مبلغ الدين المضمون',
  SecurityType: 'نوع الضمان',
  DemandNoticeDate: 'تاريخ إنذار المطالبة (المادة 13(2))',
  PossessionDate: 'تاريخ الحيازة',
  FairMarketValue: 'القيمة السوقية العادلة',

  // Initiation: eligibility, amount split, security
  LenderType: 'نوع المُقرض',
  LenderBank: 'بنك',
  LenderNbfc: 'شركة مالية غير مصرفية (NBFC)',
  LenderHfc: 'شركة تمويل سكني (HFC)',
  NpaDate: 'تاريخ التصنيف كقرض متعثر (NPA)',
  PrincipalOutstanding: 'أصل الدين المستحق',
  InterestOutstanding: 'الفوائد المستحقة',
  ChargesOutstanding: 'الرسوم المستحقة',
  SecurityImmovable: 'عقار',
  SecurityMovable: 'أصل منقول',
  PropertyDescription: 'وصف الأصل المضمون',
  CersaiAssetId: 'معرّف الأصل في CERSAI',
  ObligorCount: 'عدد الملتزمين (المقترضون والمقترضون المشاركون والكفلاء)',
  MortgageOrHypothecationDeed: 'عقد الرهن العقاري أو رهن المنقول',
  CersaiRegistration: 'التسجيل في CERSAI',

  // §13(2) demand notice and its service (Rule 3)
  DemandAmount: 'المبلغ المطالب به',
  NoticeUnserved: 'لم يُبلَّغ',
  DemandNotice132Copy: 'نسخة من إنذار المطالبة (المادة 13(2))',
  AffixedOnPropertyDate: 'تاريخ اللصق على العقار',
  PublicationDate: 'تاريخ النشر',
  NewspapersEnglishAndVernacular: 'الصحف (واحدة بالإنجليزية وواحدة باللغة المحلية)',
  NewspaperCuttings: 'قصاصات الصحف',

  // Detours open from the work stages (§13(8) redemption, partial payment)
  RequestAssetRelease: 'طلب الإفراج عن الأصل',

  // Possession type and §13(3A) representation
  PossessionType: 'نوع الحيازة',
  PossessionSymbolic: 'حيازة رمزية',
  PossessionPhysical: 'حيازة فعلية',
  RepresentationReceived133A: 'ورد اعتراض من المقترض (المادة 13(3A))',
  RepresentationReceivedDate: 'تاريخ ورود الاعتراض',
  RepresentationReplyDate: 'تاريخ إرسال الرد على الاعتراض',
  RepresentationReply: 'الرد على الاعتراض',
  RepresentationReplyReasons: 'أسباب عدم قبول الاعتراض',

  // Police intimation and possession (Rule 8)
  PoliceIntimationDate: 'تاريخ إخطار الشرطة',
  PoliceIntimationCopy: 'نسخة من إخطار الشرطة',
  PossessionNoticeAffixedDate: 'تاريخ لصق إشعار الحيازة',
  Witness1Name: 'الشاهد الأول',
  Witness2Name: 'الشاهد الثاني',
  PossessionPublicationDate: 'تاريخ نشر إشعار الحيازة',
  PossessionNoticeAppendixIv: 'إشعار الحيازة (الملحق IV)',
  Panchnama: 'محضر المعاينة بحضور الشهود (Panchnama)',

  // §14 application to the CMM / DM, order, physical possession
  DmAdvocateName: 'المحامي المكلف بطلب المادة 14',
  MagistrateAuthority: 'القاضي المختص',
  MagistrateCmm: 'رئيس قضاة الصلح في المدينة (CMM)',
  MagistrateDm: 'قاضي المقاطعة (DM)',
  MagistrateCjm: 'رئيس القضاة الجزائيين (CJM)',
  MagistrateAdm: 'قاضي المقاطعة الإضافي (ADM)',
  MagistrateAcmm: 'رئيس قضاة الصلح الإضافي في المدينة (ACMM)',
  Section14FilingDate: 'تاريخ تقديم طلب المادة 14',
  Section14ApplicationNo: 'رقم طلب المادة 14',
  Section14Application: 'طلب المادة 14',
  Section14Affidavit: 'الإقرار المشفوع باليمين للمادة 14',
  Section14OrderDate: 'تاريخ أمر المادة 14',
  Section14OrderNo: 'رقم أمر المادة 14',
  AdvocateCommissionerOrReceiver: 'المحامي المفوض أو الحارس القضائي',
  Section14Order: 'أمر المادة 14',
  PhysicalPossessionScheduledOn: 'الموعد المحدد للحيازة الفعلية',
  PhysicalPossessionDate: 'تاريخ الحيازة الفعلية',
  Custodian: 'الحارس الأمين',
  InsurancePolicyNo: 'رقم وثيقة التأمين',
  PanchnamaAndInventory: 'محضر المعاينة والجرد',
  InsurancePolicy: 'وثيقة التأمين',

  // Valuation (Rule 8(5)) and property visit report
  ApprovedValuer: 'مقيّم معتمد',
  ValuerRegistrationNo: 'رقم تسجيل المقيّم',
  RealisableValue: 'القيمة القابلة للتحصيل',
  PropertyVisitDate: 'تاريخ زيارة العقار',
  OccupancyStatus: 'حالة الإشغال',
  OccupancyVacant: 'شاغر',
  OccupancyLocked: 'مغلق',
  OccupancyBorrower: 'يشغله المقترض',
  OccupancyTenant: 'يشغله مستأجر',
  PropertyCondition: 'حالة العقار',
  PropertyVisitReport: 'تقرير زيارة العقار (PVR)',
  PropertyPhotos: 'صور العقار',

  // Disposal and reserve price
  DisposalPrivateTreaty: 'بيع بالتراضي',
  EmdAmount: 'مبلغ التأمين الابتدائي (EMD)',
  BidIncrement: 'الحد الأدنى لزيادة العطاء',

  // Auction batch and sale notice (Rules 8(6), 9(1))
  AuctionBatchNo: 'رقم دفعة المزاد',
  AddToBatch: 'إضافة إلى الدفعة',
  SaleNoticeType: 'نوع إشعار البيع',
  SaleNoticeFirst: 'البيع الأول',
  SaleNoticeSubsequent: 'بيع لاحق (إعادة المزاد)',
  SaleNoticeServedDate: 'تاريخ تبليغ إشعار البيع',
  SaleNoticeAffixedDate: 'تاريخ لصق إشعار البيع',
  InspectionDate1: 'تاريخ المعاينة الأول',
  InspectionDate2: 'تاريخ المعاينة الثاني',
  EmdLastDate: 'آخر موعد لإيداع التأمين الابتدائي (EMD)',
  AuctionTime: 'ساعات المزاد',
  AuctionSaleNoticeAppendixIva: 'إعلان البيع بالمزاد الإلكتروني (الملحق IV-A)',

  // Artwork, publication and e-auction
  AuctionArtwork: 'تصميم إعلان المزاد',
  PortalUploadDate: 'تاريخ الرفع على بوابة المزاد الإلكتروني',
  PortalReference: 'مرجع بوابة المزاد الإلكتروني',
  Published: 'تم النشر',
  AgencyMstc: 'MSTC',
  AgencyIbapi: 'IBAPI',
  AgencyC1India: 'سي ون إنديا (C1 India)',
  AgencyAuctionTiger: 'أوكشن تايغر (Auction Tiger)',
  AgencyOther: 'وكالة أخرى',
  H1BidderName: 'صاحب أعلى عطاء (H1)',
  H1BidAmount: 'مبلغ أعلى عطاء (H1)',
  AuctionReport: 'تقرير المزاد',
  ConfirmSale: 'تأكيد البيع',

  // Private treaty
  BorrowerConsentDate: 'تاريخ موافقة المقترض',
  PrivateTreatyConsent: 'موافقة المقترض على البيع بالتراضي',

  // Confirmation, 25% deposit and 75% balance (Rule 9)
  SaleConfirmationDate: 'تاريخ تأكيد البيع',
  DepositAmount25Percent: 'مبلغ الدفعة الأولى 25%',
  DepositReceivedDate: 'تاريخ استلام الدفعة الأولى 25%',
  SaleConfirmationLetter: 'خطاب تأكيد البيع',
  SaleConfirmed: 'تم تأكيد البيع',
  BalanceAmount75Percent: 'مبلغ الرصيد المتبقي 75%',
  BalanceReceivedDate: 'تاريخ استلام الرصيد المتبقي 75%',
  WrittenExtensionAgreed: 'تم الاتفاق كتابيًا على تمديد المهلة',
  BalancePaymentProof: 'إثبات سداد الرصيد',
  WrittenExtensionAgreement: 'اتفاق تمديد المهلة المكتوب',
  ForfeitAndResell: 'مصادرة الدفعة وإعادة البيع',

  // Closure (§13(7)) and sale certificate (Rule 9(6))
  ClosureRedeemed: 'فكّ المقترض الرهن',
  ClosureSettled: 'تمت التسوية',
  ClosureDate: 'تاريخ الإغلاق',
  SaleCertificateNo: 'رقم شهادة البيع',
  SaleCertificateAppendixV: 'شهادة البيع (الملحق V)',
  AppropriationStatement: 'كشف توزيع حصيلة البيع (المادة 13(7))',

  // Asset release on redemption and partial payment
  RedemptionAmount: 'مبلغ فك الرهن',
  RejectRelease: 'رفض الإفراج',

  // Date rules
  Sarf132NoticePeriodEnds: 'انتهاء مهلة إنذار المادة 13(2) (أقرب موعد للحيازة)',
  Sarf133AReplyDue: 'موعد الرد على الاعتراض (المادة 13(3A))',
  SarfPossessionPublicationDue: 'موعد نشر إشعار الحيازة (القاعدة 8(2))',
  SarfSection17WindowEnds: 'انتهاء مهلة طعن المقترض أمام DRT (المادة 17)',
  SarfSection14OrderDue: 'الموعد المتوقع لأمر القاضي (المادة 14)',
  SarfSection14Escalation: 'تأخر أمر المادة 14: يُرفع إلى المستوى الأعلى',
  SarfSaleNoticePeriodEnds: 'انتهاء مهلة إشعار البيع (القاعدتان 8(6) و9(1))',
  SarfResaleNoticePeriodEnds: 'انتهاء مهلة إشعار إعادة البيع (الشرط الوارد في القاعدة 9(1))',
  SarfBalanceDue: 'موعد سداد الرصيد المتبقي 75% (القاعدة 9(4))',
};
