import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { LogLevel } from '../config.ts';

// Structured logs (pino JSON). Secrets never reach them: credentials travel in bodies, which are not
// logged; headers that carry tokens are redacted; query values that can carry tokens or codes (the single
// sign-on callback, the demo outbox) are masked. JSON encoding escapes CR/LF, so values cannot forge lines.

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
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
