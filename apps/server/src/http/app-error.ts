// Typed errors of the API. Services throw these (never HTTP or framework errors); the error mapper in
// error-handler.ts turns them into replies in one place.

export type FieldError = { field: string; message: string };

/**
 * Error codes the API answers with (`error_code`). '0' (success) is not an error and is not listed.
 * - VALIDATION: a field of the request is missing or malformed (`fields` names them).
 * - USERKEY_INVALID: the `userkey` envelope could not be opened.
 * - INVALID_CREDENTIALS: unknown user, wrong password or inactive user (one reply for all three).
 * - ACCOUNT_LOCKED: too many consecutive failures; the detail says when to try again.
 * - OTP_REQUIRED / OTP_INVALID: the one-time code is missing, or wrong, expired, used or out of tries.
 * - OTP_COOLDOWN: a code was sent less than 120 s ago.
 * - RATE_LIMITED: too many attempts from this address (Retry-After says when to retry).
 * - UNAUTHENTICATED: no valid access token; REFRESH_INVALID: the refresh token is unknown, spent or expired.
 * - UNIT_NOT_ALLOWED / AUTHORITY_MISSING: the acting unit is not the user's, or lacks the route's authority.
 * - SSO_DISABLED / SSO_UNAVAILABLE / SSO_FAILED: single sign-on is off, its provider cannot be reached, or it failed.
 * - PASSWORD_MISMATCH / PASSWORD_POLICY / OLD_PASSWORD_INVALID: password reset and change rules.
 * - NOT_FOUND, BAD_REQUEST, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, SERVICE_UNAVAILABLE, INTERNAL: generic.
 * Collections casework (issue 3):
 * - TAB_READ_ONLY: the account-view tab the write belongs to is not editable for the tray's authority.
 * - STALE_VERSION: the record changed since it was read (optimistic concurrency); reload and retry.
 * - ALREADY_DECIDED: the request, escalation or PTP deviation was decided by someone else first.
 * - MAKER_CANNOT_CHECK: the maker (or raiser, or PTP capturer) cannot approve their own work.
 * - ACCOUNT_ON_HOLD / ACCOUNT_NOT_ALLOCATED / ACCOUNT_IN_PENDING_REQUEST: accounts that cannot be (re-)allocated.
 * - ASSIGNEE_OUT_OF_REACH: the chosen user or agency works no unit containing these accounts' branches.
 * - RESTRICTION_ACTIVE / RESTRICTION_NOT_ACTIVE: a hold or suppression started twice, or ended while not active.
 * - PTP_NOT_REFERABLE: only broken or partial PTPs are referred to a field collector.
 * - EXPORT_TOO_LARGE: the export would exceed the row cap; narrow the filters.
 * Workflow engine and legal app (issue 4; packages/domain/src/workflow/contracts.ts):
 * - CASE_CLOSED, WRONG_STAGE, ACTION_NOT_ALLOWED, DOCUMENT_MISSING, TOO_EARLY, NO_RETURN_STAGE,
 *   DEFINITION_NOT_ACTIVE: refusals of the engine's transition.
 * - CASE_ALREADY_OPEN: the account already has an open case of that workflow.
 * - NOT_ELIGIBLE: the account does not meet the legal pool rule.
 * Approvals (issue 10; apps/server/src/modules/approvals):
 * - CHECKER_ALREADY_APPROVED: the checker approved the request at a lower level; another checker must.
 * - APPROVAL_LIMIT_EXCEEDED: at the top level, the amount is above the checker's delegation limit.
 * - NOT_THE_MAKER: only the maker resubmits a request pushed back to them.
 * - APPROVAL_ALREADY_OPEN: the subject already waits in an open request of that flow.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'USERKEY_INVALID'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_LOCKED'
  | 'OTP_REQUIRED'
  | 'OTP_INVALID'
  | 'OTP_COOLDOWN'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'REFRESH_INVALID'
  | 'UNIT_NOT_ALLOWED'
  | 'AUTHORITY_MISSING'
  | 'SSO_DISABLED'
  | 'SSO_UNAVAILABLE'
  | 'SSO_FAILED'
  | 'PASSWORD_MISMATCH'
  | 'PASSWORD_POLICY'
  | 'OLD_PASSWORD_INVALID'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL'
  | 'TAB_READ_ONLY'
  | 'STALE_VERSION'
  | 'ALREADY_DECIDED'
  | 'MAKER_CANNOT_CHECK'
  | 'ACCOUNT_ON_HOLD'
  | 'ACCOUNT_NOT_ALLOCATED'
  | 'ACCOUNT_IN_PENDING_REQUEST'
  | 'ASSIGNEE_OUT_OF_REACH'
  | 'RESTRICTION_ACTIVE'
  | 'RESTRICTION_NOT_ACTIVE'
  | 'PTP_NOT_REFERABLE'
  | 'EXPORT_TOO_LARGE'
  | 'CASE_CLOSED'
  | 'WRONG_STAGE'
  | 'ACTION_NOT_ALLOWED'
  | 'DOCUMENT_MISSING'
  | 'TOO_EARLY'
  | 'NO_RETURN_STAGE'
  | 'DEFINITION_NOT_ACTIVE'
  | 'CASE_ALREADY_OPEN'
  | 'NOT_ELIGIBLE'
  | 'CHECKER_ALREADY_APPROVED'
  | 'APPROVAL_LIMIT_EXCEEDED'
  | 'NOT_THE_MAKER'
  | 'APPROVAL_ALREADY_OPEN';

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

  constructor(code: ErrorCode, message: string, httpStatus: number, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}

export function validationError(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, 400, { fields: [{ field, message }] });
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, 429, {
    retryAfterSeconds,
  });
}
