import { validationError, type AppError } from './app-error.ts';

// Text the database can store: PostgreSQL refuses a NUL character in text and a lone UTF-16 surrogate (JSON
// "\ud800") in jsonb, so such a value, taken further, would fail a query or the audit row of the request (a 500).
// The app refuses both at the boundary, once for every route (app.ts: body, query and path parameters; the opened
// `userkey` payload; multipart fields), with a 400 naming the field.

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type InvalidText = { path: string; message: string };

/** Why a string cannot be stored as text, or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text';
  return null;
}

// Parsed JSON, query strings and params are plain objects (the query parser's have a prototype without
// Object.prototype: `new Empty()`); a raw upload (Buffer, stream) or any class instance is not walked.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** The first string (value or object key) the database cannot store, with its dotted path under `path`, or null. */
export function invalidTextPath(value: unknown, path: string): InvalidText | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: path || 'body', message } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = invalidTextPath(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      // A bad key is named by its parent (the key itself cannot be shown safely).
      if (keyProblem) return { path: path || 'body', message: `field names ${keyProblem}` };
      const found = invalidTextPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** A 400 naming the first string of `value` the database cannot store, or null when every string is storable. */
export function invalidTextError(value: unknown, path: string): AppError | null {
  const found = invalidTextPath(value, path);
  return found ? validationError(found.path, found.message) : null;
}

/** Lone surrogates replaced by U+FFFD (for text that is stored whatever it holds, such as audit details). */
export function wellFormed(value: string): string {
  return LONE_SURROGATE.test(value)
    ? value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\uFFFD')
    : value;
}

/**
 * A copy of JSON-like data whose strings PostgreSQL can store (NUL and lone surrogates replaced by U+FFFD), for
 * text kept whatever it holds, such as the audit row's before/after.
 */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value).replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key) as string, storable(item)]));
  }
  return value;
}
