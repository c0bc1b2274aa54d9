import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from '../../../lib/http-client.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// One place that turns a failed collections call into a sentence for the user (style habit 9).
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

/** The account numbers some refusals name (reply field `accounts`). */
function accountsOf(error: HttpError): string | null {
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const accounts = (body as { accounts?: unknown }).accounts;
  return typeof accounts === 'string' && accounts !== '' ? accounts : null;
}

export function errorCodeOf(error: unknown): string | null {
  return error instanceof HttpError ? error.errorCode : null;
}

export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return String(t('CouldNotConnect'));
  if (error instanceof HttpError) {
    const key = error.errorCode ? CODE_KEYS[error.errorCode] : undefined;
    if (key) {
      const accounts = accountsOf(error);
      return accounts ? `${String(t(key))} (${accounts})` : String(t(key));
    }
    if (error.status === 404) return String(t('ErrorNotInScope'));
    if (error.status === 403) return String(t('ErrorForbidden'));
    if (error.detail) return error.detail;
    return String(t('ApiRequestFailed'));
  }
  // A reply that does not match the shared contract (zod) or any other failure.
  return String(t('ErrorUnexpectedReply'));
}
