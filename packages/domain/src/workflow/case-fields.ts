import type { Condition } from './definition.ts';

// Case field values as the engine sees them: dates are ISO strings (YYYY-MM-DD), amounts decimal strings.
export type FieldValue = string | number | boolean | null;
export type CaseFields = Readonly<Record<string, FieldValue | undefined>>;

/** A value counts as filled unless it is missing, null or blank text. `false` is a filled answer. */
export function isFilled(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** Whether a condition holds on the fields; no condition always holds. Values compare as text ('true', '12'). */
export function matchesCondition(condition: Condition | undefined, fields: CaseFields): boolean {
  if (!condition) return true;
  const value = fields[condition.field];
  if ('isPresent' in condition) return isFilled(value) === condition.isPresent;
  if ('notIn' in condition) return !isFilled(value) || !condition.notIn.includes(String(value));
  return isFilled(value) && condition.in.includes(String(value));
}
