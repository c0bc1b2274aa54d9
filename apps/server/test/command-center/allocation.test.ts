import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, allocations } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { fieldDevices } from '@recovery-desk/db/command-center-schema.ts';
import { collectionsSettings } from '@recovery-desk/db/settings-schema.ts';
import { DEFAULT_COLLECTIONS_SETTINGS } from '@recovery-desk/domain/collections/settings.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  allocationAccountsReplySchema,
  allocationAssigneesReplySchema,
  allocationBatchDetailSchema,
  allocationBatchSchema,
  allocationBatchesReplySchema,
  allocationPlanReplySchema,
} from '@recovery-desk/domain/command-center/allocation.ts';
import {
  apiAs,
  createAccount,
  createAgency,
  createOrg,
  createStaff,
  errorOf,
  readAccount,
  type Org,
  type TestAccount,
} from '../collections/factories.ts';
import { createUser, ensureOrganisation, type TestUser } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Map-based allocation (issue 16, /cmdCenter/mapBasedAllocation and its status) on PGlite and PostgreSQL: the accounts
// of the subtree on the map, a plan by proximity within capacity, held / suppressed / FRAUD-marked accounts skipped
// with the reason, the batch allocating the rest through the collections allocation (kind MAP, the tray moves),
// audited; bad input 400 naming the field; other units' accounts invisible.

