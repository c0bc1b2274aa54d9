import { BUCKET_LABEL, type Bucket } from '@recovery-desk/domain/collections/dpd.ts';
import { PRODUCT_LABEL_KEY, type Product } from '@recovery-desk/domain/products.ts';
import type { DictionaryKey } from './locales/en.ts';

// The dictionary keys of codes the data holds (products, statuses, reasons), shared by the web's cells and the
// server's exports so a code reads the same on the screen and in a file. An unknown code has no key: it is shown as
// sent, so a new server value never renders blank.

export const STATUS_KEYS: Readonly<Record<string, DictionaryKey>> = {
  OPEN: 'StatusOpen',
  KEPT: 'StatusKept',
  PARTIAL: 'StatusPartial',
  BROKEN: 'StatusBroken',
  CANCELLED: 'StatusCancelled',
  PENDING: 'StatusPending',
  PENDING_APPROVAL: 'StatusPending',
  APPROVED: 'StatusApproved',
  REJECTED: 'StatusRejected',
  RESOLVED: 'StatusResolved',
  CLOSED: 'StatusClosed',
  REALLOCATED: 'StatusReallocated',
  NONE: 'StatusNotNeeded',
  NOT_REQUIRED: 'StatusNotNeeded',
  REFERRED: 'StatusReferred',
};

export const DEVIATION_KEYS: Readonly<Record<string, DictionaryKey>> = {
  BEYOND_HORIZON: 'DeviationBeyondHorizon',
  BEYOND_NEXT_DUE: 'DeviationBeyondNextDue',
  BELOW_MINIMUM: 'DeviationBelowMinimum',
};

export const ESCALATION_REASON_KEYS: Readonly<Record<string, DictionaryKey>> = {
  BROKEN_PTP: 'EscalationReasonBrokenPtp',
  RTP: 'EscalationReasonRtp',
  DISPUTE: 'EscalationReasonDispute',
  MANUAL: 'EscalationReasonManual',
};

/** The key of a product code (HOME → ProductHome). */
export function productKey(code: string): DictionaryKey | undefined {
  return (PRODUCT_LABEL_KEY as Record<string, string | undefined>)[code as Product] as DictionaryKey | undefined;
}

/** The key of a collections status code, any case (PENDING_APPROVAL → StatusPending). */
export function statusKey(code: string): DictionaryKey | undefined {
  return STATUS_KEYS[code.toUpperCase()];
}

/** A DPD bucket as the screens show it: the day range (B2 → 31–60), Current translated. */
export function bucketText(bucket: string, current: string): string {
  if (bucket === 'CURRENT') return current;
  return (BUCKET_LABEL as Record<string, string | undefined>)[bucket as Bucket] ?? bucket;
}

/** The key of a workflow case status (Approved → CaseStatusApproved). */
export function caseStatusKey(status: string): string {
  return `CaseStatus${status}`;
}

// Every code list of the domain that a screen or an export shows, with the key of each value's label. One function
// words any of them (valueLabel); value-labels.test.ts walks the domain's code lists and fails when one is neither
// here nor listed as never shown, or when a value has no label in some language.

const pascal = (code: string): string =>
  code
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

export const CONTACT_MODE_KEYS: Readonly<Record<string, DictionaryKey>> = {
  CALL: 'ModeCall',
  SMS: 'ModeSms',
  WHATSAPP: 'ModeWhatsapp',
  EMAIL: 'ModeEmail',
  FIELD_VISIT: 'ModeFieldVisit',
  INBOUND: 'ModeInbound',
  NONE: 'ModeNone',
};

const APPROVAL_STATUS_KEYS: Readonly<Record<string, DictionaryKey>> = {
  PENDING: 'StatusPending',
  APPROVED: 'StatusApproved',
  REJECTED: 'StatusRejected',
  PUSHBACK: 'CaseStatusPushback',
  WITHDRAWN: 'CaseStatusWithdrawn',
};

const HOLD_REASON_KEYS: Readonly<Record<string, DictionaryKey>> = {
  'Complaint pending': 'HoldReasonComplaintPending',
  Dispute: 'HoldReasonDispute',
  'Legal sub-judice': 'HoldReasonSubJudice',
  Deceased: 'HoldReasonDeceased',
  'Bereavement, calamity or festival': 'HoldReasonBereavement',
  'Settlement under process': 'HoldReasonSettlement',
  'Fraud investigation': 'HoldReasonFraud',
};

const JOB_STATUS_KEYS: Readonly<Record<string, DictionaryKey>> = {
  QUEUED: 'JobStatusQueued',
  RUNNING: 'JobStatusRunning',
  DONE: 'JobStatusDone',
  FAILED: 'JobStatusFailed',
};

const UNIT_LEVEL_KEYS: Readonly<Record<string, DictionaryKey>> = {
  HO: 'UnitLevelHeadOffice',
  ZONE: 'UnitLevelZone',
  REGION: 'UnitLevelRegion',
  BRANCH: 'UnitLevelBranch',
};

const fromMap =
  (map: Readonly<Record<string, DictionaryKey>>) =>
  (code: string): DictionaryKey | undefined =>
    map[code];
const prefixed =
  (prefix: string) =>
  (code: string): DictionaryKey =>
    `${prefix}${pascal(code)}` as DictionaryKey;

