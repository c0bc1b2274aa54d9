import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { maskUrl } from '../src/http/logging.ts';
import { safeText } from '../src/http/safe-text.ts';
import { createUser, ensureOrganisation } from './factories.ts';
import {
  auditRows,
  bearer,
  codeIn,
  createTestApp,
  latestMailTo,
  LogCapture,
  postToken,
  type Tokens,
} from './support/test-app.ts';

describe('log helpers', () => {
  it('masks query values that can carry tokens, codes or addresses', () => {
    expect(maskUrl('/sso/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp')).toBe(
      '/sso/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    );
    expect(maskUrl('/callback?access=a.b.c&refresh=r&ssoaccess=g&resourceApp=casapp')).toBe(
      '/callback?access=[redacted]&refresh=[redacted]&ssoaccess=[redacted]&resourceApp=casapp',
    );
    expect(maskUrl('/api/demo/outbox?email=a%40b.in')).toBe('/api/demo/outbox?email=[redacted]');
    expect(maskUrl('/healthz')).toBe('/healthz');
  });

  it('neutralises control characters in user-supplied text', () => {
    expect(safeText('evil\r\n{"level":50}\u001b[31m')).toBe('evil\uFFFD\uFFFD{"level":50}\uFFFD[31m');
    expect(safeText('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe.each(testDatabaseKinds())('logs carry no secrets and cannot be forged (%s)', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('never writes passwords, one-time codes or tokens to the log', async () => {
    const logs = new LogCapture();
    const t = await createTestApp(handle.db, { logStream: logs, config: { logLevel: 'trace' } });
    try {
      const password = 'Unique-Log-Password-31337';
      const user = await createUser(handle.db, { password, otpRequired: true });
      const credentials = { username: user.username, password };
      const otpRequest = await t.seal(credentials);
      await t.inject({ method: 'POST', url: '/sendOtpApi', payload: { userkey: otpRequest } });
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const signInKey = await t.seal({ ...credentials, otp: code });
      const signedIn = (
        await t.inject({ method: 'POST', url: '/token/', payload: { userkey: signInKey } })
      ).json<Tokens>();
      const rotated = (
        await t.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: signedIn.refresh } })
      ).json<Tokens>();
      await t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(rotated.access) });
      await t.inject({ method: 'POST', url: '/token/logout/', payload: { refresh_token: rotated.refresh } });
      await postToken(t, { username: user.username, password: 'Wrong-Log-Password-777' });
      await t.inject({ method: 'GET', url: '/sso/callback?code=SECRET-AUTH-CODE-99&state=SECRET-STATE-42' });
      await t.inject({ method: 'GET', url: `/api/demo/outbox?email=${encodeURIComponent(user.email)}` });

      expect(logs.lines.length).toBeGreaterThan(10);
      const secrets = [
        password,
        'Wrong-Log-Password-777',
        code,
        otpRequest,
        signInKey,
        signedIn.access,
        signedIn.refresh,
        rotated.access,
        rotated.refresh,
        'SECRET-AUTH-CODE-99',
        'SECRET-STATE-42',
      ];
      for (const secret of secrets) expect(logs.text).not.toContain(secret);
      expect(logs.text).toContain('[redacted]');
    } finally {
      await t.close();
    }
  });

  it('keeps CR/LF in a username from forging log lines or audit text', async () => {
    const logs = new LogCapture();
    const t = await createTestApp(handle.db, { logStream: logs, config: { logLevel: 'info' } });
    try {
      const forged = 'mallory\r\n{"level":30,"msg":"FORGED admin signed in"}';
      const response = await postToken(t, { username: forged, password: 'whatever-password' });
      expect(response.statusCode).toBe(401);
      for (const line of logs.lines) {
        const entry = JSON.parse(line) as { msg?: string };
        expect(entry.msg).not.toBe('FORGED admin signed in');
      }
      const failures = await auditRows(handle.db, { action: 'auth.login_failed' });
      const recorded = failures.map((row) => (row.after as { username?: string }).username ?? '');
      const mine = recorded.find((name) => name.startsWith('mallory'));
      expect(mine).toBeDefined();
      expect(mine).not.toMatch(/[\r\n]/);
    } finally {
      await t.close();
    }
  });
});
