import type { Database } from '@recovery-desk/db/client.ts';
import { DEMO_ORGANISATION_NAME } from '@recovery-desk/db/demo-organisation.ts';
import { addDays, daysBetween } from '@recovery-desk/domain/dates.ts';
import { fromCents } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { matchesCondition, type CaseFields, type FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import { findStage, type ActionName, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import {
  REPOSSESSION_CASE,
  SAMPLE_INVENTORIES,
  samplePublications,
  SARFAESI_CASE,
} from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import {
  INVENTORY_CAPTURE_STAGE,
  INVENTORY_PHOTO_CODE,
  type InventoryInput,
} from '@recovery-desk/domain/secured-assets/inventory.ts';
import { solidPng } from '../../../documents/solid-png.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { MailService } from '../../../mail/mail-service.ts';
import { replayBusinessDateInTx, requireBusinessDate } from '../../organisation/index.ts';
import {
  activeDefinition,
  actorAuthorities,
  addGeneratedDocument,
  applyCaseActionInTx,
  findCaseInScope,
  insertCaseEvent,
  startCaseInTx,
} from '../../workflow/index.ts';
import { addBidInTx, createBatchInTx, saleDepositsOf, SARFAESI_CODE } from '../../secured-assets/index.ts';
import {
  AUCTION_BID_STAGES,
  AUCTION_H1_FIELDS,
  BATCH_STAGE,
  type BidInput,
} from '@recovery-desk/domain/secured-assets/auction.ts';
import {
  addPublicationInTx,
  changeValuationInTx,
  moveAsset,
  saveAgency,
  uploadAgencyLetter,
  saveInventoryInTx,
  saveYard,
} from '../../secured-assets/index.ts';
import { PUBLICATION_STAGES, publicationPurposeOf } from '@recovery-desk/domain/secured-assets/publications.ts';
import { AGENCY_FIELDS, type AGENCY_KINDS, type AgenciesReply } from '@recovery-desk/domain/secured-assets/agencies.ts';
import { VALUATION_CAPTURE_STAGE } from '@recovery-desk/domain/secured-assets/valuations.ts';
import { demoActorContext, findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import {
  caseDocumentCodes,
  countSecuredCases,
  listSecuredCandidates,
  type SecuredCandidate,
} from '../secured-assets-seed.repository.ts';
import { renderDemoPdf } from './demo-pdf.ts';
import { ReplayClock } from './replay-clock.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

// The demo's repossession and SARFAESI cases (first start in demo mode), made through the engine as the demo's people
// make them: repo.pune (RG-PUN) initiates and works repossessions of Pune vehicle loans, repoappr.west (ZN-W)
// approves; sarf.mumbai (RG-MUM) works SARFAESI cases of Mumbai home loans, sarfappr.ho (HO) approves. Each case is
// walked along its workflow's main path to a different stage, its form filled from the workflow's sample case with
// the dates moved back so that the case's last step falls a day or few before today; each step is replayed on its
// own day (the latest past date of its form), so every statutory period has run when the step is taken. The
// effects run as they would for staff: notices, the kit, sale notices, the sale certificate and the §13(8) lock.
// One transaction: a failed seed leaves no half-made case.

/**
 * A step of a path; `values` change the case's values from this step on (e.g. a failed auction, a reduced reserve);
 * `remarks` are the maker's words of a step that opens a detour (it carries no form of the stage it leaves).
 */
type PathStep = { action: ActionName; next: string; values?: CaseFields; remarks?: string };

const REPO_PATH: readonly PathStep[] = [
  { action: 'recommend', next: 'RepoInitiateApproval' },
  { action: 'approve', next: 'Notice' },
  { action: 'submit', next: 'KitGeneration' },
  { action: 'submit', next: 'AssetDtlCapture' },
  { action: 'submit', next: 'ValuationAgcAllocation' },
  { action: 'submit', next: 'CaptureValDtl' },
  { action: 'submit', next: 'ValuationCompletion' },
  { action: 'approve', next: 'FprAllocation' },
  { action: 'submit', next: 'DisposalIdentification' },
  { action: 'approve', next: 'AuctionNotice' },
  { action: 'submit', next: 'AllocateActionAgc' },
  { action: 'submit', next: 'AssetAuctionDtl' },
  { action: 'submit', next: 'AuctionApproval' },
  { action: 'approve', next: 'AssetSaleNotice' },
  { action: 'submit', next: 'AssetSale' },
  { action: 'submit', next: 'AssetSaleApproval' },
  { action: 'approve', next: 'Closure' },
  { action: 'close', next: 'Closure' },
];

const SARF_PATH: readonly PathStep[] = [
  { action: 'recommend', next: 'SarfInitiateApprove' },
  { action: 'approve', next: 'NoticeCapture' },
  { action: 'submit', next: 'NoticeApproval' },
  { action: 'approve', next: 'NewspaperPublication' },
  { action: 'submit', next: 'TypeIdentification' },
  { action: 'submit', next: 'PreIntimationNotice' },
  { action: 'submit', next: 'PossessionDtlCapture' },
  { action: 'submit', next: 'AgencyAllocation' },
  { action: 'submit', next: 'DmUpdate' },
  { action: 'submit', next: 'OrderCapture' },
  { action: 'submit', next: 'KitGeneration' },
  { action: 'submit', next: 'AssetDtlCapture' },
  { action: 'submit', next: 'ValAgencyAllocation' },
  { action: 'submit', next: 'CaptureValDtl' },
  { action: 'submit', next: 'ValCompletion' },
  { action: 'approve', next: 'FprAllocation' },
  { action: 'submit', next: 'PvrCapture' },
  { action: 'submit', next: 'DisposalIdentification' },
  { action: 'submit', next: 'BasePriceInitiate' },
  { action: 'recommend', next: 'BasePriceApprove' },
  { action: 'approve', next: 'BatchGen' },
  { action: 'submit', next: 'AuctionNotice' },
  { action: 'submit', next: 'UploadArtwork' },
  { action: 'submit', next: 'ConfirmArtwork' },
  { action: 'approve', next: 'PublicationUpload' },
  { action: 'submit', next: 'AllocateAuctionAgency' },
  { action: 'submit', next: 'AssetAuctionCapture' },
  { action: 'submit', next: 'AuctionApproval' },
  { action: 'approve', next: 'AssetSaleNotice' },
  { action: 'submit', next: 'AssetSale' },
  { action: 'submit', next: 'AssetSaleApproval' },
  { action: 'approve', next: 'SarfClosure' },
  { action: 'close', next: 'SarfClosure' },
];

/**
 * A failed repossession auction (issue 15): the auction fails (one bid, below the reserve), the reserve is reduced by
 * a tenth at FPR allocation, approved again at disposal identification, and a fresh auction notice follows.
 */
const REPO_FAILED_AUCTION_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 12),
  { action: 'submit', next: 'FprAllocation', values: { auctionResult: 'NO_BIDS' } },
  { action: 'submit', next: 'DisposalIdentification', values: { reservePrice: 'REDUCED' } },
  { action: 'approve', next: 'AuctionNotice' },
];

/**
 * A repossession sale with a waiver (issue 15, money): the auction's H1 leaves a shortfall, the officer asks for a
 * waiver of part of it, repoappr.west approves it (recorded on the account), and the closure counts it.
 */
const REPO_WAIVER_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 12),
  { action: 'submit', next: 'AuctionApproval', values: { waiverRequired: true } },
  { action: 'approve', next: 'WaverApprovalReq' },
  { action: 'recommend', next: 'WaverApproval' },
  { action: 'approve', next: 'AssetSaleNotice' },
  ...REPO_PATH.slice(14),
];

