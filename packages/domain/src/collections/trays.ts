import type { AuthorityCode } from '../authorities.ts';

// The collections trays of issue 3 as data. Server endpoints, web screens and tests derive from this list:
// which rows a tray holds (`rowKind` and `scope`), its authority, columns, filters and actions.

export type TrayKey =
  | 'telecaller'
  | 'nonDelinquentAccount'
  | 'escalcases'
  | 'skiptrace'
  | 'manualalloc'
  | 'manualrealloc'
  | 'manualReAllocListApproval'
  | 'allocationHold'
  | 'activitySuppressRemoval'
  | 'ptpDeviation'
  | 'ptpReferral'
  | 'ptpReferralAgent'
  | 'fieldCollectorPtpReferralList';

export type TrayRowKind = 'account' | 'ptp' | 'escalation' | 'reallocationRequest';
export type ColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'bucket' | 'status';

/**
 * A column of a tray. `labels` names the kind of code it holds (value-labels.ts of packages/i18n: product, bucket,
 * status, deviationReason, escalationReason …): the screen's cell and the export's cell both show the code through
 * that kind's label, so they cannot drift.
 */
export type TrayColumn = {
  key: string;
  labelKey: string;
  type: ColumnType;
  sortable?: boolean;
  labels?: 'product' | 'bucket' | 'status' | 'deviationReason' | 'escalationReason';
};

export type TrayAction =
  | 'allocate'
  | 'requestReallocation'
  | 'approve'
  | 'reject'
  | 'reallocate'
  | 'startHold'
  | 'endHold'
  | 'startSuppression'
  | 'endSuppression'
  | 'refer';

export type TrayDefinition = {
  key: TrayKey;
  /** route-catalogue name of the list screen (its detail is `<key>Detail`) */
  routeName: string;
  authority: AuthorityCode;
  rowKind: TrayRowKind;
  /** a plain-language statement of which rows the tray holds (the server implements it) */
  holds: string;
  /** extra search views beyond My View / Team View (spec §2.7) */
  views: readonly string[];
  columns: readonly TrayColumn[];
  actions: readonly TrayAction[];
  /** whether rows open the account view (detail route) */
  hasAccountView: boolean;
  /**
   * The view a tray opens in. Supervisor trays open in Team View: their My View (allocated to, captured by or
   * requested by the user) holds nothing the user can act on.
   */
  defaultView: 'my' | 'team';
};

