import type { TFunction } from 'i18next';
import { describeError, errorCodeOf } from '../../../lib/describe-error.ts';
import { HttpError } from '../../../lib/http-client.ts';

// The legal app describes failures with the shared describer (lib/describe-error.ts); only a stale record has
// wording of its own (reload the settings, the matter, …).

/** A 409 for a record changed since it was read (not a business refusal such as NOT_ELIGIBLE): reload and retry. */
export function isStaleVersion(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.errorCode === 'STALE_VERSION') return true;
  return error.status === 409 && error.errorCode !== 'NOT_ELIGIBLE' && error.errorCode !== 'CASE_ALREADY_OPEN';
}

export function describeLegalError(t: TFunction, error: unknown): string {
  if (errorCodeOf(error) === 'STALE_VERSION') return String(t('LegalErrorStaleVersion'));
  return describeError(error, t);
}