/**
 * A SARFAESI case with a partial payment (issue 15, money): while the DM advocate is being allocated the borrower pays
 * part of the dues; sarf.mumbai requests it, sarfappr.ho approves it, and it is posted as a receipt on the account.
 */
const SARF_PARTIAL_PAYMENT_PATH: readonly PathStep[] = [
  ...SARF_PATH.slice(0, 8),
  {
    action: 'requestPartialPayment',
    next: 'PartialPaymentReq',
    remarks: 'The borrower paid part of the dues by NEFT and asks for time for the rest',
  },
  { action: 'recommend', next: 'PartialPaymentApproval' },
  { action: 'approve', next: 'AgencyAllocation' },
  ...SARF_PATH.slice(8),
];

/** A repossession sold by private treaty (direct sale): the buyer's offer, no auction, the sale and its closure. */
const REPO_DIRECT_SALE_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 9),
  { action: 'approve', next: 'DirectSale', values: { disposalMode: 'DIRECT_SALE' } },
  { action: 'submit', next: 'AssetSaleNotice' },
  ...REPO_PATH.slice(14),
];

/**
 * A vehicle released on payment (issue 15, release on redemption): the borrower pays the dues after the valuation,
 * repoappr.west approves the release at disposal identification, and the officer closes the case with the day the
 * payment was realised and the day the vehicle left the yard, within the 7 days of REPO_RELEASE_DUE.
 */
const REPO_RELEASE_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 9),
  { action: 'approve', next: 'Closure', values: { disposalMode: 'RELEASE', closureType: 'RELEASED' } },
  { action: 'close', next: 'Closure' },
];

/** A partial payment raised while the valuation is captured; approved, it returns the case to CaptureValDtl. */
const REPO_PARTIAL_PAYMENT_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 6),
  {
    action: 'requestPartialPayment',
    next: 'PartialPaymentReq',
    remarks: 'The borrower paid two instalments by NEFT to stop the sale and asks for a month for the rest',
  },
  { action: 'recommend', next: 'PartialPaymentApproval' },
  { action: 'approve', next: 'CaptureValDtl' },
];

/** The checker sends the valuation back: the second valuer's report came unsigned. */
const REPO_VALUATION_PUSHBACK_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 7),
  {
    action: 'pushback',
    next: 'CaptureValDtl',
    remarks: 'The second valuation report is unsigned: file the signed copy and submit again',
  },
];

/** The checker sends an initiation back for the missing hypothecation proof. */
const REPO_INITIATION_PUSHBACK_PATH: readonly PathStep[] = [
  REPO_PATH[0]!,
  {
    action: 'pushback',
    next: 'RepoInitiate',
    remarks: 'The RC copy does not show the hypothecation: attach the endorsed copy',
  },
];

/** The checker declines an initiation: the borrower has a restructuring request pending. */
const REPO_INITIATION_DECLINED_PATH: readonly PathStep[] = [
  REPO_PATH[0]!,
  {
    action: 'decline',
    next: 'RepoInitiateApproval',
    remarks:
      'A restructuring request of the borrower is pending with the credit team: no repossession until it is decided',
  },
];

/** The approver rejects the auction's H1: back to disposal identification for a fresh decision. */
const REPO_BID_REJECTED_PATH: readonly PathStep[] = [
  ...REPO_PATH.slice(0, 13),
  {
    action: 'reject',
    next: 'DisposalIdentification',
    remarks: 'H1 came from a bidder related to the borrower: decide the disposal again',
  },
];

/** A SARFAESI sale by private treaty (Rule 8(5)(d)) with the borrower's consent, and a waiver of what it leaves. */
const SARF_DIRECT_SALE_PATH: readonly PathStep[] = [
  ...SARF_PATH.slice(0, 20),
  { action: 'approve', next: 'DirectSale' },
  { action: 'submit', next: 'WaiverRequest' },
  { action: 'recommend', next: 'WaiverApproval' },
];

/**
 * Release on redemption (§13(8), issue 15): while the §14 application is pending the borrower pays the dues in full;
 * sarf.mumbai asks for the release, sarfappr.ho approves it, and the officer closes the case as redeemed with the
 * release date, within the 7 days of SARF_RELEASE_DUE.
 */
const SARF_RELEASE_PATH: readonly PathStep[] = [
  ...SARF_PATH.slice(0, 9),
  {
    action: 'requestRelease',
    next: 'AssetReleaseRequest',
    remarks: 'The borrower paid the whole dues by RTGS before the §14 hearing and asks for the property back',
  },
  { action: 'recommend', next: 'AssetReleaseApproval' },
  { action: 'approve', next: 'SarfClosure' },
  { action: 'close', next: 'SarfClosure' },
];

/** The checker sends the §13(2) notice back: an obligor is missing. */
const SARF_NOTICE_PUSHBACK_PATH: readonly PathStep[] = [
  ...SARF_PATH.slice(0, 3),
  {
    action: 'pushback',
    next: 'NoticeCapture',
    remarks: 'The notice names the borrower only: add the guarantor as an obligor and regenerate it',
  },
];

/** The checker declines a SARFAESI initiation: the debt is under the NBFC threshold once the insurance claim is in. */
const SARF_INITIATION_DECLINED_PATH: readonly PathStep[] = [
  SARF_PATH[0]!,
  {
    action: 'decline',
    next: 'SarfInitiateApprove',
    remarks: 'The insurance claim settles most of the dues next week: follow up by collections instead',
  },
];

