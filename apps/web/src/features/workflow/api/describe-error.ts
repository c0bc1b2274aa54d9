import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { TFunction } from 'i18next';
import { describeError, errorBody, errorCodeOf } from '../../../lib/describe-error.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { refusalText } from '../refusals.ts';

// A failed workflow call as a sentence that says what to do: engine refusals use the same words as the disabled
// actions of the case screen (naming the stage, the date rule, the document); every other code goes to the shared
// describer (lib/describe-error.ts).

/** Server error codes → the engine refusal code whose `Refusal<Code>` text says the same. */
const REFUSAL_OF_ERROR: Record<string, string> = {
  CASE_CLOSED: 'CASE_CLOSED',
  WRONG_STAGE: 'WRONG_STAGE',
  ACTION_NOT_ALLOWED: 'ACTION_NOT_ALLOWED',
  DOCUMENT_MISSING: 'REQUIRED_DOCUMENT_MISSING',
  TOO_EARLY: 'TOO_EARLY',
  NO_RETURN_STAGE: 'NO_RETURN_STAGE',
  DEFINITION_NOT_ACTIVE: 'DEFINITION_NOT_ACTIVE',
  MAKER_CANNOT_CHECK: 'MAKER_CANNOT_CHECK',
  AUTHORITY_MISSING: 'MISSING_AUTHORITY',
};

export const STALE_CODES = ['STALE_VERSION', 'WRONG_STAGE'] as const;

export { errorBody, errorCodeOf };

/** The case changed under the user (another user acted, or it moved on): reload and look again. */
export function isStaleError(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    error instanceof HttpError &&
    error.status === 409 &&
    code !== null &&
    (STALE_CODES as readonly string[]).includes(code)
  );
}

export function describeWorkflowError(
  t: TFunction,
  error: unknown,
  definition?: WorkflowDefinition,
  language = 'en',
): string {
  if (error instanceof HttpError) {
    const code = errorCodeOf(error);
    if (code === 'STALE_VERSION') return String(t('WorkflowCaseChanged'));
    // The server names the missing authority in its detail only.
    if (code === 'AUTHORITY_MISSING' && typeof errorBody(error).authority !== 'string' && error.detail) {
      return error.detail;
    }
    const refusal = code ? REFUSAL_OF_ERROR[code] : undefined;
    if (refusal) return refusalText(t, definition, { ...errorBody(error), code: refusal }, language);
    if (code === 'VALIDATION' && error.fields.length > 0) return String(t('WorkflowCorrectFields'));
    if (error.status === 404) return String(t('WorkflowCaseNotInScope'));
  }
  return describeError(error, t);
}
