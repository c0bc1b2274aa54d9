import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type {
  AllocationRule,
  AllocationRuleFormReply,
  AllocationRulesReply,
} from '@recovery-desk/domain/collections/allocation-rules.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { DayStartRunsReply } from '@recovery-desk/domain/collections/day-start.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { ensureOrganisation, type TestUser } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, readAccount, type Api, type Org } from './factories.ts';

// Allocation rules (issue 14): the API of the Day Start screen's rules (DAY_START_COLL_SAUTH) — list, create, edit
// with a version, enable/disable, delete, each audited, with validation — and day start's ALLOCATION step failing
// honestly when a rule's collector was deactivated or left the unit, then retried once the rule is fixed.

const URL = '/api/collections/allocation-rules';

describe.each(testDatabaseKinds())('allocation rules (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let admin: Api;
  let branchAdmin: Api;
  let collector: TestUser;
  let siblingCollector: TestUser;
  let zoneCollector: TestUser;
  let holder: TestUser;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    admin = await apiAs(t, await createStaff(handle.db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone);
    branchAdmin = await apiAs(t, await createStaff(handle.db, org.sibling, ['DAY_START_COLL_SAUTH']), org.sibling);
    collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Asha Branch' });
    siblingCollector = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH'], {
      fullName: 'Bilal Sibling',
    });
    zoneCollector = await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH'], { fullName: 'Chitra Zone' });
    holder = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Holder' });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`delete from allocation_rules`);
    // only each test's own accounts are candidates for allocation
    await handle.db.execute(
      sql`update accounts set allocated_user_id = ${holder.id} where allocated_user_id is null and delinquent_flag`,
    );
  });

  const rule = (overrides: Record<string, unknown> = {}) => ({
    unitId: org.branch.id,
    priority: 1,
    product: 'PERSONAL',
    bucket: 'B1',
    pinCodePrefix: null,
    userId: collector.id,
    capacity: 50,
    isActive: true,
    ...overrides,
  });
  const put = (api: Api, id: number, payload: object) => api.inject({ method: 'PUT', url: `${URL}/${id}`, payload });

  it('creates, lists, edits, disables and deletes a rule, each audited', async () => {
    const created = await admin.post(URL, rule({ pinCodePrefix: '4000' }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<AllocationRule>();
    expect(body).toMatchObject({
      unitId: org.branch.id,
      unitCode: org.branch.code,
      priority: 1,
      product: 'PERSONAL',
      bucket: 'B1',
      pinCodePrefix: '4000',
      userId: collector.id,
      collectorName: 'Asha Branch',
      collectorOk: true,
      capacity: 50,
      held: 0,
      isActive: true,
      version: 1,
    });
    expect(
      (await auditRows(handle.db, { action: 'collections.allocation_rule.create', entityId: body.id })).length,
    ).toBe(1);

    const list = (await admin.get(URL)).json<AllocationRulesReply>();
    expect(list.rows.map((row) => row.id)).toEqual([body.id]);
    expect(list.total).toBe(1);

    const edited = await put(admin, body.id, rule({ version: 1, capacity: 80, product: null, bucket: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AllocationRule>()).toMatchObject({ capacity: 80, product: null, bucket: null, version: 2 });
    const stale = await put(admin, body.id, rule({ version: 1, capacity: 90 }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    const noVersion = await put(admin, body.id, rule({ capacity: 90 }));
    expect(noVersion.statusCode).toBe(428);

    const disabled = await put(admin, body.id, rule({ version: 2, capacity: 80, isActive: false }));
    expect(disabled.json<AllocationRule>()).toMatchObject({ isActive: false, version: 3 });
    const updates = await auditRows(handle.db, { action: 'collections.allocation_rule.update', entityId: body.id });
    expect(updates.length).toBe(2);
    expect(updates[1]!.before).toMatchObject({ isActive: true, capacity: 80 });
    expect(updates[1]!.after).toMatchObject({ isActive: false });

    const staleDelete = await admin.inject({ method: 'DELETE', url: `${URL}/${body.id}?version=2` });
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await admin.inject({ method: 'DELETE', url: `${URL}/${body.id}?version=3` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await admin.get(URL)).json<AllocationRulesReply>().total).toBe(0);
    expect(
      (await auditRows(handle.db, { action: 'collections.allocation_rule.delete', entityId: body.id })).length,
    ).toBe(1);
  });

  it('offers the subtree’s units and collectors for the form', async () => {
    const form = (await admin.get(`${URL}/form`)).json<AllocationRuleFormReply>();
    expect(form.units.map((unit) => unit.id)).toEqual(
      expect.arrayContaining([org.zone.id, org.branch.id, org.sibling.id]),
    );
    expect(form.units.map((unit) => unit.id)).not.toContain(org.foreign.id);
    const names = form.collectors.map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['Asha Branch', 'Bilal Sibling', 'Chitra Zone']));
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 2.5 }, 'capacity'],
      [{ pinCodePrefix: '40a' }, 'pinCodePrefix'],
      [{ pinCodePrefix: '4000001' }, 'pinCodePrefix'],
      [{ bucket: 'CURRENT' }, 'bucket'],
      [{ product: 'BOAT' }, 'product'],
      [{ priority: 0 }, 'priority'],
      [{ unitId: org.foreign.id }, 'unitId'],
      // a collector of the sibling branch does not collect in the branch
      [{ userId: siblingCollector.id }, 'userId'],
      // the administrator holds no collector authority
      [{ userId: admin.user.id }, 'userId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.post(URL, rule(overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expect(errorOf(response).fields).toEqual([field]);
    }
    const inactive = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { isActive: false });
    const refused = await admin.post(URL, rule({ userId: inactive.id }));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual(['userId']);
    // a collector of a unit above the rule's unit reaches its accounts
    const zoneRule = await admin.post(URL, rule({ userId: zoneCollector.id }));
    expect(zoneRule.statusCode, zoneRule.body).toBe(201);
    expect((await admin.get(URL)).json<AllocationRulesReply>().total).toBe(1);
  });

  it('keeps rules to the subtree and the authority', async () => {
    const created = (await admin.post(URL, rule())).json<AllocationRule>();
    // the sibling branch's administrator neither sees nor edits the branch's rule
    expect((await branchAdmin.get(URL)).json<AllocationRulesReply>().total).toBe(0);
    const outside = await put(branchAdmin, created.id, rule({ version: 1 }));
    expect(outside.statusCode).toBe(404);
    const stranger = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
    expect((await stranger.get(URL)).statusCode).toBe(403);
    expect((await stranger.post(URL, rule())).statusCode).toBe(403);
  });

  async function businessDate(): Promise<string> {
    return (await admin.get('/api/collections/day-start/runs')).json<DayStartRunsReply>().businessDate;
  }

  async function runOf(id: number): Promise<Job> {
    const runs = (await admin.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
    return runs.rows.find((row) => row.id === id)!;
  }

  it('allocates only the rule unit’s accounts, and fails the ALLOCATION step honestly until the rule is fixed', async () => {
    const branchAccount = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const siblingAccount = await createAccount(handle.db, { unit: org.sibling, dpd: 12 });
    const created = (await admin.post(URL, rule({ bucket: null, product: null }))).json<AllocationRule>();
    const start = await businessDate();
    const first = await admin.post('/api/collections/day-start/business-date', { businessDate: addDays(start, 1) });
    expect(first.statusCode, first.body).toBe(202);
    await t.app.jobs.drain();
    expect((await runOf(first.json<Job>().id)).status).toBe('DONE');
    expect((await readAccount(handle.db, branchAccount.id)).allocatedUserId).toBe(collector.id);
    expect((await readAccount(handle.db, siblingAccount.id)).allocatedUserId).toBeNull();

    // the collector is deactivated: the next day's ALLOCATION step fails with the rule, the user and what to do
    const later = await createAccount(handle.db, { unit: org.branch, dpd: 3 });
    await handle.db.execute(sql`update users set is_active = false where id = ${collector.id}`);
    try {
      const listed = (await admin.get(URL)).json<AllocationRulesReply>();
      expect(listed.rows[0]!.collectorOk).toBe(false);
      const second = await admin.post('/api/collections/day-start/business-date', {
        businessDate: addDays(start, 2),
      });
      await t.app.jobs.drain();
      const failed = await runOf(second.json<Job>().id);
      expect(failed.status).toBe('FAILED');
      expect(failed.error).toBe(
        `Day start of ${addDays(start, 2)} failed at ALLOCATION: Rule ${created.id} names ${collector.username}, ` +
          'who is inactive; edit or disable the rule',
      );
      expect(failed.progressDone).toBe(3);
      expect((await readAccount(handle.db, later.id)).allocatedUserId).toBeNull();

      // the administrator names a collector of the zone (above the branch) and retries: the run completes
      const fixed = await put(
        admin,
        created.id,
        rule({ bucket: null, product: null, userId: zoneCollector.id, version: 1 }),
      );
      expect(fixed.statusCode, fixed.body).toBe(200);
      const retried = await admin.post(`/api/collections/day-start/runs/${failed.id}/retry`, {});
      expect(retried.statusCode, retried.body).toBe(202);
      await t.app.jobs.drain();
      const done = await runOf(failed.id);
      expect(done.status).toBe('DONE');
      expect((await readAccount(handle.db, later.id)).allocatedUserId).toBe(zoneCollector.id);
    } finally {
      await handle.db.execute(sql`update users set is_active = true where id = ${collector.id}`);
    }
  });

  it('fails the step when the collector no longer collects in the rule’s unit, and a disabled rule does not', async () => {
    const moved = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Moved Away' });
    const created = (await admin.post(URL, rule({ userId: moved.id }))).json<AllocationRule>();
    // the collector leaves the branch for the sibling branch
    await handle.db.execute(sql`update user_authorities set unit_id = ${org.sibling.id} where user_id = ${moved.id}`);
    await handle.db.execute(sql`update user_units set unit_id = ${org.sibling.id} where user_id = ${moved.id}`);
    const start = await businessDate();
    const queued = await admin.post('/api/collections/day-start/business-date', { businessDate: addDays(start, 1) });
    await t.app.jobs.drain();
    const failed = await runOf(queued.json<Job>().id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain(
      `Rule ${created.id} names ${moved.username}, who no longer collects in ${org.branch.code}; edit or disable the rule`,
    );
    // the rule's collector cannot be saved again while active, but the rule can be disabled as it is
    const resaved = await put(admin, created.id, rule({ userId: moved.id, capacity: 60, version: 1 }));
    expect(resaved.statusCode).toBe(400);
    expect(errorOf(resaved).fields).toEqual(['userId']);
    const disabled = await put(admin, created.id, rule({ userId: moved.id, isActive: false, version: 1 }));
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<AllocationRule>().collectorOk).toBe(false);
    await admin.post(`/api/collections/day-start/runs/${failed.id}/retry`, {});
    await t.app.jobs.drain();
    expect((await runOf(failed.id)).status).toBe('DONE');
  });
});