/**
 * A demo case: how many steps of its path it takes, and how many days before today the last one was taken; `path`
 * another path than the workflow's main one; `values` the story's own values over the account's (before the dates
 * are moved, so their dates move with the rest).
 */
type Story = {
  steps: number;
  ago: number;
  path?: readonly PathStep[];
  values?: (values: CaseFields) => CaseFields;
};

/** A repossession released on payment: paid in full after the valuation, released three days later. */
const releasedOnPayment = (): CaseFields => ({
  paymentRealisedDate: '2026-04-24',
  releaseDate: '2026-04-27',
});

/** A SARFAESI case redeemed in full: the whole dues paid, the property handed back four days after. */
const redeemed = (values: CaseFields): CaseFields => ({
  redemptionAmount: values.securedDebtAmount ?? null,
  redemptionPaidDate: '2026-05-06',
  redemptionReference: 'SBINR52026050600417',
  closureType: 'REDEEMED',
  releaseDate: '2026-05-10',
  closureDate: '2026-05-10',
});

/** A private treaty below the dues: a reserve of 92% of the debt, the buyer at 95%, a waiver of 3% asked for. */
const privateTreaty = (values: CaseFields): CaseFields => {
  const debt = toCents(String(values.securedDebtAmount));
  const share = (percent: bigint) => fromCents(((debt * percent) / 100n / 100n) * 100n);
  return {
    disposalMode: 'DIRECT_SALE',
    reservePrice: share(92n),
    emdAmount: share(9n),
    saleAmount: share(95n),
    buyerName: 'Kiran Developers',
    borrowerConsentDate: '2026-07-08',
    waiverRequired: true,
    waiverAmount: share(3n),
    waiverReason: 'What the private treaty leaves of the dues: the borrower has no other asset',
  };
};

const REPO_STORIES: readonly Story[] = [
  // the furthest first: with few accounts in the region, the initiations are the ones left out
  // closed: sold at auction, a waiver of part of the shortfall approved and counted at closure
  { steps: 20, ago: 6, path: REPO_WAIVER_PATH },
  { steps: 16, ago: 1 },
  { steps: 14, ago: 2 },
  // at the auction's approval: three bids, one below the reserve, H1 chosen (repoappr.west approves)
  { steps: 13, ago: 1 },
  // a failed auction, a reduced reserve and its approval, at the re-auction's notice
  { steps: 15, ago: 1, path: REPO_FAILED_AUCTION_PATH },
  { steps: 9, ago: 1 },
  { steps: 8, ago: 4 },
  { steps: 5, ago: 2 },
  { steps: 4, ago: 3 },
  { steps: 3, ago: 1 },
  { steps: 2, ago: 2 },
  { steps: 1, ago: 1 },
  { steps: 0, ago: 0 },
  // Every other stage and tab (issue 15): one case each, the furthest first.
  // sold by private treaty and closed with a shortfall; the vehicle left the yard on the sale
  { steps: REPO_DIRECT_SALE_PATH.length, ago: 5, path: REPO_DIRECT_SALE_PATH },
  // released on payment within the 7 days, closed; the vehicle left the yard on its release
  { steps: REPO_RELEASE_PATH.length, ago: 8, path: REPO_RELEASE_PATH, values: releasedOnPayment },
  { steps: 17, ago: 1 },
  { steps: 15, ago: 2 },
  { steps: 15, ago: 2, path: REPO_WAIVER_PATH },
  { steps: 14, ago: 1, path: REPO_WAIVER_PATH },
  { steps: 14, ago: 3, path: REPO_BID_REJECTED_PATH },
  { steps: 12, ago: 2 },
  { steps: 11, ago: 3 },
  { steps: 10, ago: 2, path: REPO_DIRECT_SALE_PATH },
  { steps: 8, ago: 1, path: REPO_PARTIAL_PAYMENT_PATH },
  { steps: 8, ago: 2, path: REPO_VALUATION_PUSHBACK_PATH },
  { steps: 7, ago: 2, path: REPO_PARTIAL_PAYMENT_PATH },
  { steps: 7, ago: 1 },
  { steps: 6, ago: 3 },
  { steps: 2, ago: 4, path: REPO_INITIATION_DECLINED_PATH },
  { steps: 2, ago: 1, path: REPO_INITIATION_PUSHBACK_PATH },
];

const SARF_STORIES: readonly Story[] = [
  // closed with a surplus; a partial payment approved on the way (posted as a receipt)
  { steps: 36, ago: 9, path: SARF_PARTIAL_PAYMENT_PATH },
  { steps: 32, ago: 2 },
  { steps: 26, ago: 1 },
  // two cases at the auction batch stage: the demo's batch holds them as lots 1 and 2
  { steps: 21, ago: 1 },
  { steps: 21, ago: 2 },
  { steps: 22, ago: 3 },
  { steps: 12, ago: 2 },
  { steps: 8, ago: 5 },
  { steps: 7, ago: 1 },
  { steps: 4, ago: 2 },
  { steps: 2, ago: 3 },
  { steps: 1, ago: 1 },
  { steps: 0, ago: 0 },
  // Every other stage and tab (issue 15): one case each, the furthest first.
  // redeemed in full and released within the 7 days, closed
  { steps: SARF_RELEASE_PATH.length, ago: 10, path: SARF_RELEASE_PATH, values: redeemed },
  { steps: 31, ago: 1 },
  { steps: 30, ago: 3 },
  { steps: 29, ago: 2 },
  { steps: 28, ago: 1 },
  { steps: 27, ago: 2 },
  { steps: 25, ago: 1 },
  { steps: 24, ago: 2 },
  { steps: 23, ago: 1 },
  { steps: 23, ago: 2, path: SARF_DIRECT_SALE_PATH, values: privateTreaty },
  { steps: 22, ago: 1, path: SARF_DIRECT_SALE_PATH, values: privateTreaty },
  { steps: 21, ago: 3, path: SARF_DIRECT_SALE_PATH, values: privateTreaty },
  { steps: 20, ago: 1 },
  { steps: 19, ago: 2 },
  { steps: 18, ago: 1 },
  { steps: 17, ago: 2 },
  { steps: 16, ago: 3 },
  { steps: 15, ago: 1 },
  { steps: 14, ago: 2 },
  { steps: 13, ago: 4 },
  { steps: 11, ago: 1 },
  { steps: 11, ago: 2, path: SARF_RELEASE_PATH, values: redeemed },
  { steps: 10, ago: 3 },
  { steps: 10, ago: 1, path: SARF_RELEASE_PATH, values: redeemed },
  { steps: 10, ago: 2, path: SARF_PARTIAL_PAYMENT_PATH },
  { steps: 9, ago: 2 },
  { steps: 9, ago: 1, path: SARF_PARTIAL_PAYMENT_PATH },
  { steps: 6, ago: 3 },
  { steps: 5, ago: 2 },
  { steps: 4, ago: 1, path: SARF_NOTICE_PUSHBACK_PATH },
  { steps: 3, ago: 4 },
  { steps: 2, ago: 6, path: SARF_INITIATION_DECLINED_PATH },
];

