import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

// Access tokens: HS256 JWTs of at most 15 minutes carrying the user id (sub) and the session family (sid).
// The family is checked on every request, so logout and reuse detection end a session at once.
//
// Verification runs on every request, so it is done here with node:crypto's HMAC, synchronously (WebCrypto, which
// jose's verify uses, costs a thread-pool round trip per call); signing, once per sign-in or refresh, stays with jose.

const ISSUER = 'recovery-desk';
const AUDIENCE = 'recovery-desk-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type AccessClaims = { userId: number; familyId: string };

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<string>;
  /** the claims of a valid token, or null for anything else (bad signature, expired, wrong issuer…) */
  verify: (token: string) => Promise<AccessClaims | null>;
};

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact HS256 JWT signed with `secret`, issued by and for this API, not expired and not older
 * than `maxAgeSeconds` (nor issued in the future); null for anything else.
 */
export function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
  maxAgeSeconds: number,
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = decodeJson(encodedHeader);
  // Only HS256 is ever accepted (no "none", no algorithm taken from the token), and no critical extensions.
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
  const expected = createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(encodedSignature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(encodedPayload);
  if (!payload) return null;
  const { iss, aud, exp, iat, sub, sid } = payload;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (iss !== ISSUER) return null;
  if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat) || iat > nowSeconds || nowSeconds - iat > maxAgeSeconds) {
    return null;
  }
  if (typeof sub !== 'string' || !/^\d{1,10}$/.test(sub)) return null;
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  return { userId: Number(sub), familyId: sid };
}

/** How many verified tokens a process remembers (a few hundred bytes each). */
const VERIFIED_TOKENS = 10_000;

/**
 * The tokens this process has verified, with their claims and times: a token is a fixed string signed with the
 * process's secret, so the same string verifies the same way until it expires. A repeated token skips the HMAC and
 * the JSON decoding (about a tenth of a tray request's server CPU), and is still refused once past its expiry or
 * maximum age. What a token grants is not kept here: the session family and the authorities are checked by the
 * principal check on every request.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { claims: AccessClaims; iat: number; exp: number }>();

  constructor(private readonly maxAgeSeconds: number) {}

  /** the claims of a token verified before, null when it has expired since, undefined when it is not known */
  get(token: string, now: Date): AccessClaims | null | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (entry.exp <= nowSeconds || entry.iat > nowSeconds || nowSeconds - entry.iat > this.maxAgeSeconds) return null;
    return entry.claims;
  }

  remember(token: string, claims: AccessClaims): void {
    const payload = decodeJson(token.split('.')[1] ?? '');
    if (typeof payload?.iat !== 'number' || typeof payload.exp !== 'number') return;
    if (this.entries.size >= VERIFIED_TOKENS) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { claims, iat: payload.iat, exp: payload.exp });
  }
}

export function createAccessTokens(options: { secret: string; ttlSeconds: number; clock: Clock }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  const verified = new VerifiedTokens(options.ttlSeconds);
  return {
    sign: async ({ userId, familyId }) => {
      const issuedAt = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({ sid: familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    verify: (token) => {
      const now = options.clock.now();
      const known = verified.get(token, now);
      if (known !== undefined) return Promise.resolve(known);
      const claims = verifyAccessToken(token, key, now, options.ttlSeconds);
      if (claims) verified.remember(token, claims);
      return Promise.resolve(claims);
    },
  };
}
