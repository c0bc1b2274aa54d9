import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { accounts, agencies } from '@recovery-desk/db/collections-schema.ts';
import { refreshTokens, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { ensureOrganisation, uniqueName } from './factories.ts';
import { createTestApp, signIn, bearer, type TestApp } from './support/test-app.ts';
import { apiAs, createAccount, createAgency, createOrg, createStaff, type Org } from './collections/factories.ts';

// Issue 17: granted principal checks are kept for PRINCIPAL_CACHE_SECONDS and tray names in a process directory.
// Neither may let a revoked session, user, unit or authority through, or show a name that was changed: a change made
// through the server is in force for its next request, and one made in the database behind its back (any writer) is
// announced by the database's triggers and heard within moments. The caches are set long here (60 s), so only the
// announcements can end what they hold.
describe.each(testDatabaseKinds())('the principal cache and the tray name directory (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  const TRAY = '/api/collections/trays/telecaller?view=team';

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { config: { principalCacheSeconds: 60 } });
    org = await createOrg(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** the status codes of `read` until it answers `status` (the database's notice travels on its own connection) */
  async function eventually(read: () => Promise<number>, status: number): Promise<number> {
    const deadline = Date.now() + 5_000;
    let last = await read();
    while (last !== status && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = await read();
    }
    return last;
  }

  it('ends a session at once when it is logged out through the server', async () => {
    const user = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const tokens = await signIn(t, user);
    const tray = () => t.inject({ method: 'GET', url: TRAY, headers: bearer(tokens.access, org.branch.id) });
    expect((await tray()).statusCode).toBe(200);
    expect((await tray()).statusCode).toBe(200);
    const logout = await t.inject({
      method: 'POST',
      url: '/token/logout/',
      payload: { refresh_token: tokens.refresh },
    });
    expect(logout.statusCode).toBe(200);
    // no wait: the logout's own reply emptied this process's cache
    expect((await tray()).statusCode).toBe(401);
  });

  it('refuses once an authority, a unit membership, the user or the session is ended in the database directly', async () => {
    const cases: { name: string; end: (userId: number, familyId: string) => Promise<unknown>; status: number }[] = [
      {
        name: 'authority removed',
        end: (userId) =>
          handle.db
            .delete(userAuthorities)
            .where(and(eq(userAuthorities.userId, userId), eq(userAuthorities.systemAuth, 'TELECALLER_SAUTH'))),
        status: 403,
      },
      {
        name: 'unit membership removed',
        end: async (userId) => {
          await handle.db.delete(userAuthorities).where(eq(userAuthorities.userId, userId));
          await handle.db.delete(userUnits).where(eq(userUnits.userId, userId));
        },
        status: 403,
      },
      {
        name: 'user deactivated',
        end: (userId) => handle.db.update(users).set({ isActive: false }).where(eq(users.id, userId)),
        status: 401,
      },
      {
        name: 'session family revoked',
        end: (_userId, familyId) =>
          handle.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, familyId)),
        status: 401,
      },
    ];
    for (const { name, end, status } of cases) {
      const user = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
      const tokens = await signIn(t, user);
      const [family] = await handle.db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, user.id));
      const tray = async () =>
        (await t.inject({ method: 'GET', url: TRAY, headers: bearer(tokens.access, org.branch.id) })).statusCode;
      expect(await tray(), name).toBe(200);
      await end(user.id, family!.familyId);
      expect(await eventually(tray, status), name).toBe(status);
    }
  });

  it('never keeps a refusal: an authority granted in the database works on the next request', async () => {
    const user = await createStaff(handle.db, org.branch, ['ALLOCATION_HOLD_SAUTH']);
    const tokens = await signIn(t, user);
    const tray = async () =>
      (await t.inject({ method: 'GET', url: TRAY, headers: bearer(tokens.access, org.branch.id) })).statusCode;
    expect(await tray()).toBe(403);
    await handle.db.insert(userAuthorities).values({
      userId: user.id,
      unitId: org.branch.id,
      appCode: 'collapp',
      systemAuth: 'TELECALLER_SAUTH',
      tabs: [],
    });
    expect(await tray()).toBe(200);
  });

  it('shows a renamed collector and agency under their new names in the tray', async () => {
    const collector = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'Asha Rao' });
    const agency = await createAgency(handle.db, org.sibling);
    const manager = await createStaff(handle.db, org.sibling, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.sibling, dpd: 20, allocatedTo: collector });
    const agencyAccount = await createAccount(handle.db, { unit: org.sibling, dpd: 25 });
    await handle.db.update(accounts).set({ allocatedAgencyId: agency.id }).where(eq(accounts.id, agencyAccount.id));
    const api = await apiAs(t, manager, org.sibling);
    const allocatedTo = async (accountId: number) => {
      const reply = await api.get(TRAY);
      expect(reply.statusCode).toBe(200);
      const rows = reply.json<{ data: { accountId: number; allocatedTo: string | null }[] }>().data;
      return rows.find((row) => row.accountId === accountId)?.allocatedTo;
    };
    expect(await allocatedTo(account.id)).toBe('Asha Rao');
    const agencyName = await allocatedTo(agencyAccount.id);
    expect(agencyName).toBeTruthy();

    await handle.db.update(users).set({ fullName: 'Asha Rao Kulkarni' }).where(eq(users.id, collector.id));
    const newAgencyName = uniqueName('Agency renamed ');
    await handle.db.update(agencies).set({ name: newAgencyName }).where(eq(agencies.id, agency.id));
    const deadline = Date.now() + 5_000;
    let names = [await allocatedTo(account.id), await allocatedTo(agencyAccount.id)];
    while ((names[0] !== 'Asha Rao Kulkarni' || names[1] !== newAgencyName) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      names = [await allocatedTo(account.id), await allocatedTo(agencyAccount.id)];
    }
    expect(names).toEqual(['Asha Rao Kulkarni', newAgencyName]);
  });
});
