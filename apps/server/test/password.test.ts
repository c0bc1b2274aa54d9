import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { mailOutbox } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation, readUser, uniqueName } from './factories.ts';
import { startSmtpServer } from './support/smtp-server.ts';
import {
  auditRows,
  bearer,
  codeIn,
  createTestApp,
  latestMailTo,
  postToken,
  signIn,
  type TestApp,
} from './support/test-app.ts';

const NEUTRAL = { error_code: '0', error_msg: 'If the email is registered, a reset code has been sent.' };
const NEW_PASSWORD = 'A-much-better-passphrase-42';

describe.each(testDatabaseKinds())('password reset and change (%s)', (kind) => {
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

  const requestReset = (email: unknown) =>
    t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email } } });
  const verify = async (payload: unknown) =>
    t.inject({ method: 'POST', url: '/VerifyOtpApi', payload: { userkey: await t.seal(payload) } });
  const changePassword = async (access: string, payload: unknown) =>
    t.inject({
      method: 'POST',
      url: '/collapp/userChangePasswordApi',
      headers: bearer(access),
      payload: { userkey: await t.seal(payload) },
    });

  describe('POST /forPassEmailVerify', () => {
    it('answers known and unknown addresses identically and mails only the known one', async () => {
      const user = await createUser(handle.db);
      const unknownEmail = `${uniqueName('nobody')}@lender.test`;
      const known = await requestReset(user.email);
      const unknown = await requestReset(unknownEmail);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(NEUTRAL);
      expect(unknown.body).toBe(known.body);
      expect(codeIn((await latestMailTo(handle.db, user.email))!.body)).toMatch(/^\d{6}$/);
      expect(await latestMailTo(handle.db, unknownEmail)).toBeUndefined();
      expect(await auditRows(handle.db, { action: 'password.reset_requested', entityId: user.id })).toHaveLength(1);
    });

    it('answers the cooldown neutrally and sends no second mail', async () => {
      const user = await createUser(handle.db);
      await requestReset(user.email);
      const again = await requestReset(user.email.toUpperCase());
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(NEUTRAL);
      const mails = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
      expect(mails).toHaveLength(1);
    });

    it('names data.email when the address is malformed or missing', async () => {
      const bad = await requestReset('not-an-email');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error_code: 'VALIDATION',
        detail: 'data.email: Invalid email address',
        error_msg: 'data.email: Invalid email address',
        fields: [{ field: 'data.email', message: 'Invalid email address' }],
      });
      const missing = await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: {} } });
      expect(missing.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('data.email');
      const noData = await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: {} });
      expect(noData.json<{ detail: string }>().detail).toBe('data: This field is required');
    });
  });

  describe('POST /VerifyOtpApi', () => {
    it('refuses a mismatched confirmation with the spec message', async () => {
      const response = await verify({
        username: 'a@lender.test',
        otp: '123456',
        newPassword: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error_code: 'PASSWORD_MISMATCH',
        error_msg: 'New Password , Confirm Password is not Match',
      });
    });

    it('applies the password policy: length, own address, common passwords', async () => {
      const email = 'policy.person@lender.test';
      for (const [password, message] of [
        ['short-pass', 'Password must be at least 12 characters long'],
        ['x'.repeat(129), 'Password must be at most 128 characters long'],
        [email, 'Password must not be your username or email'],
        ['password1234', 'This password is too common; choose another'],
      ] as const) {
        const response = await verify({
          username: email,
          otp: '123456',
          newPassword: password,
          confirmPassword: password,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error_code: 'PASSWORD_POLICY', error_msg: message });
      }
    });

    it('answers an unknown address and a wrong code with the same OTP_INVALID', async () => {
      const user = await createUser(handle.db);
      await requestReset(user.email);
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const wrongCode = code === '000000' ? '999999' : '000000';
      const unknown = await verify({
        username: `${uniqueName('nobody')}@lender.test`,
        otp: code,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      const wrong = await verify({
        username: user.email,
        otp: wrongCode,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error_code: 'OTP_INVALID', error_msg: 'Invalid or expired code' });
      }
    });

    it('refuses an expired code and a missing field', async () => {
      const user = await createUser(handle.db);
      await requestReset(user.email);
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      t.clock.advance(301);
      const expired = await verify({
        username: user.email,
        otp: code,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(expired.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');
      const missing = await verify({ username: user.email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('userkey.otp');
    });

    it('sets the new password, ends every session, clears the lock, and the code works once', async () => {
      const user = await createUser(handle.db);
      const sessionA = await signIn(t, user);
      const sessionB = await signIn(t, user);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await postToken(t, { username: user.username, password: 'wrong-password-123' });
      }
      expect((await readUser(handle.db, user.id)).lockedUntil).not.toBeNull();

      await requestReset(user.email);
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const payload = { username: user.email, otp: code, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const response = await verify(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ error_code: '0', error_msg: 'Password reset successful' });

      for (const session of [sessionA, sessionB]) {
        const refreshed = await t.inject({
          method: 'POST',
          url: '/token/refresh/',
          payload: { refresh: session.refresh },
        });
        expect(refreshed.statusCode).toBe(401);
        const profile = await t.inject({
          method: 'GET',
          url: '/collapp/getuserprofile',
          headers: bearer(session.access),
        });
        expect(profile.statusCode).toBe(401);
      }
      expect((await readUser(handle.db, user.id)).lockedUntil).toBeNull();
      expect((await postToken(t, { username: user.username, password: user.password })).statusCode).toBe(401);
      expect((await postToken(t, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(200);

      const reused = await verify({ ...payload, newPassword: `${NEW_PASSWORD}!`, confirmPassword: `${NEW_PASSWORD}!` });
      expect(reused.json<{ error_code: string }>().error_code).toBe('OTP_INVALID');
      expect(await auditRows(handle.db, { action: 'password.reset', entityId: user.id })).toHaveLength(1);
    });

    it('keeps the code usable when the new password is the username (checked after the code)', async () => {
      const username = uniqueName('samename.user.');
      const user = await createUser(handle.db, { username });
      await requestReset(user.email);
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const asUsername = await verify({
        username: user.email,
        otp: code,
        newPassword: username,
        confirmPassword: username,
      });
      expect(asUsername.json()).toEqual({
        error_code: 'PASSWORD_POLICY',
        error_msg: 'Password must not be your username or email',
      });
      const fine = await verify({
        username: user.email,
        otp: code,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(fine.json<{ error_code: string }>().error_code).toBe('0');
    });
  });

  describe('POST /collapp/userChangePasswordApi', () => {
    it('needs a signed-in user', async () => {
      const response = await t.inject({
        method: 'POST',
        url: '/collapp/userChangePasswordApi',
        payload: { userkey: await t.seal({ old_pass: 'a', new_pass: 'b', confirm_pass: 'b' }) },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a wrong old password, a mismatch and a weak password with HTTP 400 (never 401)', async () => {
      const user = await createUser(handle.db);
      const { access } = await signIn(t, user);
      const wrongOld = await changePassword(access, {
        old_pass: 'not-my-password',
        new_pass: NEW_PASSWORD,
        confirm_pass: NEW_PASSWORD,
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toEqual({ error_code: 'OLD_PASSWORD_INVALID', error_msg: 'Old password is incorrect' });

      const mismatch = await changePassword(access, {
        old_pass: user.password,
        new_pass: NEW_PASSWORD,
        confirm_pass: 'something-else-entirely',
      });
      expect(mismatch.json()).toEqual({
        error_code: 'PASSWORD_MISMATCH',
        error_msg: 'New Password , Confirm Password is not Match',
      });

      const weak = await changePassword(access, { old_pass: user.password, new_pass: 'short', confirm_pass: 'short' });
      expect(weak.json<{ error_code: string }>().error_code).toBe('PASSWORD_POLICY');

      const same = await changePassword(access, {
        old_pass: user.password,
        new_pass: user.password,
        confirm_pass: user.password,
      });
      expect(same.json()).toEqual({
        error_code: 'PASSWORD_POLICY',
        error_msg: 'New password must differ from the old password',
      });

      const missing = await changePassword(access, { old_pass: user.password });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ error_code: string }>().error_code).toBe('VALIDATION');
    });

    it('changes the password and ends every session of the user', async () => {
      const user = await createUser(handle.db);
      const current = await signIn(t, user);
      const other = await signIn(t, user);
      const response = await changePassword(current.access, {
        old_pass: user.password,
        new_pass: NEW_PASSWORD,
        confirm_pass: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ error_code: '0', error_msg: 'Password changed. Please sign in again.' });
      for (const session of [current, other]) {
        const profile = await t.inject({
          method: 'GET',
          url: '/collapp/getuserprofile',
          headers: bearer(session.access),
        });
        expect(profile.statusCode).toBe(401);
        const refreshed = await t.inject({
          method: 'POST',
          url: '/token/refresh/',
          payload: { refresh: session.refresh },
        });
        expect(refreshed.statusCode).toBe(401);
      }
      expect((await postToken(t, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(200);
      const rows = await auditRows(handle.db, { action: 'password.change', entityId: user.id });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.after).toEqual({ ended_sessions: 2 });
    });
  });

  describe('mail over a real SMTP server', () => {
    it('delivers the reset code over SMTP, and the code from that mail resets the password', async () => {
      const smtp = await startSmtpServer();
      const app = await createTestApp(handle.db, {
        config: { smtpUrl: smtp.url, mailFrom: 'Recovery Desk <desk@lender.test>' },
      });
      try {
        const user = await createUser(handle.db);
        const response = await app.inject({
          method: 'POST',
          url: '/forPassEmailVerify',
          payload: { data: { email: user.email } },
        });
        expect(response.json()).toEqual(NEUTRAL);

        const mail = await smtp.waitFor((message) => message.to.includes(user.email));
        expect(mail.from).toBe('desk@lender.test');
        expect(mail.raw).toContain('Subject: Your Recovery Desk password reset code');
        const code = codeIn(mail.raw);

        const reset = await app.inject({
          method: 'POST',
          url: '/VerifyOtpApi',
          payload: {
            userkey: await app.seal({
              username: user.email,
              otp: code,
              newPassword: NEW_PASSWORD,
              confirmPassword: NEW_PASSWORD,
            }),
          },
        });
        expect(reset.json()).toEqual({ error_code: '0', error_msg: 'Password reset successful' });
        expect((await latestMailTo(handle.db, user.email))?.status).toBe('SENT');
      } finally {
        await app.close();
        await smtp.close();
      }
    });

    it('records a failed delivery on the outbox row when the SMTP server is unreachable', async () => {
      const smtp = await startSmtpServer();
      await smtp.close(); // nothing listens on that port any more
      const app = await createTestApp(handle.db, { config: { smtpUrl: smtp.url } });
      try {
        const user = await createUser(handle.db);
        await app.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email: user.email } } });
        await app.close(); // waits for background deliveries
        const row = await latestMailTo(handle.db, user.email);
        expect(row?.status).toBe('FAILED');
        expect(row?.error).toBeTruthy();
        expect(row?.error).not.toContain(codeIn(row!.body));
      } finally {
        await app.close();
      }
    });
  });
});
