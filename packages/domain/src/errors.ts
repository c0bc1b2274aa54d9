// The API's error codes (`error_code` of every refusal) and the one HTTP status each answers with. Server and web
// share this list: the server's AppError takes its status from ERROR_STATUS, and the web describes a refusal by
// its code. '0' (success) is not an error and is not listed.
//
// Status rules:
// - 400: the request itself is wrong (a field, a wrong or spent one-time code, a policy) — a business refusal, never
//   401, so the web does not try a token refresh.
// - 401: who is calling is not proven: no or bad access token, spent refresh token, and the sign-in calls' own
//   credential refusals (wrong credentials, locked, code still required), as the spec's sign-in contract answers.
// - 403: proven, but not allowed (unit, authority, read-only tab, maker checking their own work).
// - 404: absent, or outside the acting unit's scope (never another unit's data).
// - 409: the state of the record refuses it (already decided, stale version, wrong stage, on hold, ...).
// - 428: an optimistic update did not say which version of the record it changes (`version` missing).
// - 413 / 415 / 429 / 503 / 500: size, media type, rate, an unavailable dependency, a fault.

export const ERROR_STATUS = {
  // request shape
  VALIDATION: 400,
  BAD_REQUEST: 400,
  USERKEY_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  EXPORT_TOO_LARGE: 400,
  // sign-in and session
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 401,
  OTP_REQUIRED: 401,
  OTP_INVALID: 400,
  OTP_COOLDOWN: 429,
  RATE_LIMITED: 429,
  UNAUTHENTICATED: 401,
  REFRESH_INVALID: 401,
  SSO_DISABLED: 404,
  SSO_UNAVAILABLE: 503,
  SSO_FAILED: 401,
  PASSWORD_MISMATCH: 400,
  PASSWORD_POLICY: 400,
  OLD_PASSWORD_INVALID: 400,
  // access
  UNIT_NOT_ALLOWED: 403,
  AUTHORITY_MISSING: 403,
  TAB_READ_ONLY: 403,
  MAKER_CANNOT_CHECK: 403,
  // generic
  NOT_FOUND: 404,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  // record state
  STALE_VERSION: 409,
  PRECONDITION_REQUIRED: 428,
  ALREADY_DECIDED: 409,
  ACCOUNT_ON_HOLD: 409,
  ACCOUNT_NOT_ALLOCATED: 409,
  ACCOUNT_IN_PENDING_REQUEST: 409,
  ASSIGNEE_OUT_OF_REACH: 409,
  RESTRICTION_ACTIVE: 409,
  RESTRICTION_NOT_ACTIVE: 409,
  PTP_NOT_REFERABLE: 409,
  // account marks (issue 14)
  ACCOUNT_MARKED: 409,
  MARK_ACTIVE: 409,
  MARK_NOT_ACTIVE: 409,
  // workflow engine and legal app
  CASE_CLOSED: 409,
  WRONG_STAGE: 409,
  ACTION_NOT_ALLOWED: 409,
  DOCUMENT_MISSING: 400,
  TOO_EARLY: 409,
  NO_RETURN_STAGE: 409,
  DEFINITION_NOT_ACTIVE: 409,
  CASE_ALREADY_OPEN: 409,
  NOT_ELIGIBLE: 409,
  // approvals (maker-checker)
  CHECKER_ALREADY_APPROVED: 403,
  APPROVAL_LIMIT_EXCEEDED: 403,
  NOT_THE_MAKER: 403,
  APPROVAL_ALREADY_OPEN: 409,
  // money posts (issue 13)
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_FLIGHT: 409,
  // command center (issue 16)
  DEVICE_OF_ANOTHER_USER: 409,
} as const satisfies Record<string, number>;

/**
 * Error codes the API answers with (`error_code`).
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
 * - TAB_READ_ONLY: the account-view tab the write belongs to is not editable for the tray's authority.
 * - STALE_VERSION: the record changed since it was read (optimistic concurrency); reload and retry.
 * - PRECONDITION_REQUIRED: an optimistic update came without the `version` it was read at (428).
 * - ALREADY_DECIDED: the request, escalation or PTP deviation was decided by someone else first.
 * - MAKER_CANNOT_CHECK: the maker (or raiser, or PTP capturer) cannot approve their own work.
 * - ACCOUNT_ON_HOLD / ACCOUNT_NOT_ALLOCATED / ACCOUNT_IN_PENDING_REQUEST: accounts that cannot be (re-)allocated.
 * - ASSIGNEE_OUT_OF_REACH: the chosen user or agency works no unit containing these accounts' branches.
 * - ACCOUNT_MARKED: an active mark refuses the write (a call on DO_NOT_CALL, allocating a FRAUD or DECEASED account).
 * - MARK_ACTIVE / MARK_NOT_ACTIVE: the account already carries the mark, or the mark to end has already ended.
 * - RESTRICTION_ACTIVE / RESTRICTION_NOT_ACTIVE: a hold or suppression started twice, or ended while not active.
 * - PTP_NOT_REFERABLE: only broken or partial PTPs are referred to a field collector.
 * - EXPORT_TOO_LARGE: the export would exceed the row cap; narrow the filters.
 * - CASE_CLOSED, WRONG_STAGE, ACTION_NOT_ALLOWED, DOCUMENT_MISSING, TOO_EARLY, NO_RETURN_STAGE,
 *   DEFINITION_NOT_ACTIVE: refusals of the workflow engine's transition.
 * - CASE_ALREADY_OPEN: the account already has an open case of that workflow.
 * - NOT_ELIGIBLE: the account does not meet the legal pool rule.
 * - CHECKER_ALREADY_APPROVED: the checker approved the request at a lower level; another checker must.
 * - APPROVAL_LIMIT_EXCEEDED: at the top level, the amount is above the checker's delegation limit.
 * - NOT_THE_MAKER: only the maker resubmits a request pushed back to them.
 * - APPROVAL_ALREADY_OPEN: the subject already waits in an open request of that flow.
 * - IDEMPOTENCY_KEY_REUSED: the `Idempotency-Key` was used before for a different request (422).
 * - IDEMPOTENCY_IN_FLIGHT: the first request with this `Idempotency-Key` is still being processed; retry.
 * - DEVICE_OF_ANOTHER_USER: the device reporting positions is registered to another field user.
 */
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
