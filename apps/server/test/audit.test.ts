import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { auditLog } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUnit, createUser, ensureOrganisation, type TestUser } from './factories.ts';
import {
  auditChainIntact,
  bearer,
  codeIn,
  createTestApp,
  latestMailTo,
  postToken,
  signIn,
  type TestApp,
} from './support/test-app.ts';

describe.each(testDatabaseKinds())('audit trail (%s)', (kind) => {
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

  const countRows = async () => (await handle.db.select({ id: auditLog.id }).from(auditLog)).length;

  // One successful call per state-changing route (reliability L1). A new POST route without a row here
  // fails the next test, so every mutation's audit row is proven.
  const mutations: Record<string, (user: TestUser) => Promise<number>> = {
    'POST /token/': async (user) =>
      (await postToken(t, { username: user.username, password: user.password })).statusCode,
    'POST /token/refresh/': async (user) => {
      const { refresh } = await signIn(t, user);
      return (await t.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh } })).statusCode;
    },
    'POST /token/logout/': async (user) => {
      const { refresh } = await signIn(t, user);
      return (await t.inject({ method: 'POST', url: '/token/logout/', payload: { refresh_token: refresh } }))
        .statusCode;
    },
    'POST /sendOtpApi': async (user) =>
      (
        await t.inject({
          method: 'POST',
          url: '/sendOtpApi',
          payload: { userkey: await t.seal({ username: user.username, password: user.password }) },
        })
      ).statusCode,
    'POST /forPassEmailVerify': async (user) =>
      (await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email: user.email } } }))
        .statusCode,
    'POST /VerifyOtpApi': async (user) => {
      await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email: user.email } } });
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const password = 'Another-long-passphrase-7';
      const payload = { username: user.email, otp: code, newPassword: password, confirmPassword: password };
      return (await t.inject({ method: 'POST', url: '/VerifyOtpApi', payload: { userkey: await t.seal(payload) } }))
        .statusCode;
    },
    'POST /collapp/userChangePasswordApi': async (user) => {
      const { access } = await signIn(t, user);
      const password = 'Changed-long-passphrase-8';
      const payload = { old_pass: user.password, new_pass: password, confirm_pass: password };
      return (
        await t.inject({
          method: 'POST',
          url: '/collapp/userChangePasswordApi',
          headers: bearer(access),
          payload: { userkey: await t.seal(payload) },
        })
      ).statusCode;
    },
    'POST /googleApiTrackerApi': async () => {
      const unit = await createUnit(handle.db);
      const owner = await createUser(handle.db, { units: [{ unit }] });
      const { access } = await signIn(t, owner);
      return (
        await t.inject({
          method: 'POST',
          url: '/googleApiTrackerApi',
          headers: bearer(access, unit.id),
          payload: { data: { username: unit.code, googleApi: 'maps-js', callFrom: 'audit-test' } },
        })
      ).statusCode;
    },
  };

  it('writes at least one audit row for every state-changing route', async () => {
    const writeRoutes = t.app
      .routeDeclarations()
      .filter((route) => route.method !== 'GET')
      .map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(mutations).sort()).toEqual([...writeRoutes].sort());
    for (const route of writeRoutes) {
      const user = await createUser(handle.db);
      const before = await countRows();
      const status = await mutations[route]!(user);
      expect(status, route).toBe(200);
      expect(await countRows(), route).toBeGreaterThan(before);
    }
  });

  it('chains every row by hash, and the chain verifies', async () => {
    const user = await createUser(handle.db);
    await signIn(t, user);
    await postToken(t, { username: user.username, password: 'wrong-password-123' });
    expect(await auditChainIntact(handle.db)).toBe(true);
    const rows = await handle.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(2);
    expect(rows[0]!.prevHash).toBe(rows[1]!.hash);
    expect(rows[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });

  it('refuses UPDATE and DELETE on the audit log', async () => {
    const user = await createUser(handle.db);
    await signIn(t, user);
    await expect(handle.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await auditChainIntact(handle.db)).toBe(true);
  });
});
