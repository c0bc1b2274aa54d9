import type { RepoDefinitionKey } from './repo-definition-en.ts';

// Hindi strings of the repossession workflow definition (the Hindi of Indian banks' recovery desks; acronyms kept).
export const repoDefinitionHi: Record<RepoDefinitionKey, string> = {
  // Words of earlier versions only (RETIRED_REPO_DEFINITION_KEYS)
  OdometerReading: 'ओडोमीटर रीडिंग (किमी)',
  KeysReceived: 'चाबियाँ प्राप्त हुईं',
  InventoryOfBelongings: 'वाहन में रखे सामान और निजी वस्तुओं की सूची',
  // Definition and tray columns
  RepossessionWorkflow: 'पुनः कब्ज़ा कार्यप्रवाह',
  NpaFlag: 'NPA संकेतक',
  AssetType: 'परिसंपत्ति का प्रकार',
  VehicleRegistrationNo: 'वाहन पंजीकरण संख्या',
  RepossessionDate: 'पुनः कब्ज़े की तिथि',
  YardName: 'यार्ड का नाम',
  ValuationAmount: 'मूल्यांकन राशि',
  ReservePrice: 'आरक्षित मूल्य',
  DisposalMode: 'निपटान का तरीका',
  SaleAmount: 'बिक्री राशि',

  // Initiation
  RepossessionReason: 'पुनः कब्ज़े का कारण',
  ReasonNpa: 'खाता NPA है',
  ReasonSkipped: 'उधारकर्ता लापता (संपर्क से बाहर)',
  ReasonWilfulDefault: 'जानबूझकर चूक',
  ReasonAssetAtRisk: 'परिसंपत्ति जोखिम में (बिक्री, हस्तांतरण या क्षति)',
  AssetCar: 'कार',
  AssetTwoWheeler: 'दोपहिया वाहन',
  AssetCommercialVehicle: 'वाणिज्यिक वाहन',
  AssetTractor: 'ट्रैक्टर',
  AssetConstructionEquipment: 'निर्माण उपकरण',
  ChassisNo: 'चेसिस संख्या',
  EngineNo: 'इंजन संख्या',
  AgreementHasRepossessionClause: 'ऋण अनुबंध में पुनः कब्ज़े का खंड है',
  OverdueAmount: 'अतिदेय राशि',
  RegistrationCertificateWithHypothecation: 'दृष्टिबंधक पृष्ठांकन सहित पंजीकरण प्रमाणपत्र (RC)',

  // Pre-repossession notice
  NoticeModeHandDelivery: 'दस्ती (हाथों-हाथ) सुपुर्दगी',
  DispatchProof: 'प्रेषण का प्रमाण',

  // Kit: agency, authorisation, police pre-intimation
  RepossessionAgency: 'पुनः कब्ज़ा एजेंसी',
  AuthorisationLetterNo: 'प्राधिकार पत्र संख्या',
  PoliceStation: 'पुलिस थाना',
  PolicePreIntimationDate: 'पुलिस को पूर्व सूचना की तिथि',
  AuthorisationLetter: 'एजेंसी के लिए प्राधिकार पत्र',
  PolicePreIntimation: 'पुलिस को पूर्व सूचना पत्र',
  ReleaseKitToAgency: 'एजेंसी को किट जारी करें',

  // Repossession, yard-in and inventory
  YardInDate: 'यार्ड में जमा करने की तिथि',
  PolicePostIntimationDate: 'पुलिस को पश्च सूचना की तिथि',
  PostRepossessionLetterDate: 'पुनः कब्ज़े के बाद के पत्र की तिथि',
  BelongingsReturned: 'निजी सामान लौटाया गया',
  RepossessionPhotos: 'पुनः कब्ज़े की तस्वीरें',
  InventorySheet: 'सामान सूची पत्रक',
  PolicePostIntimation: 'पुलिस को पश्च सूचना पत्र',
  PostRepossessionLetter: 'उधारकर्ता को पुनः कब्ज़े के बाद का पत्र',
  AssetInYard: 'परिसंपत्ति यार्ड में',

  // Valuation and floor price
  ValuationAgency: 'मूल्यांकन एजेंसी',
  AllocationDate: 'आवंटन की तिथि',
  AllocateAgency: 'एजेंसी आवंटित करें',
  DistressValue: 'आपात बिक्री मूल्य',
  AssetCondition: 'परिसंपत्ति की स्थिति',
  ConditionGood: 'अच्छी',
  ConditionAverage: 'औसत',
  ConditionPoor: 'खराब',
  ConditionScrap: 'कबाड़',
  ValuationReport: 'मूल्यांकन रिपोर्ट',
  FprAgency: 'FPR एजेंसी',
  RecommendDisposal: 'निपटान की सिफ़ारिश करें',

  // Disposal
  DisposalAuction: 'नीलामी',
  DisposalDirectSale: 'प्रत्यक्ष बिक्री',
  DisposalReleaseOnPayment: 'भुगतान पर मुक्ति',
  ApproveAuction: 'नीलामी स्वीकृत करें',
  ApproveDirectSale: 'प्रत्यक्ष बिक्री स्वीकृत करें',
  ApproveRelease: 'मुक्ति स्वीकृत करें',
  BuyerName: 'क्रेता का नाम',
  SaleOfferAmount: 'प्रस्ताव राशि',
  WaiverRequired: 'छूट आवश्यक',
  BuyerOfferLetter: 'क्रेता का प्रस्ताव पत्र',

  // Auction
  AuctionNoticeDate: 'नीलामी नोटिस की तिथि',
  AuctionDate: 'नीलामी की तिथि',
  AuctionNoticeCopy: 'नीलामी नोटिस की प्रति',
  SaleLetterToBuyer: 'क्रेता को बिक्री पत्र',
  AuctionAgency: 'नीलामी एजेंसी',
  AuctionHeldOn: 'नीलामी आयोजित होने की तिथि',
  NumberOfBids: 'बोलियों की संख्या',
  HighestBidderName: 'सर्वोच्च बोलीदाता',
  HighestBid: 'सर्वोच्च बोली',
  BidSheet: 'बोली पत्रक',
  RejectBid: 'बोली अस्वीकार करें',

  // Waiver
  WaiverAmount: 'छूट राशि',
  WaiverReason: 'छूट का कारण',
  RejectWaiver: 'छूट अस्वीकार करें',

  // Pre-sale notice and sale
  SaleNoticeDate: 'बिक्री नोटिस की तिथि',
  SaleNoticeCopy: 'बिक्री नोटिस की प्रति',
  SaleDate: 'बिक्री की तिथि',
  PaymentReferenceUtr: 'भुगतान संदर्भ (UTR)',
  SaleInvoice: 'बिक्री बीजक',
  RtoTransferForms2930: 'RTO हस्तांतरण फ़ॉर्म 29 और 30',

  // Closure
  ClosureType: 'समापन का प्रकार',
  ClosureSold: 'बेचा गया',
  ClosureReleased: 'उधारकर्ता को मुक्त किया गया',
  ClosureWrittenOff: 'बट्टे खाते में डाला गया',
  PaymentRealisedDate: 'भुगतान वसूल होने की तिथि',
  ReleaseDate: 'मुक्ति की तिथि',
  SaleExpensesRecovered: 'बिक्री आय से वसूले गए बिक्री व्यय',
  ReleaseLetter: 'मुक्ति पत्र',

  // Date rules
  RepoNoticePeriodEnds: 'पुनः कब्ज़े से पहले की नोटिस अवधि समाप्त',
  PolicePostIntimationDue: 'पुलिस को पश्च सूचना की नियत तिथि',
  PostRepossessionLetterDue: 'पुनः कब्ज़े के बाद के पत्र की नियत तिथि',
  ValuationDue: 'मूल्यांकन की नियत तिथि',
  SaleDue: 'बिक्री की नियत तिथि (नीति)',
  AuctionNoticePeriodEnds: 'नीलामी नोटिस अवधि समाप्त',
  PreSaleNoticePeriodEnds: 'बिक्री पूर्व नोटिस अवधि समाप्त (चुकाने का अंतिम अवसर)',
  ReleaseDue: 'मुक्ति की नियत तिथि',
  // shared with SARFAESI: the auction result of a (failed) auction
  AuctionResult: 'नीलामी का परिणाम',
  AuctionSuccessful: 'सफल (H1 बोली प्राप्त)',
  AuctionNoBids: 'विफल (कोई बोली नहीं)',
  AuctionFailed: 'नीलामी विफल',
  // Partial payment (both workflows: REPOSSESSION v9 and SARFAESI)
  RequestPartialPayment: 'आंशिक भुगतान का अनुरोध करें',
  PaymentProof: 'भुगतान का प्रमाण',
  PartialPaymentAmount: 'आंशिक भुगतान राशि',
  PaymentDate: 'भुगतान की तिथि',
  BalancePaymentSchedule: 'शेष राशि की भुगतान अनुसूची',
  PartialPaymentMode: 'भुगतान का तरीका',
  PartialPaymentReference: 'भुगतान संदर्भ (UTR, चेक या DD सं.)',
  PartialModeCash: 'नकद',
  PartialModeCheque: 'चेक',
  PartialModeDd: 'डिमांड ड्राफ्ट',
  PartialModeNeft: 'NEFT',
  PartialModeRtgs: 'RTGS',
  PartialModeImps: 'IMPS',
  PartialModeUpi: 'UPI',
  ApprovePartialPayment: 'आंशिक भुगतान स्वीकृत करें',
  RejectPartialPayment: 'आंशिक भुगतान अस्वीकार करें',
};
