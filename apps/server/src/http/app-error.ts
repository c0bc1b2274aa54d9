// Typed errors of the API. Services throw these (never HTTP or framework errors); the error mapper in
// error-handler.ts turns them into replies in one place.

import { httpStatusOf, type ErrorCode } from '@recovery-desk/domain/errors.ts';
import { authorityLabel } from '@recovery-desk/i18n/authority-labels.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';

export type FieldError = { field: string; message: string };

export type { ErrorCode };

export type AppErrorOptions = {
  fields?: FieldError[];
  /** sets the Retry-After header */
  retryAfterSeconds?: number;
  /** extra reply fields (e.g. `retry_after` of OTP_COOLDOWN) */
  extra?: Record<string, string | number>;
  /** the underlying error, for the server log only (never sent) */
  cause?: unknown;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly extra: Record<string, string | number> | undefined;

  /** The HTTP status comes from the code (ERROR_STATUS in packages/domain/src/errors.ts), never from the throw site. */
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatusOf(code);
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}

export function validationError(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
}

/**
 * A missing authority, named by the screen it opens (never its code: staff do not know LEGAL_FILE_APP_SAUTH). The
 * reply carries the code as `authority` (and `app`) so the web and other languages word it the same way.
 */
export function authorityMissing(authority: string, app: string | null, then = ''): AppError {
  const screen = authorityLabel(authority, translator('en').tr, app);
  return new AppError(
    'AUTHORITY_MISSING',
    `You do not have access to ${screen} in this unit.${then ? ` ${then}` : ''}`,
    {
      extra: app ? { authority, app } : { authority },
    },
  );
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', translator('en').t('ErrorDetailRateLimited', { count: retryAfterSeconds }), {
    retryAfterSeconds,
  });
}