describe.each(testDatabaseKinds())('command center: map-based allocation (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function placed(
    org: Org,
    latitude: number,
    longitude: number,
    options: Partial<Parameters<typeof createAccount>[1]> = {},
  ) {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 30, ...options });
    await handle.db.insert(addresses).values({
      customerId: account.customerId,
      addressType: 'RESIDENCE',
      line1: '1 Test Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400001',
      latitude,
      longitude,
    });
    return account;
  }

  async function collectorAt(org: Org, latitude: number, longitude: number): Promise<TestUser> {
    const user = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const at = new Date();
    await handle.db.insert(fieldDevices).values({
      deviceKey: `alloc-${user.id}`,
      userId: user.id,
      firstSeenAt: at,
      lastSeenAt: at,
      lastFixAt: at,
      lastLatitude: latitude,
      lastLongitude: longitude,
    });
    return user;
  }

  async function setup() {
    const org = await createOrg(handle.db);
    const supervisor = await createUser(handle.db, {
      units: [{ unit: org.zone, grants: { cmdcenter: [{ system_auth: 'ACTIVE_INACTIVE_SAUTH', tabs: [] }] } }],
    });
    const api = await apiAs(t, supervisor, org.zone);
    const north = await collectorAt(org, 19.2, 72.85);
    const south = await collectorAt(org, 18.95, 72.83);
    const accounts = {
      n1: await placed(org, 19.21, 72.85),
      n2: await placed(org, 19.19, 72.86),
      s1: await placed(org, 18.96, 72.83),
      held: await placed(org, 19.2, 72.85, { isOnHold: true }),
      suppressed: await placed(org, 19.2, 72.85, { isSuppressed: true }),
      fraud: await placed(org, 18.95, 72.83),
      unplaced: await createAccount(handle.db, { unit: org.branch, dpd: 30 }),
    };
    await handle.db.execute(
      sql`insert into account_marks (account_id, unit_path, mark, reason, request_id, approved_by, marked_at)
        values (${accounts.fraud.id}, ${org.branch.path}, 'FRAUD', 'Forged documents', 1, ${supervisor.id}, now())`,
    );
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 30 });
    await handle.db.insert(addresses).values({
      customerId: foreign.customerId,
      addressType: 'RESIDENCE',
      line1: '2 Far Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400001',
      latitude: 19.2,
      longitude: 72.85,
    });
    return { org, supervisor, api, north, south, accounts, foreign };
  }

  const polygon = [
    { latitude: 18.9, longitude: 72.8 },
    { latitude: 18.9, longitude: 72.9 },
    { latitude: 19.3, longitude: 72.9 },
    { latitude: 19.3, longitude: 72.8 },
  ];
  const ids = (list: TestAccount[]) => list.map((account) => account.id).sort((a, b) => a - b);

  it('shows the subtree’s geocoded delinquent accounts with whether they can be allocated, not other units’', async () => {
    const { api, accounts, foreign } = await setup();
    const reply = await api.get(
      '/api/cmd-center/allocation/accounts?bbox=72.8,18.9,72.9,19.3&zoom=12&status=UNALLOCATED',
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const body = allocationAccountsReplySchema.parse(reply.json());
    const mine = body.points.filter((point) => Object.values(accounts).some((a) => a.id === point.accountId));
    expect(mine.map((point) => point.accountId).sort((a, b) => a - b)).toEqual(
      ids([accounts.n1, accounts.n2, accounts.s1, accounts.held, accounts.suppressed, accounts.fraud]),
    );
    expect(body.points.some((point) => point.accountId === foreign.id)).toBe(false);
    const blocked = Object.fromEntries(mine.map((point) => [point.accountId, point.blocked]));
    expect(blocked[accounts.held.id]).toBe('HELD');
    expect(blocked[accounts.suppressed.id]).toBe('SUPPRESSED');
    expect(blocked[accounts.fraud.id]).toBe('MARKED');
    expect(blocked[accounts.n1.id]).toBeNull();
    const n1 = mine.find((point) => point.accountId === accounts.n1.id)!;
    expect(n1).toMatchObject({ pincode: '400001', overdueMinor: '500000', currency: 'INR', allocatedTo: null });
  });

  it('plans by proximity within capacity and skips what cannot be allocated, with the reason', async () => {
    const { api, north, south, accounts } = await setup();
    const reply = await api.post('/api/cmd-center/allocation/plan', {
      accountIds: Object.values(accounts).map((account) => account.id),
      assignees: [{ userId: north.id }, { userId: south.id }],
      mode: 'PROXIMITY',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const plan = allocationPlanReplySchema.parse(reply.json());
    const to = Object.fromEntries(plan.allocations.map((allocation) => [allocation.accountId, allocation.assignee]));
    expect(to).toEqual({
      [accounts.n1.id]: `user:${north.id}`,
      [accounts.n2.id]: `user:${north.id}`,
      [accounts.s1.id]: `user:${south.id}`,
    });
    const skipped = Object.fromEntries(plan.skipped.map((skip) => [skip.accountId, skip.reason]));
    expect(skipped).toEqual({
      [accounts.held.id]: 'HELD',
      [accounts.suppressed.id]: 'SUPPRESSED',
      [accounts.fraud.id]: 'MARKED',
      [accounts.unplaced.id]: 'NO_LOCATION',
    });
    expect(plan.assignees.find((assignee) => assignee.userId === north.id)).toMatchObject({ planned: 2, load: 0 });
    const pickers = allocationAssigneesReplySchema.parse(
      (await api.get('/api/cmd-center/allocation/assignees')).json(),
    );
    expect(pickers.users.map((user) => user.id)).toEqual(expect.arrayContaining([north.id, south.id]));
    expect(pickers.capacity).toBe(400);
    // Nothing is written by a preview.
    expect(await readAccount(handle.db, accounts.n1.id)).toMatchObject({ allocatedUserId: null });

    // Capacity: the collections settings' accounts per collector, minus what each holds now.
    await handle.db.insert(collectionsSettings).values({ ...DEFAULT_COLLECTIONS_SETTINGS, collectorCapacity: 1 });
    try {
      const tight = allocationPlanReplySchema.parse(
        (
          await api.post('/api/cmd-center/allocation/plan', {
            polygon,
            assignees: [{ userId: north.id }, { userId: south.id }],
          })
        ).json(),
      );
      expect(tight.allocations).toHaveLength(2);
      expect(tight.skipped.filter((skip) => skip.reason === 'OUT_OF_CAPACITY')).toHaveLength(1);
    } finally {
      await handle.db.delete(collectionsSettings);
    }
  });

  it('creates a batch: allocates the rest (kind MAP), records the skipped with the reason, audits; lists and reads it', async () => {
    const { org, api, north, south, accounts, supervisor } = await setup();
    const manager = await apiAs(t, await createStaff(handle.db, org.branch, ['MAN_ALLOC_SAUTH']), org.branch);
    const before = (await manager.get('/api/collections/trays/manualalloc?view=team')).json<{ count: number }>().count;
    const audits = (await auditRows(handle.db, { action: 'cmdcenter.allocation.batch' })).length;
    const created = await api.post('/api/cmd-center/allocation/batches', {
      polygon,
      assignees: [{ userId: north.id }, { userId: south.id }],
      mode: 'PROXIMITY',
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = allocationBatchSchema.parse(created.json());
    expect(batch).toMatchObject({
      status: 'PARTIAL',
      totalCount: 6,
      allocatedCount: 3,
      skippedCount: 3,
      failedCount: 0,
      createdBy: { id: supervisor.id },
    });
    expect(batch.batchNo).toMatch(/^MAB-\d{6}$/);
    expect(await readAccount(handle.db, accounts.n1.id)).toMatchObject({ allocatedUserId: north.id });
    expect(await readAccount(handle.db, accounts.s1.id)).toMatchObject({ allocatedUserId: south.id });
    for (const blocked of [accounts.held, accounts.suppressed, accounts.fraud]) {
      expect(await readAccount(handle.db, blocked.id)).toMatchObject({
        allocatedUserId: null,
        allocatedAgencyId: null,
      });
    }
    const rows = await handle.db
      .select()
      .from(allocations)
      .where(eq(allocations.accountId, accounts.n2.id))
      .orderBy(asc(allocations.id));
    expect(rows.at(-1)).toMatchObject({ userId: north.id, kind: 'MAP', endedAt: null });
    const after = (await manager.get('/api/collections/trays/manualalloc?view=team')).json<{ count: number }>().count;
    expect(before - after).toBe(3);
    const audit = await auditRows(handle.db, { action: 'cmdcenter.allocation.batch' });
    expect(audit).toHaveLength(audits + 1);
    expect(audit.at(-1)).toMatchObject({
      entityId: String(batch.id),
      after: expect.objectContaining({ allocated: 3 }),
    });

    const list = allocationBatchesReplySchema.parse(
      (await api.get('/api/cmd-center/allocation/batches?status=PARTIAL')).json(),
    );
    expect(list.rows.map((row) => row.id)).toContain(batch.id);
    const detail = allocationBatchDetailSchema.parse(
      (await api.get(`/api/cmd-center/allocation/batches/${batch.id}?outcome=SKIPPED`)).json(),
    );
    expect(detail.total).toBe(3);
    expect(Object.fromEntries(detail.items.map((item) => [item.accountId, item.reason]))).toEqual({
      [accounts.held.id]: 'HELD',
      [accounts.suppressed.id]: 'SUPPRESSED',
      [accounts.fraud.id]: 'MARKED',
    });
    const all = allocationBatchDetailSchema.parse(
      (await api.get(`/api/cmd-center/allocation/batches/${batch.id}`)).json(),
    );
    expect(all.items.filter((item) => item.outcome === 'ALLOCATED').map((item) => item.assignee?.userId)).toEqual(
      expect.arrayContaining([north.id, south.id]),
    );

    // Another unit's supervisor sees neither the batch nor its accounts.
    const stranger = await apiAs(
      t,
      await createUser(handle.db, {
        units: [{ unit: org.foreign, grants: { cmdcenter: [{ system_auth: 'ACTIVE_INACTIVE_SAUTH', tabs: [] }] } }],
      }),
      org.foreign,
    );
    expect((await stranger.get(`/api/cmd-center/allocation/batches/${batch.id}`)).statusCode).toBe(404);
    const theirs = allocationBatchesReplySchema.parse(
      (await stranger.get('/api/cmd-center/allocation/batches')).json(),
    );
    expect(theirs.rows.map((row) => row.id)).not.toContain(batch.id);
  });

  it('answers 400 naming the field, 404 for other units’ accounts, and writes nothing', async () => {
    const { api, north, accounts, foreign } = await setup();
    const agency = await createAgency(handle.db, (await createOrg(handle.db)).branch);
    const audits = (await auditRows(handle.db, { action: 'cmdcenter.allocation.batch' })).length;
    const cases: [object, string][] = [
      [{ assignees: [{ userId: north.id }] }, 'accountIds'],
      [{ accountIds: [accounts.n1.id], polygon, assignees: [{ userId: north.id }] }, 'accountIds'],
      [{ accountIds: [accounts.n1.id], assignees: [] }, 'assignees'],
      [{ polygon: polygon.slice(0, 2), assignees: [{ userId: north.id }] }, 'polygon'],
      [{ accountIds: [accounts.n1.id], assignees: [{ userId: north.id }], mode: 'RANDOM' }, 'mode'],
      [{ accountIds: [accounts.n1.id], assignees: [{ agencyId: agency.id }] }, 'assignees.0.agencyId'],
    ];
    for (const [payload, field] of cases) {
      const reply = await api.post('/api/cmd-center/allocation/batches', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(reply).fields).toContain(field);
    }
    const outside = await api.post('/api/cmd-center/allocation/batches', {
      accountIds: [accounts.n1.id, foreign.id],
      assignees: [{ userId: north.id }],
    });
    expect(outside.statusCode).toBe(404);
    expect((await api.get('/api/cmd-center/allocation/accounts?bbox=oops')).statusCode).toBe(400);
    expect(await readAccount(handle.db, accounts.n1.id)).toMatchObject({ allocatedUserId: null });
    expect(await auditRows(handle.db, { action: 'cmdcenter.allocation.batch' })).toHaveLength(audits);
  });
});
