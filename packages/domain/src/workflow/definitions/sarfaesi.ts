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
  type ActionInput,
  type StageInput,
} from './builders.ts';
import { partialPaymentStages, requestPartialPayment } from './partial-payment.ts';

// SARFAESI enforcement (spec §2.5 and §4; domain reference §2.4 and §3.2): initiation and approval → §13(2) notice
// capture and approval → publication → possession type and §13(3A) representation → police pre-intimation →
// possession (Rule 8) → for physical possession through the magistrate: DM agency, §14 application, order, kit →
// asset details → valuation → FPR → PVR → disposal → reserve price (maker-checker) → auction path (batch, Rule 8(6)
// sale notice, artwork, publication, agency, e-auction, confirmation) or direct sale → waiver → sale confirmation →
// 75% balance → sale approval → closure. Release on redemption (§13(8), only until the auction notice is
// published) and partial payments are detours that return to the stage they were raised from.

/** Statutory and policy numbers (domain reference §2.4 deadline table; the defaults are its values). */
export type SarfaesiTimelines = {
  /** §13(2): the borrower discharges the liability within 60 days of the notice; no §13(4) measure before */
  demandNoticeDays: number;
  /** §13(3A): reasons for rejecting a representation within 15 days of receipt */
  representationReplyDays: number;
  /** Rule 8(2): possession notice published within 7 days of possession */
  possessionPublicationDays: number;
  /** §17: the borrower may apply to the DRT within 45 days of the measure */
  drtChallengeDays: number;
  /** §14: the magistrate acts within 30 days … */
  magistrateOrderDays: number;
  /** … extendable to 60 days in aggregate */
  magistrateEscalationDays: number;
  /** Rule 8(6) / 9(1): 30 days between the sale notice and the sale */
  saleNoticeDays: number;
  /** proviso to Rule 9(1): 15 days' notice for a subsequent sale */
  resaleNoticeDays: number;
  /** Rule 9(4): balance 75% on or before the 15th day of confirmation */
  balancePaymentDays: number;
  /** §13(8) redemption: the property (and its title deeds) released within 7 days of the dues being realised */
  releaseDays: number;
  /** NBFCs (assets ≥ ₹100 crore) may use SARFAESI only for secured debt of ₹20 lakh or more */
  nbfcMinimumDebt: string;
  approvalSlaDays: number;
};

export const DEFAULT_SARFAESI_TIMELINES: SarfaesiTimelines = {
  demandNoticeDays: 60,
  representationReplyDays: 15,
  possessionPublicationDays: 7,
  drtChallengeDays: 45,
  magistrateOrderDays: 30,
  magistrateEscalationDays: 60,
  saleNoticeDays: 30,
  resaleNoticeDays: 15,
  balancePaymentDays: 15,
  releaseDays: 7,
  nbfcMinimumDebt: '2000000',
  approvalSlaDays: 3,
};

const NOTICE_MODES = [
  ['RPAD', 'NoticeModeRpad'],
  ['SPEED_POST', 'NoticeModeSpeedPost'],
  ['COURIER', 'NoticeModeCourier'],
  ['EMAIL', 'NoticeModeEmail'],
] as const;

const WAIVER = { field: 'waiverRequired', in: ['true'] };
const REDEEMED = { field: 'closureType', in: ['REDEEMED'] };
const NO_WAIVER = { field: 'waiverRequired', in: ['false'] };
const UNSERVED = { field: 'serviceStatus', in: ['REFUSED', 'UNSERVED'] };

