import { defineWorkflow, type WorkflowDefinition } from '../definition.ts';
import {
  approve,
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
  type FieldInput,
} from './builders.ts';

// The legal workflow (spec §2.4 and §4; domain reference §2.5, §2.6, §3.3):
// pool → initiate → filing approval → approved cases → team tray → manager → notice → case filing →
// court case update ⇄ court update approval, with withdrawal (a detour from notice, filing or court update)
// and the reject tray (reconsider / pushback / decline).

/** Statutory and policy numbers of the legal workflow; the defaults are the domain reference's values. */
export type LegalTimelines = {
  /** §138(b) NI Act / §25 PSS Act: demand notice within 30 days of receiving the return memo */
  noticeDaysFromReturnMemo: number;
  /** §138(c): the drawer has 15 days from receipt of the notice to pay */
  paymentDaysAfterService: number;
  /** §142(1)(b): complaint within one month of the cause of action */
  complaintMonths: number;
  /** §7 of the NI Act read with §138(a): a cheque is presented within 3 months of its date */
  chequeValidityMonths: number;
  /** §143A: interim compensation payable within 60 days of the order */
  interimCompensationDays: number;
  /** DRT (RDB Act) pecuniary limit, S.O. 4312(E) of 2018: ₹20 lakh */
  drtMinimumClaim: string;
  /** policy: approval stages decide within this many days */
  approvalSlaDays: number;
  /** policy: a hearing's outcome is recorded within this many days of the hearing date */
  hearingUpdateDays: number;
  /** policy: a non-cheque notice goes out within this many days of the manager's approval */
  noticeSlaDays: number;
  /** policy: a civil suit, arbitration or DRT application is filed within this many days of the notice */
  filingSlaDays: number;
};

export const DEFAULT_LEGAL_TIMELINES: LegalTimelines = {
  noticeDaysFromReturnMemo: 30,
  paymentDaysAfterService: 15,
  complaintMonths: 1,
  chequeValidityMonths: 3,
  interimCompensationDays: 60,
  drtMinimumClaim: '2000000',
  approvalSlaDays: 3,
  hearingUpdateDays: 2,
  noticeSlaDays: 7,
  filingSlaDays: 30,
};

export const LEGAL_CASE_TYPES = [
  ['S138', 'CaseTypeS138'],
  ['S25', 'CaseTypeS25'],
  ['CIVIL_SUIT', 'CaseTypeCivilSuit'],
  ['ARBITRATION', 'CaseTypeArbitration'],
  ['DRT', 'CaseTypeDrt'],
] as const;

/** Court outcomes that end the case (the approval of such an update closes it). */
export const FINAL_COURT_OUTCOMES = ['CONVICTED', 'ACQUITTED', 'DECREED', 'DISMISSED', 'AWARD_PASSED', 'SETTLED'];
const INTERIM_COURT_OUTCOMES = ['ADJOURNED', 'PART_HEARD', 'INTERIM_ORDER', 'WARRANT_ISSUED'];

const DISHONOUR_CASES = { field: 'caseType', in: ['S138', 'S25'] };
const CHEQUE_CASE = { field: 'caseType', in: ['S138'] };
const MANDATE_CASE = { field: 'caseType', in: ['S25'] };
const OTHER_CASES = { field: 'caseType', in: ['CIVIL_SUIT', 'ARBITRATION', 'DRT'] };
const POSTAL_MODES = { field: 'noticeMode', in: ['RPAD', 'SPEED_POST', 'COURIER'] };
const SETTLEMENT_REASONS = { field: 'withdrawalReason', in: ['SETTLED', 'COMPROMISE_OTS'] };

const PRE_NOTICE_STAGES = ['INITIATE', 'FILING_APPROVAL', 'APPROVED_CASES', 'TEAM_TRAY', 'MANAGER', 'NOTICE'];

