import type { TFunction } from 'i18next';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { valueLabel, type ValueLabelKind } from '@recovery-desk/i18n/value-labels.ts';

// Codes from the collections data (products, buckets, statuses, views, modes) shown in the interface language.
// An unknown code is shown as sent, so new server values never render blank.

/**
 * A code of a column's kind in the interface language, through the value-label function the server's exports call
 * too (packages/i18n value-labels.ts), so a screen and its export say the same.
 */
export function codeLabel(t: TFunction, kind: ValueLabelKind, code: string): string {
  return valueLabel(kind, code, (key, fallback) => translateKey(t, key, fallback));
}

export function productLabel(t: TFunction, code: string): string {
  return codeLabel(t, 'product', code);
}

/** A DPD bucket as its day range (B2 → 31–60, B6 → 365+), the one form every screen, export and notice shows. */
export function bucketLabel(t: TFunction, bucket: string): string {
  return codeLabel(t, 'bucket', bucket);
}

export function statusLabel(t: TFunction, code: string): string {
  return codeLabel(t, 'status', code);
}

export function deviationReasonLabel(t: TFunction, code: string): string {
  return codeLabel(t, 'deviationReason', code);
}

const VIEW_KEYS: Record<string, DictionaryKey> = {
  currentEscalation: 'ViewCurrentEscalation',
  historicEscalation: 'ViewHistoricEscalation',
  pendingApproval: 'ViewPendingApproval',
  approved: 'ViewApproved',
  rejected: 'ViewRejected',
  onHold: 'ViewOnHold',
  notOnHold: 'ViewNotOnHold',
  suppressed: 'ViewSuppressed',
  notSuppressed: 'ViewNotSuppressed',
};

export function viewLabel(t: TFunction, view: string): string {
  const key = VIEW_KEYS[view];
  return key ? String(t(key)) : view;
}

const CONTACT_MODE_KEYS: Record<string, DictionaryKey> = {
  CALL: 'ModeCall',
  SMS: 'ModeSms',
  WHATSAPP: 'ModeWhatsapp',
  EMAIL: 'ModeEmail',
  FIELD_VISIT: 'ModeFieldVisit',
  INBOUND: 'ModeInbound',
  NONE: 'ModeNone',
};

export function contactModeLabel(t: TFunction, code: string | null): string {
  if (code === null || code === '') return '';
  const key = CONTACT_MODE_KEYS[code];
  return key ? String(t(key)) : code;
}

const HOLD_REASON_KEYS: Record<string, DictionaryKey> = {
  'Complaint pending': 'HoldReasonComplaintPending',
  Dispute: 'HoldReasonDispute',
  'Legal sub-judice': 'HoldReasonSubJudice',
  Deceased: 'HoldReasonDeceased',
  'Bereavement, calamity or festival': 'HoldReasonBereavement',
  'Settlement under process': 'HoldReasonSettlement',
  'Fraud investigation': 'HoldReasonFraud',
};

export function holdReasonLabel(t: TFunction, reason: string): string {
  const key = HOLD_REASON_KEYS[reason];
  return key ? String(t(key)) : reason;
}

const RESTRICTION_KEYS: Record<string, DictionaryKey> = {
  HOLD: 'RestrictionHold',
  ALLOCATION_HOLD: 'RestrictionHold',
  SUPPRESSION: 'RestrictionSuppression',
  ACTIVITY_SUPPRESSION: 'RestrictionSuppression',
  START: 'RestrictionStart',
  END: 'RestrictionEnd',
};

export function restrictionLabel(t: TFunction, code: string): string {
  const key = RESTRICTION_KEYS[code.toUpperCase()];
  return key ? String(t(key)) : code;
}

export function escalationReasonLabel(t: TFunction, code: string): string {
  return codeLabel(t, 'escalationReason', code);
}

const ALLOCATION_KIND_KEYS: Record<string, DictionaryKey> = {
  MANUAL: 'AllocationKindManual',
  REALLOCATION: 'AllocationKindReallocation',
  ESCALATION: 'AllocationKindEscalation',
};

export function allocationKindLabel(t: TFunction, code: string): string {
  const key = ALLOCATION_KIND_KEYS[code];
  return key ? String(t(key)) : code;
}

/** Dates from the server are ISO `YYYY-MM-DD`; an empty value shows a dash. */
export const EMPTY_VALUE = '—';
