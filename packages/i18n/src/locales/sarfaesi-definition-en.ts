// English strings of the SARFAESI workflow definition (packages/domain/src/workflow/definitions/sarfaesi.ts): its
// columns, fields, options, documents, actions and date rules, in the terms of the SARFAESI Act 2002 and the Security
// Interest (Enforcement) Rules 2002. Not repeated here: the stage names (the spec's route labels, en.ts), the words it
// shares with repossession (repo-definition-en.ts: reserve price, disposal, waiver, buyer, closure, …) and keys of the
// legal definition or of collections (CaseNo, NoticeMode, NoticeServed, LoanAgreement, Submit, …).
// Date rules are short phrases: their day counts follow the settings and belong to the rule's English `label`.
export const sarfaesiDefinitionEn = {
  // Definition and tray columns
  SarfaesiWorkflow: 'Sarfaesi workflow',
  SecuredDebtAmount: 'Secured debt amount',
  SecurityType: 'Security type',
  DemandNoticeDate: '§13(2) demand notice date',
  PossessionDate: 'Possession date',
  FairMarketValue: 'Fair market value',

  // Initiation: eligibility, amount split, security
  LenderType: 'Lender type',
  LenderBank: 'Bank',
  LenderNbfc: 'NBFC',
  LenderHfc: 'Housing finance company (HFC)',
  NpaDate: 'NPA date',
  PrincipalOutstanding: 'Principal outstanding',
  InterestOutstanding: 'Interest outstanding',
  ChargesOutstanding: 'Charges outstanding',
  SecurityImmovable: 'Immovable property',
  SecurityMovable: 'Movable asset',
  PropertyDescription: 'Description of the secured asset',
  CersaiAssetId: 'CERSAI asset ID',
  ObligorCount: 'Number of obligors (borrowers, co-borrowers, guarantors)',
  MortgageOrHypothecationDeed: 'Mortgage or hypothecation deed',
  CersaiRegistration: 'CERSAI registration',

  // §13(2) demand notice and its service (Rule 3)
  DemandAmount: 'Amount demanded',
  NoticeUnserved: 'Not served',
  DemandNotice132Copy: 'Copy of the §13(2) demand notice',
  AffixedOnPropertyDate: 'Affixed on the property on',
  PublicationDate: 'Publication date',
  NewspapersEnglishAndVernacular: 'Newspapers (one English, one vernacular)',
  NewspaperCuttings: 'Newspaper cuttings',

  // Detours open from the work stages (§13(8) redemption, partial payment)
  RequestAssetRelease: 'Request asset release',

  // Possession type and §13(3A) representation
  PossessionType: 'Possession type',
  PossessionSymbolic: 'Symbolic possession',
  PossessionPhysical: 'Physical possession',
  RepresentationReceived133A: 'Representation received (§13(3A))',
  RepresentationReceivedDate: 'Representation received on',
  RepresentationReplyDate: 'Reply to the representation sent on',
  RepresentationReply: 'Reply to the representation',
  RepresentationReplyReasons: 'Reasons for not accepting the representation',

  // Police intimation and possession (Rule 8)
  PoliceIntimationDate: 'Police intimation date',
  PoliceIntimationCopy: 'Copy of the police intimation',
  PossessionNoticeAffixedDate: 'Possession notice affixed on',
  Witness1Name: 'First witness',
  Witness2Name: 'Second witness',
  PossessionPublicationDate: 'Possession notice published on',
  PossessionNoticeAppendixIv: 'Possession notice (Appendix IV)',
  Panchnama: 'Panchnama',

  // §14 application to the CMM / DM, order, physical possession
  DmAdvocateName: 'Advocate for the §14 application',
  MagistrateAuthority: 'Magistrate',
  MagistrateCmm: 'Chief Metropolitan Magistrate (CMM)',
  MagistrateDm: 'District Magistrate (DM)',
  MagistrateCjm: 'Chief Judicial Magistrate (CJM)',
  MagistrateAdm: 'Additional District Magistrate (ADM)',
  MagistrateAcmm: 'Additional Chief Metropolitan Magistrate (ACMM)',
  Section14FilingDate: '§14 application filed on',
  Section14ApplicationNo: '§14 application no',
  Section14Application: '§14 application',
  Section14Affidavit: '§14 affidavit',
  Section14OrderDate: '§14 order date',
  Section14OrderNo: '§14 order no',
  AdvocateCommissionerOrReceiver: 'Advocate commissioner or receiver',
  Section14Order: '§14 order',
  PhysicalPossessionScheduledOn: 'Physical possession scheduled on',
  PhysicalPossessionDate: 'Physical possession taken on',
  Custodian: 'Custodian',
  InsurancePolicyNo: 'Insurance policy no',
  PanchnamaAndInventory: 'Panchnama and inventory',
  InsurancePolicy: 'Insurance policy',

  // Valuation (Rule 8(5)) and property visit report
  ApprovedValuer: 'Approved valuer',
  ValuerRegistrationNo: 'Valuer’s registration no',
  RealisableValue: 'Realisable value',
  PropertyVisitDate: 'Property visit date',
  OccupancyStatus: 'Occupancy',
  OccupancyVacant: 'Vacant',
  OccupancyLocked: 'Locked',
  OccupancyBorrower: 'Occupied by the borrower',
  OccupancyTenant: 'Occupied by a tenant',
  PropertyCondition: 'Property condition',
  PropertyVisitReport: 'Property visit report (PVR)',
  PropertyPhotos: 'Property photos',

  // Disposal and reserve price
  DisposalPrivateTreaty: 'Private treaty',
  EmdAmount: 'EMD amount',
  BidIncrement: 'Bid increment',

  // Auction batch and sale notice (Rules 8(6), 9(1))
  AuctionBatchNo: 'Auction batch no',
  AddToBatch: 'Add to batch',
  SaleNoticeType: 'Sale notice type',
  SaleNoticeFirst: 'First sale',
  SaleNoticeSubsequent: 'Subsequent sale (re-auction)',
  SaleNoticeServedDate: 'Sale notice served on',
  SaleNoticeAffixedDate: 'Sale notice affixed on',
  InspectionDate1: 'First inspection date',
  InspectionDate2: 'Second inspection date',
  EmdLastDate: 'Last date for EMD',
  AuctionTime: 'Auction hours',
  AuctionSaleNoticeAppendixIva: 'E-auction sale notice (Appendix IV-A)',

  // Artwork, publication and e-auction
  AuctionArtwork: 'Auction notice artwork',
  PortalUploadDate: 'Uploaded to the e-auction portal on',
  PortalReference: 'E-auction portal reference',
  Published: 'Published',
  AgencyMstc: 'MSTC',
  AgencyIbapi: 'IBAPI',
  AgencyC1India: 'C1 India',
  AgencyAuctionTiger: 'Auction Tiger',
  AgencyOther: 'Other agency',
  H1BidderName: 'H1 bidder',
  H1BidAmount: 'H1 bid amount',
  AuctionReport: 'Auction report',
  ConfirmSale: 'Confirm sale',

  // Private treaty
  BorrowerConsentDate: 'Borrower’s consent date',
  PrivateTreatyConsent: 'Borrower’s consent to the private treaty',

  // Confirmation, 25% deposit and 75% balance (Rule 9)
  SaleConfirmationDate: 'Sale confirmed on',
  DepositAmount25Percent: '25% deposit amount',
  DepositReceivedDate: '25% deposit received on',
  SaleConfirmationLetter: 'Sale confirmation letter',
  SaleConfirmed: 'Sale confirmed',
  BalanceAmount75Percent: '75% balance amount',
  BalanceReceivedDate: '75% balance received on',
  WrittenExtensionAgreed: 'Written extension agreed',
  BalancePaymentProof: 'Proof of balance payment',
  WrittenExtensionAgreement: 'Written extension agreement',
  ForfeitAndResell: 'Forfeit deposit and resell',

  // Closure (§13(7)) and sale certificate (Rule 9(6))
  ClosureRedeemed: 'Redeemed by the borrower',
  ClosureSettled: 'Settled',
  ClosureDate: 'Closure date',
  SaleCertificateNo: 'Sale certificate no',
  SaleCertificateAppendixV: 'Sale certificate (Appendix V)',
  AppropriationStatement: 'Appropriation statement (§13(7))',

  // Asset release on redemption and partial payment
  RedemptionAmount: 'Redemption amount',
  RejectRelease: 'Reject release',

  // Date rules
  Sarf132NoticePeriodEnds: '§13(2) notice period ends (earliest possession)',
  Sarf133AReplyDue: 'Reply to the representation due (§13(3A))',
  SarfPossessionPublicationDue: 'Possession notice publication due (Rule 8(2))',
  SarfSection17WindowEnds: 'Borrower’s §17 DRT window ends',
  SarfSection14OrderDue: 'Magistrate’s order expected (§14)',
  SarfSection14Escalation: '§14 order overdue: escalate',
  SarfSaleNoticePeriodEnds: 'Sale notice period ends (Rules 8(6), 9(1))',
  SarfResaleNoticePeriodEnds: 'Re-sale notice period ends (proviso to Rule 9(1))',
  SarfBalanceDue: '75% balance due (Rule 9(4))',
} as const;

export type SarfaesiDefinitionKey = keyof typeof sarfaesiDefinitionEn;