type Workflow = {
  code: 'REPOSSESSION' | 'SARFAESI';
  officer: { username: string; unit: string };
  approver: { username: string; unit: string };
  products: readonly string[];
  path: readonly PathStep[];
  stories: readonly Story[];
  sample: CaseFields;
  /** the sample's values made the account's own */
  valuesOf: (account: SecuredCandidate, serial: number) => CaseFields;
};

const digits = (serial: number, length: number) =>
  String(100_000_000 + ((serial * 7_919_111) % 900_000_000)).slice(-length);

const WORKFLOWS: readonly Workflow[] = [
  {
    code: 'REPOSSESSION',
    officer: { username: 'repo.pune', unit: 'RG-PUN' },
    approver: { username: 'repoappr.west', unit: 'ZN-W' },
    products: ['AUTO', 'TWO_WHEELER'],
    path: REPO_PATH,
    stories: REPO_STORIES,
    sample: REPOSSESSION_CASE,
    valuesOf: (account, serial) => {
      const registration = (account.registrationNo ?? '').replace(/[^A-Z0-9]/gi, '').toUpperCase();
      const debt = toCents(account.principal) + toCents(account.interest) + toCents(account.charges);
      return {
        // Valuation, reserve, bids and sale in the sample's proportion to the debt: the sale recovers about three
        // quarters of it, so the closed case shows a shortfall that stays recoverable.
        ...scaledAmounts(REPOSSESSION_CASE, REPO_SAMPLE_DEBT_MINOR, debt, REPO_SALE_AMOUNTS),
        assetType: account.product === 'TWO_WHEELER' ? 'TWO_WHEELER' : 'CAR',
        registrationNo: /^[A-Z0-9]{6,12}$/.test(registration) ? registration : `MH12DE${digits(serial, 4)}`,
        chassisNo: `MA3EWDE1S00${digits(serial, 6)}`,
        engineNo: `K12MN${digits(serial + 7, 7)}`,
        overdueAmount: account.totalDueAmount,
        trackingNumber: `EM${digits(serial, 9)}IN`,
        authorisationLetterNo: `AUTH/PUN/${digits(serial, 4)}`,
        paymentReference: `UTR${digits(serial, 9)}`,
        // a partial payment of about a twentieth of the debt (REPO_PARTIAL_PAYMENT_PATH), while the valuation is due
        partialAmount: fromCents((debt / 20n / 100n) * 100n),
        partialPaymentMode: 'NEFT',
        partialPaymentReference: `ICICN${digits(serial, 9)}`,
        partialPaymentDate: '2026-04-17',
        balanceSchedule: 'The rest of the overdue instalments by the end of May',
      };
    },
  },
  {
    code: 'SARFAESI',
    officer: { username: 'sarf.mumbai', unit: 'RG-MUM' },
    approver: { username: 'sarfappr.ho', unit: 'HO' },
    products: ['HOME'],
    path: SARF_PATH,
    stories: SARF_STORIES,
    sample: SARFAESI_CASE,
    valuesOf: (account, serial) => {
      const debt = toCents(account.principal) + toCents(account.interest) + toCents(account.charges);
      return {
        // The valuation, reserve and sale in the sample's proportion to the debt: each home sells above its dues, so
        // the closed case shows a surplus refund (the closed repossession case, below its dues, a shortfall).
        ...scaledSale(SARFAESI_CASE, debt),
        principalOutstanding: account.principal,
        interestOutstanding: account.interest,
        chargesOutstanding: account.charges,
        securedDebtAmount: fromCents(debt),
        demandAmount: fromCents(debt),
        obligorCount: 1,
        propertyDescription:
          account.propertyAddress ?? account.collateral ?? `Residential flat mortgaged under loan ${account.accountNo}`,
        cersaiAssetId: `2000${digits(serial, 8)}`,
        trackingNumber: `RA${digits(serial, 9)}IN`,
        auctionBatchNo: `AB${digits(serial, 7)}`,
        portalReference: `MSTC/${digits(serial, 4)}`,
        saleCertificateNo: `SC/MUM/${digits(serial, 4)}`,
        // a partial payment of about a twentieth of the debt (SARF_PARTIAL_PAYMENT_PATH), after the DM allocation
        partialAmount: fromCents((debt / 20n / 100n) * 100n),
        partialPaymentMode: 'NEFT',
        partialPaymentReference: `HDFCN${digits(serial, 9)}`,
        partialPaymentDate: '2026-04-25',
        balanceSchedule: 'The rest of the dues in two instalments by the end of June',
      };
    },
  },
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The SARFAESI sample's amounts that follow the size of the debt (its own debt: securedDebtAmount). */
const SARF_SALE_AMOUNTS = [
  'fairMarketValue',
  'realisableValue',
  'distressValue',
  'reservePrice',
  'emdAmount',
  'bidIncrement',
  'saleAmount',
  'saleExpenses',
] as const;

/** The repossession sample's amounts that follow the size of the debt. */
const REPO_SALE_AMOUNTS = [
  'valuationAmount',
  'distressValue',
  'reservePrice',
  'highestBid',
  'saleOfferAmount',
  'saleAmount',
  'waiverAmount',
  'saleExpenses',
] as const;
/** The debt the repossession sample's amounts are for: its sale (3,95,000) recovers about three quarters of it. */
const REPO_SAMPLE_DEBT_MINOR = 52_000_000n;

/** The sample's amounts scaled from `sampleDebtMinor` to `debtMinor`, in whole rupees. */
function scaledAmounts(
  sample: CaseFields,
  sampleDebtMinor: bigint,
  debtMinor: bigint,
  names: readonly string[],
): CaseFields {
  const scale = (value: unknown) => ((toCents(String(value)) * debtMinor) / sampleDebtMinor / 100n) * 100n;
  return Object.fromEntries(names.map((name) => [name, fromCents(scale(sample[name]))]));
}

/** As scaledAmounts, with the 25% deposit and the 75% balance of the scaled sale (SARFAESI rule 9(3), 9(4)). */
function scaledSale(sample: CaseFields, debtMinor: bigint): CaseFields {
  const values = scaledAmounts(sample, toCents(String(sample.securedDebtAmount)), debtMinor, SARF_SALE_AMOUNTS);
  const sale = toCents(String(values.saleAmount));
  const deposit = ((sale * 25n) / 100n / 100n) * 100n;
  return { ...values, depositAmount: fromCents(deposit), balanceAmount: fromCents(sale - deposit) };
}

function shifted(fields: CaseFields, days: number): CaseFields {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'string' && ISO_DATE.test(value) ? addDays(value, days) : value,
    ]),
  );
}

