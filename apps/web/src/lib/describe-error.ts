import { isErrorCode, type ErrorCode } from '@recovery-desk/domain/errors.ts';
import type { TFunction } from 'i18next';
import { HttpError, NetworkError } from './http-client.ts';
import { i18n } from './i18n/i18n.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// One place that turns a failed call into a sentence for the user (style habit 9), over the API's shared error
// codes (packages/domain/src/errors.ts). Every code has its message in every dictionary: a code added to the domain
// list does not compile here until it has one, and a unit test checks all four languages.

export const ERROR_MESSAGE_KEYS: Record<ErrorCode, DictionaryKey> = {
  VALIDATION: 'ErrorValidation',
  BAD_REQUEST: 'ErrorBadRequest',
  USERKEY_INVALID: 'ErrorUserkeyInvalid',
  PAYLOAD_TOO_LARGE: 'ErrorPayloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'ErrorUnsupportedMediaType',
  EXPORT_TOO_LARGE: 'ErrorExportTooLarge',
  INVALID_CREDENTIALS: 'ErrorInvalidCredentials',
  ACCOUNT_LOCKED: 'ErrorAccountLocked',
  OTP_REQUIRED: 'ErrorOtpRequired',
  OTP_INVALID: 'ErrorOtpInvalid',
  OTP_COOLDOWN: 'ErrorOtpCooldown',
  RATE_LIMITED: 'ErrorRateLimited',
  UNAUTHENTICATED: 'ErrorUnauthenticated',
  REFRESH_INVALID: 'ErrorRefreshInvalid',
  SSO_DISABLED: 'ErrorSsoDisabled',
  SSO_UNAVAILABLE: 'ErrorSsoUnavailable',
  SSO_FAILED: 'ErrorSsoFailed',
  PASSWORD_MISMATCH: 'ErrorPasswordMismatch',
  PASSWORD_POLICY: 'ErrorPasswordPolicy',
  OLD_PASSWORD_INVALID: 'ErrorOldPasswordInvalid',
  UNIT_NOT_ALLOWED: 'ErrorUnitNotAllowed',
  AUTHORITY_MISSING: 'ErrorForbidden',
  TAB_READ_ONLY: 'ErrorTabReadOnly',
  MAKER_CANNOT_CHECK: 'ErrorMakerCannotCheck',
  CHECKER_ALREADY_APPROVED: 'ErrorCheckerAlreadyApproved',
  APPROVAL_LIMIT_EXCEEDED: 'ErrorApprovalLimitExceeded',
  NOT_THE_MAKER: 'ErrorNotTheMaker',
  NOT_FOUND: 'ErrorNotInScope',
  SERVICE_UNAVAILABLE: 'ErrorServiceUnavailable',
  INTERNAL: 'ErrorInternal',
  STALE_VERSION: 'ErrorStaleVersion',
  PRECONDITION_REQUIRED: 'ErrorPreconditionRequired',
  ALREADY_DECIDED: 'ErrorAlreadyDecided',
  APPROVAL_ALREADY_OPEN: 'ErrorApprovalAlreadyOpen',
  IDEMPOTENCY_KEY_REUSED: 'ErrorIdempotencyKeyReused',
  IDEMPOTENCY_IN_FLIGHT: 'ErrorIdempotencyInFlight',
  DEVICE_OF_ANOTHER_USER: 'ErrorDeviceOfAnotherUser',
  ACCOUNT_ON_HOLD: 'ErrorAccountOnHold',
  ACCOUNT_NOT_ALLOCATED: 'ErrorAccountNotAllocated',
  ACCOUNT_IN_PENDING_REQUEST: 'ErrorAccountInPendingRequest',
  ASSIGNEE_OUT_OF_REACH: 'ErrorAssigneeOutOfReach',
  RESTRICTION_ACTIVE: 'ErrorRestrictionActive',
  RESTRICTION_NOT_ACTIVE: 'ErrorRestrictionNotActive',
  PTP_NOT_REFERABLE: 'ErrorPtpNotReferable',
  ACCOUNT_MARKED: 'ErrorAccountMarked',
  MARK_ACTIVE: 'ErrorMarkActive',
  MARK_NOT_ACTIVE: 'ErrorMarkNotActive',
  CASE_CLOSED: 'ErrorCaseClosed',
  WRONG_STAGE: 'ErrorWrongStage',
  ACTION_NOT_ALLOWED: 'ErrorActionNotAllowed',
  DOCUMENT_MISSING: 'ErrorDocumentMissing',
  TOO_EARLY: 'ErrorTooEarly',
  NO_RETURN_STAGE: 'ErrorNoReturnStage',
  DEFINITION_NOT_ACTIVE: 'ErrorDefinitionNotActive',
  CASE_ALREADY_OPEN: 'ErrorCaseAlreadyOpen',
  NOT_ELIGIBLE: 'ErrorNotEligible',
};

/**
 * Replies whose reason only the server can word (which accounts, which rule, which field; what is down, the request
 * id to quote to support): its detail is shown when it sends one, the code's message otherwise.
 */
const SERVER_WORDED: ReadonlySet<ErrorCode> = new Set([
  'NOT_ELIGIBLE',
  'CASE_ALREADY_OPEN',
  'VALIDATION',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
]);

/** The shared error code of a failed call, or null (network failure, unknown code, not an API reply). */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const code = error instanceof HttpError ? error.errorCode : null;
  return isErrorCode(code) ? code : null;
}

/** The reply body of a failed call, or an empty record. */
export function errorBody(error: unknown): Record<string, unknown> {
  if (!(error instanceof HttpError)) return {};
  return typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
}

/** The account numbers some refusals name (reply field `accounts`). */
function accountsOf(error: unknown): string | null {
  const accounts = errorBody(error).accounts;
  return typeof accounts === 'string' && accounts !== '' ? accounts : null;
}

/** The message of an error code in the user's language. */
export function errorCodeMessage(code: ErrorCode, t: TFunction = i18n.t.bind(i18n)): string {
  return String(t(ERROR_MESSAGE_KEYS[code]));
}

/** A failed call as a sentence in the user's language. */
export function describeError(error: unknown, t: TFunction = i18n.t.bind(i18n)): string {
  if (error instanceof NetworkError) return String(t('CouldNotConnect'));
  if (!(error instanceof HttpError)) {
    // A reply that does not match the shared contract (zod) or any other failure.
    return String(t('ErrorUnexpectedReply'));
  }
  const code = errorCodeOf(error);
  if (code !== null) {
    if (SERVER_WORDED.has(code) && error.detail) return error.detail;
    const accounts = accountsOf(error);
    const message = errorCodeMessage(code, t);
    return accounts ? `${message} (${accounts})` : message;
  }
  // A reply without a known code: by its status.
  if (error.status === 404) return String(t('ErrorNotInScope'));
  if (error.status === 403) return String(t('ErrorForbidden'));
  if (error.status === 413) return String(t('UploadTooLarge'));
  if (error.detail) return error.detail;
  return String(t('ApiRequestFailed'));
}
