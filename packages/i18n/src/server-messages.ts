import type { ErrorCode } from '@recovery-desk/domain/errors.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { WORKFLOW_MESSAGES } from '@recovery-desk/domain/workflow/field-validation.ts';
import { localizeDates } from './format.ts';
import type { DictionaryKey } from './locales/en.ts';
import type { Params, Translator } from './translator.ts';

// The server's messages in the user's language. English replies keep each refusal's exact English text (tests and
// the spec's messages depend on it); in the other languages a reply's `detail` is the dictionary text of its error
// code, and a field message of the spec's input rules (packages/domain/src/validation.ts) or of the workflow
// engine is the dictionary text of that rule.

/** Error code → the dictionary key that words it (codes not listed keep the server's own English detail). */
export const ERROR_DETAIL_KEYS: Readonly<Partial<Record<ErrorCode, DictionaryKey>>> = {
  NOT_FOUND: 'ErrorDetailNotFound',
  BAD_REQUEST: 'ErrorDetailBadRequest',
  UNAUTHENTICATED: 'ErrorDetailUnauthenticated',
  UNIT_NOT_ALLOWED: 'ErrorDetailUnitNotAllowed',
  AUTHORITY_MISSING: 'ErrorDetailAuthorityMissing',
  RATE_LIMITED: 'ErrorDetailRateLimited',
  OTP_COOLDOWN: 'OtpCooldown',
  PAYLOAD_TOO_LARGE: 'ErrorDetailPayloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'ErrorDetailUnsupportedMediaType',
  SERVICE_UNAVAILABLE: 'ErrorDetailServiceUnavailable',
  INTERNAL: 'ErrorDetailInternal',
  TAB_READ_ONLY: 'ErrorTabReadOnly',
  STALE_VERSION: 'ErrorDetailStaleVersion',
  PRECONDITION_REQUIRED: 'ErrorDetailPreconditionRequired',
  ALREADY_DECIDED: 'ErrorAlreadyDecided',
  MAKER_CANNOT_CHECK: 'ErrorMakerCannotCheck',
  ACCOUNT_ON_HOLD: 'ErrorAccountOnHold',
  ACCOUNT_NOT_ALLOCATED: 'ErrorAccountNotAllocated',
  ACCOUNT_IN_PENDING_REQUEST: 'ErrorAccountInPendingRequest',
  RESTRICTION_ACTIVE: 'ErrorRestrictionActive',
  RESTRICTION_NOT_ACTIVE: 'ErrorRestrictionNotActive',
  PTP_NOT_REFERABLE: 'ErrorPtpNotReferable',
  ACCOUNT_MARKED: 'ErrorAccountMarked',
  MARK_ACTIVE: 'ErrorMarkActive',
  MARK_NOT_ACTIVE: 'ErrorMarkNotActive',
  EXPORT_TOO_LARGE: 'ErrorExportTooLarge',
  CASE_CLOSED: 'RefusalCaseClosed',
  WRONG_STAGE: 'RefusalWrongStage',
  ACTION_NOT_ALLOWED: 'RefusalActionNotAllowed',
  NO_RETURN_STAGE: 'RefusalNoReturnStage',
  DEFINITION_NOT_ACTIVE: 'RefusalDefinitionNotActive',
  CASE_ALREADY_OPEN: 'ErrorDetailCaseAlreadyOpen',
};

/** Framework refusals by HTTP status (unparsable body, unknown method, …). */
export const STATUS_DETAIL_KEYS: Readonly<Record<number, DictionaryKey>> = {
  400: 'ErrorDetailBadRequest',
  404: 'ErrorDetailNotFound',
  405: 'ErrorDetailMethodNotAllowed',
  406: 'ErrorDetailNotAcceptable',
  413: 'ErrorDetailPayloadTooLarge',
  415: 'ErrorDetailUnsupportedMediaType',
};

/**
 * The `detail` of an error reply: the English message as the server wrote it, or in another language the
 * dictionary text of the code (the English message when the code has none).
 */
export function errorDetail(translate: Translator, code: ErrorCode, english: string, params: Params = {}): string {
  // Dates in a reply read as the user's language writes them (25/11/2026, 25.11.2026), never as 2026-11-25.
  if (translate.language === 'en') return localizeDates(english, 'en');
  // A missing authority without its screen (no code in the reply) is the generic refusal.
  const key = code === 'AUTHORITY_MISSING' && !params.screen ? 'ErrorForbidden' : ERROR_DETAIL_KEYS[code];
  return localizeDates(key ? translate.t(key, params) : english, translate.language);
}

const EXACT: Readonly<Record<string, DictionaryKey>> = {
  [MESSAGES.required]: 'ValidationRequired',
  [MESSAGES.email]: 'ValidationEmail',
  [MESSAGES.name]: 'ValidationName',
  [MESSAGES.character]: 'ValidationCharacter',
  [MESSAGES.number]: 'ValidationNumber',
  [MESSAGES.upperAlphaNum]: 'ValidationUpperAlphaNum',
  [MESSAGES.datePast]: 'ValidationDatePast',
  [MESSAGES.dateFuture]: 'ValidationDateFuture',
  [MESSAGES.passwordMismatch]: 'PasswordMismatch',
  [MESSAGES.mandatory]: 'PleaseFillMandatoryFields',
  [WORKFLOW_MESSAGES.invalidValue]: 'WorkflowInvalidValue',
  [WORKFLOW_MESSAGES.invalidDate]: 'WorkflowInvalidDate',
  [WORKFLOW_MESSAGES.invalidOption]: 'WorkflowInvalidOption',
  [WORKFLOW_MESSAGES.invalidBoolean]: 'WorkflowInvalidBoolean',
};

const PATTERNS: readonly { pattern: RegExp; key: DictionaryKey; param: string }[] = [
  { pattern: /^This field requires a minimum length of (\d+)$/, key: 'ValidationMinLength', param: 'n' },
  { pattern: /^This field requires a maximum length of (\d+)$/, key: 'ValidationMaxLength', param: 'n' },
  { pattern: /^Date should be on or after (\d{4}-\d{2}-\d{2})$/, key: 'ValidationDateOnOrAfter', param: 'x' },
  { pattern: /^Date should be on or before (\d{4}-\d{2}-\d{2})$/, key: 'ValidationDateOnOrBefore', param: 'x' },
  { pattern: /^Amount should be at least (\d{1,15}(?:\.\d{1,2})?)$/, key: 'WorkflowMinAmount', param: 'amount' },
];

/** A field message of the input rules in the language; any other message as it is. */
export function fieldMessage(translate: Translator, message: string): string {
  return localizeDates(wordedFieldMessage(translate, message), translate.language);
}

function wordedFieldMessage(translate: Translator, message: string): string {
  if (translate.language === 'en') return message;
  const exact = EXACT[message];
  if (exact) return translate.t(exact);
  for (const { pattern, key, param } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate.t(key, { [param]: match[1] ?? '' });
  }
  return message;
}
