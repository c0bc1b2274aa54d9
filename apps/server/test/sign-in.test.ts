import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { users } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { createUser, ensureOrganisation, readUser, setOtpForLogin, setUserActive, uniqueName } from './factories.ts';
import { auditRows, codeIn, createTestApp, latestMailTo, postToken, type TestApp } from './support/test-app.ts';

const WRONG = { detail: 'Wrong credentials entered!', error_code: 'INVALID_CREDENTIALS' };

describe.each(testDatabaseKinds())('POST /token/ (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    t = await createTestApp(handle.db);
  });
  afterEach(async () => {
    await t.close();
  });

  it('signs in with the right password: {access, refresh, error_code "0"} and an audit row', async () => {
    const user = await createUser(handle.db);
    const response = await postToken(t, { username: user.username, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, string>>();
    expect(Object.keys(body).sort()).toEqual(['access', 'error_code', 'refresh']);
    expect(body.error_code).toBe('0');
    expect(body.access?.split('.')).toHaveLength(3);
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await auditRows(handle.db, { action: 'auth.login' });
    expect(rows.some((row) => row.actorUserId === user.id && row.entity === 'session')).toBe(true);
  });

  it('remembers the language the user signs in with (mails to them are written in it)', async () => {
    const user = await createUser(handle.db);
    const signInIn = async (language: string) =>
      t.inject({
        method: 'POST',
        url: '/token/',
        headers: { 'accept-language': language },
        payload: { userkey: await t.seal({ username: user.username, password: user.password }) },
      });
    const languageOf = async () =>
      (await handle.db.select({ language: users.language }).from(users).where(eq(users.id, user.id)))[0]!.language;
    expect(await languageOf()).toBeNull();
    expect((await signInIn('de-DE,de;q=0.9')).statusCode).toBe(200);
    expect(await languageOf()).toBe('de');
    expect((await signInIn('hi')).statusCode).toBe(200);
    expect(await languageOf()).toBe('hi');
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUser(handle.db, { username: uniqueName('Mixed.Case') });
    const response = await postToken(t, { username: user.username.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers a malformed or undecryptable userkey with 400 USERKEY_INVALID, never 500', async () => {
    const otherKey = randomBytes(32).toString('base64');
    const samples = [
      'abc',
      'not base64 at all !!!',
      randomBytes(64).toString('base64'),
      await sealUserkey({ username: 'x', password: 'y' }, otherKey),
    ];
    for (const userkey of samples) {
      const response = await t.inject({ method: 'POST', url: '/token/', payload: { userkey } });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ detail: string; error_code: string }>();
      expect(body.error_code).toBe('USERKEY_INVALID');
      expect(body.detail).toMatch(/^Invalid userkey: /);
    }
  });

  it('names the missing or malformed field with 400 VALIDATION', async () => {
    const missing = await t.inject({ method: 'POST', url: '/token/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error_code: 'VALIDATION',
      detail: 'userkey: This field is required',
      fields: [{ field: 'userkey', message: 'This field is required' }],
    });

    const wrongType = await t.inject({ method: 'POST', url: '/token/', payload: { userkey: 5 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('userkey');

    const extra = await t.inject({ method: 'POST', url: '/token/', payload: { userkey: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error_code: string }>().error_code).toBe('VALIDATION');

    const noPassword = await postToken(t, { username: 'someone' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ detail: string }>().detail).toBe('userkey.password: This field is required');

    const notAnObject = await postToken(t, 'just a string');
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json<{ error_code: string }>().error_code).toBe('VALIDATION');

    const badJson = await t.inject({
      method: 'POST',
      url: '/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"userkey":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<{ error_code: string }>().error_code).toBe('BAD_REQUEST');

    const noBody = await t.inject({ method: 'POST', url: '/token/' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json<{ error_code: string }>().error_code).toBe('VALIDATION');

    const xml = await t.inject({
      method: 'POST',
      url: '/token/',
      headers: { 'content-type': 'application/xml' },
      payload: '<userkey>1</userkey>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json<{ error_code: string }>().error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('gives unknown user, wrong password and inactive user the identical 401 reply', async () => {
    const user = await createUser(handle.db);
    const inactive = await createUser(handle.db);
    await setUserActive(handle.db, inactive.id, false);

    const unknown = await postToken(t, { username: uniqueName('nobody.'), password: user.password });
    const wrong = await postToken(t, { username: user.username, password: 'not-the-password-1' });
    const disabled = await postToken(t, { username: inactive.username, password: inactive.password });
    for (const response of [unknown, wrong, disabled]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(WRONG);
    }
    expect(unknown.body).toBe(wrong.body);
    expect(disabled.body).toBe(wrong.body);

    const failures = await auditRows(handle.db, { action: 'auth.login_failed' });
    const reasons = failures.map((row) => (row.after as { reason: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['unknown_user', 'wrong_password', 'inactive']));
  });

  it('delays from the 5th consecutive failure, locks at the 10th, and unlocks after 15 minutes', async () => {
    const user = await createUser(handle.db);
    const wrong = { username: user.username, password: 'wrong-password-123' };
    const replies: { status: number; code: string }[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postToken(t, wrong);
      replies.push({ status: response.statusCode, code: response.json<{ error_code: string }>().error_code });
    }
    expect(replies.slice(0, 9).every((reply) => reply.code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(replies[9]).toEqual({ status: 401, code: 'ACCOUNT_LOCKED' });
    expect(t.clock.sleeps).toEqual([0, 0, 0, 0, 250, 500, 750, 1000, 1250, 1500]);

    // Locked: even the right password is refused, without telling whether it was right.
    const locked = await postToken(t, { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({
      detail: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      error_code: 'ACCOUNT_LOCKED',
    });
    expect((await readUser(handle.db, user.id)).lockedUntil).not.toBeNull();
    expect(await auditRows(handle.db, { action: 'auth.account_locked', entityId: user.id })).toHaveLength(1);

    t.clock.advance(14 * 60);
    const stillLocked = await postToken(t, { username: user.username, password: user.password });
    expect(stillLocked.json<{ detail: string }>().detail).toBe(
      'Too many failed sign-in attempts. Try again in 1 minute.',
    );

    t.clock.advance(61);
    const unlocked = await postToken(t, { username: user.username, password: user.password });
    expect(unlocked.statusCode).toBe(200);
    const after = await readUser(handle.db, user.id);
    expect(after.failedCount).toBe(0);
    expect(after.lockedUntil).toBeNull();
  });

  it('resets the failure count after a successful sign-in', async () => {
    const user = await createUser(handle.db);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await postToken(t, { username: user.username, password: 'wrong-password-123' });
    }
    expect((await readUser(handle.db, user.id)).failedCount).toBe(4);
    expect((await postToken(t, { username: user.username, password: user.password })).statusCode).toBe(200);
    expect((await readUser(handle.db, user.id)).failedCount).toBe(0);
  });

  it('delays and locks unknown usernames the same way, so the lock does not reveal which exist', async () => {
    const username = uniqueName('ghost.');
    const codes: string[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await postToken(t, { username, password: 'whatever-password' });
      codes.push(response.json<{ error_code: string }>().error_code);
    }
    expect(codes.slice(0, 9).every((code) => code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes.slice(9)).toEqual(['ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
    expect(t.clock.sleeps).toEqual([0, 0, 0, 0, 250, 500, 750, 1000, 1250, 1500]);
  });

  it('limits attempts per address and username (20/min) with 429 and Retry-After', async () => {
    const user = await createUser(handle.db);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await postToken(t, { username: user.username, password: 'wrong-password-123' }, '10.1.0.1');
      statuses.push(response.statusCode);
      if (attempt === 20) {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json()).toEqual({
          detail: `Too many attempts. Try again in ${String(response.headers['retry-after'])} seconds.`,
          error_code: 'RATE_LIMITED',
        });
      }
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    // Another address is not affected by this address's limit.
    const elsewhere = await postToken(t, { username: user.username, password: 'wrong-password-123' }, '10.1.0.2');
    expect(elsewhere.statusCode).toBe(401);
    // The window passes.
    t.clock.advance(61);
    const later = await postToken(t, { username: user.username, password: 'wrong-password-123' }, '10.1.0.1');
    expect(later.statusCode).toBe(401);
  });

  it('limits attempts per address across usernames (100/min)', async () => {
    const ip = '10.2.0.1';
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await postToken(t, { username: `spray.${attempt}`, password: 'x' }, ip);
      expect(response.statusCode).toBe(401);
    }
    const over = await postToken(t, { username: 'spray.last', password: 'x' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('asks for a one-time code when the user must use one, and checks it', async () => {
    const user = await createUser(handle.db, { otpRequired: true });
    const credentials = { username: user.username, password: user.password };

    const withoutCode = await postToken(t, credentials);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      detail: 'Please enter the OTP sent to your registered email',
      error_code: 'OTP_REQUIRED',
    });

    const sent = await t.inject({
      method: 'POST',
      url: '/sendOtpApi',
      payload: { userkey: await t.seal(credentials) },
    });
    expect(sent.statusCode).toBe(200);
    const code = codeIn((await latestMailTo(handle.db, user.email))!.body);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await postToken(t, { ...credentials, otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');

    expect((await postToken(t, { ...credentials, otp: code })).statusCode).toBe(200);

    const reused = await postToken(t, { ...credentials, otp: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');
  });

  it('refuses an expired code', async () => {
    const user = await createUser(handle.db, { otpRequired: true });
    const credentials = { username: user.username, password: user.password };
    await t.inject({ method: 'POST', url: '/sendOtpApi', payload: { userkey: await t.seal(credentials) } });
    const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
    t.clock.advance(301);
    const expired = await postToken(t, { ...credentials, otp: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');
  });

  it('asks every user for a code when the organisation setting is not NO', async () => {
    const user = await createUser(handle.db);
    await setOtpForLogin(handle.db, 'YES');
    try {
      const config = await t.inject({ method: 'GET', url: '/api/public-config' });
      expect(config.json<{ otpForLogin: string }>().otpForLogin).toBe('YES');
      const response = await postToken(t, { username: user.username, password: user.password });
      expect(response.json<{ error_code: string }>().error_code).toBe('OTP_REQUIRED');
    } finally {
      await setOtpForLogin(handle.db, 'NO');
    }
    expect((await postToken(t, { username: user.username, password: user.password })).statusCode).toBe(200);
  });
});
