import { FI_FORUMS, UPLOAD_KINDS } from '@recovery-desk/domain/legal/contracts.ts';
import { LEGAL_CASE_TYPES, LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import type { TFunction } from 'i18next';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { numberFormat } from '../../lib/format.ts';

// Codes of the legal data shown in the interface language. Label keys of the LEGAL definition (stages, case types,
// document codes, `CaseStatus<Status>`, `PoolReason…`) come from the definition's dictionary; an unknown code is
// shown as sent, so a new server value never renders blank.

/** Products and buckets read as the collections screens (and every export) read them: one value-label function. */
export { bucketLabel, productLabel } from '../collections/labels.ts';

export function assetClassLabel(t: TFunction, code: string): string {
  return code === 'STANDARD' ? String(t('PoolAssetClassStandard')) : code;
}

export const CASE_TYPE_CODES = LEGAL_CASE_TYPES.map(([code]) => code);

export function caseTypeLabel(t: TFunction, code: string): string {
  const found = LEGAL_CASE_TYPES.find(([value]) => value === code);
  return found ? translateKey(t, found[1], code) : code;
}

export function caseTypeOptions(t: TFunction): { value: string; label: string }[] {
  return LEGAL_CASE_TYPES.map(([value, labelKey]) => ({ value, label: translateKey(t, labelKey, value) }));
}

export function stageLabel(t: TFunction, stageCode: string, labelKey?: string): string {
  const key = labelKey ?? LEGAL_DEFINITION.stages.find((stage) => stage.code === stageCode)?.labelKey;
  return key ? translateKey(t, key, stageCode) : stageCode;
}

export function caseStatusLabel(t: TFunction, status: string): string {
  return translateKey(t, `CaseStatus${status}`, status);
}

export function poolReasonLabel(t: TFunction, reasonKey: string): string {
  return translateKey(t, reasonKey, reasonKey);
}

export type FiForum = (typeof FI_FORUMS)[number];

const FORUM_KEYS: Record<FiForum, DictionaryKey> = {
  CONSUMER_COMMISSION: 'FiForumConsumerCommission',
  BANKING_OMBUDSMAN: 'FiForumBankingOmbudsman',
  CIVIL_COURT: 'FiForumCivilCourt',
  HIGH_COURT: 'FiForumHighCourt',
  DRAT: 'FiForumDrat',
  NCLT: 'FiForumNclt',
  POLICE_COMPLAINT: 'FiForumPoliceComplaint',
  OTHER: 'FiForumOther',
};

export function forumLabel(t: TFunction, forum: string): string {
  const key = FORUM_KEYS[forum as FiForum] as DictionaryKey | undefined;
  return key ? String(t(key)) : forum;
}

export function forumOptions(t: TFunction): { value: string; label: string }[] {
  return FI_FORUMS.map((forum) => ({ value: forum, label: forumLabel(t, forum) }));
}

export function fiStatusLabel(t: TFunction, status: string): string {
  if (status === 'OPEN') return String(t('FiStatusOpen'));
  if (status === 'DISPOSED') return String(t('FiStatusDisposed'));
  return status;
}

export type UploadKindCode = (typeof UPLOAD_KINDS)[number];

const UPLOAD_KIND_KEYS: Record<UploadKindCode, DictionaryKey> = {
  CASE_INITIATION: 'UploadKindCaseInitiation',
  HEARING_UPDATE: 'UploadKindHearingUpdate',
};

export function uploadKindLabel(t: TFunction, kind: string): string {
  const key = UPLOAD_KIND_KEYS[kind as UploadKindCode] as DictionaryKey | undefined;
  return key ? String(t(key)) : kind;
}

const UPLOAD_STATUS_KEYS: Record<string, DictionaryKey> = {
  PROCESSING: 'UploadStatusProcessing',
  INTERRUPTED: 'UploadStatusInterrupted',
  COMPLETED: 'UploadStatusCompleted',
  COMPLETED_WITH_ERRORS: 'UploadStatusCompletedWithErrors',
  FAILED: 'UploadStatusFailed',
};

export function uploadStatusLabel(t: TFunction, status: string): string {
  const key = UPLOAD_STATUS_KEYS[status];
  return key ? String(t(key)) : status;
}

/** The generated legal notices are listed under this code in File Download. */
export const NOTICE_DOCUMENT_CODE = 'NOTICE';

/** Document codes of the LEGAL definition's stages (each once, in stage order) with their label keys. */
export const LEGAL_DOCUMENT_CODES: readonly { code: string; labelKey: string }[] = (() => {
  const seen = new Map<string, string>();
  for (const stage of LEGAL_DEFINITION.stages) {
    for (const document of stage.documents) if (!seen.has(document.code)) seen.set(document.code, document.labelKey);
  }
  return [...seen].map(([code, labelKey]) => ({ code, labelKey }));
})();

export function documentCodeLabel(t: TFunction, code: string): string {
  if (code === NOTICE_DOCUMENT_CODE) return String(t('LegalGeneratedNotices'));
  const found = LEGAL_DOCUMENT_CODES.find((item) => item.code === code);
  return found ? translateKey(t, found.labelKey, code) : code;
}

/** Bytes as B, KB or MB with one decimal. */
export function formatFileSize(bytes: number, language: string): string {
  const number = numberFormat(language, 1);
  if (bytes < 1024) return `${number.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}