/** The fields of the stage's form that apply (their `when` holds on the case), from the case's values. */
function formOf(definition: WorkflowDefinition, stageCode: string, values: CaseFields): Record<string, FieldValue> {
  const form: Record<string, FieldValue> = {};
  for (const field of findStage(definition, stageCode)?.fields ?? []) {
    if (!matchesCondition(field.when, values)) continue;
    const value = values[field.name];
    if (value !== undefined) form[field.name] = value;
  }
  return form;
}

/** The latest past date (a notFuture field) of the stage's form: the day the step is taken. */
function formDay(definition: WorkflowDefinition, stageCode: string, form: Record<string, FieldValue>) {
  let latest: string | undefined;
  for (const field of findStage(definition, stageCode)?.fields ?? []) {
    const value = form[field.name];
    if (!field.rules.some((rule) => rule.kind === 'notFuture') || typeof value !== 'string') continue;
    if (!latest || value > latest) latest = value;
  }
  return latest;
}

/** A step: the stage it is taken at, its form, and the case's values as of the step (its path's `values` on). */
type Plan = { stage: string; step: PathStep; form: Record<string, FieldValue>; values: CaseFields }[];

/** A tenth off an amount, in minor units (a re-auction's reduced reserve). */
const reduced = (amount: FieldValue | undefined) =>
  typeof amount === 'string' ? fromCents((toCents(amount) * 9n) / 10n) : amount;

/** The stages a story passes and the form of each step, on the sample's own dates (a step's `values` apply on). */
function planOf(definition: WorkflowDefinition, path: readonly PathStep[], values: CaseFields, steps: number): Plan {
  const plan: Plan = [];
  let stage = definition.initialStage;
  let current = values;
  for (const step of path.slice(0, steps)) {
    if (step.values) {
      const next = { ...current, ...step.values };
      if (step.values.reservePrice === 'REDUCED') next.reservePrice = reduced(current.reservePrice) ?? null;
      current = next;
    }
    plan.push({ stage, step, form: step.remarks ? {} : formOf(definition, stage, current), values: current });
    stage = step.next;
  }
  return plan;
}

/** The SARFAESI sale stages whose payment the demo works out from the H1 bid's EMD (Rule 9(3)–(4)). */
const SALE_PAYMENT_FIELDS: Readonly<Record<string, 'depositAmount' | 'balanceAmount'>> = {
  AssetSaleNotice: 'depositAmount',
  AssetSale: 'balanceAmount',
};

/**
 * The buyer's payment at a SARFAESI sale stage, as the rule and the case's own figures make it: at confirmation the
 * 25% less the EMD already paid; then the rest of the price. The amounts of the sample do not know the EMD.
 */
async function withSalePayment(
  run: Run,
  definition: WorkflowDefinition,
  caseId: number,
  stage: string,
  form: Record<string, FieldValue>,
  facts: CaseFields,
): Promise<Record<string, FieldValue>> {
  const record = await findCaseInScope(run.tx, { caseId, unitPath: '/' });
  const fields: CaseFields = {
    ...facts,
    ...(stage === 'AssetSale' ? { depositAmount: record?.fields.depositAmount } : {}),
  };
  const { deposits } = await saleDepositsOf(run.tx, definition, caseId, fields);
  const amount = stage === 'AssetSale' ? deposits.balanceDue : deposits.depositDue;
  return amount === null ? form : { ...form, [SALE_PAYMENT_FIELDS[stage]!]: amount };
}

/**
 * The demo bids of an auction (issue 15), entered by the officer at the auction stage before its step: for a
 * successful auction H1 (the sample's bidder and amount), a qualified bid below the reserve and one whose EMD has not
 * come; for a failed one a single bid below the reserve. The bids write the stage's H1 fields, so the step's form no
 * longer carries them.
 */
async function enterDemoBids(
  run: Run,
  ctx: UnitContext,
  definition: WorkflowDefinition,
  state: { caseId: number; version: number },
  form: Record<string, FieldValue>,
  facts: CaseFields,
): Promise<Record<string, FieldValue>> {
  const names = AUCTION_H1_FIELDS[definition.code];
  const reserve = facts.reservePrice;
  if (!names || typeof reserve !== 'string') return form;
  const heldOn = typeof facts.auctionHeldOn === 'string' ? facts.auctionHeldOn : run.day;
  const emdOn = addDays(heldOn, -2) > run.day ? run.day : addDays(heldOn, -2);
  const below = fromCents((toCents(reserve) * 92n) / 100n);
  const emd = fromCents(toCents(reserve) / 10n);
  const bids: BidInput[] = [];
  const base = { emdAmount: emd, qualified: true, remarks: null, bidderIdNo: null } as const;
  if (facts.auctionResult === 'NO_BIDS') {
    bids.push({
      ...base,
      bidderName: 'Sai Auto Traders',
      bidAmount: below,
      emdReference: 'UTR0000000101',
      emdReceivedOn: emdOn,
    });
  } else {
    const h1Name = typeof facts[names.bidderName] === 'string' ? String(facts[names.bidderName]) : 'Bharat Motors';
    const h1Amount = typeof facts[names.amount] === 'string' ? String(facts[names.amount]) : reserve;
    const between = fromCents((toCents(reserve) + toCents(h1Amount)) / 2n);
    bids.push(
      { ...base, bidderName: h1Name, bidAmount: h1Amount, emdReference: 'UTR0000000201', emdReceivedOn: emdOn },
      {
        ...base,
        bidderName: 'Sai Auto Traders',
        bidAmount: below,
        emdReference: 'UTR0000000202',
        emdReceivedOn: emdOn,
      },
      { ...base, bidderName: 'Western Wheels', bidAmount: between, emdReference: null, emdReceivedOn: null },
    );
  }
  for (const input of bids) await addBidInTx(run.tx, run.deps, { ctx, caseId: state.caseId, input });
  const record = await findCaseInScope(run.tx, { caseId: state.caseId, unitPath: '/' });
  if (record) state.version = record.version;
  const { [names.bidderName]: _name, [names.amount]: _amount, ...rest } = form;
  if (names.count) delete rest[names.count];
  return rest;
}

