import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { LogLevel } from '../config.ts';
import { safeText } from './safe-text.ts';

// Structured logs (pino JSON). Secrets never reach them: credentials travel in bodies, which are not
// logged; headers that carry tokens are redacted; query values that can carry tokens or codes (the single
// sign-on callback, the demo outbox) are masked. JSON encoding escapes CR/LF, so values cannot forge lines.
// Errors (`err`) are logged without what users typed: a failed query keeps its SQL text but not its parameters, a
// database error keeps its SQLSTATE, constraint, table and column but not its detail (`Key (email)=(…)`), and
// quoted values in messages (`invalid input syntax for type integer: "…"`) are masked.

export const REDACTED = '[redacted]';

const SENSITIVE_QUERY_KEYS = new Set([
  'access',
  'code',
  'email',
  'id_token',
  'otp',
  'password',
  'refresh',
  'refresh_token',
  'session_state',
  'ssoaccess',
  'state',
  'token',
  'userkey',
]);

/** The URL with the values of sensitive query parameters replaced. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const masked = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return SENSITIVE_QUERY_KEYS.has(key.toLowerCase()) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${masked}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'confirmPassword',
  'old_pass',
  'new_pass',
  'confirm_pass',
  'otp',
  'userkey',
  'access',
  'refresh',
  'refresh_token',
  'ssoaccess',
  'token',
  'authorization',
];

/** Fields of database errors (pg, PGlite) that name things, never values: kept in the log. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];
/** Quoted text in a database message is a value unless a word that names an identifier comes before it. */
const QUOTED = /"[^"]*"/g;
const IDENTIFIER_BEFORE =
  /\b(?:constraint|relation|column|table|type|encoding|function|schema|index|role|database|operator|sequence|trigger|view) $/i;
const MAX_SQL = 500;

function maskQuotedValues(message: string): string {
  return message.replace(QUOTED, (match: string, offset: number) =>
    IDENTIFIER_BEFORE.test(message.slice(Math.max(0, offset - 12), offset)) ? match : `"${REDACTED}"`,
  );
}

/** An error's message as logged: a failed query's parameters dropped, quoted values masked, length capped. */
function safeErrorMessage(error: Error): string {
  let message = error.message;
  const query = 'query' in error && typeof error.query === 'string' ? error.query : null;
  if (query !== null || message.startsWith('Failed query:')) {
    const sql = (query ?? message.slice('Failed query: '.length).split('\nparams:')[0] ?? '').trim();
    message = `Failed query: ${sql.length > MAX_SQL ? `${sql.slice(0, MAX_SQL)}…` : sql} (parameters not logged)`;
    return safeText(message, MAX_SQL + 60);
  }
  return safeText(maskQuotedValues(message), 500);
}

/** An error for the log (pino's `err`): type, safe message, stack frames, database names, causes. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: error === undefined || error === null ? String(error) : REDACTED };
  }
  const message = safeErrorMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of DATABASE_ERROR_FIELDS) {
    const value: unknown = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'res.headers.location',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: REDACTED,
    },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