/** A finding's measures (camelCase codes) by their label keys. */
const SHADY_MEASURE_KEYS: Readonly<Record<string, DictionaryKey>> = {
  distanceM: 'ShadyMeasureDistance',
  closestApproachM: 'ShadyMeasureClosestApproach',
  noTrackNear: 'ShadyMeasureNoTrackNear',
  mock: 'ShadyMeasureMock',
  locationMissing: 'ShadyMeasureLocationMissing',
  receiptsAtStop: 'ShadyMeasureReceiptsAtStop',
  minutesOutside: 'ShadyMeasureMinutesOutside',
  speedKmh: 'ShadyMeasureSpeed',
  dayCashMinor: 'ShadyMeasureDayCash',
  hoursLate: 'ShadyMeasureHoursLate',
  undeposited: 'ShadyMeasureUndeposited',
  cancellations: 'ShadyMeasureCancellations',
};

/** The kinds of coded values the screens and exports show, each with the key of a value's label. */
export const VALUE_KINDS = {
  disposition: prefixed('Disposition'),
  contactMode: fromMap(CONTACT_MODE_KEYS),
  addressType: prefixed('AddressType'),
  contactType: prefixed('ContactType'),
  contactCategory: prefixed('ContactCategory'),
  level: prefixed('Level'),
  status: (code: string) => statusKey(code),
  approvalStatus: fromMap(APPROVAL_STATUS_KEYS),
  deviationReason: fromMap(DEVIATION_KEYS),
  escalationReason: fromMap(ESCALATION_REASON_KEYS),
  holdReason: fromMap(HOLD_REASON_KEYS),
  product: (code: string) => productKey(code),
  jobStatus: fromMap(JOB_STATUS_KEYS),
  unitLevel: fromMap(UNIT_LEVEL_KEYS),
  fiForum: prefixed('FiForum'),
  uploadKind: prefixed('UploadKind'),
  uploadStatus: prefixed('UploadStatus'),
  caseStatus: (code: string) => `CaseStatus${code}` as DictionaryKey,
  courtOutcome: prefixed('Outcome'),
  // Payments (issue 13): UPI collect statuses, batch views, EFT cancel reasons.
  upiStatus: prefixed('UpiStatus'),
  batchStatus: prefixed('PayBatch'),
  eftCancelReason: prefixed('PayEftReason'),
  receiptMode: prefixed('ReceiptMode'),
  receiptStatus: prefixed('ReceiptStatus'),
  receiptSource: prefixed('ReceiptSource'),
  receiptKind: prefixed('ReceiptKind'),
  cancelReason: prefixed('CancelReason'),
  postingComponent: prefixed('Posting'),
  // Secured assets (issue 15): the asset inventory's fuel level, conditions, area units and occupancy.
  fuelLevel: prefixed('RepoInvFuel'),
  assetCondition: prefixed('RepoYardCondition'),
  yardOutReason: prefixed('RepoYardOutReason'),
  agencyKind: prefixed('RepoAgencyKind'),
  itemCondition: prefixed('RepoInvCondition'),
  areaUnit: prefixed('RepoInvAreaUnit'),
  propertyOccupancy: prefixed('RepoInvOccupancy'),
  publicationLanguage: prefixed('RepoPubLanguage'),
  publicationPurpose: prefixed('RepoPubPurpose'),
  // Command center (issue 16): what a position of the field app records (a fix, a sign-in, a receipt …).
  positionEvent: prefixed('PositionEvent'),
  // a field user's tracking status (Active Inactive Users): online, unknown, offline, and the inactive filter
  trackingStatus: prefixed('TrackingStatus'),
  // the documents of the repossession and SARFAESI workflows (Repossession Settings, Templates tab)
  securedDocumentKind: prefixed('SecuredDocument'),
  // the shady-transaction rules, their severities, bases and measures (settings' severity table, the shady reports)
  shadyRule: prefixed('ShadyRule'),
  severity: prefixed('Severity'),
  shadyBasis: prefixed('ShadyBasis'),
  shadyMeasure: fromMap(SHADY_MEASURE_KEYS),
  // A bucket reads as its day range (B6 → 365+) in every language, on every screen, export and notice (valueLabel).
  bucket: (code: string): DictionaryKey | undefined => (code === 'CURRENT' ? 'BucketCurrent' : undefined),
} as const satisfies Record<string, (code: string) => DictionaryKey | undefined>;

export type ValueKind = keyof typeof VALUE_KINDS;

/** The dictionary key of a coded value's label; undefined for a code the kind does not know. */
export function valueLabelKey(kind: ValueKind, code: string): DictionaryKey | undefined {
  return VALUE_KINDS[kind](code);
}

/**
 * A coded value as the user reads it, in the language of `translate` (web: translateKey over i18next, server: a
 * translator's tr): the label, or the code itself when it has none (a new server value never renders blank).
 */
export function valueLabel(
  kind: ValueKind,
  code: string | null | undefined,
  translate: (key: string, fallback: string) => string,
): string {
  if (code === null || code === undefined || code === '') return '';
  const key = valueLabelKey(kind, code);
  if (key) return translate(key, code);
  if (kind === 'bucket') return (BUCKET_LABEL as Record<string, string | undefined>)[code] ?? code;
  return code;
}

/** The kinds a column's `labels` may name (screen cells and export cells of the column both go through valueLabel). */
export const VALUE_LABEL_KEYS = VALUE_KINDS;
export type ValueLabelKind = ValueKind;

/** A translator of a key with a fallback for a key no dictionary holds (the server's `tr`, the web's translateKey). */
export type TranslateWithFallback = (key: string, fallback: string) => string;
