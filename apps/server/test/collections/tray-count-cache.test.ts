import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, createAccount, createOrg, createStaff } from './factories.ts';

// With the tray count cache on (TRAY_COUNT_CACHE_SECONDS), a repeated read reuses the count, and any change made
// through the server clears it before the change's reply is sent, so the next read counts afresh.
describe.each(testDatabaseKinds())('tray count cache (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { config: { trayCountCacheSeconds: 60 } });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('reuses a count until a change through the server clears it', async () => {
    const org = await createOrg(handle.db);
    const manager = await createStaff(handle.db, org.branch, ['ALLOCATION_HOLD_SAUTH']);
    const api = await apiAs(t, manager, org.branch);
    const heldView = '/api/collections/trays/allocationHold?view=team&searchView=onHold';
    const held = async () => (await api.get(heldView)).json<{ count: number; data: unknown[] }>();

    const first = await createAccount(handle.db, { unit: org.branch, dpd: 30 });
    expect((await held()).count).toBe(0);

    // Written behind the server's back: the cached count stands, while the page itself is read afresh.
    const second = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    await handle.db.update(accounts).set({ isOnHold: true }).where(eq(accounts.id, second.id));
    const stale = await held();
    expect(stale.count).toBe(0);
    expect(stale.data).toHaveLength(1);

    // A change through the server: the next read recounts and sees both the change and the earlier write.
    const started = await api.post(`/api/collections/accounts/${first.id}/holds`, {
      action: 'START',
      reason: 'Complaint pending',
    });
    expect(started.statusCode).toBe(200);
    const after = await held();
    expect(after.count).toBe(2);
    expect(after.data).toHaveLength(2);
  });
});
