import type { RepoDefinitionKey } from './repo-definition-en.ts';

// Arabic strings of the repossession workflow definition (Modern Standard Arabic banking terms; acronyms kept).
export const repoDefinitionAr: Record<RepoDefinitionKey, string> = {
  // Words of earlier versions only (RETIRED_REPO_DEFINITION_KEYS)
  OdometerReading: 'قراءة عداد المسافة (كم)',
  KeysReceived: 'تم استلام المفاتيح',
  InventoryOfBelongings: 'جرد محتويات المركبة والمتعلقات الشخصية',
  // Definition and tray columns
  RepossessionWorkflow: 'سير عمل استعادة الحيازة',
  NpaFlag: 'مؤشر القرض المتعثر (NPA)',
  AssetType: 'نوع الأصل',
  VehicleRegistrationNo: 'رقم تسجيل المركبة',
  RepossessionDate: 'تاريخ استعادة الحيازة',
  YardName: 'اسم الساحة',
  ValuationAmount: 'قيمة التقييم',
  ReservePrice: 'السعر الاحتياطي',
  DisposalMode: 'طريقة التصرف',
  SaleAmount: 'مبلغ البيع',

  // Initiation
  RepossessionReason: 'سبب استعادة الحيازة',
  ReasonNpa: 'الحساب متعثر (NPA)',
  ReasonSkipped: 'المقترض متوارٍ (يتعذر الوصول إليه)',
  ReasonWilfulDefault: 'تخلف متعمد عن السداد',
  ReasonAssetAtRisk: 'الأصل معرض للخطر (بيع أو نقل أو تلف)',
  AssetCar: 'سيارة',
  AssetTwoWheeler: 'دراجة نارية',
  AssetCommercialVehicle: 'مركبة تجارية',
  AssetTractor: 'جرار زراعي',
  AssetConstructionEquipment: 'معدات إنشاء',
  ChassisNo: 'رقم الهيكل',
  EngineNo: 'رقم المحرك',
  AgreementHasRepossessionClause: 'عقد القرض يتضمن بند استعادة الحيازة',
  OverdueAmount: 'المبلغ المتأخر',
  RegistrationCertificateWithHypothecation: 'شهادة التسجيل (RC) مع تأشيرة الرهن',

  // Pre-repossession notice
  NoticeModeHandDelivery: 'التسليم باليد',
  DispatchProof: 'إثبات الإرسال',

  // Kit: agency, authorisation, police pre-intimation
  RepossessionAgency: 'وكالة استعادة الحيازة',
  AuthorisationLetterNo: 'رقم خطاب التفويض',
  PoliceStation: 'مركز الشرطة',
  PolicePreIntimationDate: 'تاريخ الإخطار المسبق للشرطة',
  AuthorisationLetter: 'خطاب التفويض للوكالة',
  PolicePreIntimation: 'خطاب الإخطار المسبق للشرطة',
  ReleaseKitToAgency: 'تسليم الملف إلى الوكالة',

  // Repossession, yard-in and inventory
  YardInDate: 'تاريخ الإدخال إلى الساحة',
  PolicePostIntimationDate: 'تاريخ الإخطار اللاحق للشرطة',
  PostRepossessionLetterDate: 'تاريخ خطاب ما بعد استعادة الحيازة',
  BelongingsReturned: 'أُعيدت المتعلقات الشخصية',
  RepossessionPhotos: 'صور استعادة الحيازة',
  InventorySheet: 'كشف الجرد',
  PolicePostIntimation: 'خطاب الإخطار اللاحق للشرطة',
  PostRepossessionLetter: 'خطاب ما بعد استعادة الحيازة إلى المقترض',
  AssetInYard: 'الأصل في الساحة',

  // Valuation and floor price
  ValuationAgency: 'وكالة التقييم',
  AllocationDate: 'تاريخ التخصيص',
  AllocateAgency: 'تخصيص الوكالة',
  DistressValue: 'قيمة البيع الاضطراري',
  AssetCondition: 'حالة الأصل',
  ConditionGood: 'جيدة',
  ConditionAverage: 'متوسطة',
  ConditionPoor: 'سيئة',
  ConditionScrap: 'خردة',
  ValuationReport: 'تقرير التقييم',
  FprAgency: 'وكالة FPR',
  RecommendDisposal: 'التوصية بطريقة التصرف',

  // Disposal
  DisposalAuction: 'مزاد',
  DisposalDirectSale: 'بيع مباشر',
  DisposalReleaseOnPayment: 'الإفراج مقابل السداد',
  ApproveAuction: 'اعتماد المزاد',
  ApproveDirectSale: 'اعتماد البيع المباشر',
  ApproveRelease: 'اعتماد الإفراج',
  BuyerName: 'اسم المشتري',
  SaleOfferAmount: 'مبلغ العرض',
  WaiverRequired: 'يلزم إعفاء',
  BuyerOfferLetter: 'خطاب عرض المشتري',

  // Auction
  AuctionNoticeDate: 'تاريخ إعلان المزاد',
  AuctionDate: 'تاريخ المزاد',
  AuctionNoticeCopy: 'نسخة من إعلان المزاد',
  SaleLetterToBuyer: 'خطاب البيع إلى المشتري',
  AuctionAgency: 'وكالة المزاد',
  AuctionHeldOn: 'تاريخ انعقاد المزاد',
  NumberOfBids: 'عدد العطاءات',
  HighestBidderName: 'صاحب أعلى عطاء',
  HighestBid: 'أعلى عطاء',
  BidSheet: 'كشف العطاءات',
  RejectBid: 'رفض العطاء',

  // Waiver
  WaiverAmount: 'مبلغ الإعفاء',
  WaiverReason: 'سبب الإعفاء',
  RejectWaiver: 'رفض الإعفاء',

  // Pre-sale notice and sale
  SaleNoticeDate: 'تاريخ إشعار البيع',
  SaleNoticeCopy: 'نسخة من إشعار البيع',
  SaleDate: 'تاريخ البيع',
  PaymentReferenceUtr: 'مرجع الدفع (UTR)',
  SaleInvoice: 'فاتورة البيع',
  RtoTransferForms2930: 'نموذجا نقل الملكية 29 و30 لدى هيئة المرور (RTO)',

  // Closure
  ClosureType: 'نوع الإغلاق',
  ClosureSold: 'تم البيع',
  ClosureReleased: 'أُفرج عن الأصل للمقترض',
  ClosureWrittenOff: 'تم الشطب',
  PaymentRealisedDate: 'تاريخ تحصيل الدفعة',
  ReleaseDate: 'تاريخ الإفراج',
  SaleExpensesRecovered: 'مصاريف البيع المستردة من العائدات',
  ReleaseLetter: 'خطاب الإفراج',

  // Date rules
  RepoNoticePeriodEnds: 'انتهاء مهلة الإشعار السابق لاستعادة الحيازة',
  PolicePostIntimationDue: 'موعد الإخطار اللاحق للشرطة',
  PostRepossessionLetterDue: 'موعد خطاب ما بعد استعادة الحيازة',
  ValuationDue: 'موعد التقييم',
  SaleDue: 'موعد البيع (السياسة)',
  AuctionNoticePeriodEnds: 'انتهاء مهلة إعلان المزاد',
  PreSaleNoticePeriodEnds: 'انتهاء مهلة الإشعار السابق للبيع (الفرصة الأخيرة للسداد)',
  ReleaseDue: 'موعد الإفراج',
  // shared with SARFAESI: the auction result of a (failed) auction
  AuctionResult: 'نتيجة المزاد',
  AuctionSuccessful: 'ناجح (ورد أعلى عطاء H1)',
  AuctionNoBids: 'فاشل (لا عطاءات)',
  AuctionFailed: 'فشل المزاد',
  // Partial payment (both workflows: REPOSSESSION v9 and SARFAESI)
  RequestPartialPayment: 'طلب سداد جزئي',
  PaymentProof: 'إثبات الدفع',
  PartialPaymentAmount: 'مبلغ السداد الجزئي',
  PaymentDate: 'تاريخ الدفع',
  BalancePaymentSchedule: 'جدول سداد الرصيد',
  PartialPaymentMode: 'طريقة الدفع',
  PartialPaymentReference: 'مرجع الدفع (UTR أو رقم الشيك أو الحوالة)',
  PartialModeCash: 'نقدًا',
  PartialModeCheque: 'شيك',
  PartialModeDd: 'حوالة مصرفية',
  PartialModeNeft: 'NEFT',
  PartialModeRtgs: 'RTGS',
  PartialModeImps: 'IMPS',
  PartialModeUpi: 'UPI',
  ApprovePartialPayment: 'اعتماد السداد الجزئي',
  RejectPartialPayment: 'رفض السداد الجزئي',
};