// The case-list columns of spec §3, shared by the account trays.
export const CASE_LIST_COLUMNS: readonly TrayColumn[] = [
  { key: 'accountNo', labelKey: 'DelinquentAccount', type: 'text', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text', sortable: true },
  { key: 'product', labelKey: 'Product', type: 'text', labels: 'product' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', sortable: true },
  { key: 'bucket', labelKey: 'DpdBucket', type: 'bucket', sortable: true, labels: 'bucket' },
  { key: 'cardNo', labelKey: 'CreditCardNo', type: 'text' },
  { key: 'totalBalanceOutstanding', labelKey: 'TotalBalanceOutstanding', type: 'money', sortable: true },
  { key: 'totalAmountOverdue', labelKey: 'TotalAmountOverdue', type: 'money', sortable: true },
  { key: 'lastContactedBy', labelKey: 'LastContactedBy', type: 'text' },
  { key: 'lastActionDate', labelKey: 'LastActionDate', type: 'date', sortable: true },
  { key: 'nextActionDate', labelKey: 'NextActionDate', type: 'date', sortable: true },
  { key: 'allocatedTo', labelKey: 'AllocatedTo', type: 'text' },
];

const PTP_COLUMNS: readonly TrayColumn[] = [
  { key: 'accountNo', labelKey: 'DelinquentAccount', type: 'text', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', sortable: true },
  { key: 'bucket', labelKey: 'DpdBucket', type: 'bucket', labels: 'bucket' },
  { key: 'promisedDate', labelKey: 'PromisedDate', type: 'date', sortable: true },
  { key: 'promisedAmount', labelKey: 'PromisedAmount', type: 'money', sortable: true },
  { key: 'ptpStatus', labelKey: 'PtpStatus', type: 'status', labels: 'status' },
  { key: 'deviationReasons', labelKey: 'DeviationReasons', type: 'text', labels: 'deviationReason' },
  { key: 'capturedBy', labelKey: 'CapturedBy', type: 'text' },
  { key: 'referredTo', labelKey: 'ReferredTo', type: 'text' },
];

const ESCALATION_COLUMNS: readonly TrayColumn[] = [
  { key: 'accountNo', labelKey: 'DelinquentAccount', type: 'text', sortable: true },
  { key: 'customerName', labelKey: 'CustomerName', type: 'text' },
  { key: 'dpd', labelKey: 'Dpd', type: 'number', sortable: true },
  { key: 'bucket', labelKey: 'DpdBucket', type: 'bucket', labels: 'bucket' },
  { key: 'totalAmountOverdue', labelKey: 'TotalAmountOverdue', type: 'money', sortable: true },
  { key: 'escalationReason', labelKey: 'EscalationReason', type: 'text', labels: 'escalationReason' },
  { key: 'escalationStatus', labelKey: 'Status', type: 'status', labels: 'status' },
  { key: 'raisedOn', labelKey: 'RaisedOn', type: 'date', sortable: true },
  { key: 'allocatedTo', labelKey: 'AllocatedTo', type: 'text' },
];

const REQUEST_COLUMNS: readonly TrayColumn[] = [
  { key: 'requestId', labelKey: 'RequestId', type: 'number', sortable: true },
  { key: 'accountCount', labelKey: 'Accounts', type: 'number' },
  { key: 'accountNos', labelKey: 'AccountNumbers', type: 'text' },
  { key: 'toName', labelKey: 'ReallocateTo', type: 'text' },
  { key: 'reason', labelKey: 'Reason', type: 'text' },
  { key: 'maker', labelKey: 'Maker', type: 'text' },
  { key: 'requestStatus', labelKey: 'Status', type: 'status', labels: 'status' },
  { key: 'createdAt', labelKey: 'RequestedAt', type: 'datetime', sortable: true },
];

const account = (
  key: TrayKey,
  authority: AuthorityCode,
  holds: string,
  options: {
    actions?: readonly TrayAction[];
    views?: readonly string[];
    defaultView?: 'my' | 'team';
    hasAccountView?: boolean;
  } = {},
): TrayDefinition => ({
  key,
  routeName: key,
  authority,
  rowKind: 'account',
  holds,
  views: options.views ?? [],
  columns: CASE_LIST_COLUMNS,
  actions: options.actions ?? [],
  hasAccountView: options.hasAccountView ?? true,
  defaultView: options.defaultView ?? 'my',
});

export const TRAYS: readonly TrayDefinition[] = [
  account('telecaller', 'TELECALLER_SAUTH', 'delinquent accounts (DPD > 0) that are not suppressed'),
  account('nonDelinquentAccount', 'NON_DELINQ_ACC_SAUTH', 'accounts with nothing overdue (DPD = 0)'),
  {
    key: 'escalcases',
    routeName: 'escalcases',
    authority: 'ESCALATED_SAUTH',
    rowKind: 'escalation',
    holds: 'escalations: Current Escalation = OPEN, Historic Escalation = resolved',
    views: ['currentEscalation', 'historicEscalation'],
    columns: ESCALATION_COLUMNS,
    actions: ['approve', 'reject', 'reallocate'],
    hasAccountView: true,
    defaultView: 'team',
  },
  account('skiptrace', 'SKIP_SAUTH', 'accounts sent to skip trace (wrong number, shifted, not contactable)'),
  account('manualalloc', 'MAN_ALLOC_SAUTH', 'delinquent accounts not allocated to anyone and not on hold', {
    actions: ['allocate'],
    defaultView: 'team',
  }),
  account('manualrealloc', 'MAN_REALLOC_SAUTH', 'allocated delinquent accounts not on hold', {
    actions: ['requestReallocation'],
    defaultView: 'team',
  }),
  {
    key: 'manualReAllocListApproval',
    routeName: 'manualReAllocListApproval',
    authority: 'MAN_REALLOC_APPROVAL_SAUTH',
    rowKind: 'reallocationRequest',
    holds: 're-allocation requests: pending (default), approved, rejected',
    views: ['pendingApproval', 'approved', 'rejected'],
    columns: REQUEST_COLUMNS,
    actions: ['approve', 'reject'],
    hasAccountView: false,
    defaultView: 'team',
  },
  // The spec gives these two trays no account detail route: they act on rows in place.
  account('allocationHold', 'ALLOCATION_HOLD_SAUTH', 'delinquent accounts; the onHold view shows accounts on hold', {
    actions: ['startHold', 'endHold'],
    views: ['notOnHold', 'onHold'],
    defaultView: 'team',
    hasAccountView: false,
  }),
  account(
    'activitySuppressRemoval',
    'ACTIVITY_SUPPRESS_SAUTH',
    'suppressed accounts (and, in the notSuppressed view, accounts that can be suppressed)',
    {
      actions: ['startSuppression', 'endSuppression'],
      views: ['suppressed', 'notSuppressed'],
      defaultView: 'team',
      hasAccountView: false,
    },
  ),
  {
    key: 'ptpDeviation',
    routeName: 'ptpDeviation',
    authority: 'PTP_DEVIATION_SAUTH',
    rowKind: 'ptp',
    holds: 'PTPs outside policy: pending approval (default), approved, rejected',
    views: ['pendingApproval', 'approved', 'rejected'],
    columns: PTP_COLUMNS,
    actions: ['approve', 'reject'],
    hasAccountView: false,
    defaultView: 'team',
  },
  {
    key: 'ptpReferral',
    routeName: 'ptpReferral',
    authority: 'PTP_REFERRAL_SAUTH',
    rowKind: 'ptp',
    holds: 'broken and partial PTPs of the scope, to refer to a field collector',
    views: [],
    columns: PTP_COLUMNS,
    actions: ['refer'],
    hasAccountView: false,
    defaultView: 'team',
  },
  {
    key: 'ptpReferralAgent',
    routeName: 'ptpReferralAgent',
    authority: 'PTP_REFERAL_AGENT_SAUTH',
    rowKind: 'ptp',
    holds: 'open PTPs captured by the user (My View) or the team, with their status',
    views: [],
    columns: PTP_COLUMNS,
    actions: [],
    hasAccountView: false,
    defaultView: 'my',
  },
  {
    key: 'fieldCollectorPtpReferralList',
    routeName: 'fieldCollectorPtpReferralList',
    authority: 'FIELD_COLLECTOR_SAUTH',
    rowKind: 'ptp',
    holds: 'PTPs referred to a field collector (My View: referred to me)',
    views: [],
    columns: PTP_COLUMNS,
    actions: [],
    hasAccountView: true,
    defaultView: 'my',
  },
];

export function findTray(key: string): TrayDefinition | undefined {
  return TRAYS.find((tray) => tray.key === key);
}
