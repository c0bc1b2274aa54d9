import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { Refusal } from '@recovery-desk/domain/workflow/transition.ts';
import { AppError, authorityMissing, type FieldError } from '../../../http/app-error.ts';

// The engine's typed refusals as API errors, each saying what to do next.

export const REQUIRED = 'This field is required';
export const NOT_EDITABLE = 'is not editable at this stage';
/** The spec's words for a document that must be uploaded first (§5). */
export const UPLOAD_FIRST = 'please upload file first';

const fieldPath = (name: string) => `fields.${name}`;

function validation(fields: FieldError[]): AppError {
  const first = fields[0]!;
  return new AppError('VALIDATION', `${first.field}: ${first.message}`, { fields });
}

export function refusalError(refusal: Refusal, definition: WorkflowDefinition): AppError {
  switch (refusal.code) {
    case 'MISSING_AUTHORITY':
      return authorityMissing(refusal.authority, definition.app, 'Ask a colleague who has it to act.');
    case 'MAKER_CANNOT_CHECK':
      return new AppError(
        'MAKER_CANNOT_CHECK',
        'You made the step awaiting this decision, so another user must approve, reject or return it.',
      );
    case 'REMARKS_REQUIRED':
      return validation([{ field: 'remarks', message: REQUIRED }]);
    case 'REQUIRED_FIELD_MISSING':
      return validation(refusal.fields.map((name) => ({ field: fieldPath(name), message: REQUIRED })));
    case 'FIELD_INVALID':
      return validation(refusal.errors.map((error) => ({ field: fieldPath(error.field), message: error.message })));
    case 'FIELD_NOT_EDITABLE':
      return validation(refusal.fields.map((name) => ({ field: fieldPath(name), message: NOT_EDITABLE })));
    case 'NO_BRANCH_MATCHES':
      return validation(
        refusal.fields.map((name) => ({
          field: fieldPath(name),
          message: `has no value that allows ${refusal.action}; set it first`,
        })),
      );
    case 'REQUIREMENTS_UNMET': {
      // Everything the action still needs, in one refusal: remarks, empty required fields, wrong values, documents.
      const fields: FieldError[] = [
        ...(refusal.remarks ? [{ field: 'remarks', message: REQUIRED }] : []),
        ...refusal.fields.map((name) => ({ field: fieldPath(name), message: REQUIRED })),
        ...refusal.errors.map((error) => ({ field: fieldPath(error.field), message: error.message })),
        ...refusal.documents.map((code) => ({ field: `documents.${code}`, message: UPLOAD_FIRST })),
      ];
      const parts = [
        ...(refusal.remarks ? ['enter remarks'] : []),
        ...(refusal.fields.length > 0 ? [`fill in ${refusal.fields.join(', ')}`] : []),
        ...(refusal.errors.length > 0 ? [`correct ${refusal.errors.map((error) => error.field).join(', ')}`] : []),
        ...(refusal.documents.length > 0 ? [`upload ${refusal.documents.join(', ')}`] : []),
      ];
      return new AppError('VALIDATION', `Before this action: ${parts.join('; ')}.`, {
        fields,
        ...(refusal.documents.length > 0 ? { extra: { documents: refusal.documents.join(', ') } } : {}),
      });
    }
    case 'REQUIRED_DOCUMENT_MISSING': {
      const codes = refusal.documents.join(', ');
      return new AppError('DOCUMENT_MISSING', `Upload these documents to the case first: ${codes}.`, {
        fields: refusal.documents.map((code) => ({ field: `documents.${code}`, message: UPLOAD_FIRST })),
        extra: { documents: codes },
      });
    }
    case 'TOO_EARLY':
      return new AppError(
        'TOO_EARLY',
        `Too early: ${refusal.label}. This action is allowed from ${refusal.earliest}.`,
        { extra: { rule: refusal.rule, label: refusal.label, earliest: refusal.earliest } },
      );
    case 'WRONG_STAGE':
      return new AppError(
        'WRONG_STAGE',
        refusal.expectedStage === undefined
          ? `The case is at stage ${refusal.stage}, which its workflow does not know. Ask an administrator to check it.`
          : `The case has moved on to stage ${refusal.stage} since you opened it at ${refusal.expectedStage}. Reload it.`,
        { extra: { stage: refusal.stage } },
      );
    case 'CASE_CLOSED':
      return new AppError('CASE_CLOSED', `The case is closed (${refusal.status}) and accepts no further action.`);
    case 'ACTION_NOT_ALLOWED':
      return new AppError(
        'ACTION_NOT_ALLOWED',
        `Stage ${refusal.stage} does not offer the action ${refusal.action}. Use one of the actions shown on the case.`,
      );
    case 'NO_RETURN_STAGE':
      return new AppError(
        'NO_RETURN_STAGE',
        `The case has no stage to return to for ${refusal.action}. Ask an administrator to check the case.`,
      );
    case 'DEFINITION_MISMATCH':
      // The server always loads the version the case pinned; a mismatch is a configuration fault.
      return new AppError(
        'DEFINITION_NOT_ACTIVE',
        `The case runs on ${refusal.case.code} version ${refusal.case.version}, not ${refusal.definition.code} ` +
          `version ${refusal.definition.version}. Reload the case; if this persists, ask an administrator.`,
      );
    case 'DEFINITION_NOT_ACTIVE':
      return new AppError(
        'DEFINITION_NOT_ACTIVE',
        `The ${definition.code} workflow version ${definition.version} is ${refusal.status}, so no case can start on ` +
          'it. Ask an administrator to activate a version.',
      );
  }
}