const COLUMNS = [
  { key: 'caseNo', labelKey: 'CaseNo', type: 'text', source: 'case', sortable: true },
  { key: 'accountNo', labelKey: 'AccountNo', type: 'text', source: 'account', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text', source: 'account', sortable: true },
  { key: 'product', labelKey: 'Product', type: 'text', source: 'account' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', source: 'account', sortable: true },
  { key: 'totalDueAmount', labelKey: 'TotalDueAmount', type: 'money', source: 'account', sortable: true },
  { key: 'status', labelKey: 'Status', type: 'status', source: 'case' },
  { key: 'stageEnteredOn', labelKey: 'StageEnteredOn', type: 'date', source: 'case', sortable: true },
  { key: 'dueOn', labelKey: 'DueOn', type: 'date', source: 'case', sortable: true },
  { key: 'makerUserId', labelKey: 'SubmittedBy', type: 'user', source: 'case' },
  { key: 'caseType', labelKey: 'CaseType', type: 'text', source: 'field' },
  { key: 'claimAmount', labelKey: 'ClaimAmount', type: 'money', source: 'field', sortable: true },
  { key: 'chequeAmount', labelKey: 'ChequeAmount', type: 'money', source: 'field' },
  { key: 'returnMemoReceivedDate', labelKey: 'ReturnMemoReceivedDate', type: 'date', source: 'field' },
  { key: 'advocateName', labelKey: 'AdvocateName', type: 'text', source: 'field' },
  { key: 'noticeMode', labelKey: 'NoticeMode', type: 'text', source: 'field' },
  { key: 'noticeSentDate', labelKey: 'NoticeSentDate', type: 'date', source: 'field', sortable: true },
  { key: 'court', labelKey: 'Court', type: 'text', source: 'field' },
  { key: 'caseNumber', labelKey: 'CaseNumber', type: 'text', source: 'field' },
  { key: 'cnr', labelKey: 'Cnr', type: 'text', source: 'field' },
  { key: 'nextHearingDate', labelKey: 'NextHearingDate', type: 'date', source: 'field', sortable: true },
  { key: 'outcome', labelKey: 'CourtOutcome', type: 'text', source: 'field' },
  { key: 'withdrawalReason', labelKey: 'WithdrawalReason', type: 'text', source: 'field' },
] as const;

const ACCOUNT_COLUMNS = ['accountNo', 'customerName', 'product', 'dpd', 'totalDueAmount'];
const CASE_COLUMNS = ['caseNo', ...ACCOUNT_COLUMNS, 'caseType', 'claimAmount', 'status', 'stageEnteredOn', 'dueOn'];

const REJECTION_REASONS = select(
  'rejectionReason',
  'RejectionReason',
  [
    ['MISSING_DOCUMENTS', 'RejectionMissingDocuments'],
    ['TIME_BARRED', 'RejectionTimeBarred'],
    ['INSUFFICIENT_GROUNDS', 'RejectionInsufficientGrounds'],
    ['DISPUTE_PENDING', 'RejectionDisputePending'],
    ['OTHER', 'RejectionOther'],
  ],
  { required: true },
);

function initiateFields(t: LegalTimelines): FieldInput[] {
  return [
    select('caseType', 'CaseType', LEGAL_CASE_TYPES, { required: true }),
    field('claimAmount', 'ClaimAmount', 'amount', {
      required: true,
      rules: [{ kind: 'minAmount', amount: t.drtMinimumClaim, when: { field: 'caseType', in: ['DRT'] } }],
    }),
    // Cheque (§138) — the "Bounce Cheque Details" of the case.
    field('chequeNumber', 'ChequeNumber', 'text', {
      required: true,
      when: CHEQUE_CASE,
      rules: [{ kind: 'number' }, { kind: 'minLength', length: 6 }, { kind: 'maxLength', length: 6 }],
    }),
    pastDate('chequeDate', 'ChequeDate', { required: true, when: CHEQUE_CASE }),
    field('chequeAmount', 'ChequeAmount', 'amount', { required: true, when: CHEQUE_CASE }),
    field('drawerBank', 'DrawerBank', 'text', { required: true, when: CHEQUE_CASE }),
    field('drawerBranch', 'DrawerBranch', 'text', { when: CHEQUE_CASE }),
    field('micrCode', 'MicrCode', 'text', {
      when: CHEQUE_CASE,
      rules: [{ kind: 'number' }, { kind: 'minLength', length: 9 }, { kind: 'maxLength', length: 9 }],
    }),
    // ECS / NACH mandate (§25 PSS Act).
    field('mandateReference', 'MandateReferenceUmrn', 'text', {
      required: true,
      when: MANDATE_CASE,
      rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
    }),
    field('debitAmount', 'DebitAmount', 'amount', { required: true, when: MANDATE_CASE }),
    // Presentation and dishonour (both).
    pastDate('presentationDate', 'PresentationDate', {
      required: true,
      when: DISHONOUR_CASES,
      rules: [
        { kind: 'onOrAfterField', field: 'chequeDate' },
        { kind: 'onOrBeforeField', field: 'chequeDate', offsetMonths: t.chequeValidityMonths },
      ],
    }),
    pastDate('chequeReturnDate', 'ReturnDate', {
      required: true,
      when: DISHONOUR_CASES,
      rules: [{ kind: 'onOrAfterField', field: 'presentationDate' }],
    }),
    select(
      'bounceReason',
      'BounceReason',
      [
        ['FUNDS_INSUFFICIENT', 'BounceFundsInsufficient'],
        ['EXCEEDS_ARRANGEMENT', 'BounceExceedsArrangement'],
        ['ACCOUNT_CLOSED', 'BounceAccountClosed'],
        ['PAYMENT_STOPPED', 'BouncePaymentStopped'],
        ['SIGNATURE_MISMATCH', 'BounceSignatureMismatch'],
        ['OTHER', 'BounceOther'],
      ],
      { required: true, when: DISHONOUR_CASES },
    ),
    pastDate('returnMemoReceivedDate', 'ReturnMemoReceivedDate', {
      required: true,
      when: DISHONOUR_CASES,
      rules: [{ kind: 'onOrAfterField', field: 'chequeReturnDate' }],
    }),
    field('initiationNote', 'InitiationNote', 'textarea'),
  ];
}

const WITHDRAWAL_FIELDS: FieldInput[] = [
  select(
    'withdrawalReason',
    'WithdrawalReason',
    [
      ['SETTLED', 'WithdrawalSettled'],
      ['COMPROMISE_OTS', 'WithdrawalCompromiseOts'],
      ['PAID_IN_FULL', 'WithdrawalPaidInFull'],
      ['TIME_BARRED', 'WithdrawalTimeBarred'],
      ['BORROWER_DECEASED', 'WithdrawalBorrowerDeceased'],
      ['OTHER', 'WithdrawalOther'],
    ],
    { required: true },
  ),
  field('settlementReference', 'SettlementReference', 'text', {
    required: true,
    when: SETTLEMENT_REASONS,
    rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 30 }],
  }),
  field('settlementAmount', 'SettlementAmount', 'amount', { required: true, when: SETTLEMENT_REASONS }),
];

