import type { SarfaesiDefinitionKey } from './sarfaesi-definition-en.ts';

// Hindi strings of the SARFAESI workflow definition (the Hindi of banks' SARFAESI notices: मांग नोटिस, कब्ज़ा नोटिस,
// आरक्षित मूल्य, धरोहर राशि, बिक्री प्रमाणपत्र; section, rule and appendix numbers and acronyms kept).
export const sarfaesiDefinitionHi: Record<SarfaesiDefinitionKey, string> = {
  // Definition and tray columns
  SarfaesiWorkflow: 'सरफ़ेसी कार्यप्रवाह',
  SecuredDebtAmount: 'प्रतिभूत ऋण की राशि',
  SecurityType: 'प्रतिभूति का प्रकार',
  DemandNoticeDate: 'धारा 13(2) मांग नोटिस की तिथि',
  PossessionDate: 'कब्ज़े की तिथि',
  FairMarketValue: 'उचित बाज़ार मूल्य',

  // Initiation: eligibility, amount split, security
  LenderType: 'ऋणदाता का प्रकार',
  LenderBank: 'बैंक',
  LenderNbfc: 'गैर-बैंकिंग वित्तीय कंपनी (NBFC)',
  LenderHfc: 'आवास वित्त कंपनी (HFC)',
  NpaDate: 'NPA होने की तिथि',
  PrincipalOutstanding: 'बकाया मूलधन',
  InterestOutstanding: 'बकाया ब्याज',
  ChargesOutstanding: 'बकाया प्रभार',
  SecurityImmovable: 'अचल संपत्ति',
  SecurityMovable: 'चल परिसंपत्ति',
  PropertyDescription: 'प्रतिभूत परिसंपत्ति का विवरण',
  CersaiAssetId: 'CERSAI परिसंपत्ति ID',
  ObligorCount: 'दायित्वधारियों की संख्या (उधारकर्ता, सह-उधारकर्ता, गारंटर)',
  MortgageOrHypothecationDeed: 'बंधक या दृष्टिबंधक विलेख',
  CersaiRegistration: 'CERSAI पंजीकरण',

  // §13(2) demand notice and its service (Rule 3)
  DemandAmount: 'मांगी गई राशि',
  NoticeUnserved: 'तामील नहीं हुआ',
  DemandNotice132Copy: 'धारा 13(2) मांग नोटिस की प्रति',
  AffixedOnPropertyDate: 'संपत्ति पर चस्पा करने की तिथि',
  PublicationDate: 'प्रकाशन की तिथि',
  NewspapersEnglishAndVernacular: 'समाचार पत्र (एक अंग्रेज़ी, एक स्थानीय भाषा का)',
  NewspaperCuttings: 'समाचार पत्र की कतरनें',

  // Detours open from the work stages (§13(8) redemption, partial payment)
  RequestAssetRelease: 'परिसंपत्ति मुक्ति का अनुरोध करें',

  // Possession type and §13(3A) representation
  PossessionType: 'कब्ज़े का प्रकार',
  PossessionSymbolic: 'सांकेतिक कब्ज़ा',
  PossessionPhysical: 'भौतिक कब्ज़ा',
  RepresentationReceived133A: 'अभ्यावेदन प्राप्त हुआ (धारा 13(3A))',
  RepresentationReceivedDate: 'अभ्यावेदन प्राप्ति की तिथि',
  RepresentationReplyDate: 'अभ्यावेदन का उत्तर भेजने की तिथि',
  RepresentationReply: 'अभ्यावेदन का उत्तर',
  RepresentationReplyReasons: 'अभ्यावेदन स्वीकार न करने के कारण',

  // Police intimation and possession (Rule 8)
  PoliceIntimationDate: 'पुलिस को सूचना की तिथि',
  PoliceIntimationCopy: 'पुलिस सूचना की प्रति',
  PossessionNoticeAffixedDate: 'कब्ज़ा नोटिस चस्पा करने की तिथि',
  Witness1Name: 'पहला गवाह',
  Witness2Name: 'दूसरा गवाह',
  PossessionPublicationDate: 'कब्ज़ा नोटिस प्रकाशन की तिथि',
  PossessionNoticeAppendixIv: 'कब्ज़ा नोटिस (परिशिष्ट IV)',
  Panchnama: 'पंचनामा',

  // §14 application to the CMM / DM, order, physical possession
  DmAdvocateName: 'धारा 14 आवेदन के अधिवक्ता',
  MagistrateAuthority: 'मजिस्ट्रेट',
  MagistrateCmm: 'मुख्य महानगर मजिस्ट्रेट (CMM)',
  MagistrateDm: 'ज़िला मजिस्ट्रेट (DM)',
  MagistrateCjm: 'मुख्य न्यायिक मजिस्ट्रेट (CJM)',
  MagistrateAdm: 'अपर ज़िला मजिस्ट्रेट (ADM)',
  MagistrateAcmm: 'अपर मुख्य महानगर मजिस्ट्रेट (ACMM)',
  Section14FilingDate: 'धारा 14 आवेदन दायर करने की तिथि',
  Section14ApplicationNo: 'धारा 14 आवेदन संख्या',
  Section14Application: 'धारा 14 आवेदन',
  Section14Affidavit: 'धारा 14 शपथपत्र',
  Section14OrderDate: 'धारा 14 आदेश की तिथि',
  Section14OrderNo: 'धारा 14 आदेश संख्या',
  AdvocateCommissionerOrReceiver: 'अधिवक्ता आयुक्त या रिसीवर',
  Section14Order: 'धारा 14 आदेश',
  PhysicalPossessionScheduledOn: 'भौतिक कब्ज़े की निर्धारित तिथि',
  PhysicalPossessionDate: 'भौतिक कब्ज़ा लेने की तिथि',
  Custodian: 'अभिरक्षक',
  InsurancePolicyNo: 'बीमा पॉलिसी संख्या',
  PanchnamaAndInventory: 'पंचनामा और सामान सूची',
  InsurancePolicy: 'बीमा पॉलिसी',

  // Valuation (Rule 8(5)) and property visit report
  ApprovedValuer: 'अनुमोदित मूल्यांकक',
  ValuerRegistrationNo: 'मूल्यांकक की पंजीकरण संख्या',
  RealisableValue: 'वसूली योग्य मूल्य',
  PropertyVisitDate: 'संपत्ति निरीक्षण की तिथि',
  OccupancyStatus: 'अधिभोग',
  OccupancyVacant: 'खाली',
  OccupancyLocked: 'ताला बंद',
  OccupancyBorrower: 'उधारकर्ता के कब्ज़े में',
  OccupancyTenant: 'किरायेदार के कब्ज़े में',
  PropertyCondition: 'संपत्ति की स्थिति',
  PropertyVisitReport: 'संपत्ति निरीक्षण रिपोर्ट (PVR)',
  PropertyPhotos: 'संपत्ति की तस्वीरें',

  // Disposal and reserve price
  DisposalPrivateTreaty: 'निजी संधि',
  EmdAmount: 'धरोहर राशि (EMD)',
  BidIncrement: 'बोली वृद्धि राशि',

  // Auction batch and sale notice (Rules 8(6), 9(1))
  AuctionBatchNo: 'नीलामी बैच संख्या',
  AddToBatch: 'बैच में जोड़ें',
  SaleNoticeType: 'बिक्री नोटिस का प्रकार',
  SaleNoticeFirst: 'पहली बिक्री',
  SaleNoticeSubsequent: 'अनुवर्ती बिक्री (पुनः नीलामी)',
  SaleNoticeServedDate: 'बिक्री नोटिस तामील की तिथि',
  SaleNoticeAffixedDate: 'बिक्री नोटिस चस्पा करने की तिथि',
  InspectionDate1: 'पहली निरीक्षण तिथि',
  InspectionDate2: 'दूसरी निरीक्षण तिथि',
  EmdLastDate: 'धरोहर राशि (EMD) जमा करने की अंतिम तिथि',
  AuctionTime: 'नीलामी का समय',
  AuctionSaleNoticeAppendixIva: 'ई-नीलामी बिक्री सूचना (परिशिष्ट IV-A)',

  // Artwork, publication and e-auction
  AuctionArtwork: 'नीलामी नोटिस का आर्टवर्क',
  PortalUploadDate: 'ई-नीलामी पोर्टल पर अपलोड की तिथि',
  PortalReference: 'ई-नीलामी पोर्टल संदर्भ',
  Published: 'प्रकाशित',
  AgencyMstc: 'MSTC',
  AgencyIbapi: 'IBAPI',
  AgencyC1India: 'C1 इंडिया',
  AgencyAuctionTiger: 'ऑक्शन टाइगर',
  AgencyOther: 'अन्य एजेंसी',
  H1BidderName: 'H1 बोलीदाता',
  H1BidAmount: 'H1 बोली राशि',
  AuctionReport: 'नीलामी रिपोर्ट',
  ConfirmSale: 'बिक्री की पुष्टि करें',

  // Private treaty
  BorrowerConsentDate: 'उधारकर्ता की सहमति की तिथि',
  PrivateTreatyConsent: 'निजी संधि के लिए उधारकर्ता की सहमति',

  // Confirmation, 25% deposit and 75% balance (Rule 9)
  SaleConfirmationDate: 'बिक्री पुष्टि की तिथि',
  DepositAmount25Percent: '25% जमा राशि',
  DepositReceivedDate: '25% जमा प्राप्ति की तिथि',
  SaleConfirmationLetter: 'बिक्री पुष्टि पत्र',
  SaleConfirmed: 'बिक्री की पुष्टि हुई',
  BalanceAmount75Percent: '75% शेष राशि',
  BalanceReceivedDate: '75% शेष राशि प्राप्ति की तिथि',
  WrittenExtensionAgreed: 'लिखित समय-विस्तार पर सहमति',
  BalancePaymentProof: 'शेष भुगतान का प्रमाण',
  WrittenExtensionAgreement: 'लिखित समय-विस्तार करार',
  ForfeitAndResell: 'जमा ज़ब्त कर पुनः बिक्री करें',

  // Closure (§13(7)) and sale certificate (Rule 9(6))
  ClosureRedeemed: 'उधारकर्ता द्वारा मोचन',
  ClosureSettled: 'निपटान हुआ',
  ClosureDate: 'समापन की तिथि',
  SaleCertificateNo: 'बिक्री प्रमाणपत्र संख्या',
  SaleCertificateAppendixV: 'बिक्री प्रमाणपत्र (परिशिष्ट V)',
  AppropriationStatement: 'विनियोजन विवरण (धारा 13(7))',

  // Asset release on redemption and partial payment
  RedemptionAmount: 'मोचन राशि',
  RejectRelease: 'मुक्ति अस्वीकार करें',

  // Date rules
  Sarf132NoticePeriodEnds: 'धारा 13(2) नोटिस अवधि समाप्त (कब्ज़े की सबसे पहली तिथि)',
  Sarf133AReplyDue: 'अभ्यावेदन के उत्तर की नियत तिथि (धारा 13(3A))',
  SarfPossessionPublicationDue: 'कब्ज़ा नोटिस प्रकाशन की नियत तिथि (नियम 8(2))',
  SarfSection17WindowEnds: 'उधारकर्ता की धारा 17 DRT अपील अवधि समाप्त',
  SarfSection14OrderDue: 'मजिस्ट्रेट के आदेश की अपेक्षित तिथि (धारा 14)',
  SarfSection14Escalation: 'धारा 14 आदेश में विलंब: वरिष्ठ स्तर पर उठाएँ',
  SarfSaleNoticePeriodEnds: 'बिक्री नोटिस अवधि समाप्त (नियम 8(6), 9(1))',
  SarfResaleNoticePeriodEnds: 'पुनः बिक्री नोटिस अवधि समाप्त (नियम 9(1) का परंतुक)',
  SarfBalanceDue: '75% शेष राशि की नियत तिथि (नियम 9(4))',
};
