import type { TFunction } from 'i18next';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';

/**
 * A mark code's words: MarkCode + its PascalCase name (DO_NOT_CALL → MarkCodeDoNotCall) from the `marks` dictionary
 * part, else the code itself (codes added by the ACCOUNT_MARKS configuration).
 */
export function markLabel(t: TFunction, code: string): string {
  const pascal = code
    .toLowerCase()
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : ''))
    .join('');
  return translateKey(t, `MarkCode${pascal}`, code);
}
