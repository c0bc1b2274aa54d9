import { toCents } from '../money.ts';
import { validateInput, MESSAGES, type InputRule } from '../validation.ts';
import { isFilled, matchesCondition, type CaseFields, type FieldValue } from './case-fields.ts';
import { isIsoDate, shiftDate } from './dates.ts';
import type { FieldDefinition, FieldRule } from './definition.ts';

// Checks one filled field value against its type and rules. Messages are the spec's (§5) where it has one.

export const WORKFLOW_MESSAGES = {
  invalidValue: 'Enter a valid value',
  invalidDate: 'Enter a valid date (YYYY-MM-DD)',
  invalidOption: 'Select a value from the list',
  invalidBoolean: 'Choose yes or no',
  minAmount: (amount: string) => `Amount should be at least ${amount}`,
} as const;

export const TEXT_MAX_LENGTH = 200;
export const TEXTAREA_MAX_LENGTH = 4000;
export const CNR_LENGTH = 16;

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

export type FieldError = { field: string; message: string };

/** Rules every value of a type obeys, before the field's own rules. */
function typeRules(field: FieldDefinition): InputRule[] {
  switch (field.type) {
    case 'text':
    case 'court':
      return [{ kind: 'maxLength', length: TEXT_MAX_LENGTH }];
    case 'textarea':
      return [{ kind: 'maxLength', length: TEXTAREA_MAX_LENGTH }];
    case 'cnr':
      return [
        { kind: 'upperAlphaNum' },
        { kind: 'minLength', length: CNR_LENGTH },
        { kind: 'maxLength', length: CNR_LENGTH },
      ];
    case 'email':
      return [{ kind: 'email' }];
    case 'phone':
      return [{ kind: 'phone' }];
    case 'number':
      return [{ kind: 'number' }];
    default:
      return [];
  }
}

function typeError(field: FieldDefinition, value: FieldValue): string | null {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : WORKFLOW_MESSAGES.invalidBoolean;
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? null : MESSAGES.number;
    case 'amount':
      return typeof value === 'string' && AMOUNT.test(value) ? null : MESSAGES.amount;
    case 'date':
      return isIsoDate(value) ? null : WORKFLOW_MESSAGES.invalidDate;
    case 'select':
      return (field.options ?? []).some((option) => option.value === String(value))
        ? null
        : WORKFLOW_MESSAGES.invalidOption;
    default:
      return typeof value === 'string' ? null : WORKFLOW_MESSAGES.invalidValue;
  }
}

/** A field rule as a validation.ts rule for this value, or a message of its own; null when it does not apply. */
function checkRule(rule: FieldRule, value: string, fields: CaseFields, businessDate: string): string | null {
  switch (rule.kind) {
    case 'notFuture':
      return validateInput(value, [{ kind: 'dateMax', max: businessDate }]);
    case 'future':
      return validateInput(value, [{ kind: 'dateFuture', today: businessDate }]);
    case 'onOrAfterField':
    case 'onOrBeforeField': {
      const other = fields[rule.field];
      if (!isIsoDate(other)) return null;
      const bound = shiftDate(other, rule.offsetDays, rule.offsetMonths);
      return validateInput(
        value,
        rule.kind === 'onOrAfterField' ? [{ kind: 'dateMin', min: bound }] : [{ kind: 'dateMax', max: bound }],
      );
    }
    case 'minAmount':
      if (!matchesCondition(rule.when, fields) || !AMOUNT.test(value)) return null;
      return toCents(value) < toCents(rule.amount) ? WORKFLOW_MESSAGES.minAmount(rule.amount) : null;
    default:
      return validateInput(value, [rule]);
  }
}

/** The first problem with a filled value (null: valid). Empty values are the business of `required`. */
export function validateFieldValue(
  field: FieldDefinition,
  value: FieldValue | undefined,
  fields: CaseFields,
  businessDate: string,
): string | null {
  if (value === undefined || !isFilled(value)) return null;
  const wrongType = typeError(field, value);
  if (wrongType) return wrongType;
  const text = String(value);
  const typeProblem = validateInput(text, typeRules(field));
  if (typeProblem) return typeProblem;
  for (const rule of field.rules) {
    const message = checkRule(rule, text, fields, businessDate);
    if (message) return message;
  }
  return null;
}

/** Checks every filled value among `fieldsToCheck`; returns one error per broken field. */
export function validateFields(
  fieldsToCheck: readonly FieldDefinition[],
  fields: CaseFields,
  businessDate: string,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of fieldsToCheck) {
    const message = validateFieldValue(field, fields[field.name], fields, businessDate);
    if (message) errors.push({ field: field.name, message });
  }
  return errors;
}
