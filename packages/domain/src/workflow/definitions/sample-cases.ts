import type { CaseFields } from '../case-fields.ts';
import type { InventoryInput } from '../../secured-assets/inventory.ts';
import {
  PUBLICATION_STAGES,
  type PublicationInput,
  type PublicationPurpose,
} from '../../secured-assets/publications.ts';

// Complete, valid sample cases for the built-in definitions: the tests walk them through every stage, and the
// property tests mutate them. Test support only.

// A complete §138 case: cheque of 2 Jan 2026 returned on 7 Jan, memo received 9 Jan, notice served 16 Jan.
export const LEGAL_S138_CASE: CaseFields = {
  caseType: 'S138',
  claimAmount: '250000.00',
  chequeNumber: '123456',
  chequeDate: '2026-01-02',
  chequeAmount: '250000.00',
  drawerBank: 'State Bank of India',
  drawerBranch: 'Andheri East',
  micrCode: '400002015',
  presentationDate: '2026-01-05',
  chequeReturnDate: '2026-01-07',
  bounceReason: 'FUNDS_INSUFFICIENT',
  returnMemoReceivedDate: '2026-01-09',
  advocateName: 'R K Sharma',
  advocatePhone: '9820012345',
  advocateEmail: 'rk.sharma@example.in',
  caseSummary: 'EMI cheque dishonoured for insufficient funds; borrower unreachable since December.',
  noticeMode: 'SPEED_POST',
  noticeDate: '2026-01-12',
  noticeSentDate: '2026-01-13',
  trackingNumber: 'EM123456789IN',
  serviceStatus: 'SERVED',
  noticeServedDate: '2026-01-16',
  courtType: 'JMFC',
  court: 'MH-MUM-JMFC-12',
  filingDate: '2026-02-05',
  caseNumber: 'SCC/1234/2026',
  cnr: 'MHMM110012342026',
  hearingDate: '2026-03-10',
  courtStage: 'EVIDENCE',
  outcome: 'ADJOURNED',
  nextHearingDate: '2026-04-14',
  interimCompensationOrdered: false,
};

export const LEGAL_WITHDRAWAL_FIELDS = {
  withdrawalReason: 'SETTLED',
  settlementReference: 'ST2026001',
  settlementAmount: '200000.00',
};

// A car loan repossessed on 13 Apr 2026 and auctioned on 10 May.
export const REPOSSESSION_CASE: CaseFields = {
  repoReason: 'NPA',
  assetType: 'CAR',
  registrationNo: 'MH12AB1234',
  chassisNo: 'MA3EWDE1S00123456',
  engineNo: 'K12MN1234567',
  agreementHasRepoClause: true,
  overdueAmount: '45000.00',
  noticeDate: '2026-04-01',
  noticeMode: 'SPEED_POST',
  noticeSentDate: '2026-04-01',
  trackingNumber: 'EM111222333IN',
  noticeServedDate: '2026-04-03',
  repoAgencyName: 'Shree Recovery Services',
  authorisationLetterNo: 'AUTH/2026/77',
  policeStation: 'Hinjewadi',
  policePreIntimationDate: '2026-04-12',
  repossessionDate: '2026-04-13',
  odometerReading: 45210,
  keysReceived: true,
  inventory: 'Spare wheel, jack, documents folder',
  yardName: 'Pune Yard 2',
  yardInDate: '2026-04-13',
  policePostIntimationDate: '2026-04-13',
  postRepoLetterDate: '2026-04-14',
  valuationAgency: 'Autovalue Pvt Ltd',
  valuationAllocationDate: '2026-04-15',
  valuationDate: '2026-04-18',
  valuationAmount: '410000.00',
  distressValue: '350000.00',
  assetCondition: 'GOOD',
  fprAgency: 'Dealer Net',
  reservePrice: '380000.00',
  disposalMode: 'AUCTION',
  auctionNoticeDate: '2026-05-01',
  auctionDate: '2026-05-10',
  auctionAgency: 'Vehicle Auctions India',
  auctionResult: 'SUCCESSFUL',
  auctionHeldOn: '2026-05-10',
  numberOfBids: 4,
  highestBidderName: 'Bharat Motors',
  highestBid: '395000.00',
  buyerName: 'Bharat Motors',
  saleOfferAmount: '390000.00',
  waiverRequired: false,
  waiverAmount: '15000.00',
  waiverReason: 'Shortfall of the sale against the dues',
  saleNoticeDate: '2026-05-15',
  saleNoticeMode: 'RPAD',
  saleDate: '2026-05-25',
  saleAmount: '395000.00',
  paymentReference: 'UTR2026052500001',
  closureType: 'SOLD',
  saleExpenses: '18500.00',
};

