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

/**
 * The kinds of coded values a column can hold, each with the dictionary key of a code (undefined: shown as sent).
 * A screen cell and an export cell of a column both call `valueLabel` with the column's kind, so a new kind (or a new
 * code of one) reads the same in both. To add one: a key function here, then `labels: '<kind>'` on the columns.
 */
export const VALUE_LABEL_KEYS = {
  product: (code: string) => productKey(code),
  bucket: (code: string): DictionaryKey | undefined => (code === 'CURRENT' ? 'BucketCurrent' : undefined),
  status: (code: string) => statusKey(code),
  caseStatus: (code: string) => caseStatusKey(code) as DictionaryKey,
  deviationReason: (code: string) => DEVIATION_KEYS[code],
  escalationReason: (code: string) => ESCALATION_REASON_KEYS[code],
} satisfies Record<string, (code: string) => DictionaryKey | undefined>;
export type ValueLabelKind = keyof typeof VALUE_LABEL_KEYS;

/** A translator of a key with a fallback for a key no dictionary holds (the server's `tr`, the web's translateKey). */
export type TranslateWithFallback = (key: string, fallback: string) => string;

/** A code of a column's kind in the user's words: HOME → Home, B2 → 31–60, PENDING → Pending, unknown → as sent. */
export function valueLabel(kind: ValueLabelKind, code: string, translate: TranslateWithFallback): string {
  const key = VALUE_LABEL_KEYS[kind](code);
  if (key) return translate(key, code);
  // A bucket reads as its day range (B6 → 365+) in every language, on every screen, export and notice.
  if (kind === 'bucket') return (BUCKET_LABEL as Record<string, string | undefined>)[code] ?? code;
  return code;
}
