import { wellFormed } from './invalid-text.ts';

// Text that came from a user and is written to logs or the audit trail: control characters (CR, LF,
// ANSI escapes, …) are replaced so a value cannot forge log lines, and the length is capped.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function safeText(value: string, maxLength = 200): string {
  const cleaned = value.replace(CONTROL, '\uFFFD');
  // Lone surrogates (also one a cut through a pair leaves) become U+FFFD: JSON logs and jsonb keep them readable.
  return wellFormed(cleaned.length > maxLength ? `${cleaned.slice(0, maxLength)}…` : cleaned);
}