/**
 * The day of each step and of the initiation: the sample's dates moved so that the story's last dated step falls
 * `ago` days before today; a step without a past date of its own follows the one before it; the case is initiated
 * two days before its first dated step. Days never go back and never pass today.
 */
function scheduleOf(definition: WorkflowDefinition, plan: Plan, businessDate: string, ago: number) {
  const raw = plan.map((item) => formDay(definition, item.stage, item.form));
  const known = raw.filter((day): day is string => day !== undefined);
  const target = addDays(businessDate, -ago);
  const shift = known.length === 0 ? 0 : daysBetween(known.at(-1)!, target);
  const clamp = (day: string) => (day > businessDate ? businessDate : day);
  const initiatedOn = clamp(known.length === 0 ? target : addDays(known[0]!, shift - 2));
  const stepDays: string[] = [];
  let previous = initiatedOn;
  for (const day of raw) {
    const moved = day === undefined ? previous : addDays(day, shift);
    previous = clamp(moved < previous ? previous : moved);
    stepDays.push(previous);
  }
  return { shift, initiatedOn, stepDays };
}

export type SeedSecuredAssetsResult = { repossession: number; sarfaesi: number };

type Run = { tx: Transaction; deps: AppDeps; clock: ReplayClock; day: string };

async function replayDay(run: Run, day: string): Promise<void> {
  if (day !== run.day) await replayBusinessDateInTx(run.tx, day);
  run.day = day;
  run.clock.setDay(day);
}

function repoContext(ctx: UnitContext): UnitContext {
  return { ...ctx, app: 'repoapp' };
}

/** Files a demo copy of a checklist document on the case, recorded as an upload is (event and audit row). */
async function uploadDemoCopy(
  run: Run,
  ctx: UnitContext,
  item: { caseId: number; caseNo: string; stage: string; status: string; version: number },
  account: SecuredCandidate,
  code: string,
  photo = false,
): Promise<number> {
  const title = code.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/^./, (letter) => letter.toUpperCase());
  // a photo is a small PNG made here (the vehicle's colour); any other document a one-page PDF
  const content = photo
    ? solidPng(64, 48, [40, 90, 160])
    : await renderDemoPdf({
        issuer: DEMO_ORGANISATION_NAME,
        title,
        lines: [`Account no: ${account.accountNo}`, `Borrower: ${account.customerName}`, `Case: ${item.caseNo}`],
        createdAt: run.deps.clock.now(),
      });
  const fileName = `${code}-${item.caseNo.replace(/\//g, '-')}.${photo ? 'png' : 'pdf'}`;
  const { documentId } = await addGeneratedDocument(run.tx, run.deps, {
    caseId: item.caseId,
    code,
    stage: item.stage,
    fileName,
    documentName: title,
    mimeType: photo ? 'image/png' : 'application/pdf',
    content,
    actorUserId: ctx.user.id,
  });
  await insertCaseEvent(run.tx, {
    caseId: item.caseId,
    action: 'DOCUMENT_ADDED',
    actionLabelKey: null,
    fromStage: item.stage,
    fromStatus: item.status,
    toStage: item.stage,
    toStatus: item.status,
    actorUserId: ctx.user.id,
    actingUnitId: ctx.actingUnit.id,
    businessDate: run.day,
    remarks: null,
    changes: [{ field: `documents.${code}`, from: null, to: fileName }],
    effects: [],
    caseVersion: item.version,
    createdAt: run.deps.clock.now(),
  });
  await emitAudit(run.tx, ctx, {
    action: 'case.document.add',
    entity: 'case_document',
    entityId: documentId,
    after: { caseId: item.caseId, code, stage: item.stage, fileName, documentName: title, isGenerated: true },
  });
  return documentId;
}

/**
 * The notice's newspapers on the Publications tab (SARFAESI Rules 3, 8(2), 8(6)): the form's papers, English first,
 * then the vernacular, each with a scan, so the stage's newspapers and date fields are the record's.
 */
async function recordDemoPublications(
  run: Run,
  ctx: UnitContext,
  state: { caseId: number; caseNo: string; stage: string; status: string; version: number },
  account: SecuredCandidate,
  facts: CaseFields,
): Promise<void> {
  const purpose = publicationPurposeOf(state.stage);
  const papers = purpose ? samplePublications(purpose, facts) : null;
  if (!purpose || !papers) return;
  for (const paper of papers) {
    const scanDocumentId = await uploadDemoCopy(run, ctx, state, account, PUBLICATION_STAGES[purpose].scanCode);
    await addPublicationInTx(run.tx, run.deps, { ctx, caseId: state.caseId, input: { ...paper, scanDocumentId } });
  }
}

/**
 * Seeds the demo's repossession and SARFAESI cases once (none of either workflow exists yet); answers how many of
 * each it made. Missing demo users or units, or too few accounts, make fewer cases, never a failure.
 */
const minorOf = (value: FieldValue | undefined): number =>
  typeof value === 'string' && value !== '' ? Number(toCents(value)) : 0;

/** The asset's details and inventory lines on the Inventory tab, and for a vehicle its photo. */
async function captureDemoInventory(
  run: Run,
  ctx: UnitContext,
  state: { caseId: number; caseNo: string; stage: string; status: string; version: number },
  account: SecuredCandidate,
  code: string,
  facts: CaseFields,
): Promise<void> {
  await saveInventoryInTx(run.tx, run.deps, { ctx, caseId: state.caseId, input: demoInventory(code, facts) });
  const photoCode = INVENTORY_PHOTO_CODE[code]!;
  if (code === 'REPOSSESSION') {
    await uploadDemoCopy(run, ctx, state, account, photoCode, true);
  }
}

/** The sample inventory of the workflow, with the case's own vehicle numbers. */
function demoInventory(code: string, values: CaseFields): InventoryInput {
  const sample = SAMPLE_INVENTORIES[code]!;
  if (!sample.vehicle) return sample;
  const text = (value: FieldValue | undefined, fallback: string) =>
    typeof value === 'string' && value !== '' ? value : fallback;
  return {
    ...sample,
    vehicle: {
      ...sample.vehicle,
      registrationNo: text(values.registrationNo, sample.vehicle.registrationNo),
      chassisNo: text(values.chassisNo, sample.vehicle.chassisNo),
      engineNo: text(values.engineNo, sample.vehicle.engineNo),
    },
  };
}

