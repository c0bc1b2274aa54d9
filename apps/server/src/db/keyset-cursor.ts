// Keyset pagination cursors of the trays: base64url JSON of the sort the page was read with and the last (or first)
// row's sort key and id. The sort key travels as text and is cast back in SQL, so every key is validated against its
// type here first: a forged cursor is a 400, never a database error.

import { textProblem } from '../http/invalid-text.ts';

/**
 * How a sort key is validated and cast back. `money` is an amount with its currency, ordered currency first: its key
 * travels as `<CURRENCY>:<amount>` (e.g. `USD:5927.59`), so a cursor carries both parts and an INR page never
 * continues into USD amounts as if they were rupees.
 */
export type SortKeyType = 'int' | 'bigint' | 'numeric' | 'date' | 'text' | 'money';
export type SortOrder = 'asc' | 'desc';

export type Cursor = { sort: string; order: SortOrder; key: string; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.id]), 'utf8').toString('base64url');
}

const INTEGER_PATTERNS = { int: /^-?\d{1,9}$/, bigint: /^-?\d{1,18}$/ } as const;

function isDecimal(value: string): boolean {
  const [whole = '', fraction, ...rest] = value.split('.');
  return rest.length === 0 && /^-?\d{1,20}$/.test(whole) && (fraction === undefined || /^\d{1,6}$/.test(fraction));
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The currency and amount of a `money` sort key (`USD:5927.59`), or null when it is not one. */
export function splitMoneyKey(key: string): { currency: string; amount: string } | null {
  const match = /^([A-Z]{3}):(.+)$/.exec(key);
  if (!match || !isDecimal(match[2]!)) return null;
  return { currency: match[1]!, amount: match[2]! };
}

export function isValidSortKey(type: SortKeyType, key: string): boolean {
  if (type === 'money') return splitMoneyKey(key) !== null;
  if (type === 'text') return key.length <= 300 && !key.includes('\u0000');
  if (type === 'date') return isIsoDate(key);
  if (type === 'numeric') return isDecimal(key);
  return INTEGER_PATTERNS[type].test(key);
}

/**
 * The cursor, or null when it is malformed, was made for another sort, or carries a key of the wrong type.
 */
export function decodeCursor(raw: string, expected: { sort: string; order: SortOrder; keyType: SortKeyType }) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [sort, order, key, id] = parsed as unknown[];
  if (sort !== expected.sort || order !== expected.order) return null;
  // A text key the database cannot take (NUL, lone surrogate) is as malformed as a cursor of another sort.
  if (typeof key !== 'string' || textProblem(key) !== null || !isValidSortKey(expected.keyType, key)) return null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return { sort: expected.sort, order: expected.order, key, id } satisfies Cursor;
}
