import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation } from '../factories.ts';
import { codeIn, createTestApp, type TestApp } from '../support/test-app.ts';

// Demo mode gives away no account: the outbox (reset and sign-in codes) answers only on this computer.

describe.each(testDatabaseKinds())('demo outbox (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp | undefined;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(async () => {
    await handle.close();
  });

  async function resetCodeRequested(app: TestApp) {
    const user = await createUser(handle.db);
    const asked = await app.inject({
      method: 'POST',
      url: '/forPassEmailVerify',
      payload: { data: { email: user.email } },
    });
    expect(asked.statusCode).toBe(200);
    return `/api/demo/outbox?email=${encodeURIComponent(user.email)}`;
  }

  it('shows the reset code to a request from loopback (IPv4 and IPv6)', async () => {
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    const url = await resetCodeRequested(t);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const reply = await t.inject({ method: 'GET', url, remoteAddress });
      expect(reply.statusCode, remoteAddress).toBe(200);
      const [mail] = reply.json<{ data: { body: string }[] }>().data;
      expect(codeIn(mail!.body)).toMatch(/^\d{6}$/);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 404 to any other computer, and to a request a proxy forwarded', async () => {
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    const url = await resetCodeRequested(t);
    const refused = [
      { remoteAddress: '203.0.113.9' },
      { remoteAddress: '10.0.0.5' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ];
    for (const request of refused) {
      const reply = await t.inject({ method: 'GET', url, ...request });
      expect(reply.statusCode, JSON.stringify(request)).toBe(404);
      expect(reply.body).not.toMatch(/\d{6}/);
    }
  });

  it('stays loopback-only behind a trusted proxy, whatever X-Forwarded-For claims', async () => {
    t = await createTestApp(handle.db, { config: { demoMode: true, trustProxy: true } });
    const url = await resetCodeRequested(t);
    const spoofed = await t.inject({
      method: 'GET',
      url,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('does not exist outside demo mode', async () => {
    t = await createTestApp(handle.db, { config: { demoMode: false } });
    const reply = await t.inject({ method: 'GET', url: '/api/demo/outbox?email=a%40b.in' });
    expect(reply.statusCode).toBe(404);
  });
});