/** Two valuations of the case's asset from its sample values (the second valuer 6% higher); the case's new version. */
async function addDemoValuations(
  tx: Transaction,
  deps: AppDeps,
  officer: UnitContext,
  caseId: number,
  values: CaseFields,
): Promise<number> {
  const market = minorOf(values.valuationAmount ?? values.fairMarketValue);
  const distress = minorOf(values.distressValue);
  const realisable = Math.min(market, Math.max(distress, minorOf(values.realisableValue ?? values.reservePrice)));
  const valuationDate = String(values.valuationDate);
  const reports = [
    { valuerName: 'Kulkarni & Associates, Approved Valuers', factor: 100, ref: 'KA/VAL' },
    { valuerName: 'Deccan Valuation Services', factor: 106, ref: 'DVS' },
  ];
  for (const [index, report] of reports.entries()) {
    const scale = (amount: number) => Math.round((amount * report.factor) / 100);
    await changeValuationInTx(tx, deps, {
      ctx: officer,
      caseId,
      change: {
        kind: 'add',
        input: {
          valuerName: report.valuerName,
          valuationDate,
          marketValueMinor: scale(market),
          realisableValueMinor: scale(realisable),
          distressValueMinor: scale(distress),
          reportReference: `${report.ref}/${caseId}/${index + 1}`,
        },
      },
    });
  }
  const record = await findCaseInScope(tx, { caseId, unitPath: officer.actingUnit.path });
  return record!.version;
}

/**
 * The registers a workflow's demo unit needs: agencies of every kind the workflow names (the sample's names, empanelled
 * for a year, and one lapsed repossession agency), and for repossession two yards (the sample's yard first). Answers
 * the yard vehicles enter (null for SARFAESI: properties stay where they are).
 */
async function seedRegisters(
  deps: AppDeps,
  officer: UnitContext,
  code: string,
  sample: CaseFields,
  businessDate: string,
): Promise<number | null> {
  const unitIds = [officer.actingUnit.id];
  const validUntil = addDays(businessDate, 365);
  const named = new Map<string, { kind: (typeof AGENCY_KINDS)[number]; name: string }>();
  for (const { field, kind } of Object.values(AGENCY_FIELDS[code] ?? {})) {
    const name = sample[field];
    if (typeof name === 'string' && name !== '') named.set(`${kind}:${name}`, { kind, name });
  }
  if (code === 'SARFAESI') named.set('AUCTION:MSTC Limited', { kind: 'AUCTION', name: 'MSTC Limited' });
  // A repossession agency is usable only with the lender's authorisation letter on file: the demo files one for each.
  const fileLetter = async (reply: AgenciesReply, name: string) => {
    const agency = reply.agencies.find((candidate) => candidate.kind === 'REPOSSESSION' && candidate.name === name);
    if (!agency) return;
    const content = Buffer.from(
      await renderDemoPdf({
        issuer: DEMO_ORGANISATION_NAME,
        title: 'Authorisation letter to a recovery agency',
        lines: [
          `Agency: ${name}`,
          `Empanelment: ${agency.registrationNo}, valid until ${agency.validUntil}`,
          'Its agents may repossess secured vehicles of the accounts allocated to it, carrying this letter.',
        ],
        createdAt: deps.clock.now(),
      }),
    );
    await uploadAgencyLetter(deps, {
      ctx: officer,
      agencyId: agency.id,
      readUpload: () => Promise.resolve({ file: { fileName: 'authorisation-letter.pdf', content }, fields: {} }),
    });
  };
  for (const [index, { kind, name }] of [...named.values()].entries()) {
    const saved = await saveAgency(deps, {
      ctx: officer,
      agencyId: null,
      input: {
        kind,
        name,
        registrationNo: `EMP/${kind.slice(0, 3)}/${2025}/${String(index + 1).padStart(3, '0')}`,
        validUntil,
        contact: 'recovery.desk@lender.example',
        unitIds,
        active: true,
      },
    });
    await fileLetter(saved, name);
  }
  if (code !== 'REPOSSESSION') return null;
  const lapsed = await saveAgency(deps, {
    ctx: officer,
    agencyId: null,
    input: {
      kind: 'REPOSSESSION',
      name: 'Old Town Recovery Agents',
      registrationNo: 'EMP/REP/2023/007',
      validUntil: addDays(businessDate, -40),
      contact: 'oldtown.recovery@example.in',
      unitIds,
      active: true,
    },
  });
  await fileLetter(lapsed, 'Old Town Recovery Agents');
  const yards = await saveYard(deps, {
    ctx: officer,
    yardId: null,
    input: {
      name: String(sample.yardName ?? 'Pune Yard 2'),
      address: 'Gat No. 114, Wagholi, Pune–Nagar Road, Pune 412207',
      capacity: 60,
      unitId: officer.actingUnit.id,
      active: true,
    },
  });
  await saveYard(deps, {
    ctx: officer,
    yardId: null,
    input: {
      name: 'Pune Yard 1',
      address: 'Survey No. 42, Chakan MIDC Phase II, Pune 410501',
      capacity: 35,
      unitId: officer.actingUnit.id,
      active: true,
    },
  });
  return yards.yards.find((yard) => yard.name === String(sample.yardName ?? 'Pune Yard 2'))!.id;
}