// A bank's housing loan: NPA on 10 Jan 2026, §13(2) notice of 1 Feb served on 5 Feb, symbolic possession on
// 8 Apr, §14 order on 1 Jun, first auction on 20 Aug.
export const SARFAESI_CASE: CaseFields = {
  lenderType: 'BANK',
  npaDate: '2026-01-10',
  securedDebtAmount: '3500000.00',
  principalOutstanding: '3000000.00',
  interestOutstanding: '450000.00',
  chargesOutstanding: '50000.00',
  securityType: 'IMMOVABLE',
  propertyDescription: 'Flat 402, Sai Residency, Kothrud, Pune 411038',
  cersaiAssetId: '200012345678',
  obligorCount: 2,
  demandNoticeDate: '2026-02-01',
  demandAmount: '3500000.00',
  noticeMode: 'RPAD',
  demandNoticeSentDate: '2026-02-02',
  trackingNumber: 'RA123456789IN',
  serviceStatus: 'SERVED',
  demandNoticeServedDate: '2026-02-05',
  possessionType: 'SYMBOLIC',
  representationReceived: true,
  representationReceivedDate: '2026-03-01',
  representationReplyDate: '2026-03-10',
  representationReplyReasons:
    'The outstanding stated in the notice is as per the books of account; the restructuring asked for was not applied for while the account was standard.',
  policeStation: 'Kothrud',
  policeIntimationDate: '2026-04-05',
  possessionDate: '2026-04-08',
  possessionNoticeAffixedDate: '2026-04-08',
  witness1Name: 'Ramesh Patil',
  witness2Name: 'Suresh Jadhav',
  possessionPublicationDate: '2026-04-12',
  possessionNewspapers: 'Times of India, Lokmat',
  dmAdvocateName: 'Adv Meera Joshi',
  dmAllocationDate: '2026-04-20',
  dmAuthority: 'CMM',
  s14FilingDate: '2026-05-02',
  s14ApplicationNo: 'SA/145/2026',
  dmNextHearingDate: '2026-05-20',
  s14OrderDate: '2026-06-01',
  s14OrderNo: 'CMM/ORD/88',
  commissionerName: 'Adv K Rao',
  physicalPossessionScheduledOn: '2026-06-15',
  physicalPossessionDate: '2026-06-15',
  inventory: 'Keys, fittings; no movables inside',
  custodianName: 'Secure Custody Services',
  insurancePolicyNo: 'POL998877',
  valuerName: 'V Deshmukh',
  valuerRegistrationNo: 'IBBI/RV/02/2020/12345',
  valuationAllocationDate: '2026-06-20',
  valuationDate: '2026-06-28',
  fairMarketValue: '4200000.00',
  realisableValue: '3800000.00',
  distressValue: '3300000.00',
  fprAgency: 'Prop Advisors',
  fprAllocationDate: '2026-07-01',
  pvrVisitDate: '2026-07-03',
  occupancyStatus: 'VACANT',
  propertyCondition: 'Good; society dues pending',
  disposalMode: 'AUCTION',
  reservePrice: '3800000.00',
  emdAmount: '380000.00',
  bidIncrement: '25000.00',
  auctionBatchNo: 'AB2026071',
  saleNoticeType: 'FIRST_SALE',
  saleNoticeDate: '2026-07-10',
  saleNoticeServedDate: '2026-07-13',
  saleNoticeAffixedDate: '2026-07-12',
  auctionDate: '2026-08-20',
  inspectionDate1: '2026-08-01',
  inspectionDate2: '2026-08-05',
  emdLastDate: '2026-08-18',
  auctionTime: '11:00 to 13:00 IST, with unlimited extensions of 5 minutes',
  salePublicationDate: '2026-07-15',
  saleNewspapers: 'Indian Express, Loksatta',
  portalUploadDate: '2026-07-15',
  portalReference: 'MSTC/2026/5566',
  auctionAgency: 'MSTC',
  auctionResult: 'SUCCESSFUL',
  auctionHeldOn: '2026-08-20',
  h1BidderName: 'Kiran Developers',
  saleAmount: '3950000.00',
  waiverRequired: false,
  saleConfirmationDate: '2026-08-21',
  depositAmount: '987500.00',
  depositReceivedDate: '2026-08-21',
  balanceAmount: '2962500.00',
  balanceReceivedDate: '2026-09-03',
  balanceExtensionAgreed: false,
  closureType: 'SOLD',
  closureDate: '2026-09-20',
  saleCertificateNo: 'SC/2026/41',
  saleExpenses: '45000.00',
};

