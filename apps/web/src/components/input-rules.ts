import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { sanitizeInput, validateInput } from '@recovery-desk/domain/validation.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';

// Maps the shared rules of spec §5 (packages/domain/validation) to dictionary keys, so every
// language shows the message while English shows the spec's exact text.
export type RuleMessage = { key: DictionaryKey; params?: Record<string, string | number> };

function messageOf(rule: InputRule): RuleMessage {
  switch (rule.kind) {
    case 'required':
      return { key: 'ValidationRequired' };
    case 'email':
      return { key: 'ValidationEmail' };
    case 'minLength':
      return { key: 'ValidationMinLength', params: { n: rule.length } };
    case 'maxLength':
      return { key: 'ValidationMaxLength', params: { n: rule.length } };
    case 'name':
      return { key: 'ValidationName' };
    case 'character':
      return { key: 'ValidationCharacter' };
    case 'number':
    case 'amount':
    case 'phone':
      return { key: 'ValidationNumber' };
    case 'upperAlphaNum':
      return { key: 'ValidationUpperAlphaNum' };
    case 'dateMin':
      return { key: 'ValidationDateOnOrAfter', params: { x: rule.min } };
    case 'dateMax':
      return { key: 'ValidationDateOnOrBefore', params: { x: rule.max } };
    case 'datePast':
      return { key: 'ValidationDatePast' };
    case 'dateFuture':
      return { key: 'ValidationDateFuture' };
  }
}

/** The first rule the value breaks (same order and logic as `validateInput`), or null. */
export function firstBrokenRule(value: string, rules: readonly InputRule[]): RuleMessage | null {
  if (validateInput(value, rules) === null) return null;
  for (const rule of rules) {
    if (validateInput(value, [rule]) !== null) return messageOf(rule);
  }
  return null;
}

/**
 * Applies the typing rules and reports the rule that rejected part of the input (digits-only
 * fields, upperAlphaNum, the maximum length), so the field can say why characters vanished.
 */
export function applyTypingRules(
  raw: string,
  rules: readonly InputRule[],
  uppercase = false,
): { value: string; rejectedBy: RuleMessage | null } {
  const typed = uppercase ? raw.toUpperCase() : raw;
  let rejectedBy: RuleMessage | null = null;
  let previous = typed;
  rules.forEach((rule, index) => {
    const next = sanitizeInput(typed, rules.slice(0, index + 1));
    const onlyCaseChanged = next === previous.toUpperCase() && rule.kind === 'upperAlphaNum';
    if (rejectedBy === null && next !== previous && !onlyCaseChanged) rejectedBy = messageOf(rule);
    previous = next;
  });
  return { value: sanitizeInput(typed, rules), rejectedBy };
}

export function isRequired(rules: readonly InputRule[]): boolean {
  return rules.some((rule) => rule.kind === 'required');
}
