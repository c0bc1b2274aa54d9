import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from './http-client.ts';
import { i18n } from './i18n/i18n.ts';
import type { DictionaryKey } from './i18n/locales/en.ts';

// One place that turns a failed call into a sentence for the user (style habit 9), over the API's error codes.

const CODE_KEYS: Record<string, DictionaryKey> = {
  TAB_READ_ONLY: 'ErrorTabReadOnly',
  STALE_VERSION: 'ErrorStaleVersion',
  MAKER_CANNOT_CHECK: 'ErrorMakerCannotCheck',
  ALREADY_DECIDED: 'ErrorAlreadyDecided',
  ACCOUNT_ON_HOLD: 'ErrorAccountOnHold',
  ACCOUNT_NOT_ALLOCATED: 'ErrorAccountNotAllocated',
  ACCOUNT_IN_PENDING_REQUEST: 'ErrorAccountInPendingRequest',
  RESTRICTION_ACTIVE: 'ErrorRestrictionActive',
  RESTRICTION_NOT_ACTIVE: 'ErrorRestrictionNotActive',
  PTP_NOT_REFERABLE: 'ErrorPtpNotReferable',
  EXPORT_TOO_LARGE: 'ErrorExportTooLarge',
};

/** Refusals whose reason only the server knows (they name the accounts and why): its own detail is shown. */
const SERVER_WORDED = new Set(['NOT_ELIGIBLE', 'CASE_ALREADY_OPEN', 'VALIDATION']);

export function errorCodeOf(error: unknown): string | null {
  return error instanceof HttpError ? error.errorCode : null;
}

/** The reply body of a failed call, or an empty record. */
export function errorBody(error: unknown): Record<string, unknown> {
  if (!(error instanceof HttpError)) return {};
  return typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
}

/** The account numbers some refusals name (reply field `accounts`). */
function accountsOf(error: HttpError): string | null {
  const accounts = errorBody(error).accounts;
  return typeof accounts === 'string' && accounts !== '' ? accounts : null;
}

/** A failed call as a sentence in the user's language. */
export function describeError(error: unknown, t: TFunction = i18n.t.bind(i18n)): string {
  if (error instanceof NetworkError) return String(t('CouldNotConnect'));
  if (error instanceof HttpError) {
    const code = error.errorCode;
    if (code && SERVER_WORDED.has(code) && error.detail) return error.detail;
    const key = code ? CODE_KEYS[code] : undefined;
    if (key) {
      const accounts = accountsOf(error);
      return accounts ? `${String(t(key))} (${accounts})` : String(t(key));
    }
    if (error.status === 404) return String(t('ErrorNotInScope'));
    if (error.status === 403) return String(t('ErrorForbidden'));
    if (error.status === 413) return String(t('UploadTooLarge'));
    if (error.detail) return error.detail;
    return String(t('ApiRequestFailed'));
  }
  // A reply that does not match the shared contract (zod) or any other failure.
  return String(t('ErrorUnexpectedReply'));
}
