import { defineWorkflow, type WorkflowDefinition } from '../definition.ts';
import {
  approve,
  close,
  decline,
  document,
  effects,
  field,
  pastDate,
  pushback,
  recommend,
  reject,
  select,
  submit,
  type FieldInput,
  type StageInput,
} from './builders.ts';
import { partialPaymentStages, requestPartialPayment } from './partial-payment.ts';

// Vehicle repossession (spec §2.5 and §4 stage order; domain reference §2.8 and §3.1): initiate → approval →
// pre-repossession notice → kit (agency, authorisation, police pre-intimation) → asset details (repossession,
// yard-in, inventory, police post-intimation) → valuation → FPR allocation (floor price) → disposal identification,
// then direct sale, an auction path, or release on payment → waiver → pre-sale notice → sale → approval → closure.

/** Policy numbers of the repossession workflow (domain reference §2.8 "suggested SLA defaults"). */
export type RepossessionTimelines = {
  /** pre-repossession notice period (7–15 days in bank policies) */
  preRepossessionNoticeDays: number;
  /** police post-intimation within 24 hours of the repossession */
  policePostIntimationDays: number;
  /** post-repossession letter to the borrower within 24–48 hours */
  postRepossessionLetterDays: number;
  /** valuation within 7 days of yard-in */
  valuationDays: number;
  /** sale within 90 days of repossession */
  saleDays: number;
  /** auction notice period before the auction */
  auctionNoticeDays: number;
  /** pre-sale "final chance" notice: 7 days to pay */
  preSaleNoticeDays: number;
  /** release within 7 days of the payment being realised */
  releaseDays: number;
  approvalSlaDays: number;
};

export const DEFAULT_REPOSSESSION_TIMELINES: RepossessionTimelines = {
  preRepossessionNoticeDays: 7,
  policePostIntimationDays: 1,
  postRepossessionLetterDays: 2,
  valuationDays: 7,
  saleDays: 90,
  auctionNoticeDays: 7,
  preSaleNoticeDays: 7,
  releaseDays: 7,
  approvalSlaDays: 3,
};

const NOTICE_MODES = [
  ['RPAD', 'NoticeModeRpad'],
  ['SPEED_POST', 'NoticeModeSpeedPost'],
  ['COURIER', 'NoticeModeCourier'],
  ['HAND_DELIVERY', 'NoticeModeHandDelivery'],
] as const;

const WAIVER = { field: 'waiverRequired', in: ['true'] };
const SOLD_AT_AUCTION = { field: 'auctionResult', in: ['SUCCESSFUL'] };
const AUCTION_FAILED = { field: 'auctionResult', in: ['NO_BIDS'] };
const NO_WAIVER = { field: 'waiverRequired', in: ['false'] };