/** Withdrawal on settlement: a detour to the withdrawal approval that comes back here if rejected. */
const withdraw: ActionInput = {
  name: 'withdraw',
  labelKey: 'RequestWithdrawal',
  to: { stage: 'WITHDRAWAL' },
  status: 'Recommended',
  remarksRequired: true,
  maker: 'actor',
  opensDetour: true,
  fields: WITHDRAWAL_FIELDS,
};

/**
 * The built-in version of the LEGAL workflow. Bump it with any change to the definition below (the lock test in
 * catalogue.test.ts fails otherwise): servers publish a built-in version their database lacks at start.
 * 1: the workflow of issue 4; 2: stages name their screen widgets.
 */
export const LEGAL_BUILT_IN_VERSION = 2;

/** Widgets of every legal case screen: the Bounce Cheque Details tab (spec §2.4). */
const CASE_WIDGETS = ['bounceCheque'];

const approvalSla = (t: LegalTimelines, stage: string) => ({
  name: `${stage}_SLA`,
  label: `Decision due (${t.approvalSlaDays}-day approval SLA)`,
  labelKey: 'ApprovalSlaDue',
  kind: 'latest' as const,
  base: 'stageEnteredOn',
  offsetDays: t.approvalSlaDays,
  stages: [stage],
  source: 'Policy: approval turnaround (configurable)',
});