export async function seedDemoSecuredAssets(deps: AppDeps): Promise<SeedSecuredAssetsResult> {
  const startedAt = Date.now();
  const outcome = await withDocumentTransaction(deps.db, async (tx) => {
    if ((await countSecuredCases(tx)) > 0) return null;
    const businessDate = await requireBusinessDate(tx);
    const clock = new ReplayClock(deps.clock);
    const run: Run = {
      tx,
      deps: {
        ...deps,
        db: tx as unknown as Database,
        clock,
        mail: new MailService({ db: deps.db, transport: null, from: deps.config.mailFrom, clock, log: deps.log }),
      },
      clock,
      day: businessDate,
    };
    const made: SeedSecuredAssetsResult = { repossession: 0, sarfaesi: 0 };
    let serial = 0;
    for (const workflow of WORKFLOWS) {
      const users = await findUsersByUsername(tx, [workflow.officer.username, workflow.approver.username]);
      const units = await findUnitsByCode(tx, [workflow.officer.unit, workflow.approver.unit]);
      const person = (who: { username: string; unit: string }) => {
        const user = users.find((row) => row.username === who.username);
        const unit = units.find((row) => row.code === who.unit);
        return user && unit ? repoContext(demoActorContext(user, unit, DEMO_SEED_REQUEST_ID)) : undefined;
      };
      const officer = person(workflow.officer);
      const approver = person(workflow.approver);
      if (!officer || !approver) {
        deps.log.warn({ workflow: workflow.code }, 'demo secured-asset cases not created: demo users or units missing');
        continue;
      }
      const officerAuthorities = new Set(await actorAuthorities(tx, officer, 'repoapp'));
      const atBatchStage: number[] = [];
      const yardId = await seedRegisters(run.deps, officer, workflow.code, workflow.sample, businessDate);
      const definition = await activeDefinition(tx, workflow.code);
      const accounts = await listSecuredCandidates(tx, {
        unitPath: officer.actingUnit.path,
        products: workflow.products,
        limit: workflow.stories.length,
      });
      for (const [index, story] of workflow.stories.entries()) {
        const account = accounts[index];
        if (!account) break;
        serial += 1;
        clock.startCase(serial);
        const own: CaseFields = { ...workflow.sample, ...workflow.valuesOf(account, serial) };
        const values: CaseFields = story.values ? { ...own, ...story.values(own) } : own;
        // The sample's dates, moved so the story's last dated step falls `ago` days before today.
        const { shift, initiatedOn, stepDays } = scheduleOf(
          definition,
          planOf(definition, story.path ?? workflow.path, values, story.steps),
          businessDate,
          story.ago,
        );
        const moved = shifted(values, shift);
        const plan = planOf(definition, story.path ?? workflow.path, moved, story.steps);

        await replayDay(run, initiatedOn);
        const started = await startCaseInTx(tx, run.deps, officer, {
          definitionCode: workflow.code,
          accountId: account.accountId,
          fields: {},
        });
        const state = {
          caseId: started.caseId,
          caseNo: started.caseNo,
          stage: definition.initialStage,
          status: definition.initialStatus as string,
          version: started.version,
        };
        for (const [at, item] of plan.entries()) {
          await replayDay(run, stepDays[at]!);
          const stage = findStage(definition, item.stage)!;
          const action = stage.actions.find((candidate) => candidate.name === item.step.action);
          const authority = action?.authority ?? stage.authority;
          // Checker steps are the approver's (the officer made the step they decide); the rest the officer's.
          const ctx = action?.isCheckerAction || !officerAuthorities.has(authority) ? approver : officer;
          let facts: CaseFields = { ...item.values, ...item.form };
          if (AUCTION_BID_STAGES[workflow.code]?.capture === item.stage && item.step.action === 'submit') {
            item.form = await enterDemoBids(run, ctx, definition, state, item.form, facts);
            facts = { ...item.values, ...item.form };
          }
          if (SALE_PAYMENT_FIELDS[item.stage] && workflow.code === SARFAESI_CODE && item.step.action === 'submit') {
            item.form = await withSalePayment(run, definition, state.caseId, item.stage, item.form, facts);
            facts = { ...item.values, ...item.form };
          }
          if (item.stage === INVENTORY_CAPTURE_STAGE && item.step.action === 'submit') {
            // before the checklist's copies: the vehicle's photo is a PNG, not a PDF copy
            await captureDemoInventory(run, ctx, state, account, workflow.code, facts);
          }
          if (workflow.code === SARFAESI_CODE && item.step.action === 'submit') {
            await recordDemoPublications(run, ctx, state, account, facts);
          }
          const needed = [
            ...stage.documents.filter((doc) => doc.required && matchesCondition(doc.when, facts)).map((d) => d.code),
            ...(action?.requiredDocuments ?? []),
          ];
          const present = await caseDocumentCodes(tx, state.caseId);
          for (const code of new Set(needed)) {
            if (!present.has(code)) await uploadDemoCopy(run, officer, state, account, code);
          }
          if (yardId !== null && item.stage === 'AssetDtlCapture' && item.step.action === 'submit') {
            // the vehicle enters the yard the form names, on its yard-in date
            const inDate = String(facts.yardInDate ?? stepDays[at]);
            await moveAsset(run.deps, {
              ctx,
              caseId: state.caseId,
              movement: { kind: 'in', input: { yardId, inDate, condition: 'GOOD' } },
            });
          }
          if (yardId !== null && item.stage === 'Closure' && item.step.action === 'close') {
            // sold or released: the vehicle leaves the yard on the day the case closes
            const reason = facts.closureType === 'RELEASED' ? 'RELEASE' : 'SALE';
            await moveAsset(run.deps, {
              ctx,
              caseId: state.caseId,
              movement: { kind: 'out', input: { outDate: stepDays[at]!, reason } },
            });
          }
          if (item.stage === VALUATION_CAPTURE_STAGE && item.step.action === 'submit') {
            // two valuers' reports on the Valuations tab (the case's valuation fields are derived from them)
            state.version = await addDemoValuations(tx, run.deps, ctx, state.caseId, facts);
          }
          const applied = await applyCaseActionInTx(tx, run.deps, ctx, {
            caseId: state.caseId,
            input: {
              action: item.step.action,
              version: state.version,
              expectedStage: state.stage,
              ...(Object.keys(item.form).length > 0 ? { fields: item.form } : {}),
              ...(item.step.remarks ? { remarks: item.step.remarks } : {}),
            },
          });
          state.stage = applied.stage;
          state.status = applied.status;
          state.version = applied.version;
        }
        if (state.stage === INVENTORY_CAPTURE_STAGE) {
          // a case at Asset Detail Capture has its inventory and photo too (the maker checks them, yards it in, submits)
          await replayDay(run, businessDate);
          const capture = findStage(definition, INVENTORY_CAPTURE_STAGE)!;
          const ctx = officerAuthorities.has(capture.authority) ? officer : approver;
          await captureDemoInventory(run, ctx, state, account, workflow.code, moved);
        }
        if (workflow.code === 'REPOSSESSION') made.repossession += 1;
        else made.sarfaesi += 1;
        if (state.stage === BATCH_STAGE.stage && workflow.code === BATCH_STAGE.definitionCode) {
          atBatchStage.push(state.caseId);
        }
      }
      // The SARFAESI cases at the batch stage become the lots of one open auction batch.
      if (atBatchStage.length >= 2) {
        await replayDay(run, businessDate);
        const ctx = officerAuthorities.has('AUC_BATCH_GEN_SAUTH') ? officer : approver;
        await createBatchInTx(tx, run.deps, {
          ctx,
          input: {
            batchNo: `AB${businessDate.replace(/-/g, '')}01`,
            auctionDate: addDays(businessDate, 30),
            emdLastDate: addDays(businessDate, 28),
            inspectionDate1: addDays(businessDate, 20),
            inspectionDate2: addDays(businessDate, 21),
            auctionAgency: 'MSTC e-auction',
            caseIds: atBatchStage,
          },
        });
      }
    }
    await replayDay(run, businessDate);
    return made;
  });
  if (!outcome) return { repossession: 0, sarfaesi: 0 };
  deps.log.info({ ...outcome, ms: Date.now() - startedAt }, 'demo repossession and SARFAESI cases created');
  return outcome;
}