/** The sample case of each built-in definition, by definition code. */
export const SAMPLE_CASES: Record<string, CaseFields> = {
  LEGAL: { ...LEGAL_S138_CASE, ...LEGAL_WITHDRAWAL_FIELDS },
  REPOSSESSION: REPOSSESSION_CASE,
  SARFAESI: SARFAESI_CASE,
};

/** The inventory captured at REPOSSESSION Asset Detail Capture for the sample case (the assetInventory widget). */
export const REPOSSESSION_INVENTORY: InventoryInput = {
  vehicle: {
    registrationNo: 'MH12AB1234',
    makeModel: 'Maruti Suzuki Swift VXi',
    chassisNo: 'MA3EWDE1S00123456',
    engineNo: 'K12MN1234567',
    odometerKm: 45210,
    fuelLevel: 'QUARTER',
    keysHandedOver: true,
    condition: 'GOOD',
  },
  property: null,
  items: [
    { item: 'Spare wheel', quantity: 1, condition: 'GOOD' },
    { item: 'Jack and tool kit', quantity: 1, condition: 'AVERAGE' },
    { item: 'Documents folder', quantity: 1, condition: 'GOOD' },
  ],
  remarks: null,
};

/** The inventory captured at SARFAESI Asset Detail Capture for the sample case. */
export const SARFAESI_INVENTORY: InventoryInput = {
  vehicle: null,
  property: {
    address: 'Flat 402, Sai Residency, Kothrud, Pune 411038',
    areaHundredths: 98_000,
    areaUnit: 'SQ_FT',
    surveyNo: 'S.No. 44/2, Plot 7',
    boundaries: 'N: Flat 401; S: staircase; E: open space; W: Flat 403',
    titleDeedRef: 'Sale deed 5521/2019, SRO Haveli',
    occupancy: 'LOCKED',
  },
  items: [
    { item: 'Keys', quantity: 2, condition: 'GOOD' },
    { item: 'Fittings (fans, lights)', quantity: 6, condition: 'AVERAGE' },
  ],
  remarks: 'No movables inside',
};

export const SAMPLE_INVENTORIES: Record<string, InventoryInput> = {
  REPOSSESSION: REPOSSESSION_INVENTORY,
  SARFAESI: SARFAESI_INVENTORY,
};

/**
 * The sample's publications of a notice (the publications widget), matching its newspapers field and date: the first
 * paper named is the English one, the second the vernacular (Marathi, Pune editions); null when the sample has none.
 */
export function samplePublications(
  purpose: PublicationPurpose,
  sample: CaseFields,
): Omit<PublicationInput, 'scanDocumentId'>[] | null {
  const { dateField, namesField } = PUBLICATION_STAGES[purpose];
  const names = sample[namesField];
  const date = sample[dateField];
  if (typeof names !== 'string' || typeof date !== 'string') return null;
  return names.split(', ').map((newspaper, index) => ({
    purpose,
    newspaper,
    language: index === 0 ? 'ENGLISH' : 'VERNACULAR',
    vernacularLanguage: index === 0 ? null : 'Marathi',
    edition: 'Pune',
    publishedOn: date,
  }));
}
