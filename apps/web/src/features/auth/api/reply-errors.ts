import { HttpError, InvalidReplyError, NetworkError } from '../../../lib/http-client.ts';
import type { CodeReply } from './auth-api.ts';

// Replies of the code-carrying calls ({error_code, error_msg}) arrive as 200 or as an HTTP error;
// this reads both the same way.
export function codeReplyOf(error: unknown): CodeReply | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const code = record.error_code;
  if (typeof code !== 'string') return null;
  const message = typeof record.error_msg === 'string' ? record.error_msg : (error.detail ?? undefined);
  const retryAfter = typeof record.retry_after === 'number' ? record.retry_after : undefined;
  return { error_code: code, error_msg: message, retry_after: retryAfter };
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof NetworkError;
}

export function isInvalidReply(error: unknown): boolean {
  return error instanceof InvalidReplyError || (error instanceof HttpError && error.status >= 500);
}
