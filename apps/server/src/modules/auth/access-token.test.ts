import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, verifyAccessToken } from './access-token.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const KEY = new TextEncoder().encode(SECRET);
const NOW = new Date('2026-03-31T10:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const SID = randomUUID();

function token(
  claims: Record<string, unknown> = {},
  options: { header?: Record<string, unknown>; key?: Uint8Array } = {},
): Promise<string> {
  const payload = {
    sub: '42',
    sid: SID,
    iss: 'recovery-desk',
    aud: 'recovery-desk-api',
    iat: NOW_S - 60,
    exp: NOW_S + 840,
    ...claims,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...options.header } as { alg: string })
    .sign(options.key ?? KEY);
}

const verify = (jwt: string, now = NOW) => verifyAccessToken(jwt, KEY, now, 900);

describe('access tokens', () => {
  it('round-trips what it signs, until the 15 minutes are over', async () => {
    let now = NOW;
    const tokens = createAccessTokens({
      secret: SECRET,
      ttlSeconds: 900,
      clock: { now: () => now, sleep: () => Promise.resolve() },
    });
    const jwt = await tokens.sign({ userId: 7, familyId: SID });
    expect(await tokens.verify(jwt)).toEqual({ userId: 7, familyId: SID });
    now = new Date(NOW.getTime() + 899_000);
    expect(await tokens.verify(jwt)).toEqual({ userId: 7, familyId: SID });
    now = new Date(NOW.getTime() + 900_000);
    expect(await tokens.verify(jwt)).toBeNull();
  });

  it('answers a token verified before the same way, and still ends it at its maximum age', async () => {
    let now = NOW;
    const tokens = createAccessTokens({
      secret: SECRET,
      ttlSeconds: 900,
      clock: { now: () => now, sleep: () => Promise.resolve() },
    });
    // issued a minute ago, expiring in an hour: the 15-minute maximum age ends it first
    const jwt = await token({ iat: NOW_S - 60, exp: NOW_S + 3600 });
    expect(await tokens.verify(jwt)).toEqual({ userId: 42, familyId: SID });
    expect(await tokens.verify(jwt)).toEqual({ userId: 42, familyId: SID });
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    now = new Date((NOW_S + 839) * 1000);
    expect(await tokens.verify(jwt)).toEqual({ userId: 42, familyId: SID });
    now = new Date((NOW_S + 841) * 1000);
    expect(await tokens.verify(jwt)).toBeNull();
    // and before it was issued (a clock set back)
    now = new Date((NOW_S - 61) * 1000);
    expect(await tokens.verify(jwt)).toBeNull();
  });

  it('accepts a well-formed token of this API', async () => {
    expect(verify(await token())).toEqual({ userId: 42, familyId: SID });
  });

  it('refuses another key, a changed payload and a changed signature', async () => {
    const good = await token();
    expect(
      verify(await token({}, { key: new TextEncoder().encode('another-secret-another-secret-another') })),
    ).toBeNull();
    const [header, , signature] = good.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        sub: '1',
        sid: SID,
        iss: 'recovery-desk',
        aud: 'recovery-desk-api',
        iat: NOW_S,
        exp: NOW_S + 60,
      }),
    ).toString('base64url');
    expect(verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(verify(`${good.slice(0, -2)}AA`)).toBeNull();
    expect(verify(`${good}.x`)).toBeNull();
    expect(verify('a.b.c')).toBeNull();
    expect(verify('')).toBeNull();
  });

  it('refuses alg "none", any algorithm but HS256 and critical extensions, even with a valid HMAC', () => {
    const claims = { sub: '42', sid: SID, iss: 'recovery-desk', aud: 'recovery-desk-api', iat: NOW_S, exp: NOW_S + 60 };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (header: object) => {
      const unsigned = `${encode(header)}.${encode(claims)}`;
      return `${unsigned}.${createHmac('sha256', KEY).update(unsigned).digest('base64url')}`;
    };
    expect(verify(signed({ alg: 'HS256', typ: 'JWT' }))).toEqual({ userId: 42, familyId: SID });
    for (const alg of ['none', 'HS384', 'RS256']) {
      expect(verify(signed({ alg, typ: 'JWT' }))).toBeNull();
      expect(verify(`${encode({ alg, typ: 'JWT' })}.${encode(claims)}.`)).toBeNull();
    }
    expect(verify(signed({ alg: 'HS256', crit: ['exp'], exp: 1 }))).toBeNull();
  });

  it('refuses another issuer or audience, and tokens without the claims it needs', async () => {
    expect(verify(await new SignJWT({ sid: SID }).setProtectedHeader({ alg: 'HS256' }).sign(KEY))).toBeNull();
    expect(verify(await token({ iss: 'someone-else' }))).toBeNull();
    expect(verify(await token({ aud: 'another-api' }))).toBeNull();
    expect(verify(await token({ aud: ['another-api', 'recovery-desk-api'] }))).toEqual({ userId: 42, familyId: SID });
    expect(verify(await token({ sid: 'not-a-uuid' }))).toBeNull();
    expect(verify(await token({ sub: 'admin' }))).toBeNull();
    expect(verify(await token({ sub: 42 }))).toBeNull();
  });

  it('refuses an expired token, one issued in the future and one older than 15 minutes', async () => {
    expect(verify(await token({ exp: NOW_S }))).toBeNull();
    expect(verify(await token({ exp: 'later' }))).toBeNull();
    expect(verify(await token({ iat: NOW_S + 30 }))).toBeNull();
    expect(verify(await token({ iat: NOW_S - 901, exp: NOW_S + 3600 }))).toBeNull();
    expect(verify(await token({ iat: NOW_S - 900, exp: NOW_S + 3600 }))).toEqual({ userId: 42, familyId: SID });
  });
});
