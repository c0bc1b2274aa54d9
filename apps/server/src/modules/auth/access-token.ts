import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock.ts';

// Access tokens: HS256 JWTs of at most 15 minutes carrying the user id (sub) and the session family (sid).
// The family is checked on every request, so logout and reuse detection end a session at once.

const ISSUER = 'recovery-desk';
const AUDIENCE = 'recovery-desk-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type AccessClaims = { userId: number; familyId: string };

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<string>;
  /** the claims of a valid token, or null for anything else (bad signature, expired, wrong issuer…) */
  verify: (token: string) => Promise<AccessClaims | null>;
};

export function createAccessTokens(options: { secret: string; ttlSeconds: number; clock: Clock }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
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
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
          maxTokenAge: options.ttlSeconds,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || !/^\d{1,10}$/.test(payload.sub)) return null;
        if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
        return { userId: Number(payload.sub), familyId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