const COLUMNS = [
  { key: 'caseNo', labelKey: 'CaseNo', type: 'text', source: 'case', sortable: true },
  { key: 'accountNo', labelKey: 'AccountNo', type: 'text', source: 'account', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text', source: 'account', sortable: true },
  { key: 'product', labelKey: 'Product', type: 'text', source: 'account' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', source: 'account', sortable: true },
  { key: 'npaFlag', labelKey: 'NpaFlag', type: 'text', source: 'account' },
  { key: 'status', labelKey: 'Status', type: 'status', source: 'case' },
  { key: 'stageEnteredOn', labelKey: 'StageEnteredOn', type: 'date', source: 'case', sortable: true },
  { key: 'dueOn', labelKey: 'DueOn', type: 'date', source: 'case', sortable: true },
  { key: 'makerUserId', labelKey: 'SubmittedBy', type: 'user', source: 'case' },
  { key: 'securedDebtAmount', labelKey: 'SecuredDebtAmount', type: 'money', source: 'field', sortable: true },
  { key: 'securityType', labelKey: 'SecurityType', type: 'text', source: 'field' },
  { key: 'demandNoticeDate', labelKey: 'DemandNoticeDate', type: 'date', source: 'field', sortable: true },
  { key: 'possessionDate', labelKey: 'PossessionDate', type: 'date', source: 'field', sortable: true },
  { key: 'fairMarketValue', labelKey: 'FairMarketValue', type: 'money', source: 'field' },
  { key: 'reservePrice', labelKey: 'ReservePrice', type: 'money', source: 'field' },
  { key: 'disposalMode', labelKey: 'DisposalMode', type: 'text', source: 'field' },
  { key: 'auctionDate', labelKey: 'AuctionDate', type: 'date', source: 'field', sortable: true },
  { key: 'saleAmount', labelKey: 'SaleAmount', type: 'money', source: 'field' },
] as const;

const BASE = [
  'caseNo',
  'accountNo',
  'customerName',
  'product',
  'dpd',
  'securedDebtAmount',
  'status',
  'stageEnteredOn',
  'dueOn',
];
const NOTICED = [...BASE, 'demandNoticeDate'];
const POSSESSED = [...NOTICED, 'possessionDate'];
const PRICED = [...POSSESSED, 'fairMarketValue', 'reservePrice', 'disposalMode'];
const AUCTIONED = [...PRICED, 'auctionDate'];

/** §13(8): redemption is accepted only until the auction notice is published (PublicationUpload). */
const requestRelease: ActionInput = {
  name: 'requestRelease',
  labelKey: 'RequestAssetRelease',
  to: { stage: 'AssetReleaseRequest' },
  // a case back at base price after a failed auction is still locked (the first publication ended redemption)
  effects: ['requireRedeemable'],
  status: 'Initiated',
  remarksRequired: true,
  maker: 'actor',
  authority: 'ASSET_RELEASE_RQST_SAUTH',
  opensDetour: true,
};

/** Work stages from the §13(2) notice to the auction notice publication offer both detours. */
const RELEASABLE = new Set([
  'NoticeCapture',
  'NewspaperPublication',
  'TypeIdentification',
  'PreIntimationNotice',
  'PossessionDtlCapture',
  'AgencyAllocation',
  'DmUpdate',
  'OrderCapture',
  'KitGeneration',
  'AssetDtlCapture',
  'ValAgencyAllocation',
  'CaptureValDtl',
  'FprAllocation',
  'PvrCapture',
  'DisposalIdentification',
  'BasePriceInitiate',
  'BatchGen',
  'AuctionNotice',
  'UploadArtwork',
]);
/** After publication a partial payment can still be taken (it does not stop the sale). */
const PART_PAYABLE = new Set([...RELEASABLE, 'PublicationUpload', 'AllocateAuctionAgency', 'AssetAuctionCapture']);

function withDetours(stage: StageInput): StageInput {
  const extra: ActionInput[] = [];
  if (RELEASABLE.has(stage.code)) extra.push(requestRelease);
  if (PART_PAYABLE.has(stage.code)) extra.push(requestPartialPayment);
  return { ...stage, actions: [...stage.actions, ...extra] };
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

function stages(t: SarfaesiTimelines): StageInput[] {
  return [
    {
      code: 'SarfInitiate',
      labelKey: 'SarfaesiInitiate',
      routeSlug: 'sarfSarfInitiate',
      authority: 'SARF_INIT_SAUTH',
      trayColumns: [...BASE, 'npaFlag'],
      fields: [
        select(
          'lenderType',
          'LenderType',
          [
            ['BANK', 'LenderBank'],
            ['NBFC', 'LenderNbfc'],
            ['HFC', 'LenderHfc'],
          ],
          { required: true },
        ),
        pastDate('npaDate', 'NpaDate', { required: true }),
        field('securedDebtAmount', 'SecuredDebtAmount', 'amount', {
          required: true,
          rules: [{ kind: 'minAmount', amount: t.nbfcMinimumDebt, when: { field: 'lenderType', in: ['NBFC'] } }],
        }),
        field('principalOutstanding', 'PrincipalOutstanding', 'amount', { required: true }),
        field('interestOutstanding', 'InterestOutstanding', 'amount', { required: true }),
        field('chargesOutstanding', 'ChargesOutstanding', 'amount', { required: true }),
        select(
          'securityType',
          'SecurityType',
          [
            ['IMMOVABLE', 'SecurityImmovable'],
            ['MOVABLE', 'SecurityMovable'],
          ],
          { required: true },
        ),
        field('propertyDescription', 'PropertyDescription', 'textarea', { required: true }),
        field('cersaiAssetId', 'CersaiAssetId', 'text', {
          required: true,
          rules: [{ kind: 'number' }, { kind: 'maxLength', length: 20 }],
        }),
        field('obligorCount', 'ObligorCount', 'number', { required: true }),
      ],
      documents: [
        document('loanAgreement', 'LoanAgreement'),
        document('securityDocument', 'MortgageOrHypothecationDeed'),
        document('cersaiRegistration', 'CersaiRegistration'),
        document('statementOfAccount', 'StatementOfAccount'),
      ],
      actions: [recommend('SarfInitiateApprove'), decline()],
    },
    {
      code: 'SarfInitiateApprove',
      labelKey: 'SarfaesiInitiateApproval',
      routeSlug: 'sarfSarfInitiateApprove',
      authority: 'SARF_INIT_APP_SAUTH',
      trayColumns: [...BASE, 'securityType', 'makerUserId'],
      actions: [
        approve('NoticeCapture', {
          requiredFields: ['npaDate', 'securedDebtAmount'],
          effects: effects('generateDemandNotice'),
        }),
        pushback('SarfInitiate'),
        decline({ isCheckerAction: true }),
      ],
    },
    {
      code: 'NoticeCapture',
      labelKey: 'NoticeCapture',
      routeSlug: 'sarfNoticeCapture',
      authority: 'SARF_NOTICE_CAP_SAUTH',
      trayColumns: BASE,
      fields: [
        pastDate('demandNoticeDate', 'DemandNoticeDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'npaDate' }],
        }),
        field('demandAmount', 'DemandAmount', 'amount', { required: true }),
        select('noticeMode', 'NoticeMode', NOTICE_MODES, { required: true }),
        pastDate('demandNoticeSentDate', 'NoticeSentDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'demandNoticeDate' }],
        }),
        field('trackingNumber', 'TrackingNumber', 'text', {
          rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
        }),
        select(
          'serviceStatus',
          'NoticeServiceStatus',
          [
            ['SERVED', 'NoticeServed'],
            ['REFUSED', 'NoticeRefused'],
            ['UNSERVED', 'NoticeUnserved'],
          ],
          { required: true },
        ),
        pastDate('demandNoticeServedDate', 'NoticeServedDate', {
          required: true,
          when: { field: 'serviceStatus', in: ['SERVED'] },
          rules: [{ kind: 'onOrAfterField', field: 'demandNoticeSentDate' }],
        }),
      ],
      documents: [document('demandNoticeCopy', 'DemandNotice132Copy'), document('dispatchProof', 'DispatchProof')],
      actions: [submit('NoticeApproval')],
    },
    {
      code: 'NoticeApproval',
      labelKey: 'NoticeApproval',
      routeSlug: 'sarfNoticeApproval',
      authority: 'SARF_NOTICE_APP_SAUTH',
      trayColumns: [...NOTICED, 'makerUserId'],
      actions: [
        approve('NewspaperPublication', { requiredDocuments: ['demandNoticeCopy'] }),
        pushback('NoticeCapture'),
      ],
    },
    {
      code: 'NewspaperPublication',
      labelKey: 'NewspaperPublication',
      routeSlug: 'sarfNewspaperPublication',
      authority: 'SARF_NEWS_PUB_SAUTH',
      trayColumns: NOTICED,
      // Rule 3: a notice that could not be served is affixed on the property and published in two newspapers.
      fields: [
        pastDate('demandNoticeAffixedDate', 'AffixedOnPropertyDate', { required: true, when: UNSERVED }),
        pastDate('demandNoticePublishedDate', 'PublicationDate', { required: true, when: UNSERVED }),
        field('demandNoticeNewspapers', 'NewspapersEnglishAndVernacular', 'text', { required: true, when: UNSERVED }),
      ],
      documents: [document('demandNoticePublication', 'NewspaperCuttings', { when: UNSERVED })],
      // the papers, their dates and scans (Rule 3); the fields above follow the record
      widgets: ['publications'],
      actions: [submit('TypeIdentification', { effects: effects('requirePublications') })],
    },
    {
      code: 'TypeIdentification',
      labelKey: 'TypeIdentification',
      routeSlug: 'sarfTypeIdentification',
      authority: 'SARF_TYPE_IDEN_SAUTH',
      trayColumns: NOTICED,
      fields: [
        select(
          'possessionType',
          'PossessionType',
          [
            ['SYMBOLIC', 'PossessionSymbolic'],
            ['PHYSICAL', 'PossessionPhysical'],
          ],
          { required: true },
        ),
        field('representationReceived', 'RepresentationReceived133A', 'boolean', { required: true }),
        pastDate('representationReceivedDate', 'RepresentationReceivedDate', {
          required: true,
          when: { field: 'representationReceived', in: ['true'] },
          rules: [{ kind: 'onOrAfterField', field: 'demandNoticeDate' }],
        }),
        // §13(3A): the reply must precede any §13(4) measure.
        pastDate('representationReplyDate', 'RepresentationReplyDate', {
          required: true,
          when: { field: 'representationReceived', in: ['true'] },
          rules: [{ kind: 'onOrAfterField', field: 'representationReceivedDate' }],
        }),
        // The reasons for not accepting the representation: the reply is generated from them.
        field('representationReplyReasons', 'RepresentationReplyReasons', 'textarea', {
          required: true,
          when: { field: 'representationReceived', in: ['true'] },
          rules: [{ kind: 'maxLength', length: 4000 }],
        }),
      ],
      documents: [
        // generated from the reasons when the step is submitted (generateRepresentationReply); a signed copy may be
        // uploaded under the same code
        document('representationReply', 'RepresentationReply', {
          required: false,
          when: { field: 'representationReceived', in: ['true'] },
        }),
      ],
      actions: [submit('PreIntimationNotice', { effects: effects('generateRepresentationReply') })],
    },
    {
      code: 'PreIntimationNotice',
      labelKey: 'PreIntimationNotice',
      routeSlug: 'sarfPreIntimationNotice',
      authority: 'SARF_PRE_INTI_NOTICE_SAUTH',
      trayColumns: NOTICED,
      fields: [
        field('policeStation', 'PoliceStation', 'text', { required: true }),
        pastDate('policeIntimationDate', 'PoliceIntimationDate', { required: true }),
      ],
      documents: [document('policeIntimation', 'PoliceIntimationCopy')],
      actions: [submit('PossessionDtlCapture', { effects: effects('generatePossessionNotice') })],
    },
    {
      code: 'PossessionDtlCapture',
      labelKey: 'PossessionDetailCapture',
      routeSlug: 'sarfPossessionDtlCapture',
      authority: 'SARF_POSS_DTL_CAP_SAUTH',
      trayColumns: NOTICED,
      fields: [
        pastDate('possessionDate', 'PossessionDate', {
          required: true,
          // Back-dating cannot beat the §13(2) period either, counted from service when it is known (the later
          // date), as the SARF_13_2_NOTICE_PERIOD date rule counts it.
          rules: [
            // the service first: the later bound, so the message names the day the period really ends
            { kind: 'onOrAfterField', field: 'demandNoticeServedDate', offsetDays: t.demandNoticeDays },
            { kind: 'onOrAfterField', field: 'demandNoticeDate', offsetDays: t.demandNoticeDays },
          ],
        }),
        pastDate('possessionNoticeAffixedDate', 'PossessionNoticeAffixedDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'possessionDate' }],
        }),
        field('witness1Name', 'Witness1Name', 'text', { required: true, rules: [{ kind: 'name' }] }),
        field('witness2Name', 'Witness2Name', 'text', { required: true, rules: [{ kind: 'name' }] }),
        pastDate('possessionPublicationDate', 'PossessionPublicationDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'possessionDate' }],
        }),
        field('possessionNewspapers', 'NewspapersEnglishAndVernacular', 'text', { required: true }),
      ],
      documents: [
        document('possessionNotice', 'PossessionNoticeAppendixIv'),
        document('possessionPanchnama', 'Panchnama'),
        document('possessionPublication', 'NewspaperCuttings'),
      ],
      // Rule 8(2): the papers, their dates and scans; the newspapers and publication date follow the record
      widgets: ['publications'],
      actions: [
        submit('AgencyAllocation', {
          when: { field: 'possessionType', in: ['SYMBOLIC'] },
          effects: effects('requirePublications'),
        }),
        submit('AssetDtlCapture', {
          when: { field: 'possessionType', in: ['PHYSICAL'] },
          effects: effects('requirePublications'),
        }),
      ],
    },
    {
      code: 'AgencyAllocation',
      labelKey: 'DMAgencyAllocation',
      routeSlug: 'sarfAgencyAllocation',
      authority: 'SARF_DM_AGC_ALLOC_SAUTH',
      trayColumns: POSSESSED,
      widgets: ['agencyPicker'],
      fields: [
        field('dmAdvocateName', 'DmAdvocateName', 'text', { required: true }),
        pastDate('dmAllocationDate', 'AllocationDate', { required: true }),
      ],
      actions: [submit('DmUpdate', { labelKey: 'AllocateAgency', effects: effects('requireValidAgency') })],
    },
    {
      code: 'DmUpdate',
      labelKey: 'DMUpdate',
      routeSlug: 'sarfDmUpdate',
      authority: 'SARF_DM_UPDT_SAUTH',
      trayColumns: POSSESSED,
      fields: [
        select(
          'dmAuthority',
          'MagistrateAuthority',
          [
            ['CMM', 'MagistrateCmm'],
            ['DM', 'MagistrateDm'],
            ['CJM', 'MagistrateCjm'],
            ['ADM', 'MagistrateAdm'],
            ['ACMM', 'MagistrateAcmm'],
          ],
          { required: true },
        ),
        pastDate('s14FilingDate', 'Section14FilingDate', { required: true }),
        field('s14ApplicationNo', 'Section14ApplicationNo', 'text', { required: true }),
        field('dmNextHearingDate', 'NextHearingDate', 'date', {
          rules: [{ kind: 'onOrAfterField', field: 's14FilingDate' }],
        }),
      ],
      documents: [document('s14Application', 'Section14Application'), document('s14Affidavit', 'Section14Affidavit')],
      actions: [submit('OrderCapture')],
    },
    {
      code: 'OrderCapture',
      labelKey: 'DMOrderCapture',
      routeSlug: 'sarfOrderCapture',
      authority: 'SARF_DM_ORDER_CAP_SAUTH',
      trayColumns: POSSESSED,
      fields: [
        pastDate('s14OrderDate', 'Section14OrderDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 's14FilingDate' }],
        }),
        field('s14OrderNo', 'Section14OrderNo', 'text', { required: true }),
        field('commissionerName', 'AdvocateCommissionerOrReceiver', 'text'),
      ],
      documents: [document('s14Order', 'Section14Order')],
      actions: [submit('KitGeneration')],
    },
    {
      code: 'KitGeneration',
      labelKey: 'SarfaesiKitGeneration',
      routeSlug: 'sarfKitGeneration',
      authority: 'SARF_KIT_GEN_SAUTH',
      trayColumns: POSSESSED,
      fields: [
        field('physicalPossessionScheduledOn', 'PhysicalPossessionScheduledOn', 'date', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 's14OrderDate' }],
        }),
      ],
      actions: [submit('AssetDtlCapture', { effects: effects('generateRepoKit') })],
    },
    {
      code: 'AssetDtlCapture',
      labelKey: 'SarfaesiAssetDetailCapture',
      routeSlug: 'sarfAssetDtlCapture',
      authority: 'SARF_ASSET_DTL_CAP_SAUTH',
      trayColumns: POSSESSED,
      fields: [
        pastDate('physicalPossessionDate', 'PhysicalPossessionDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'possessionDate' }],
        }),
        // Rule 8(4): the authorised officer keeps the property in custody and insured.
        field('custodianName', 'Custodian', 'text', { required: true }),
        field('insurancePolicyNo', 'InsurancePolicyNo', 'text', { required: true }),
      ],
      documents: [
        document('physicalPanchnama', 'PanchnamaAndInventory'),
        document('insurancePolicy', 'InsurancePolicy'),
        document('propertyPhotos', 'PropertyPhotos'),
      ],
      // The property's details (address, area, survey no., boundaries, title deed, occupancy) and the movables found.
      widgets: ['assetInventory'],
      actions: [submit('ValAgencyAllocation', { effects: effects('requireInventory') })],
    },
    {
      code: 'ValAgencyAllocation',
      labelKey: 'SarfaesiValuationAgencyAllocation',
      routeSlug: 'sarfValAgencyAllocation',
      authority: 'SARF_VAL_AGC_ALLOC_SAUTH',
      trayColumns: [...POSSESSED, 'npaFlag'],
      // the inventory captured at AssetDtlCapture, read-only
      widgets: ['assetInventory', 'agencyPicker'],
      fields: [
        field('valuerName', 'ApprovedValuer', 'text', { required: true }),
        field('valuerRegistrationNo', 'ValuerRegistrationNo', 'text', { required: true }),
        pastDate('valuationAllocationDate', 'AllocationDate', { required: true }),
      ],
      actions: [submit('CaptureValDtl', { labelKey: 'AllocateAgency', effects: effects('requireValidAgency') })],
    },
    {
      code: 'CaptureValDtl',
      labelKey: 'SarfaesiCaptureValuationDetails',
      routeSlug: 'sarfCaptureValDtl',
      authority: 'SARF_CAP_VAL_DTL_SAUTH',
      trayColumns: POSSESSED,
      fields: [
        pastDate('valuationDate', 'ValuationDate', { required: true }),
        field('fairMarketValue', 'FairMarketValue', 'amount', { required: true }),
        field('realisableValue', 'RealisableValue', 'amount', { required: true }),
        field('distressValue', 'DistressValue', 'amount', { required: true }),
      ],
      documents: [document('valuationReport', 'ValuationReport')],
      // Rule 8(5): valuation by an approved valuer; two above the bank's threshold (the assetValuations tab)
      widgets: ['assetValuations'],
      actions: [submit('ValCompletion', { effects: effects('requireValuations') })],
    },
    {
      code: 'ValCompletion',
      labelKey: 'SarfaesiValuationCompletion',
      routeSlug: 'sarfValCompletion',
      authority: 'SARF_VAL_COMP_SAUTH',
      trayColumns: [...POSSESSED, 'fairMarketValue', 'makerUserId'],
      widgets: ['assetValuations'],
      actions: [approve('FprAllocation', { requiredDocuments: ['valuationReport'] }), pushback('CaptureValDtl')],
    },
    {
      code: 'FprAllocation',
      labelKey: 'SarfaesiFPRAllocation',
      routeSlug: 'sarfFprAllocation',
      authority: 'SARF_FPR_ALLOC_SAUTH',
      trayColumns: [...POSSESSED, 'fairMarketValue'],
      widgets: ['agencyPicker'],
      fields: [
        field('fprAgency', 'FprAgency', 'text', { required: true }),
        pastDate('fprAllocationDate', 'AllocationDate', { required: true }),
      ],
      actions: [submit('PvrCapture', { labelKey: 'AllocateAgency', effects: effects('requireValidAgency') })],
    },
    {
      code: 'PvrCapture',
      labelKey: 'PVRCapture',
      routeSlug: 'sarfPvrCapture',
      authority: 'SARF_PVR_CAP_SAUTH',
      trayColumns: [...POSSESSED, 'fairMarketValue'],
      fields: [
        pastDate('pvrVisitDate', 'PropertyVisitDate', { required: true }),
        select(
          'occupancyStatus',
          'OccupancyStatus',
          [
            ['VACANT', 'OccupancyVacant'],
            ['LOCKED', 'OccupancyLocked'],
            ['OCCUPIED_BORROWER', 'OccupancyBorrower'],
            ['OCCUPIED_TENANT', 'OccupancyTenant'],
          ],
          { required: true },
        ),
        field('propertyCondition', 'PropertyCondition', 'textarea', { required: true }),
      ],
      documents: [document('pvrReport', 'PropertyVisitReport'), document('propertyPhotos', 'PropertyPhotos')],
      actions: [submit('DisposalIdentification')],
    },
    {
      code: 'DisposalIdentification',
      labelKey: 'SarfaesiDisposalIdentification',
      routeSlug: 'sarfDisposalIdentification',
      authority: 'SARF_DISP_IDEN_SAUTH',
      trayColumns: [...POSSESSED, 'fairMarketValue'],
      fields: [
        // Rule 8(5): public auction, tender, quotation or private treaty.
        select(
          'disposalMode',
          'DisposalMode',
          [
            ['AUCTION', 'DisposalAuction'],
            ['DIRECT_SALE', 'DisposalPrivateTreaty'],
          ],
          { required: true },
        ),
      ],
      actions: [submit('BasePriceInitiate', { requiredDocuments: ['valuationReport'] })],
    },
    {
      code: 'BasePriceInitiate',
      labelKey: 'BasePriceInitiate',
      routeSlug: 'sarfBasePriceInitiate',
      authority: 'SARF_BASE_PRICE_INIT_SAUTH',
      trayColumns: PRICED,
      fields: [
        field('reservePrice', 'ReservePrice', 'amount', { required: true }),
        field('emdAmount', 'EmdAmount', 'amount', { required: true }),
        field('bidIncrement', 'BidIncrement', 'amount'),
      ],
      widgets: ['assetValuations'],
      // After a failed auction the reserve is reduced: below the previous one (requireReducedReserve).
      actions: [recommend('BasePriceApprove', { effects: effects('requireReducedReserve') })],
    },
    {
      code: 'BasePriceApprove',
      labelKey: 'BasePriceApproval',
      routeSlug: 'sarfBasePriceApprove',
      authority: 'SARF_BASE_PRICE_APP_SAUTH',
      trayColumns: [...PRICED, 'makerUserId'],
      widgets: ['assetValuations'],
      actions: [
        approve('BatchGen', { when: { field: 'disposalMode', in: ['AUCTION'] }, requiredFields: ['reservePrice'] }),
        approve('DirectSale', {
          when: { field: 'disposalMode', in: ['DIRECT_SALE'] },
          requiredFields: ['reservePrice'],
        }),
        pushback('BasePriceInitiate'),
      ],
    },
    {
      code: 'BatchGen',
      labelKey: 'AuctionBatch',
      routeSlug: 'sarfBatchGen',
      authority: 'AUC_BATCH_GEN_SAUTH',
      trayColumns: PRICED,
      fields: [
        field('auctionBatchNo', 'AuctionBatchNo', 'text', {
          required: true,
          rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
        }),
      ],
      // The tray's auctionBatch widget adds the selected cases to an auction batch (their auctionBatchNo).
      widgets: ['auctionBatch'],
      actions: [submit('AuctionNotice', { labelKey: 'AddToBatch', effects: effects('generateSaleNotice') })],
    },
    {
      code: 'AuctionNotice',
      labelKey: 'SarfaesiAuctionNotice',
      routeSlug: 'sarfAuctionNotice',
      authority: 'SARF_AUC_NOTICE_SAUTH',
      trayColumns: PRICED,
      fields: [
        select(
          'saleNoticeType',
          'SaleNoticeType',
          [
            ['FIRST_SALE', 'SaleNoticeFirst'],
            ['SUBSEQUENT_SALE', 'SaleNoticeSubsequent'],
          ],
          { required: true },
        ),
        pastDate('saleNoticeDate', 'SaleNoticeDate', { required: true }),
        pastDate('saleNoticeServedDate', 'SaleNoticeServedDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'saleNoticeDate' }],
        }),
        pastDate('saleNoticeAffixedDate', 'SaleNoticeAffixedDate', {
          rules: [{ kind: 'onOrAfterField', field: 'saleNoticeDate' }],
        }),
        field('auctionDate', 'AuctionDate', 'date', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'saleNoticeDate' }],
        }),
        field('inspectionDate1', 'InspectionDate1', 'date', {
          required: true,
          rules: [{ kind: 'onOrBeforeField', field: 'auctionDate' }],
        }),
        field('inspectionDate2', 'InspectionDate2', 'date', {
          required: true,
          rules: [
            { kind: 'onOrAfterField', field: 'inspectionDate1', offsetDays: 1 },
            { kind: 'onOrBeforeField', field: 'auctionDate' },
          ],
        }),
        field('emdLastDate', 'EmdLastDate', 'date', {
          required: true,
          rules: [{ kind: 'onOrBeforeField', field: 'auctionDate', offsetDays: -1 }],
        }),
        // the e-auction's hours as the public notice states them (e.g. 11:00 to 13:00 IST, 5-minute extensions)
        field('auctionTime', 'AuctionTime', 'text', { required: true, rules: [{ kind: 'maxLength', length: 80 }] }),
      ],
      documents: [document('saleNoticeCopy', 'SaleNoticeCopy')],
      // Every figure of the public e-auction notice (Appendix IV-A) is known here: the auction date and hours, the
      // inspection dates and the EMD's last date are entered on this form, the reserve and EMD were approved, the lot
      // was numbered at BatchGen. The notice is what the artwork and the publication are made from.
      actions: [submit('UploadArtwork', { labelKey: 'NoticeSent', effects: effects('generateAuctionNotice') })],
    },
    {
      code: 'UploadArtwork',
      labelKey: 'UploadArtwork',
      routeSlug: 'sarfUploadArtwork',
      authority: 'SARF_UPLOAD_ARTWORK_SAUTH',
      trayColumns: AUCTIONED,
      documents: [
        document('auctionNotice', 'AuctionSaleNoticeAppendixIva'),
        document('auctionArtwork', 'AuctionArtwork'),
      ],
      actions: [submit('ConfirmArtwork')],
    },
    {
      code: 'ConfirmArtwork',
      labelKey: 'ConfirmArtwork',
      routeSlug: 'sarfConfirmArtwork',
      authority: 'SARF_CNFR_ARTWORK_SAUTH',
      trayColumns: [...AUCTIONED, 'makerUserId'],
      actions: [approve('PublicationUpload', { requiredDocuments: ['auctionArtwork'] }), pushback('UploadArtwork')],
    },
    {
      code: 'PublicationUpload',
      labelKey: 'PublicationAndUpload',
      routeSlug: 'sarfPublicationUpload',
      authority: 'SARF_PUB_UPLOAD_SAUTH',
      trayColumns: AUCTIONED,
      fields: [
        pastDate('salePublicationDate', 'PublicationDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'saleNoticeDate' }],
        }),
        field('saleNewspapers', 'NewspapersEnglishAndVernacular', 'text', { required: true }),
        pastDate('portalUploadDate', 'PortalUploadDate', { required: true }),
        field('portalReference', 'PortalReference', 'text', { required: true }),
      ],
      documents: [document('salePublication', 'NewspaperCuttings')],
      // Rules 8(6)/9(1): the papers, their dates and scans; the newspapers and publication date follow the record
      widgets: ['publications'],
      actions: [
        submit('AllocateAuctionAgency', {
          labelKey: 'Published',
          effects: effects('requirePublications', 'lockRedemption'),
        }),
      ],
    },
    {
      code: 'AllocateAuctionAgency',
      labelKey: 'AllocateAuctionAgency',
      routeSlug: 'sarfAllocateAuctionAgency',
      authority: 'SARF_ALLOC_AUC_AGC_SAUTH',
      trayColumns: AUCTIONED,
      fields: [
        select(
          'auctionAgency',
          'AuctionAgency',
          [
            ['MSTC', 'AgencyMstc'],
            ['IBAPI', 'AgencyIbapi'],
            ['C1_INDIA', 'AgencyC1India'],
            ['AUCTION_TIGER', 'AgencyAuctionTiger'],
            ['OTHER', 'AgencyOther'],
          ],
          { required: true },
        ),
      ],
      actions: [submit('AssetAuctionCapture', { labelKey: 'AllocateAgency' })],
    },
    {
      code: 'AssetAuctionCapture',
      labelKey: 'AssetAuctionCapture',
      routeSlug: 'sarfAssetAuctionCapture',
      authority: 'SARF_ASSET_AUC_CAP_SAUTH',
      trayColumns: AUCTIONED,
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
        field('h1BidderName', 'H1BidderName', 'text', {
          required: true,
          when: { field: 'auctionResult', in: ['SUCCESSFUL'] },
        }),
        field('saleAmount', 'H1BidAmount', 'amount', {
          required: true,
          when: { field: 'auctionResult', in: ['SUCCESSFUL'] },
        }),
        field('waiverRequired', 'WaiverRequired', 'boolean', {
          required: true,
          when: { field: 'auctionResult', in: ['SUCCESSFUL'] },
        }),
      ],
      documents: [document('auctionReport', 'AuctionReport')],
      widgets: ['auctionBids'],
      actions: [
        submit('AuctionApproval', { when: { field: 'auctionResult', in: ['SUCCESSFUL'] } }),
        // A failed auction goes back to a (reduced) reserve price and a fresh sale notice.
        submit('BasePriceInitiate', {
          when: { field: 'auctionResult', in: ['NO_BIDS'] },
          labelKey: 'AuctionFailed',
          effects: effects('reopenAuction'),
        }),
      ],
    },
    {
      code: 'AuctionApproval',
      labelKey: 'SarfaesiAuctionApproval',
      routeSlug: 'sarfAuctionApproval',
      authority: 'SARF_AUC_APP_SAUTH',
      trayColumns: [...AUCTIONED, 'saleAmount', 'makerUserId'],
      widgets: ['auctionBids'],
      actions: [
        approve('WaiverRequest', { when: WAIVER, labelKey: 'ConfirmSale', effects: effects('requireReserveMet') }),
        approve('AssetSaleNotice', { when: NO_WAIVER, labelKey: 'ConfirmSale', effects: effects('requireReserveMet') }),
        pushback('AssetAuctionCapture'),
        reject('BasePriceInitiate', { labelKey: 'RejectBid' }),
      ],
    },
    {
      code: 'DirectSale',
      labelKey: 'SarfaesiDirectSale',
      routeSlug: 'sarfDirectSale',
      authority: 'SARF_DIRECT_SALE_SAUTH',
      trayColumns: PRICED,
      fields: [
        field('buyerName', 'BuyerName', 'text', { required: true }),
        field('saleAmount', 'SaleAmount', 'amount', { required: true }),
        pastDate('borrowerConsentDate', 'BorrowerConsentDate', { required: true }),
        field('waiverRequired', 'WaiverRequired', 'boolean', { required: true }),
      ],
      documents: [document('buyerOffer', 'BuyerOfferLetter'), document('privateTreatyConsent', 'PrivateTreatyConsent')],
      actions: [submit('WaiverRequest', { when: WAIVER }), submit('AssetSaleNotice', { when: NO_WAIVER })],
    },
    {
      code: 'WaiverRequest',
      labelKey: 'WaiverRequest',
      routeSlug: 'sarfWaiverRequest',
      authority: 'SARF_WAIV_APP_RQST_SAUTH',
      trayColumns: [...PRICED, 'saleAmount'],
      fields: [
        field('waiverAmount', 'WaiverAmount', 'amount', {
          required: true,
          rules: [{ kind: 'minAmount', amount: '0.01' }],
        }),
        field('waiverReason', 'WaiverReason', 'textarea', { required: true }),
      ],
      widgets: ['closureStatement'],
      actions: [recommend('WaiverApproval', { effects: effects('requireWaiverWithinDues') })],
    },
    {
      code: 'WaiverApproval',
      labelKey: 'SarfaesiWaiverApproval',
      routeSlug: 'sarfWaiverApproval',
      authority: 'SARF_WAIV_APP_SAUTH',
      trayColumns: [...PRICED, 'saleAmount', 'makerUserId'],
      widgets: ['closureStatement'],
      actions: [
        // the waiver is recorded as money on the account; closure counts it against the shortfall
        approve('AssetSaleNotice', { effects: effects('recordWaiver') }),
        reject('AssetSaleNotice', { labelKey: 'RejectWaiver' }),
        pushback('WaiverRequest'),
      ],
    },
    {
      code: 'AssetSaleNotice',
      labelKey: 'SarfaesiAssetSaleNotice',
      routeSlug: 'sarfAssetSaleNotice',
      authority: 'SARF_ASSET_SALE_NOTICE_SAUTH',
      trayColumns: [...PRICED, 'saleAmount'],
      // Rule 9(2)–(3): the sale is confirmed to the buyer, who pays 25% at once (the EMD is adjusted).
      fields: [
        pastDate('saleConfirmationDate', 'SaleConfirmationDate', { required: true }),
        field('depositAmount', 'DepositAmount25Percent', 'amount', { required: true }),
        pastDate('depositReceivedDate', 'DepositReceivedDate', {
          required: true,
          rules: [
            { kind: 'onOrAfterField', field: 'saleConfirmationDate' },
            { kind: 'onOrBeforeField', field: 'saleConfirmationDate' },
          ],
        }),
      ],
      documents: [document('saleConfirmationLetter', 'SaleConfirmationLetter')],
      widgets: ['saleDeposits'],
      actions: [submit('AssetSale', { labelKey: 'SaleConfirmed', effects: effects('requireSaleDeposit') })],
    },
    {
      code: 'AssetSale',
      labelKey: 'SarfaesiAssetSale',
      routeSlug: 'sarfAssetSale',
      authority: 'SARF_ASSET_SALE_SAUTH',
      trayColumns: [...PRICED, 'saleAmount'],
      fields: [
        field('balanceAmount', 'BalanceAmount75Percent', 'amount', { required: true }),
        pastDate('balanceReceivedDate', 'BalanceReceivedDate', {
          required: true,
          rules: [{ kind: 'onOrAfterField', field: 'saleConfirmationDate' }],
        }),
        field('balanceExtensionAgreed', 'WrittenExtensionAgreed', 'boolean', { required: true }),
      ],
      documents: [
        document('balancePaymentProof', 'BalancePaymentProof'),
        document('extensionAgreement', 'WrittenExtensionAgreement', {
          when: { field: 'balanceExtensionAgreed', in: ['true'] },
        }),
      ],
      widgets: ['saleDeposits'],
      actions: [submit('AssetSaleApproval', { effects: effects('requireSaleBalance') })],
    },
    {
      code: 'AssetSaleApproval',
      labelKey: 'SarfaesiAssetSaleApproval',
      routeSlug: 'sarfAssetSaleApproval',
      authority: 'SARF_ASSET_SALE_APP_SAUTH',
      trayColumns: [...PRICED, 'saleAmount', 'makerUserId'],
      widgets: ['saleDeposits'],
      actions: [
        approve('SarfClosure', {
          requiredFields: ['balanceReceivedDate'],
          effects: effects('generateSaleCertificate'),
        }),
        pushback('AssetSale'),
        // Rule 9(5): on default the deposit is forfeited and the property is sold again.
        reject('BasePriceInitiate', { labelKey: 'ForfeitAndResell' }),
      ],
    },
    {
      code: 'SarfClosure',
      labelKey: 'SarfaesiClosure',
      routeSlug: 'sarfSarfClosure',
      authority: 'SARF_ASSET_CLOSE_SAUTH',
      trayColumns: [...PRICED, 'saleAmount'],
      fields: [
        select(
          'closureType',
          'ClosureType',
          [
            ['SOLD', 'ClosureSold'],
            ['REDEEMED', 'ClosureRedeemed'],
            ['SETTLED', 'ClosureSettled'],
            ['WRITTEN_OFF', 'ClosureWrittenOff'],
          ],
          { required: true },
        ),
        pastDate('closureDate', 'ClosureDate', { required: true }),
        // a redeemed property is handed back with its title deeds on the release date (SARF_RELEASE_DUE)
        pastDate('releaseDate', 'ReleaseDate', {
          required: true,
          when: REDEEMED,
          rules: [{ kind: 'onOrAfterField', field: 'redemptionPaidDate' }],
        }),
        field('saleCertificateNo', 'SaleCertificateNo', 'text', {
          required: true,
          when: { field: 'closureType', in: ['SOLD'] },
        }),
        // §13(7), rule 15: the expenses of enforcement are recovered from the proceeds; the rest is appropriated to the
        // dues, any shortfall stays recoverable and any surplus is refunded (settleClosure computes both).
        field('saleExpenses', 'SaleExpensesRecovered', 'amount', { when: { field: 'closureType', in: ['SOLD'] } }),
      ],
      documents: [
        document('saleCertificate', 'SaleCertificateAppendixV', { when: { field: 'closureType', in: ['SOLD'] } }),
        document('appropriationStatement', 'AppropriationStatement'),
        // the borrower's acknowledgement of the property and title deeds handed back
        document('releaseLetter', 'ReleaseLetter', { when: REDEEMED }),
      ],
      widgets: ['closureStatement'],
      actions: [close({ effects: effects('settleClosure') })],
    },
    {
      code: 'AssetReleaseRequest',
      labelKey: 'AssetReleaseRequest',
      routeSlug: 'sarfAssetReleaseRequest',
      authority: 'ASSET_RELEASE_RQST_SAUTH',
      trayColumns: [...BASE, 'makerUserId'],
      fields: [
        field('redemptionAmount', 'RedemptionAmount', 'amount', { required: true }),
        pastDate('redemptionPaidDate', 'PaymentRealisedDate', { required: true }),
        field('redemptionReference', 'PaymentReferenceUtr', 'text', {
          required: true,
          rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 22 }],
        }),
      ],
      documents: [document('redemptionPaymentProof', 'PaymentProof')],
      // the dues redemption takes today (lowered by the partial payments posted), the waiver and the payments
      widgets: ['closureStatement'],
      actions: [recommend('AssetReleaseApproval')],
    },
    {
      code: 'AssetReleaseApproval',
      labelKey: 'AssetReleaseApproval',
      routeSlug: 'sarfAssetReleaseApproval',
      authority: 'ASSET_RELEASE_APP_SAUTH',
      trayColumns: [...BASE, 'makerUserId'],
      widgets: ['closureStatement'],
      actions: [
        approve('SarfClosure', { labelKey: 'ApproveRelease', requiredDocuments: ['redemptionPaymentProof'] }),
        reject({ history: true }, { labelKey: 'RejectRelease' }),
      ],
    },
    ...partialPaymentStages('sarf', [...BASE, 'makerUserId']),
  ].map(withDetours);
}

