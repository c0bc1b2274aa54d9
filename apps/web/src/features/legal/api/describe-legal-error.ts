import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from '../../../lib/http-client.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// One place that turns a failed legal call into a sentence for the user. Refusals whose reason only the server
// knows (NOT_ELIGIBLE, CASE_ALREADY_OPEN name the accounts and why) show the server's own detail.
const CODE_KEYS: Record<string, DictionaryKey> = {
  STALE_VERSION: 'LegalErrorStaleVersion',
  TAB_READ_ONLY: 'ErrorTabReadOnly',
};
const SERVER_WORDED = new Set(['NOT_ELIGIBLE', 'CASE_ALREADY_OPEN', 'VALIDATION']);

/** A 409 for a record changed since it was read (not a business refusal such as NOT_ELIGIBLE): reload and retry. */
export function isStaleVersion(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.errorCode === 'STALE_VERSION') return true;
  return error.status === 409 && error.errorCode !== 'NOT_ELIGIBLE' && error.errorCode !== 'CASE_ALREADY_OPEN';
}

export function describeLegalError(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return String(t('CouldNotConnect'));
  if (error instanceof HttpError) {
    const code = error.errorCode;
    if (code && SERVER_WORDED.has(code) && error.detail) return error.detail;
    const key = code ? CODE_KEYS[code] : undefined;
    if (key) return String(t(key));
    if (error.status === 404) return String(t('ErrorNotInScope'));
    if (error.status === 403) return String(t('ErrorForbidden'));
    if (error.status === 413) return String(t('UploadTooLarge'));
    if (error.detail) return error.detail;
    return String(t('ApiRequestFailed'));
  }
  // A reply that does not match the shared contract (zod) or any other failure.
  return String(t('ErrorUnexpectedReply'));
}
