import {
  isFilled,
  matchesCondition,
  type CaseFields,
  type FieldValue,
} from '@recovery-desk/domain/workflow/case-fields.ts';
import {
  fieldDefinitionSchema,
  type ActionDefinition,
  type FieldDefinition,
  type StageDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import { validateFields, WORKFLOW_MESSAGES } from '@recovery-desk/domain/workflow/field-validation.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import type { TFunction } from 'i18next';
import { tr } from '../labels.ts';

// The case form's values: what the inputs edit (text, or yes/no for booleans), converted to the engine's field
// values (dates ISO, amounts decimal strings, numbers, booleans) to check them with the engine's own validation
// and to send them.

export type DraftValue = string | boolean | null;
export type Draft = Record<string, DraftValue>;
/** Field name → message (English from the engine, or the server's). */
export type FieldErrors = Record<string, string>;

export function draftValueOf(field: FieldDefinition, value: FieldValue | undefined): DraftValue {
  if (field.type === 'boolean') {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return null;
  }
  return value === null || value === undefined ? '' : String(value);
}

export function draftOf(fields: readonly FieldDefinition[], values: CaseFields): Draft {
  return Object.fromEntries(fields.map((field) => [field.name, draftValueOf(field, values[field.name])]));
}

export function fieldValueOf(field: FieldDefinition, value: DraftValue | undefined): FieldValue {
  if (value === undefined || value === null) return null;
  if (field.type === 'boolean') return typeof value === 'boolean' ? value : null;
  const text = String(value);
  if (text.trim() === '') return null;
  // A number stays text when it is not one, so the engine's check reports it.
  if (field.type === 'number') return /^\d{1,15}$/.test(text) ? Number(text) : text;
  return text;
}

/** The case's fields with the draft's values over them: what the engine would see. */
export function mergedValues(fields: readonly FieldDefinition[], draft: Draft, base: CaseFields): CaseFields {
  const merged: Record<string, FieldValue | undefined> = { ...base };
  for (const field of fields) {
    if (field.name in draft) merged[field.name] = fieldValueOf(field, draft[field.name]);
  }
  return merged;
}

function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  const empty = (value: FieldValue | undefined) => value === undefined || value === null || value === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  return String(a) === String(b);
}

/** The draft values that differ from the case's (cleared values as null). */
export function changedValues(
  fields: readonly FieldDefinition[],
  draft: Draft,
  original: CaseFields,
): Record<string, FieldValue> {
  const changed: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (!(field.name in draft)) continue;
    const value = fieldValueOf(field, draft[field.name]);
    if (!sameValue(value, original[field.name])) changed[field.name] = value;
  }
  return changed;
}

export function isShown(field: FieldDefinition, values: CaseFields): boolean {
  return matchesCondition(field.when, values);
}

/** Shown required fields that are empty → 'This field is required'. */
export function requiredErrors(fields: readonly FieldDefinition[], values: CaseFields): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (field.required && isShown(field, values) && !isFilled(values[field.name])) {
      errors[field.name] = MESSAGES.required;
    }
  }
  return errors;
}

/** The engine's checks of filled values (validateFields), keyed by field. */
export function valueErrors(fields: readonly FieldDefinition[], values: CaseFields, businessDate: string): FieldErrors {
  return Object.fromEntries(
    validateFields(
      fields.filter((field) => isShown(field, values)),
      values,
      businessDate,
    ).map((error) => [error.field, error.message]),
  );
}

/** The stage form: the stage's fields, without the fields only its actions' dialogs collect. */
export function stageFormOnly(stage: StageDefinition): FieldDefinition[] {
  return stage.fields;
}

/** The branch of an action the values select (the first whose `when` holds, else the first). */
export function actionBranch(
  stage: StageDefinition | undefined,
  name: string,
  values: CaseFields,
): ActionDefinition | undefined {
  const branches = stage?.actions.filter((action) => action.name === name) ?? [];
  return branches.find((action) => matchesCondition(action.when, values)) ?? branches[0];
}

/** The fields an action's dialog collects: the definition's, or the reply's when the definition lacks them. */
export function dialogFieldsOf(
  stage: StageDefinition | undefined,
  name: string,
  replyFields: readonly Record<string, unknown>[],
): FieldDefinition[] {
  const fromDefinition = stage?.actions.filter((action) => action.name === name).flatMap((action) => action.fields);
  const candidates =
    fromDefinition && fromDefinition.length > 0
      ? fromDefinition
      : replyFields.flatMap((data) => {
          const parsed = fieldDefinitionSchema.safeParse(data);
          return parsed.success ? [parsed.data] : [];
        });
  const seen = new Map<string, FieldDefinition>();
  for (const field of candidates) if (!seen.has(field.name)) seen.set(field.name, field);
  return [...seen.values()];
}

/** Server field paths (`fields.caseType`, `caseType`) → field names. */
export function serverFieldErrors(errors: readonly { field: string; message: string }[]): FieldErrors {
  return Object.fromEntries(errors.map((error) => [error.field.replace(/^(body\.)?fields\./, ''), error.message]));
}

const PATTERNS: { pattern: RegExp; key: string; param?: string }[] = [
  { pattern: /^This field requires a minimum length of (\d+)$/, key: 'ValidationMinLength', param: 'n' },
  { pattern: /^This field requires a maximum length of (\d+)$/, key: 'ValidationMaxLength', param: 'n' },
  { pattern: /^Date should be on or after (.+)$/, key: 'ValidationDateOnOrAfter', param: 'x' },
  { pattern: /^Date should be on or before (.+)$/, key: 'ValidationDateOnOrBefore', param: 'x' },
  { pattern: /^Amount should be at least (.+)$/, key: 'WorkflowMinAmount', param: 'amount' },
];

const EXACT: Record<string, string> = {
  [MESSAGES.required]: 'ValidationRequired',
  [MESSAGES.email]: 'ValidationEmail',
  [MESSAGES.name]: 'ValidationName',
  [MESSAGES.character]: 'ValidationCharacter',
  [MESSAGES.number]: 'ValidationNumber',
  [MESSAGES.upperAlphaNum]: 'ValidationUpperAlphaNum',
  [MESSAGES.datePast]: 'ValidationDatePast',
  [MESSAGES.dateFuture]: 'ValidationDateFuture',
  [WORKFLOW_MESSAGES.invalidValue]: 'WorkflowInvalidValue',
  [WORKFLOW_MESSAGES.invalidDate]: 'WorkflowInvalidDate',
  [WORKFLOW_MESSAGES.invalidOption]: 'WorkflowInvalidOption',
  [WORKFLOW_MESSAGES.invalidBoolean]: 'WorkflowInvalidBoolean',
};

/** An engine or server message in the interface language (English stays the engine's exact text). */
export function translateFieldMessage(t: TFunction, message: string): string {
  const exact = EXACT[message];
  if (exact) return tr(t, exact, message);
  for (const { pattern, key, param } of PATTERNS) {
    const match = pattern.exec(message);
    if (match && param) return tr(t, key, message, { [param]: match[1] ?? '' });
  }
  return message;
}
