import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import type { TFunction } from 'i18next';
import type { $ZodRawIssue } from 'zod/v4/core';
import { isDictionaryKey, translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import type { RuleMessage } from '../input-rules.ts';

// A form error's message is a string (react-hook-form keeps strings). The kit's own messages travel as an encoded
// dictionary key with its parameters, so the field translates them when it renders (and again after a language
// switch); anything else (a server's message, a domain schema's own text) is shown as it is.

const MARK = '\u0001';

export function encodeMessage(message: RuleMessage): string {
  return MARK + JSON.stringify(message);
}

function decodeMessage(text: string): RuleMessage | null {
  if (!text.startsWith(MARK)) return null;
  const parsed = JSON.parse(text.slice(MARK.length)) as { key: string; params?: Record<string, string | number> };
  return isDictionaryKey(parsed.key) ? { key: parsed.key, ...(parsed.params ? { params: parsed.params } : {}) } : null;
}

/** The text a field shows for its error message (translated when it is one of the kit's messages). */
export function describeMessage(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  const decoded = decodeMessage(message);
  return decoded ? translateWithParams(t, decoded.key, decoded.params) : message;
}

// The spec's exact messages (spec §5) as the domain spells them, so a schema written with them shows the translation.
const SPEC_MESSAGE_KEYS: ReadonlyMap<string, DictionaryKey> = new Map<string, DictionaryKey>([
  [MESSAGES.required, 'ValidationRequired'],
  ['is required', 'ValidationRequired'],
  [MESSAGES.email, 'ValidationEmail'],
  [MESSAGES.name, 'ValidationName'],
  [MESSAGES.character, 'ValidationCharacter'],
  [MESSAGES.number, 'ValidationNumber'],
  [MESSAGES.upperAlphaNum, 'ValidationUpperAlphaNum'],
  [MESSAGES.datePast, 'ValidationDatePast'],
  [MESSAGES.dateFuture, 'ValidationDateFuture'],
  [MESSAGES.passwordMismatch, 'PasswordMismatch'],
]);

/** A schema's own message (written in the schema, e.g. `min(3, 'is required')`) as the kit's message. */
export function messageOfSchemaText(text: string): string {
  // contracts say '<field> is required' (e.g. 'username is required'): on a form that is the spec's message
  const key = SPEC_MESSAGE_KEYS.get(text) ?? (text.endsWith(' is required') ? 'ValidationRequired' : undefined);
  return key ? encodeMessage({ key }) : text;
}

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/**
 * zod's per-parse error map: the spec §5 message of an issue (required, minimum and maximum length, email, numbers),
 * encoded for translation. Issues with a message written in the schema never reach it (zod prefers those).
 */
export function issueMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return encodeMessage({ key: 'ValidationRequired' });
      if (issue.expected === 'number' || issue.expected === 'int') return encodeMessage({ key: 'ValidationNumber' });
      return encodeMessage({ key: 'FormInvalidValue' });
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1 || isBlank(issue.input)
          ? encodeMessage({ key: 'ValidationRequired' })
          : encodeMessage({ key: 'ValidationMinLength', params: { n: minimum } });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return encodeMessage({ key: 'ValidationRequired' });
      return encodeMessage({ key: 'FormMinimumValue', params: { n: minimum } });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return encodeMessage({ key: 'ValidationMaxLength', params: { n: maximum } });
      return encodeMessage({ key: 'FormMaximumValue', params: { n: maximum } });
    }
    case 'invalid_format':
      if (issue.format === 'email') return encodeMessage({ key: 'ValidationEmail' });
      if (issue.format === 'date') return encodeMessage({ key: 'FormInvalidDate' });
      return encodeMessage({ key: 'FormInvalidValue' });
    case 'invalid_value':
      return isBlank(issue.input)
        ? encodeMessage({ key: 'ValidationRequired' })
        : encodeMessage({ key: 'FormInvalidValue' });
    default:
      return encodeMessage({ key: 'FormInvalidValue' });
  }
}