const COLUMNS = [
  { key: 'caseNo', labelKey: 'CaseNo', type: 'text', source: 'case', sortable: true },
  { key: 'accountNo', labelKey: 'AccountNo', type: 'text', source: 'account', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text', source: 'account', sortable: true },
  { key: 'product', labelKey: 'Product', type: 'text', source: 'account' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', source: 'account', sortable: true },
  { key: 'totalDueAmount', labelKey: 'TotalDueAmount', type: 'money', source: 'account', sortable: true },
  { key: 'npaFlag', labelKey: 'NpaFlag', type: 'text', source: 'account' },
  { key: 'status', labelKey: 'Status', type: 'status', source: 'case' },
  { key: 'stageEnteredOn', labelKey: 'StageEnteredOn', type: 'date', source: 'case', sortable: true },
  { key: 'dueOn', labelKey: 'DueOn', type: 'date', source: 'case', sortable: true },
  { key: 'makerUserId', labelKey: 'SubmittedBy', type: 'user', source: 'case' },
  { key: 'assetType', labelKey: 'AssetType', type: 'text', source: 'field' },
  { key: 'registrationNo', labelKey: 'VehicleRegistrationNo', type: 'text', source: 'field', sortable: true },
  { key: 'repossessionDate', labelKey: 'RepossessionDate', type: 'date', source: 'field', sortable: true },
  { key: 'yardName', labelKey: 'YardName', type: 'text', source: 'field' },
  { key: 'valuationAmount', labelKey: 'ValuationAmount', type: 'money', source: 'field' },
  { key: 'reservePrice', labelKey: 'ReservePrice', type: 'money', source: 'field' },
  { key: 'disposalMode', labelKey: 'DisposalMode', type: 'text', source: 'field' },
  { key: 'saleAmount', labelKey: 'SaleAmount', type: 'money', source: 'field' },
] as const;

const BASE = [
  'caseNo',
  'accountNo',
  'customerName',
  'product',
  'dpd',
  'totalDueAmount',
  'status',
  'stageEnteredOn',
  'dueOn',
];
const VEHICLE = [...BASE, 'assetType', 'registrationNo'];
const HELD = [...VEHICLE, 'repossessionDate', 'yardName'];
const PRICED = [...HELD, 'valuationAmount', 'reservePrice'];

/** The waiver asked for: above zero, and (requireWaiverWithinDues) not above the account's dues. */
const WAIVER_FIELDS: FieldInput[] = [
  field('waiverAmount', 'WaiverAmount', 'amount', { required: true, rules: [{ kind: 'minAmount', amount: '0.01' }] }),
  field('waiverReason', 'WaiverReason', 'textarea', { required: true }),
];

const noticeFields = (): FieldInput[] => [
  pastDate('noticeDate', 'NoticeDate', { required: true }),
  select('noticeMode', 'NoticeMode', NOTICE_MODES, { required: true }),
  pastDate('noticeSentDate', 'NoticeSentDate', {
    required: true,
    rules: [{ kind: 'onOrAfterField', field: 'noticeDate' }],
  }),
  field('trackingNumber', 'TrackingNumber', 'text', {
    when: { field: 'noticeMode', in: ['RPAD', 'SPEED_POST', 'COURIER'] },
    required: true,
    rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
  }),
  pastDate('noticeServedDate', 'NoticeServedDate', { rules: [{ kind: 'onOrAfterField', field: 'noticeSentDate' }] }),
];

/**
 * The work stages from the pre-repossession notice to the pre-sale notice offer a partial payment (a detour that comes
 * back to the stage): the borrower may pay part of the dues at any time before the sale.
 */
const PART_PAYABLE = new Set([
  'Notice',
  'KitGeneration',
  'AssetDtlCapture',
  'ValuationAgcAllocation',
  'CaptureValDtl',
  'FprAllocation',
  'DirectSale',
  'AuctionNotice',
  'AllocateActionAgc',
  'AssetAuctionDtl',
  'AssetSaleNotice',
]);

function withPartialPayment(stage: StageInput): StageInput {
  return PART_PAYABLE.has(stage.code) ? { ...stage, actions: [...stage.actions, requestPartialPayment] } : stage;
}

const sla = (name: string, label: string, days: number, stages: string[]) => ({
  name,
  label,
  labelKey: 'ApprovalSlaDue',
  kind: 'latest' as const,
  base: 'stageEnteredOn',
  offsetDays: days,
  stages,
  source: 'Policy (configurable)',
});

/**
 * The built-in version of the REPOSSESSION workflow. Bump it with any change to the definition below (the lock test in
 * catalogue.test.ts fails otherwise): servers publish a built-in version their database lacks at start.
 * 4: closure computes the shortfall or surplus and posts the sale proceeds (settleClosure, closureStatement).
 * 5: auction bids (the `auctionBids` widget; a sale below the reserve price is refused) and a failed auction
 * (`auctionResult` NO_BIDS) going back to a reduced reserve, its approval and a re-auction.
 * 6: valuations (the `assetValuations` widget, the `requireValuations` policy) and registered agencies
 * (`requireValidAgency`).
 * 7: the asset detail and inventory (the `assetInventory` widget at AssetDtlCapture, `requireInventory`) replace the
 * free-text inventory, odometer and keys fields; the vehicle's yard-in through the `yard` widget and the yard register
 * (`requireYardIn`) fills yardName and yardInDate, which must match the yard record; the agency stages name the
 * `agencyPicker` widget (a registered agency fills the agency field).
 * 8: approving the sale (AssetSaleApproval) generates the sale letter to the buyer (`generateSaleLetter`), filed at
 * Closure as `saleLetter`.
 * 9: the waiver is money: the request is refused above the account's dues (`requireWaiverWithinDues`), the approval
 * records it on the account (`recordWaiver`) and closure counts it; the waiver stages show the `closureStatement`. A
 * partial payment detour as SARFAESI's (`requestPartialPayment` from the work stages before the sale, PartialPaymentReq
 * and PartialPaymentApproval), whose approval posts a receipt (`postPartialPayment`).
 * 10: versions 8 and 9 were made side by side; 10 holds both.
 */
export const REPOSSESSION_BUILT_IN_VERSION = 10;

export function buildRepossessionDefinition(
  timelines: RepossessionTimelines = DEFAULT_REPOSSESSION_TIMELINES,
  version = REPOSSESSION_BUILT_IN_VERSION,
  status: WorkflowDefinition['status'] = 'ACTIVE',
): WorkflowDefinition {
  const t = timelines;
  return defineWorkflow({
    code: 'REPOSSESSION',
    version,
    status,
    app: 'repoapp',
    labelKey: 'RepossessionWorkflow',
    initialStage: 'RepoInitiate',
    initialStatus: 'Initiated',
    terminalStatuses: ['Declined', 'Closed'],
    columns: [...COLUMNS],
    stages: [
      {
        code: 'RepoInitiate',
        labelKey: 'RepossessionInitiate',
        routeSlug: 'repoRepoInitiate',
        authority: 'REPO_INITIATE_SAUTH',
        trayColumns: [...BASE, 'npaFlag'],
        fields: [
          select(
            'repoReason',
            'RepossessionReason',
            [
              ['NPA', 'ReasonNpa'],
              ['SKIP', 'ReasonSkipped'],
              ['WILFUL_DEFAULT', 'ReasonWilfulDefault'],
              ['ASSET_AT_RISK', 'ReasonAssetAtRisk'],
            ],
            { required: true },
          ),
          select(
            'assetType',
            'AssetType',
            [
              ['CAR', 'AssetCar'],
              ['TWO_WHEELER', 'AssetTwoWheeler'],
              ['COMMERCIAL_VEHICLE', 'AssetCommercialVehicle'],
              ['TRACTOR', 'AssetTractor'],
              ['CONSTRUCTION_EQUIPMENT', 'AssetConstructionEquipment'],
            ],
            { required: true },
          ),
          field('registrationNo', 'VehicleRegistrationNo', 'text', {
            required: true,
            rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 12 }],
          }),
          field('chassisNo', 'ChassisNo', 'text', {
            required: true,
            rules: [{ kind: 'upperAlphaNum' }, { kind: 'minLength', length: 17 }, { kind: 'maxLength', length: 17 }],
          }),
          field('engineNo', 'EngineNo', 'text', {
            rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
          }),
          field('agreementHasRepoClause', 'AgreementHasRepossessionClause', 'boolean', { required: true }),
          field('overdueAmount', 'OverdueAmount', 'amount', { required: true }),
        ],
        documents: [
          document('loanAgreement', 'LoanAgreement'),
          document('registrationCertificate', 'RegistrationCertificateWithHypothecation'),
        ],
        actions: [recommend('RepoInitiateApproval'), decline()],
      },
      {
        code: 'RepoInitiateApproval',
        labelKey: 'RepossessionInitiateApproval',
        routeSlug: 'repoRepoInitiateApproval',
        authority: 'REPO_INIT_APP_SAUTH',
        trayColumns: [...VEHICLE, 'makerUserId'],
        actions: [
          approve('Notice', { requiredFields: ['agreementHasRepoClause'], effects: effects('generateRepoNotice') }),
          pushback('RepoInitiate'),
          decline({ isCheckerAction: true }),
        ],
      },
      {
        code: 'Notice',
        labelKey: 'Notice',
        routeSlug: 'repoNotice',
        authority: 'REPO_NOTICE_CAP_SAUTH',
        trayColumns: VEHICLE,
        fields: noticeFields(),
        documents: [document('noticeCopy', 'NoticeCopy'), document('dispatchProof', 'DispatchProof')],
        actions: [submit('KitGeneration', { labelKey: 'NoticeSent' })],
      },
      {
        code: 'KitGeneration',
        labelKey: 'KitGeneration',
        routeSlug: 'repoKitGeneration',
        authority: 'REPO_KIT_GEN_SAUTH',
        trayColumns: VEHICLE,
        widgets: ['agencyPicker'],
        fields: [
          field('repoAgencyName', 'RepossessionAgency', 'text', { required: true }),
          field('authorisationLetterNo', 'AuthorisationLetterNo', 'text', {
            required: true,
            rules: [{ kind: 'maxLength', length: 30 }],
          }),
          field('policeStation', 'PoliceStation', 'text', { required: true }),
          pastDate('policePreIntimationDate', 'PolicePreIntimationDate', { required: true }),
        ],
        documents: [
          document('authorisationLetter', 'AuthorisationLetter'),
          document('policePreIntimation', 'PolicePreIntimation'),
        ],
        actions: [
          submit('AssetDtlCapture', {
            labelKey: 'ReleaseKitToAgency',
            effects: effects('requireValidAgency', 'generateRepoKit'),
          }),
        ],
      },
      {
        code: 'AssetDtlCapture',
        labelKey: 'AssetDetailCapture',
        routeSlug: 'repoAssetDtlCapture',
        authority: 'REPO_ASSET_DTL_CAP_SAUTH',
        trayColumns: [...VEHICLE, 'repossessionDate'],
        fields: [
          pastDate('repossessionDate', 'RepossessionDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'policePreIntimationDate' }],
          }),
          // written by the yard widget's yard-in (requireYardIn refuses values that differ from the yard record)
          field('yardName', 'YardName', 'text', { required: true }),
          pastDate('yardInDate', 'YardInDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'repossessionDate' }],
          }),
          pastDate('policePostIntimationDate', 'PolicePostIntimationDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'repossessionDate' }],
          }),
          pastDate('postRepoLetterDate', 'PostRepossessionLetterDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'repossessionDate' }],
          }),
          field('belongingsReturned', 'BelongingsReturned', 'boolean'),
        ],
        documents: [
          document('repossessionPhotos', 'RepossessionPhotos'),
          document('inventorySheet', 'InventorySheet'),
          document('policePostIntimation', 'PolicePostIntimation'),
          document('postRepoLetter', 'PostRepossessionLetter'),
        ],
        // The vehicle's details, odometer, keys, inventory lines and photos: the assetInventory widget's record.
        // The vehicle's yard-in (a yard of the register) and yard-out: the yard widget; its yard-in writes yardName and
        // yardInDate on the case.
        widgets: ['assetInventory', 'yard'],
        // The kit's second half: police post-intimation and the post-repossession letter to the borrower (printing the
        // inventory record), once the inventory is complete.
        actions: [
          submit('ValuationAgcAllocation', {
            labelKey: 'AssetInYard',
            effects: effects('requireInventory', 'requireYardIn', 'generateRepoKit'),
          }),
        ],
      },
      {
        code: 'ValuationAgcAllocation',
        labelKey: 'ValuationAgencyAllocation',
        routeSlug: 'repoValuationAgcAllocation',
        authority: 'REPO_VAL_AGC_ALLOC_SAUTH',
        trayColumns: [...HELD, 'npaFlag'],
        // the inventory captured at AssetDtlCapture, read-only
        widgets: ['assetInventory', 'agencyPicker'],
        fields: [
          field('valuationAgency', 'ValuationAgency', 'text', { required: true }),
          pastDate('valuationAllocationDate', 'AllocationDate', { required: true }),
        ],
        actions: [submit('CaptureValDtl', { labelKey: 'AllocateAgency', effects: effects('requireValidAgency') })],
      },
      {
        code: 'CaptureValDtl',
        labelKey: 'CaptureValuationDetails',
        routeSlug: 'repoCaptureValDtl',
        authority: 'REPO_CAP_VAL_DTL_SAUTH',
        trayColumns: HELD,
        fields: [
          pastDate('valuationDate', 'ValuationDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'yardInDate' }],
          }),
          field('valuationAmount', 'ValuationAmount', 'amount', { required: true }),
          field('distressValue', 'DistressValue', 'amount'),
          select(
            'assetCondition',
            'AssetCondition',
            [
              ['GOOD', 'ConditionGood'],
              ['AVERAGE', 'ConditionAverage'],
              ['POOR', 'ConditionPoor'],
              ['SCRAP', 'ConditionScrap'],
            ],
            { required: true },
          ),
        ],
        documents: [document('valuationReport', 'ValuationReport')],
        // the valuations the policy asks for (two above the outstanding threshold) are captured in the tab
        widgets: ['assetValuations'],
        actions: [submit('ValuationCompletion', { effects: effects('requireValuations') })],
      },
      {
        code: 'ValuationCompletion',
        labelKey: 'ValuationCompletion',
        routeSlug: 'repoValuationCompletion',
        authority: 'REPO_VAL_COMP_SAUTH',
        trayColumns: [...HELD, 'valuationAmount', 'makerUserId'],
        widgets: ['assetValuations'],
        actions: [approve('FprAllocation', { requiredDocuments: ['valuationReport'] }), pushback('CaptureValDtl')],
      },
      {
        code: 'FprAllocation',
        labelKey: 'FPRAllocation',
        routeSlug: 'repoFprAllocation',
        authority: 'REPO_FPR_ALLOC_SAUTH',
        trayColumns: [...HELD, 'valuationAmount'],
        fields: [
          field('fprAgency', 'FprAgency', 'text', { required: true }),
          field('reservePrice', 'ReservePrice', 'amount', { required: true }),
        ],
        widgets: ['assetValuations', 'agencyPicker'],
        // After a failed auction the reserve is reduced: below the previous one (requireReducedReserve).
        actions: [
          submit('DisposalIdentification', {
            labelKey: 'RecommendDisposal',
            effects: effects('requireReducedReserve', 'requireValidAgency'),
          }),
        ],
      },
      {
        code: 'DisposalIdentification',
        labelKey: 'DisposalIdentification',
        routeSlug: 'repoDisposalIdentification',
        authority: 'REPO_DISP_IDEN_SAUTH',
        trayColumns: [...PRICED, 'makerUserId'],
        fields: [
          select(
            'disposalMode',
            'DisposalMode',
            [
              ['AUCTION', 'DisposalAuction'],
              ['DIRECT_SALE', 'DisposalDirectSale'],
              ['RELEASE', 'DisposalReleaseOnPayment'],
            ],
            { required: true },
          ),
        ],
        actions: [
          approve('AuctionNotice', { when: { field: 'disposalMode', in: ['AUCTION'] }, labelKey: 'ApproveAuction' }),
          approve('DirectSale', {
            when: { field: 'disposalMode', in: ['DIRECT_SALE'] },
            labelKey: 'ApproveDirectSale',
          }),
          approve('Closure', { when: { field: 'disposalMode', in: ['RELEASE'] }, labelKey: 'ApproveRelease' }),
          pushback('FprAllocation'),
        ],
      },
      {
        code: 'DirectSale',
        labelKey: 'DirectSale',
        routeSlug: 'repoDirectSale',
        authority: 'REPO_DIRECT_SALE_SAUTH',
        trayColumns: PRICED,
        fields: [
          field('buyerName', 'BuyerName', 'text', { required: true }),
          field('saleOfferAmount', 'SaleOfferAmount', 'amount', { required: true }),
          field('waiverRequired', 'WaiverRequired', 'boolean', { required: true }),
        ],
        documents: [document('buyerOffer', 'BuyerOfferLetter')],
        actions: [
          submit('WaverApprovalReq', { when: WAIVER }),
          submit('AssetSaleNotice', { when: NO_WAIVER, effects: effects('generateSaleNotice') }),
        ],
      },
      {
        code: 'AuctionNotice',
        labelKey: 'AuctionNotice',
        routeSlug: 'repoAuctionNotice',
        authority: 'REPO_AUC_NOTICE_SAUTH',
        trayColumns: PRICED,
        fields: [
          pastDate('auctionNoticeDate', 'AuctionNoticeDate', { required: true }),
          field('auctionDate', 'AuctionDate', 'date', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'auctionNoticeDate', offsetDays: t.auctionNoticeDays }],
          }),
        ],
        documents: [document('auctionNoticeCopy', 'AuctionNoticeCopy')],
        actions: [submit('AllocateActionAgc')],
      },
      {
        code: 'AllocateActionAgc',
        labelKey: 'AuctionAgencyAllocation',
        routeSlug: 'repoAllocateActionAgc',
        authority: 'REPO_AUC_AGC_ALLOC_SAUTH',
        trayColumns: [...PRICED, 'disposalMode'],
        widgets: ['agencyPicker'],
        fields: [field('auctionAgency', 'AuctionAgency', 'text', { required: true })],
        actions: [submit('AssetAuctionDtl', { labelKey: 'AllocateAgency', effects: effects('requireValidAgency') })],
      },
      {
        code: 'AssetAuctionDtl',
        labelKey: 'AssetAuctionDetails',
        routeSlug: 'repoAssetAuctionDtl',
        authority: 'REPO_ASSET_AUC_DTL_SAUTH',
        trayColumns: PRICED,
        fields: [
          select(
            'auctionResult',
            'AuctionResult',
            [
              ['SUCCESSFUL', 'AuctionSuccessful'],
              ['NO_BIDS', 'AuctionNoBids'],
            ],
            { required: true },
          ),
          pastDate('auctionHeldOn', 'AuctionHeldOn', { required: true }),
          // The bids tab (auctionBids) fills these from the bids: the count, and H1's name and amount.
          field('numberOfBids', 'NumberOfBids', 'number', { required: true, when: SOLD_AT_AUCTION }),
          field('highestBidderName', 'HighestBidderName', 'text', { required: true, when: SOLD_AT_AUCTION }),
          field('highestBid', 'HighestBid', 'amount', { required: true, when: SOLD_AT_AUCTION }),
          field('waiverRequired', 'WaiverRequired', 'boolean', { required: true, when: SOLD_AT_AUCTION }),
        ],
        documents: [document('bidSheet', 'BidSheet')],
        widgets: ['auctionBids'],
        actions: [
          submit('AuctionApproval', { when: SOLD_AT_AUCTION }),
          // A failed auction: a reduced reserve (FPR), its approval and a fresh auction notice.
          submit('FprAllocation', {
            when: AUCTION_FAILED,
            labelKey: 'AuctionFailed',
            effects: effects('reopenAuction'),
          }),
        ],
      },
      {
        code: 'AuctionApproval',
        labelKey: 'AuctionApproval',
        routeSlug: 'repoAuctionApproval',
        authority: 'REPO_AUC_APP_SAUTH',
        trayColumns: [...PRICED, 'makerUserId'],
        widgets: ['auctionBids'],
        actions: [
          approve('WaverApprovalReq', {
            when: WAIVER,
            requiredFields: ['highestBid'],
            effects: effects('requireReserveMet'),
          }),
          approve('AssetSaleNotice', {
            when: NO_WAIVER,
            requiredFields: ['highestBid'],
            effects: effects('requireReserveMet', 'generateSaleNotice'),
          }),
          pushback('AssetAuctionDtl'),
          reject('DisposalIdentification', { labelKey: 'RejectBid' }),
        ],
      },
      {
        code: 'WaverApprovalReq',
        labelKey: 'WaiverApprovalRequest',
        routeSlug: 'repoWaverApprovalReq',
        authority: 'REPO_WAIV_APP_RQST_SAUTH',
        trayColumns: PRICED,
        fields: WAIVER_FIELDS,
        // the account's dues and what the sale leaves of them, beside the waiver asked for
        widgets: ['closureStatement'],
        actions: [recommend('WaverApproval', { effects: effects('requireWaiverWithinDues') })],
      },
      {
        code: 'WaverApproval',
        labelKey: 'WaiverApproval',
        routeSlug: 'repoWaverApproval',
        authority: 'REPO_WAIV_APP_SAUTH',
        trayColumns: [...PRICED, 'makerUserId'],
        widgets: ['closureStatement'],
        actions: [
          // the waiver is recorded as money on the account; closure counts it against the shortfall
          approve('AssetSaleNotice', { effects: effects('recordWaiver', 'generateSaleNotice') }),
          reject('AssetSaleNotice', {
            labelKey: 'RejectWaiver',
            effects: effects('notifyMaker', 'generateSaleNotice'),
          }),
          pushback('WaverApprovalReq'),
        ],
      },
      {
        code: 'AssetSaleNotice',
        labelKey: 'AssetSaleNotice',
        routeSlug: 'repoAssetSaleNotice',
        authority: 'REPO_ASSET_SALE_NOTICE_SAUTH',
        trayColumns: PRICED,
        fields: [
          pastDate('saleNoticeDate', 'SaleNoticeDate', { required: true }),
          select('saleNoticeMode', 'NoticeMode', NOTICE_MODES, { required: true }),
        ],
        documents: [document('saleNoticeCopy', 'SaleNoticeCopy')],
        actions: [submit('AssetSale', { labelKey: 'NoticeSent' })],
      },
      {
        code: 'AssetSale',
        labelKey: 'AssetSale',
        routeSlug: 'repoAssetSale',
        authority: 'REPO_ASSET_SALE_SAUTH',
        trayColumns: [...PRICED, 'disposalMode'],
        fields: [
          pastDate('saleDate', 'SaleDate', { required: true }),
          field('saleAmount', 'SaleAmount', 'amount', { required: true }),
          field('buyerName', 'BuyerName', 'text', { required: true }),
          field('paymentReference', 'PaymentReferenceUtr', 'text', {
            required: true,
            rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 22 }],
          }),
        ],
        documents: [document('saleInvoice', 'SaleInvoice'), document('transferForms', 'RtoTransferForms2930')],
        actions: [submit('AssetSaleApproval')],
      },
      {
        code: 'AssetSaleApproval',
        labelKey: 'AssetSaleApproval',
        routeSlug: 'repoAssetSaleApproval',
        authority: 'REPO_ASSET_SALE_APP_SAUTH',
        trayColumns: [...PRICED, 'saleAmount', 'makerUserId'],
        // Approving the sale writes the sale letter to the buyer (generateSaleLetter), filed as `saleLetter`.
        actions: [
          approve('Closure', { requiredFields: ['saleAmount'], effects: effects('generateSaleLetter') }),
          pushback('AssetSale'),
        ],
      },
      {
        code: 'Closure',
        labelKey: 'Closure',
        routeSlug: 'repoClosure',
        authority: 'REPO_ASSET_CLOSE_SAUTH',
        trayColumns: [...PRICED, 'disposalMode', 'saleAmount'],
        fields: [
          select(
            'closureType',
            'ClosureType',
            [
              ['SOLD', 'ClosureSold'],
              ['RELEASED', 'ClosureReleased'],
              ['WRITTEN_OFF', 'ClosureWrittenOff'],
            ],
            { required: true },
          ),
          pastDate('paymentRealisedDate', 'PaymentRealisedDate', {
            required: true,
            when: { field: 'disposalMode', in: ['RELEASE'] },
          }),
          pastDate('releaseDate', 'ReleaseDate', {
            required: true,
            when: { field: 'disposalMode', in: ['RELEASE'] },
            rules: [{ kind: 'onOrAfterField', field: 'paymentRealisedDate' }],
          }),
          // The expenses of taking, keeping and selling the vehicle, recovered from the sale amount. The shortfall or
          // surplus is computed at closing (settleClosure), never typed.
          field('saleExpenses', 'SaleExpensesRecovered', 'amount', { when: { field: 'closureType', in: ['SOLD'] } }),
        ],
        documents: [
          document('releaseLetter', 'ReleaseLetter', { when: { field: 'disposalMode', in: ['RELEASE'] } }),
          // generated when the sale is approved; a signed copy may be added
          document('saleLetter', 'SaleLetterToBuyer', {
            required: false,
            when: { field: 'disposalMode', in: ['AUCTION', 'DIRECT_SALE'] },
          }),
        ],
        widgets: ['closureStatement'],
        actions: [close({ effects: effects('settleClosure') })],
      },
      // a partial payment (not a spec §2.5 stage of repossession: the spec names it for SARFAESI; the same authorities)
      ...partialPaymentStages('repo', [...BASE, 'makerUserId']),
    ].map(withPartialPayment),
    dateRules: [
      {
        name: 'REPO_NOTICE_PERIOD',
        label: `Pre-repossession notice period of ${t.preRepossessionNoticeDays} days`,
        labelKey: 'RepoNoticePeriodEnds',
        kind: 'earliest',
        base: ['noticeDate', 'noticeServedDate'],
        offsetDays: t.preRepossessionNoticeDays,
        stages: ['KitGeneration'],
        actions: ['submit'],
        source:
          'RBI NBFC Fair Practices Code (notice period in the loan agreement); bank policy 7–15 days — domain reference §2.8',
      },
      {
        name: 'REPO_POLICE_POST_INTIMATION_DUE',
        label: 'Police post-intimation within 24 hours of repossession',
        labelKey: 'PolicePostIntimationDue',
        kind: 'latest',
        base: 'repossessionDate',
        offsetDays: t.policePostIntimationDays,
        stages: ['AssetDtlCapture'],
        source: 'Industry practice (IBA/FIDC) — domain reference §2.8',
      },
      {
        name: 'REPO_POST_LETTER_DUE',
        label: 'Post-repossession letter to the borrower within 48 hours',
        labelKey: 'PostRepossessionLetterDue',
        kind: 'latest',
        base: 'repossessionDate',
        offsetDays: t.postRepossessionLetterDays,
        stages: ['AssetDtlCapture'],
        source: 'Policy — domain reference §2.8',
      },
      {
        name: 'REPO_VALUATION_DUE',
        label: `Valuation within ${t.valuationDays} days of yard-in`,
        labelKey: 'ValuationDue',
        kind: 'latest',
        base: 'yardInDate',
        offsetDays: t.valuationDays,
        stages: ['ValuationAgcAllocation', 'CaptureValDtl', 'ValuationCompletion'],
        source: 'Policy — domain reference §2.8',
      },
      {
        name: 'REPO_SALE_DUE',
        label: `Sale within ${t.saleDays} days of repossession`,
        labelKey: 'SaleDue',
        kind: 'latest',
        base: 'repossessionDate',
        offsetDays: t.saleDays,
        stages: [
          'FprAllocation',
          'DisposalIdentification',
          'DirectSale',
          'AuctionNotice',
          'AllocateActionAgc',
          'AssetAuctionDtl',
          'AuctionApproval',
          'WaverApprovalReq',
          'WaverApproval',
          'AssetSaleNotice',
          'AssetSale',
          'AssetSaleApproval',
        ],
        source: 'Policy — domain reference §2.8',
      },
      {
        name: 'REPO_AUCTION_NOTICE_PERIOD',
        label: `Auction not before ${t.auctionNoticeDays} days after the auction notice`,
        labelKey: 'AuctionNoticePeriodEnds',
        kind: 'earliest',
        base: 'auctionNoticeDate',
        offsetDays: t.auctionNoticeDays,
        stages: ['AssetAuctionDtl'],
        actions: ['submit'],
        source: 'Policy — domain reference §2.8',
      },
      {
        name: 'REPO_PRE_SALE_NOTICE_PERIOD',
        label: `Sale only after the ${t.preSaleNoticeDays}-day pre-sale notice ("final chance to repay")`,
        labelKey: 'PreSaleNoticePeriodEnds',
        kind: 'earliest',
        base: 'saleNoticeDate',
        offsetDays: t.preSaleNoticeDays,
        stages: ['AssetSale'],
        actions: ['submit'],
        source: 'RBI NBFC Fair Practices Code (final chance before sale); bank policy 7 days — domain reference §2.8',
      },
      {
        name: 'REPO_RELEASE_DUE',
        label: `Release within ${t.releaseDays} days of the payment being realised`,
        labelKey: 'ReleaseDue',
        kind: 'latest',
        base: 'paymentRealisedDate',
        offsetDays: t.releaseDays,
        stages: ['Closure'],
        when: { field: 'disposalMode', in: ['RELEASE'] },
        source: 'Policy — domain reference §2.8',
      },
      sla('REPO_INITIATE_APPROVAL_SLA', 'Initiation decision due', t.approvalSlaDays, ['RepoInitiateApproval']),
      sla('REPO_SALE_APPROVAL_SLA', 'Sale approval due', t.approvalSlaDays, ['AuctionApproval', 'AssetSaleApproval']),
      sla('REPO_WAIVER_APPROVAL_SLA', 'Waiver decision due', t.approvalSlaDays, ['WaverApproval']),
      sla('REPO_PARTIAL_PAYMENT_APPROVAL_SLA', 'Partial payment decision due', t.approvalSlaDays, [
        'PartialPaymentApproval',
      ]),
    ],
  });
}

export const REPOSSESSION_DEFINITION: WorkflowDefinition = buildRepossessionDefinition();