/**
 * The built-in version of the SARFAESI workflow. Bump it with any change to the definition below (the lock test in
 * catalogue.test.ts fails otherwise): servers publish a built-in version their database lacks at start.
 * 3: a redemption request is refused once redemption is locked (`requireRedeemable`).
 * 4: closure computes the shortfall or surplus and posts the sale proceeds (settleClosure, closureStatement).
 * 5: auction bids (the `auctionBids` widget; a sale below the reserve price is refused); a failed auction keeps the
 * reserve as `previousReservePrice` and the next one must be lower; BatchGen's tray adds cases to auction batches
 * (`auctionBatch`).
 * 6: valuations (the `assetValuations` widget, the `requireValuations` policy) and registered agencies
 * (`requireValidAgency`).
 * 7: the property detail and inventory (the `assetInventory` widget at AssetDtlCapture, `requireInventory`, the
 * `propertyPhotos` document) replace the free-text inventory field; the agency stages name the `agencyPicker` widget.
 * 8: the 25% deposit and the 75% balance (the `saleDeposits` widget at the sale stages; `requireSaleDeposit` and
 * `requireSaleBalance` refuse figures that break Rule 9(3)–(4)).
 * 9: the possession date is checked against the §13(2) period from service too (the later of notice and service,
 * as the SARF_13_2_NOTICE_PERIOD date rule counts it), not from the notice's date alone.
 * 10: waivers and partial payments are money: a waiver request above the account's dues is refused
 * (`requireWaiverWithinDues`), its approval records it on the account (`recordWaiver`) and closure counts it; a partial
 * payment request captures the mode and reference (`requirePartialPayment` checks it against the dues and the receipt
 * mode rules) and its approval posts a receipt (`postPartialPayment`); these stages and the release stages show the
 * `closureStatement` (the dues redemption takes today, after the partial payments).
 * 11: the §13(3A) reply is generated from the reasons entered (`representationReplyReasons`,
 * `generateRepresentationReply`; an uploaded signed copy stays optional), and the public e-auction notice (Appendix
 * IV-A) when the auction notice is sent (`auctionTime`, `generateAuctionNotice`, filed as `auctionNotice`).
 * 12: newspaper publications (the `publications` widget at NewspaperPublication, PossessionDtlCapture and
 * PublicationUpload; `requirePublications` refuses the submit until two papers, one English and one vernacular, each
 * with its scan; the newspapers and publication date fields follow the record).
 * 13: release on redemption within 7 days (`releaseDays`): closing a redeemed case records the release date (not before
 * the payment was realised) and files the release letter, and the SARF_RELEASE_DUE date rule flags a release not made in
 * time.
 */
