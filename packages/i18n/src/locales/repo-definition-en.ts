// English strings of the repossession workflow definition (packages/domain/src/workflow/definitions/repossession.ts):
// its columns, fields, options, documents, actions and date rules. The words both secured-asset workflows use
// (reserve price, disposal, waiver, buyer, closure) are here too; sarfaesi-definition-en.ts holds only SARFAESI's own.
// Not repeated here: the stage names (the spec's route labels, en.ts), and keys of the legal definition or of
// collections the definition reuses (CaseNo, AccountNo, NoticeMode, Submit, Approve, ApprovalSlaDue, …).
// Date rules are short phrases: their day counts follow the settings and belong to the rule's English `label`.
export const repoDefinitionEn = {
  // Words of earlier versions only (cases opened on them keep reading them): the Asset Detail Capture fields of
  // REPOSSESSION v1–v6, which the inventory tab replaced in v7 (RETIRED_REPO_DEFINITION_KEYS).
  OdometerReading: 'Odometer reading (km)',
  KeysReceived: 'Keys received',
  InventoryOfBelongings: 'Inventory of contents and personal belongings',
  // Definition and tray columns
  RepossessionWorkflow: 'Repossession workflow',
  NpaFlag: 'NPA flag',
  AssetType: 'Asset type',
  VehicleRegistrationNo: 'Vehicle registration no',
  RepossessionDate: 'Repossession date',
  YardName: 'Yard name',
  ValuationAmount: 'Valuation amount',
  ReservePrice: 'Reserve price',
  DisposalMode: 'Disposal mode',
  SaleAmount: 'Sale amount',

  // Initiation
  RepossessionReason: 'Reason for repossession',
  ReasonNpa: 'Account is NPA',
  ReasonSkipped: 'Borrower skipped (untraceable)',
  ReasonWilfulDefault: 'Wilful default',
  ReasonAssetAtRisk: 'Asset at risk (sale, transfer or damage)',
  AssetCar: 'Car',
  AssetTwoWheeler: 'Two wheeler',
  AssetCommercialVehicle: 'Commercial vehicle',
  AssetTractor: 'Tractor',
  AssetConstructionEquipment: 'Construction equipment',
  ChassisNo: 'Chassis no',
  EngineNo: 'Engine no',
  AgreementHasRepossessionClause: 'Loan agreement has a repossession clause',
  OverdueAmount: 'Overdue amount',
  RegistrationCertificateWithHypothecation: 'Registration certificate (RC) with hypothecation endorsement',

  // Pre-repossession notice
  NoticeModeHandDelivery: 'Hand delivery',
  DispatchProof: 'Proof of dispatch',

  // Kit: agency, authorisation, police pre-intimation
  RepossessionAgency: 'Repossession agency',
  AuthorisationLetterNo: 'Authorisation letter no',
  PoliceStation: 'Police station',
  PolicePreIntimationDate: 'Police pre-intimation date',
  AuthorisationLetter: 'Authorisation letter to the agency',
  PolicePreIntimation: 'Police pre-intimation letter',
  ReleaseKitToAgency: 'Release kit to agency',

  // Repossession, yard-in and inventory
  YardInDate: 'Yard-in date',
  PolicePostIntimationDate: 'Police post-intimation date',
  PostRepossessionLetterDate: 'Post-repossession letter date',
  BelongingsReturned: 'Personal belongings returned',
  RepossessionPhotos: 'Repossession photos',
  InventorySheet: 'Inventory sheet',
  PolicePostIntimation: 'Police post-intimation letter',
  PostRepossessionLetter: 'Post-repossession letter to the borrower',
  AssetInYard: 'Asset in yard',

  // Valuation and floor price
  ValuationAgency: 'Valuation agency',
  AllocationDate: 'Allocation date',
  AllocateAgency: 'Allocate agency',
  DistressValue: 'Distress value',
  AssetCondition: 'Asset condition',
  ConditionGood: 'Good',
  ConditionAverage: 'Average',
  ConditionPoor: 'Poor',
  ConditionScrap: 'Scrap',
  ValuationReport: 'Valuation report',
  FprAgency: 'FPR agency',
  RecommendDisposal: 'Recommend disposal',

  // Disposal
  DisposalAuction: 'Auction',
  DisposalDirectSale: 'Direct sale',
  DisposalReleaseOnPayment: 'Release on payment',
  ApproveAuction: 'Approve auction',
  ApproveDirectSale: 'Approve direct sale',
  ApproveRelease: 'Approve release',
  BuyerName: 'Buyer name',
  SaleOfferAmount: 'Offer amount',
  WaiverRequired: 'Waiver required',
  BuyerOfferLetter: 'Buyer’s offer letter',

  // Auction
  AuctionNoticeDate: 'Auction notice date',
  AuctionDate: 'Auction date',
  AuctionNoticeCopy: 'Copy of the auction notice',
  SaleLetterToBuyer: 'Sale letter to the buyer',
  AuctionAgency: 'Auction agency',
  AuctionHeldOn: 'Auction held on',
  NumberOfBids: 'Number of bids',
  HighestBidderName: 'Highest bidder',
  HighestBid: 'Highest bid',
  BidSheet: 'Bid sheet',
  RejectBid: 'Reject bid',

  // Waiver
  WaiverAmount: 'Waiver amount',
  WaiverReason: 'Reason for waiver',
  RejectWaiver: 'Reject waiver',

  // Pre-sale notice and sale
  SaleNoticeDate: 'Sale notice date',
  SaleNoticeCopy: 'Copy of the sale notice',
  SaleDate: 'Sale date',
  PaymentReferenceUtr: 'Payment reference (UTR)',
  SaleInvoice: 'Sale invoice',
  RtoTransferForms2930: 'RTO transfer forms 29 and 30',

  // Closure
  ClosureType: 'Closure type',
  ClosureSold: 'Sold',
  ClosureReleased: 'Released to the borrower',
  ClosureWrittenOff: 'Written off',
  PaymentRealisedDate: 'Payment realised on',
  ReleaseDate: 'Release date',
  SaleExpensesRecovered: 'Sale expenses recovered from the proceeds',
  ReleaseLetter: 'Release letter',

  // Date rules
  RepoNoticePeriodEnds: 'Pre-repossession notice period ends',
  PolicePostIntimationDue: 'Police post-intimation due',
  PostRepossessionLetterDue: 'Post-repossession letter due',
  ValuationDue: 'Valuation due',
  SaleDue: 'Sale due (policy)',
  AuctionNoticePeriodEnds: 'Auction notice period ends',
  PreSaleNoticePeriodEnds: 'Pre-sale notice period ends (final chance to repay)',
  ReleaseDue: 'Release due',
  // shared with SARFAESI: the auction result of a (failed) auction
  AuctionResult: 'Auction result',
  AuctionSuccessful: 'Successful (H1 bid received)',
  AuctionNoBids: 'Failed (no bids)',
  AuctionFailed: 'Auction failed',

  // Partial payment (both workflows: REPOSSESSION v9 and SARFAESI)
  RequestPartialPayment: 'Request partial payment',
  PaymentProof: 'Proof of payment',
  PartialPaymentAmount: 'Partial payment amount',
  PaymentDate: 'Payment date',
  BalancePaymentSchedule: 'Schedule for the balance',
  PartialPaymentMode: 'Mode of payment',
  PartialPaymentReference: 'Payment reference (UTR, cheque or DD no.)',
  PartialModeCash: 'Cash',
  PartialModeCheque: 'Cheque',
  PartialModeDd: 'Demand draft',
  PartialModeNeft: 'NEFT',
  PartialModeRtgs: 'RTGS',
  PartialModeImps: 'IMPS',
  PartialModeUpi: 'UPI',
  ApprovePartialPayment: 'Approve partial payment',
  RejectPartialPayment: 'Reject partial payment',
} as const;

export type RepoDefinitionKey = keyof typeof repoDefinitionEn;

/**
 * Keys only earlier versions of the built-in repossession and SARFAESI definitions use. A case stays on the version
 * it was opened on, so its screens still need these words after a new version drops them.
 */
export const RETIRED_REPO_DEFINITION_KEYS: readonly RepoDefinitionKey[] = [
  'OdometerReading',
  'KeysReceived',
  'InventoryOfBelongings',
];
