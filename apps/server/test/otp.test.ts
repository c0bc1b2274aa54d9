import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { otpCodes } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation, uniqueName } from './factories.ts';
import { auditRows, codeIn, createTestApp, latestMailTo, postToken, type TestApp } from './support/test-app.ts';

describe.each(testDatabaseKinds())('POST /sendOtpApi and one-time codes (%s)', (kind) => {
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

  const sendOtp = async (payload: unknown) =>
    t.inject({ method: 'POST', url: '/sendOtpApi', payload: { userkey: await t.seal(payload) } });

  it('mails a 6-digit code, stores only its hash, and audits the issue', async () => {
    const user = await createUser(handle.db, { otpRequired: true });
    const response = await sendOtp({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error_code: '0', error_msg: 'OTP sent to your registered email' });

    const mail = await latestMailTo(handle.db, user.email);
    expect(mail?.status).toBe('OUTBOX'); // demo mode without SMTP: kept for the demo outbox
    const code = codeIn(mail!.body);
    expect(code).toMatch(/^\d{6}$/);

    const stored = await handle.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.codeHash).not.toContain(code);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(300_000);
    expect(await auditRows(handle.db, { action: 'auth.otp_issued', entityId: user.id })).toHaveLength(1);
  });

  it('refuses a resend during the 120 s cooldown with the seconds left', async () => {
    const user = await createUser(handle.db);
    const credentials = { username: user.username, password: user.password };
    expect((await sendOtp(credentials)).statusCode).toBe(200);

    const again = await sendOtp(credentials);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('120');
    expect(again.json()).toEqual({
      error_code: 'OTP_COOLDOWN',
      error_msg: 'Resend OTP in 120 seconds',
      retry_after: 120,
    });

    t.clock.advance(30);
    expect((await sendOtp(credentials)).json()).toEqual({
      error_code: 'OTP_COOLDOWN',
      error_msg: 'Resend OTP in 90 seconds',
      retry_after: 90,
    });

    t.clock.advance(90);
    expect((await sendOtp(credentials)).statusCode).toBe(200);
    expect(await auditRows(handle.db, { action: 'auth.otp_issued', entityId: user.id })).toHaveLength(2);
  });

  it('answers wrong credentials like sign-in does, in the message shape, and sends nothing', async () => {
    const user = await createUser(handle.db);
    const wrong = await sendOtp({ username: user.username, password: 'not-the-password' });
    const unknown = await sendOtp({ username: uniqueName('nobody.'), password: 'not-the-password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error_code: 'INVALID_CREDENTIALS', error_msg: 'Wrong credentials entered!' });
    }
    expect(await latestMailTo(handle.db, user.email)).toBeUndefined();
  });

  it('validates the payload: missing password and malformed userkey', async () => {
    const missing = await sendOtp({ username: 'someone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error_code: 'VALIDATION',
      error_msg: 'userkey.password: This field is required',
      fields: [{ field: 'userkey.password', message: 'This field is required' }],
    });
    const malformed = await t.inject({ method: 'POST', url: '/sendOtpApi', payload: { userkey: '%%%' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error_code: string }>().error_code).toBe('USERKEY_INVALID');
  });

  it('kills a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const user = await createUser(handle.db, { otpRequired: true });
    const credentials = { username: user.username, password: user.password };
    await sendOtp(credentials);
    const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postToken(t, { ...credentials, otp: wrongCode });
      expect(response.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');
    }
    const sixth = await postToken(t, { ...credentials, otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');

    const failures = await auditRows(handle.db, { action: 'auth.otp_failed', entityId: user.id });
    expect(failures.map((row) => (row.after as { reason: string }).reason)).toEqual([
      'wrong',
      'wrong',
      'wrong',
      'wrong',
      'wrong',
      'exhausted',
    ]);

    // A new code (after the cooldown) works.
    t.clock.advance(121);
    await sendOtp(credentials);
    const fresh = codeIn((await latestMailTo(handle.db, user.email))!.body);
    expect((await postToken(t, { ...credentials, otp: fresh })).statusCode).toBe(200);
  });

  it('only the newest code counts', async () => {
    const user = await createUser(handle.db, { otpRequired: true });
    const credentials = { username: user.username, password: user.password };
    await sendOtp(credentials);
    const first = codeIn((await latestMailTo(handle.db, user.email))!.body);
    t.clock.advance(121);
    await sendOtp(credentials);
    const second = codeIn((await latestMailTo(handle.db, user.email))!.body);
    if (first !== second) {
      expect((await postToken(t, { ...credentials, otp: first })).statusCode).toBe(400);
    }
    expect((await postToken(t, { ...credentials, otp: second })).statusCode).toBe(200);
  });
});