export const SARFAESI_BUILT_IN_VERSION = 13;

export function buildSarfaesiDefinition(
  timelines: SarfaesiTimelines = DEFAULT_SARFAESI_TIMELINES,
  version = SARFAESI_BUILT_IN_VERSION,
  status: WorkflowDefinition['status'] = 'ACTIVE',
): WorkflowDefinition {
  const t = timelines;
  return defineWorkflow({
    code: 'SARFAESI',
    version,
    status,
    app: 'repoapp',
    labelKey: 'SarfaesiWorkflow',
    initialStage: 'SarfInitiate',
    initialStatus: 'Initiated',
    terminalStatuses: ['Declined', 'Closed'],
    columns: [...COLUMNS],
    stages: stages(t),
    dateRules: [
      {
        name: 'SARF_13_2_NOTICE_PERIOD',
        label: `No possession before ${t.demandNoticeDays} days from the §13(2) notice`,
        labelKey: 'Sarf132NoticePeriodEnds',
        kind: 'earliest',
        // Counted from service when it is known (the later date): the conservative reading.
        base: ['demandNoticeDate', 'demandNoticeServedDate'],
        offsetDays: t.demandNoticeDays,
        stages: ['PossessionDtlCapture'],
        actions: ['submit'],
        source: 'SARFAESI Act §13(2), §13(4) — domain reference §2.4 rows 2 and 4',
      },
      {
        name: 'SARF_13_3A_REPLY_DUE',
        label: `Reply to the borrower's representation within ${t.representationReplyDays} days (§13(3A))`,
        labelKey: 'Sarf133AReplyDue',
        kind: 'latest',
        base: 'representationReceivedDate',
        offsetDays: t.representationReplyDays,
        stages: ['TypeIdentification'],
        when: { field: 'representationReceived', in: ['true'] },
        source: 'SARFAESI Act §13(3A) (directory, but the reply must precede §13(4)) — domain reference §2.4 row 3',
      },
      {
        name: 'SARF_R8_2_PUBLICATION_DUE',
        label: `Possession notice published in two newspapers within ${t.possessionPublicationDays} days (Rule 8(2))`,
        labelKey: 'SarfPossessionPublicationDue',
        kind: 'latest',
        base: 'possessionDate',
        offsetDays: t.possessionPublicationDays,
        stages: ['PossessionDtlCapture'],
        source: 'Security Interest (Enforcement) Rules 2002, Rule 8(2) — domain reference §2.4 row 5',
      },
      {
        name: 'SARF_S17_WINDOW',
        label: `Borrower's §17 DRT challenge window (${t.drtChallengeDays} days from possession) ends`,
        labelKey: 'SarfSection17WindowEnds',
        kind: 'earliest',
        base: 'possessionDate',
        offsetDays: t.drtChallengeDays,
        stages: [
          'AgencyAllocation',
          'DmUpdate',
          'OrderCapture',
          'KitGeneration',
          'AssetDtlCapture',
          'ValAgencyAllocation',
        ],
        source: 'SARFAESI Act §17(1) (shown, not enforced) — domain reference §2.4 row 7',
      },
      {
        name: 'SARF_S14_ORDER_DUE',
        label: `Magistrate's order expected within ${t.magistrateOrderDays} days (§14)`,
        labelKey: 'SarfSection14OrderDue',
        kind: 'latest',
        base: 's14FilingDate',
        offsetDays: t.magistrateOrderDays,
        stages: ['DmUpdate', 'OrderCapture'],
        source: 'SARFAESI Act §14 second proviso — domain reference §2.4 row 6',
      },
      {
        name: 'SARF_S14_ORDER_ESCALATION',
        label: `Escalate: ${t.magistrateEscalationDays} days in aggregate for the §14 order`,
        labelKey: 'SarfSection14Escalation',
        kind: 'latest',
        base: 's14FilingDate',
        offsetDays: t.magistrateEscalationDays,
        stages: ['DmUpdate', 'OrderCapture'],
        source: 'SARFAESI Act §14 second proviso — domain reference §2.4 row 6',
      },
      {
        name: 'SARF_R9_1_SALE_NOTICE_PERIOD',
        label: `No sale before ${t.saleNoticeDays} days from the later of service, affixation and publication (Rules 8(6), 9(1))`,
        labelKey: 'SarfSaleNoticePeriodEnds',
        kind: 'earliest',
        base: ['saleNoticeServedDate', 'saleNoticeAffixedDate', 'salePublicationDate'],
        offsetDays: t.saleNoticeDays,
        stages: ['AssetAuctionCapture'],
        actions: ['submit'],
        when: { field: 'saleNoticeType', in: ['FIRST_SALE'] },
        source: 'Rules 8(6), 9(1); M. Rajendran v KPK Oils (SC 2025) — domain reference §2.4 row 9',
      },
      {
        name: 'SARF_R9_1_RESALE_NOTICE_PERIOD',
        label: `No re-sale before ${t.resaleNoticeDays} days from the later of service, affixation and publication (proviso to Rule 9(1))`,
        labelKey: 'SarfResaleNoticePeriodEnds',
        kind: 'earliest',
        base: ['saleNoticeServedDate', 'saleNoticeAffixedDate', 'salePublicationDate'],
        offsetDays: t.resaleNoticeDays,
        stages: ['AssetAuctionCapture'],
        actions: ['submit'],
        when: { field: 'saleNoticeType', in: ['SUBSEQUENT_SALE'] },
        source: 'Proviso to Rule 9(1) — domain reference §2.4 row 10',
      },
      {
        name: 'SARF_R9_4_BALANCE_DUE',
        label: `Balance 75% on or before the ${t.balancePaymentDays}th day of confirmation (Rule 9(4))`,
        labelKey: 'SarfBalanceDue',
        kind: 'latest',
        base: 'saleConfirmationDate',
        offsetDays: t.balancePaymentDays,
        stages: ['AssetSale'],
        when: { field: 'balanceExtensionAgreed', notIn: ['true'] },
        source: 'Rule 9(4) (extendable only by written agreement) — domain reference §2.4 row 14',
      },
      {
        // From the approval of the release to the closure that records it; a case closed otherwise (a sale, a
        // settlement) carries no release due, even with the figures of a release request that was rejected.
        name: 'SARF_RELEASE_DUE',
        label: `Release within ${t.releaseDays} days of the redemption payment being realised`,
        labelKey: 'ReleaseDue',
        kind: 'latest',
        base: 'redemptionPaidDate',
        offsetDays: t.releaseDays,
        stages: ['AssetReleaseApproval', 'SarfClosure'],
        when: { field: 'closureType', notIn: ['SOLD', 'SETTLED', 'WRITTEN_OFF'] },
        source: 'Policy (release on redemption, §13(8)) — domain reference §2.8 and §3.1 row 16a',
      },
      sla('SARF_INITIATE_APPROVAL_SLA', 'Initiation decision due', t.approvalSlaDays, ['SarfInitiateApprove']),
      sla('SARF_NOTICE_APPROVAL_SLA', 'Notice decision due', t.approvalSlaDays, ['NoticeApproval']),
      sla('SARF_PRICE_APPROVAL_SLA', 'Reserve price decision due', t.approvalSlaDays, ['BasePriceApprove']),
      sla('SARF_SALE_APPROVAL_SLA', 'Sale decision due', t.approvalSlaDays, ['AuctionApproval', 'AssetSaleApproval']),
      sla('SARF_RELEASE_APPROVAL_SLA', 'Release decision due', t.approvalSlaDays, ['AssetReleaseApproval']),
      sla('SARF_PARTIAL_PAYMENT_APPROVAL_SLA', 'Partial payment decision due', t.approvalSlaDays, [
        'PartialPaymentApproval',
      ]),
    ],
  });
}

export const SARFAESI_DEFINITION: WorkflowDefinition = buildSarfaesiDefinition();
