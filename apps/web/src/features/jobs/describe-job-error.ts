import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from '../../lib/http-client.ts';

/** What went wrong reading jobs or a result file: the server's detail, or a network or generic message. */
export function describeHttpError(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return String(t('CouldNotConnect'));
  if (error instanceof HttpError) {
    if (error.status === 403) return String(t('ErrorForbidden'));
    if (error.status === 404) return String(t('ErrorNotInScope'));
    if (error.detail) return error.detail;
  }
  return String(t('ErrorUnexpectedReply'));
}