export function buildLegalDefinition(
  timelines: LegalTimelines = DEFAULT_LEGAL_TIMELINES,
  version = LEGAL_BUILT_IN_VERSION,
  status: WorkflowDefinition['status'] = 'ACTIVE',
): WorkflowDefinition {
  const t = timelines;
  return defineWorkflow({
    code: 'LEGAL',
    version,
    status,
    app: 'legalapp',
    labelKey: 'LegalWorkflow',
    initialStage: 'POOL',
    initialStatus: 'Initiated',
    terminalStatuses: ['Declined', 'Withdrawn', 'Closed'],
    columns: [...COLUMNS],
    stages: [
      {
        code: 'POOL',
        labelKey: 'LegalEligiblePool',
        routeSlug: 'legalPool',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_POOL_SAUTH',
        trayColumns: [...ACCOUNT_COLUMNS, 'status'],
        actions: [
          submit('INITIATE', { labelKey: 'InitiateLegal', status: 'Initiated' }),
          decline({ labelKey: 'NotFitForLegal', effects: effects('returnToPool') }),
        ],
      },
      {
        code: 'INITIATE',
        labelKey: 'InitiateLegal',
        routeSlug: 'initiateLegal',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_INIT_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'returnMemoReceivedDate'],
        fields: initiateFields(t),
        documents: [
          document('loanAgreement', 'LoanAgreement'),
          document('statementOfAccount', 'StatementOfAccount'),
          document('chequeCopy', 'ChequeCopy', { when: CHEQUE_CASE }),
          document('returnMemo', 'ReturnMemo', { when: DISHONOUR_CASES }),
          document('mandateCopy', 'MandateCopy', { when: MANDATE_CASE }),
        ],
        actions: [
          recommend('FILING_APPROVAL', { labelKey: 'RecommendForFiling' }),
          decline({ effects: effects('returnToPool') }),
        ],
      },
      {
        code: 'FILING_APPROVAL',
        labelKey: 'LegalFilingApproval',
        routeSlug: 'legalFilingApproval',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_FILE_APP_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'makerUserId'],
        actions: [
          approve('APPROVED_CASES', {
            requiredFields: ['caseType', 'claimAmount'],
            requiredDocuments: ['loanAgreement', 'statementOfAccount'],
          }),
          reject('REJECT_TRAY', { fields: [REJECTION_REASONS] }),
          pushback('INITIATE'),
        ],
      },
      {
        code: 'APPROVED_CASES',
        labelKey: 'ApprovedCases',
        routeSlug: 'legalApprovedCase',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_APP_CASES_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'advocateName'],
        fields: [
          field('advocateName', 'AdvocateName', 'text', {
            required: true,
            rules: [{ kind: 'maxLength', length: 100 }],
          }),
          field('advocateEnrolmentNo', 'AdvocateEnrolmentNo', 'text', { rules: [{ kind: 'maxLength', length: 30 }] }),
          field('advocatePhone', 'AdvocatePhone', 'phone'),
          field('advocateEmail', 'AdvocateEmail', 'email'),
        ],
        actions: [submit('TEAM_TRAY', { labelKey: 'AssignToLegalTeam', status: 'Approved' })],
      },
      {
        code: 'TEAM_TRAY',
        labelKey: 'LegalTeamTray',
        routeSlug: 'legalLeedTeamTray',
        widgets: [...CASE_WIDGETS],
        authority: 'LEAD_TEAM_TRAY_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'advocateName'],
        fields: [field('caseSummary', 'CaseSummary', 'textarea', { required: true })],
        documents: [document('authorisationLetter', 'AuthorisationLetterPoa')],
        actions: [recommend('MANAGER', { labelKey: 'RecommendToManager' })],
      },
      {
        code: 'MANAGER',
        labelKey: 'LegalManagerTray',
        routeSlug: 'legalManager',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_MANAGER_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'advocateName', 'makerUserId'],
        actions: [
          approve('NOTICE', { labelKey: 'ApproveNotice', effects: effects('generateLegalNotice') }),
          pushback('TEAM_TRAY'),
          reject('REJECT_TRAY', { fields: [REJECTION_REASONS] }),
          decline({ isCheckerAction: true }),
        ],
      },
      {
        code: 'NOTICE',
        labelKey: 'SendLegalNotice',
        routeSlug: 'legalNotice',
        widgets: [...CASE_WIDGETS, 'noticeCopy'],
        authority: 'LEGAL_NOTICE_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'noticeMode', 'noticeSentDate'],
        fields: [
          select(
            'noticeMode',
            'NoticeMode',
            [
              ['RPAD', 'NoticeModeRpad'],
              ['SPEED_POST', 'NoticeModeSpeedPost'],
              ['COURIER', 'NoticeModeCourier'],
              ['EMAIL', 'NoticeModeEmail'],
            ],
            { required: true },
          ),
          pastDate('noticeDate', 'NoticeDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'returnMemoReceivedDate' }],
          }),
          pastDate('noticeSentDate', 'NoticeSentDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'noticeDate' }],
          }),
          field('trackingNumber', 'TrackingNumber', 'text', {
            required: true,
            when: POSTAL_MODES,
            rules: [{ kind: 'upperAlphaNum' }, { kind: 'maxLength', length: 20 }],
          }),
          field('noticeEmail', 'NoticeEmail', 'email', {
            required: true,
            when: { field: 'noticeMode', in: ['EMAIL'] },
          }),
        ],
        documents: [
          document('noticeCopy', 'NoticeCopy'),
          document('postalReceipt', 'PostalReceipt', { when: POSTAL_MODES }),
          document('emailDeliveryProof', 'EmailDeliveryProof', { when: { field: 'noticeMode', in: ['EMAIL'] } }),
        ],
        actions: [submit('CASE_FILING', { labelKey: 'NoticeSent', status: 'Approved' }), withdraw],
      },
      {
        code: 'CASE_FILING',
        labelKey: 'CaseFiling',
        routeSlug: 'legalCaseFiling',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_CASE_FILE_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'noticeSentDate', 'court'],
        fields: [
          select(
            'serviceStatus',
            'NoticeServiceStatus',
            [
              ['SERVED', 'NoticeServed'],
              ['REFUSED', 'NoticeRefused'],
              ['UNCLAIMED', 'NoticeUnclaimed'],
            ],
            { required: true },
          ),
          pastDate('noticeServedDate', 'NoticeServedDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'noticeSentDate' }],
          }),
          select(
            'courtType',
            'CourtType',
            [
              ['JMFC', 'CourtJmfc'],
              ['MM', 'CourtMetropolitanMagistrate'],
              ['CIVIL_COURT', 'CourtCivil'],
              ['COMMERCIAL_COURT', 'CourtCommercial'],
              ['DRT', 'CourtDrt'],
              ['ARBITRAL_TRIBUNAL', 'CourtArbitralTribunal'],
            ],
            { required: true },
          ),
          field('court', 'Court', 'court', { required: true }),
          pastDate('filingDate', 'FilingDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'noticeServedDate' }],
          }),
          field('caseNumber', 'CaseNumber', 'text', { required: true, rules: [{ kind: 'maxLength', length: 40 }] }),
          field('cnr', 'Cnr', 'cnr'),
          field('nextHearingDate', 'FirstHearingDate', 'date', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'filingDate' }],
          }),
        ],
        documents: [
          document('serviceProof', 'ServiceProofTrackingAd'),
          document('filedComplaint', 'FiledComplaint'),
          document('affidavitOfEvidence', 'AffidavitOfEvidence', { when: DISHONOUR_CASES }),
        ],
        actions: [
          submit('COURT_CASE_UPDATE', {
            labelKey: 'CaseFiled',
            status: 'Approved',
            effects: effects('placeLegalHold', 'scheduleHearingReminder'),
          }),
          withdraw,
        ],
      },
      {
        code: 'COURT_CASE_UPDATE',
        labelKey: 'CourtCaseUpdate',
        routeSlug: 'legalCourtCaseUpdate',
        widgets: [...CASE_WIDGETS],
        authority: 'COURT_CASE_UPDT_SUATH',
        trayColumns: [...CASE_COLUMNS, 'court', 'caseNumber', 'cnr', 'nextHearingDate'],
        fields: [
          pastDate('hearingDate', 'HearingDate', {
            required: true,
            rules: [{ kind: 'onOrAfterField', field: 'filingDate' }],
          }),
          select(
            'courtStage',
            'CourtStage',
            [
              ['SUMMONS', 'CourtStageSummons'],
              ['APPEARANCE', 'CourtStageAppearance'],
              ['PLEA', 'CourtStagePlea'],
              ['EVIDENCE', 'CourtStageEvidence'],
              ['CROSS_EXAMINATION', 'CourtStageCrossExamination'],
              ['DEFENCE_EVIDENCE', 'CourtStageDefenceEvidence'],
              ['ARGUMENTS', 'CourtStageArguments'],
              ['JUDGMENT', 'CourtStageJudgment'],
              ['EXECUTION', 'CourtStageExecution'],
            ],
            { required: true },
          ),
          select(
            'outcome',
            'CourtOutcome',
            [
              ['ADJOURNED', 'OutcomeAdjourned'],
              ['PART_HEARD', 'OutcomePartHeard'],
              ['INTERIM_ORDER', 'OutcomeInterimOrder'],
              ['WARRANT_ISSUED', 'OutcomeWarrantIssued'],
              ['CONVICTED', 'OutcomeConvicted'],
              ['ACQUITTED', 'OutcomeAcquitted'],
              ['DECREED', 'OutcomeDecreed'],
              ['DISMISSED', 'OutcomeDismissed'],
              ['AWARD_PASSED', 'OutcomeAwardPassed'],
              ['SETTLED', 'OutcomeSettled'],
            ],
            { required: true },
          ),
          field('nextHearingDate', 'NextHearingDate', 'date', {
            required: true,
            when: { field: 'outcome', in: INTERIM_COURT_OUTCOMES },
            rules: [{ kind: 'onOrAfterField', field: 'hearingDate', offsetDays: 1 }],
          }),
          field('hearingNotes', 'HearingNotes', 'textarea'),
          field('interimCompensationOrdered', 'InterimCompensationOrdered', 'boolean', { when: DISHONOUR_CASES }),
          field('interimCompensationAmount', 'InterimCompensationAmount', 'amount', {
            required: true,
            when: { field: 'interimCompensationOrdered', in: ['true'] },
          }),
          pastDate('interimOrderDate', 'InterimOrderDate', {
            required: true,
            when: { field: 'interimCompensationOrdered', in: ['true'] },
          }),
        ],
        documents: [
          document('orderSheet', 'OrderSheet', { required: false }),
          document('judgmentCopy', 'JudgmentCopy', { when: { field: 'outcome', in: FINAL_COURT_OUTCOMES } }),
        ],
        actions: [
          recommend('COURT_UPDATE_APPROVAL', { labelKey: 'SubmitCourtUpdate', requiredFields: ['cnr'] }),
          withdraw,
        ],
      },
      {
        code: 'COURT_UPDATE_APPROVAL',
        labelKey: 'CourtCaseUpdateApproval',
        routeSlug: 'legalCourtCaseUpdateApproval',
        widgets: [...CASE_WIDGETS],
        authority: 'COURT_CASE_APP_SUATH',
        trayColumns: [...CASE_COLUMNS, 'court', 'cnr', 'outcome', 'nextHearingDate', 'makerUserId'],
        actions: [
          approve(
            { terminal: true },
            {
              labelKey: 'ApproveFinalOrder',
              when: { field: 'outcome', in: FINAL_COURT_OUTCOMES },
              status: 'Closed',
              requiredFields: ['hearingDate', 'outcome'],
              requiredDocuments: ['judgmentCopy'],
              effects: effects('releaseLegalHold'),
            },
          ),
          approve('COURT_CASE_UPDATE', {
            labelKey: 'ApproveCourtUpdate',
            requiredFields: ['hearingDate', 'outcome', 'nextHearingDate'],
            effects: effects('scheduleHearingReminder'),
          }),
          pushback('COURT_CASE_UPDATE'),
          reject('COURT_CASE_UPDATE'),
        ],
      },
      {
        code: 'WITHDRAWAL',
        labelKey: 'Withdrawal',
        routeSlug: 'legalWithDrawal',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_WITHDRAWAL_SUATH',
        trayColumns: [...CASE_COLUMNS, 'withdrawalReason', 'makerUserId'],
        fields: WITHDRAWAL_FIELDS,
        documents: [
          document('settlementLetter', 'SettlementLetter', { when: SETTLEMENT_REASONS }),
          document('withdrawalApplication', 'WithdrawalApplication', {
            when: { field: 'filingDate', isPresent: true },
          }),
        ],
        actions: [
          approve(
            { terminal: true },
            { labelKey: 'ApproveWithdrawal', status: 'Withdrawn', effects: effects('releaseLegalHold') },
          ),
          reject({ history: true }, { labelKey: 'RejectWithdrawal' }),
        ],
      },
      {
        code: 'REJECT_TRAY',
        labelKey: 'RejectTray',
        routeSlug: 'legalRejectTray',
        widgets: [...CASE_WIDGETS],
        authority: 'LEGAL_REJECT_TRAY_SAUTH',
        trayColumns: [...CASE_COLUMNS, 'makerUserId'],
        actions: [
          {
            name: 'reconsider',
            labelKey: 'Reconsider',
            to: { stage: 'FILING_APPROVAL' },
            status: 'Reconsider',
            remarksRequired: true,
            maker: 'actor',
          },
          pushback('INITIATE', { labelKey: 'ReturnToInitiator', isCheckerAction: false }),
          decline({ effects: effects('returnToPool') }),
        ],
      },
    ],
    dateRules: [
      {
        name: 'S138_NOTICE_DUE',
        label: `Demand notice within ${t.noticeDaysFromReturnMemo} days of the return memo (§138(b) NI Act / §25 PSS Act)`,
        labelKey: 'S138NoticeDue',
        kind: 'latest',
        base: 'returnMemoReceivedDate',
        offsetDays: t.noticeDaysFromReturnMemo,
        stages: PRE_NOTICE_STAGES,
        when: DISHONOUR_CASES,
        source: 'NI Act §138 proviso (b); PSS Act §25(1)(b) — domain reference §2.5',
      },
      {
        name: 'S138_COMPLAINT_EARLIEST',
        label: `Complaint only after the ${t.paymentDaysAfterService} days to pay expire (§138(c) NI Act)`,
        labelKey: 'S138ComplaintEarliest',
        kind: 'earliest',
        base: 'noticeServedDate',
        // The drawer pays within 15 days of receipt; the cause of action arises the day after.
        offsetDays: t.paymentDaysAfterService + 1,
        stages: ['CASE_FILING'],
        actions: ['submit'],
        when: DISHONOUR_CASES,
        source: 'NI Act §138 proviso (c); Yogendra Pratap Singh v Savitri Pandey (SC 2014) — domain reference §2.5',
      },
      {
        name: 'S142_COMPLAINT_DUE',
        label: `Complaint within ${t.complaintMonths} month of the cause of action (§142(1)(b) NI Act)`,
        labelKey: 'S142ComplaintDue',
        kind: 'latest',
        base: 'noticeServedDate',
        offsetDays: t.paymentDaysAfterService,
        offsetMonths: t.complaintMonths,
        stages: ['CASE_FILING'],
        when: DISHONOUR_CASES,
        source: 'NI Act §142(1)(b): payBy = served + 15 days, complaintDue = payBy + 1 month — domain reference §2.5',
      },
      {
        name: 'S143A_INTERIM_COMPENSATION_DUE',
        label: `Interim compensation payable within ${t.interimCompensationDays} days of the order (§143A NI Act)`,
        labelKey: 'S143AInterimCompensationDue',
        kind: 'latest',
        base: 'interimOrderDate',
        offsetDays: t.interimCompensationDays,
        stages: ['COURT_CASE_UPDATE', 'COURT_UPDATE_APPROVAL'],
        when: { field: 'interimCompensationOrdered', in: ['true'] },
        source: 'NI Act §143A(4) — domain reference §2.5',
      },
      {
        name: 'NOTICE_SLA',
        label: `Notice sent within ${t.noticeSlaDays} days of approval`,
        labelKey: 'NoticeSlaDue',
        kind: 'latest',
        base: 'stageEnteredOn',
        offsetDays: t.noticeSlaDays,
        stages: ['NOTICE'],
        when: OTHER_CASES,
        source: 'Policy (configurable)',
      },
      {
        name: 'FILING_SLA',
        label: `Suit or application filed within ${t.filingSlaDays} days of the notice`,
        labelKey: 'FilingSlaDue',
        kind: 'latest',
        base: 'stageEnteredOn',
        offsetDays: t.filingSlaDays,
        stages: ['CASE_FILING'],
        when: OTHER_CASES,
        source: 'Policy (configurable)',
      },
      {
        name: 'HEARING_UPDATE_DUE',
        label: `Hearing outcome recorded within ${t.hearingUpdateDays} days of the hearing`,
        labelKey: 'HearingUpdateDue',
        kind: 'latest',
        base: 'nextHearingDate',
        offsetDays: t.hearingUpdateDays,
        stages: ['COURT_CASE_UPDATE'],
        source: 'Policy (configurable)',
      },
      approvalSla(t, 'FILING_APPROVAL'),
      approvalSla(t, 'MANAGER'),
      approvalSla(t, 'COURT_UPDATE_APPROVAL'),
      approvalSla(t, 'WITHDRAWAL'),
    ],
  });
}

export const LEGAL_DEFINITION: WorkflowDefinition = buildLegalDefinition();
