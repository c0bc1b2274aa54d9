import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { accountMarks } from '@recovery-desk/db/account-marks-schema.ts';
import { allocationRules } from '@recovery-desk/db/operations-schema.ts';
import { collectionsSettings } from '@recovery-desk/db/settings-schema.ts';
import { DEFAULT_COLLECTIONS_SETTINGS } from '@recovery-desk/domain/collections/settings.ts';
import { addresses, accounts } from '@recovery-desk/db/collections-schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { DayStartRunsReply } from '@recovery-desk/domain/collections/day-start.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { eq } from 'drizzle-orm';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createOrg,
  createPtp,
  createStaff,
  errorOf,
  readAccount,
  type Api,
  type Org,
} from './factories.ts';
import type { TestUser } from '../factories.ts';

// Day start as five job steps (issue 14): recompute, PTP resolution, escalations, rule-based allocation, expiry of
// holds and suppressions; progress counts steps; a failed step is retried from that step; account writes are refused
// while a run is RUNNING; Cycle Refresh closes card statements.

type Selected<T> = { rows?: T[] } | T[];
const rowsOf = <T>(raw: unknown): T[] => {
  const result = raw as Selected<T>;
  return Array.isArray(result) ? result : (result.rows ?? []);
};

describe.each(testDatabaseKinds())('day start steps (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let operator: Api;
  let holder: Api;
  let collector: TestUser;
  let second: TestUser;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    operator = await apiAs(t, await createStaff(handle.db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone);
    holder = await apiAs(t, await createStaff(handle.db, org.zone, ['ALLOCATION_HOLD_SAUTH']), org.zone);
    collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Rule Collector' });
    second = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Second Collector' });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });
  beforeEach(async () => {
    // Each test starts with no rule and every other account allocated (so only its own accounts are candidates).
    await handle.db.delete(allocationRules);
    await handle.db.execute(
      sql`update accounts set allocated_user_id = ${second.id} where allocated_user_id is null and delinquent_flag`,
    );
  });

  async function businessDate(): Promise<string> {
    const response = await operator.get('/api/collections/day-start/runs');
    return response.json<DayStartRunsReply>().businessDate;
  }

  async function runDay(): Promise<Job> {
    const start = await businessDate();
    const queued = await operator.post('/api/collections/day-start/business-date', { businessDate: addDays(start, 1) });
    expect(queued.statusCode, queued.body).toBe(202);
    await t.app.jobs.drain();
    const runs = (await operator.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
    return runs.rows.find((row) => row.id === queued.json<Job>().id)!;
  }

  type DaySummary = {
    accountsRecomputed: number;
    ptpsResolved: { kept: number; partial: number; broken: number };
    escalationsRaised: number;
    accountsAllocated: number;
    restrictionsExpired: number;
    statementsClosed: number;
    steps: { step: string; rows: number; ms: number }[];
  };
  const dayOf = (job: Job): DaySummary => (job.result as { days: DaySummary[] }).days[0]!;

  it('runs the five steps in order with progress by step, each with its rows, and audits the day', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 5, allocatedTo: second });
    // DPD 30 → 31 crosses the B1/B2 and SMA-0/SMA-1 thresholds: the only kind of account a day rewrites.
    const crossing = await createAccount(handle.db, { unit: org.branch, dpd: 30 });
    const steady = await createAccount(handle.db, { unit: org.branch, dpd: 5, allocatedTo: second });
    const untouched = await readAccount(handle.db, steady.id);
    const ptp = await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: second,
      unit: org.branch,
      promisedDate: addDays(await businessDate(), -10),
      amount: '1000.00',
      capturedOn: addDays(await businessDate(), -12),
    });
    const job = await runDay();
    expect(job.status).toBe('DONE');
    expect(job.progressDone).toBe(5);
    expect(job.progressTotal).toBe(5);
    const day = dayOf(job);
    expect(day.steps.map((step) => step.step)).toEqual([
      'RECOMPUTE',
      'PTP_RESOLUTION',
      'ESCALATIONS',
      'ALLOCATION',
      'EXPIRY',
    ]);
    expect(day.accountsRecomputed).toBeGreaterThanOrEqual(1);
    expect(await readAccount(handle.db, crossing.id)).toMatchObject({ dpd: 31, bucket: 'B2', assetClass: 'SMA-1' });
    // DPD 5 → 6 is read, not written (migration 0029): the row is as it was.
    expect((await readAccount(handle.db, account.id)).dpd).toBe(6);
    const moved = await readAccount(handle.db, steady.id);
    expect(moved).toMatchObject({ dpd: 6, bucket: 'B1', assetClass: 'SMA-0', version: untouched.version });
    expect(moved.updatedAt).toEqual(untouched.updatedAt);
    expect(day.ptpsResolved.broken).toBeGreaterThanOrEqual(1);
    expect(day.escalationsRaised).toBe(day.ptpsResolved.broken);
    const escalated = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from escalations where ptp_id = ${ptp.id}`),
    );
    expect(escalated[0]!.n).toBe(1);
    const audited = await auditRows(handle.db, { action: 'collections.day_start' });
    expect((audited.at(-1)!.after as DaySummary).steps).toHaveLength(5);
  });

  it('allocates newly delinquent accounts by product, bucket, pincode and capacity; never held, suppressed or marked ones', async () => {
    const make = async (options: { product?: 'PERSONAL' | 'AUTO'; dpd?: number; pin?: string; isOnHold?: boolean }) => {
      const account = await createAccount(handle.db, {
        unit: org.branch,
        dpd: options.dpd ?? 20,
        product: options.product ?? 'PERSONAL',
        isOnHold: options.isOnHold ?? false,
      });
      await handle.db.insert(addresses).values({
        customerId: account.customerId,
        addressType: 'RESIDENCE',
        line1: '1 Rule Street',
        city: 'Pune',
        state: 'MH',
        pinCode: options.pin ?? '411001',
      });
      return account;
    };
    const first = await make({ dpd: 40 });
    const secondPick = await make({ dpd: 30 });
    const overCapacity = await make({ dpd: 25 });
    const wrongProduct = await make({ product: 'AUTO' });
    const wrongPin = await make({ pin: '560001' });
    const held = await make({ isOnHold: true });
    const fraud = await make({});
    await handle.db.insert(accountMarks).values({
      accountId: fraud.id,
      unitPath: org.branch.path,
      mark: 'FRAUD',
      reason: 'Forged documents',
      requestId: 1,
      approvedBy: second.id,
      markedAt: new Date(),
    });
    const suppressed = await make({});
    await handle.db.update(accounts).set({ isSuppressed: true }).where(eq(accounts.id, suppressed.id));
    // the collector holds nothing yet: capacity 2 takes the two of highest DPD
    await handle.db.insert(allocationRules).values({
      priority: 1,
      product: 'PERSONAL',
      pinCodePrefix: '411',
      userId: collector.id,
      capacity: 2,
    });
    const day = dayOf(await runDay());
    expect(day.accountsAllocated).toBe(2);
    const owner = async (id: number) => (await readAccount(handle.db, id)).allocatedUserId;
    expect(await owner(first.id)).toBe(collector.id);
    expect(await owner(secondPick.id)).toBe(collector.id);
    for (const account of [overCapacity, wrongProduct, wrongPin, held, fraud, suppressed]) {
      expect(await owner(account.id)).toBeNull();
    }
    const recorded = rowsOf<{ kind: string; by: number | null }>(
      await handle.db.execute(
        sql`select kind, allocated_by_user_id as by from allocations where account_id = ${first.id}`,
      ),
    );
    expect(recorded).toEqual([{ kind: 'RULE', by: operator.user.id }]);

    // a second rule by bucket catches what the first left, within its collector's capacity
    await handle.db.insert(allocationRules).values({ priority: 2, bucket: 'B1', userId: second.id, capacity: 100_000 });
    const next = dayOf(await runDay());
    expect(await owner(overCapacity.id)).toBe(second.id);
    expect(await owner(wrongProduct.id)).toBe(second.id);
    expect(await owner(wrongPin.id)).toBe(second.id);
    expect(next.accountsAllocated).toBeGreaterThanOrEqual(3);
    for (const account of [held, fraud, suppressed]) expect(await owner(account.id)).toBeNull();
  });

  it('ends holds and suppressions whose expiry has come, and refuses an expiry on a date already past', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 3, allocatedTo: second });
    const start = await businessDate();
    const past = await holder.post(`/api/collections/accounts/${account.id}/holds`, {
      action: 'START',
      reason: 'Customer dispute',
      expiresOn: start,
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).fields).toEqual(['expiresOn']);
    const started = await holder.post(`/api/collections/accounts/${account.id}/holds`, {
      action: 'START',
      reason: 'Customer dispute',
      expiresOn: addDays(start, 1),
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await readAccount(handle.db, account.id)).isOnHold).toBe(true);
    const day = dayOf(await runDay());
    expect(day.restrictionsExpired).toBe(1);
    expect((await readAccount(handle.db, account.id)).isOnHold).toBe(false);
    const log = rowsOf<{ action: string; reason: string }>(
      await handle.db.execute(
        sql`select action, reason from account_restrictions where account_id = ${account.id} order by id`,
      ),
    );
    expect(log).toEqual([
      { action: 'START', reason: 'Customer dispute' },
      { action: 'END', reason: 'Expired' },
    ]);
  });

  it('refuses account writes with a clear 409 while a day start runs, and accepts them once it ends', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 3, allocatedTo: second });
    const date = await businessDate();
    const rows = rowsOf<{ id: number }>(
      await handle.db.execute(
        sql`insert into jobs (kind, status, payload, max_attempts, singleton_key, started_at, locked_until, attempts)
          values ('collections.day_start', 'RUNNING', ${JSON.stringify({ businessDate: date })}::jsonb, 1,
            'collections.day_start', now(), now() + interval '1 hour', 1)
          returning id`,
      ),
    );
    const refused = await holder.post(`/api/collections/accounts/${account.id}/holds`, {
      action: 'START',
      reason: 'Legal review',
    });
    expect(refused.statusCode).toBe(409);
    // the date is shown in the reply's date format (04/04/2026 for 2026-04-04)
    const [year, month, dayOfMonth] = date.split('-');
    expect(errorOf(refused).detail).toBe(
      `Day start is running for ${dayOfMonth}/${month}/${year}; try again when it ends`,
    );
    expect((await readAccount(handle.db, account.id)).isOnHold).toBe(false);
    const cycle = await operator.post('/api/collections/day-start/cycle-refresh', {});
    expect(cycle.statusCode).toBe(409);

    await handle.db.execute(sql`update jobs set status = 'DONE', finished_at = now() where id = ${rows[0]!.id}`);
    const accepted = await holder.post(`/api/collections/accounts/${account.id}/holds`, {
      action: 'START',
      reason: 'Legal review',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await holder.post(`/api/collections/accounts/${account.id}/holds`, { action: 'END', reason: 'Review done' });
  });

  it('retries a failed step from that step: the steps before it are not run twice', async () => {
    const start = await businessDate();
    await handle.db.execute(
      sql.raw(`create or replace function day_start_step_failure() returns trigger language plpgsql as $$
        begin raise exception 'allocation service unavailable'; end $$`),
    );
    await handle.db.execute(
      sql`create trigger day_start_step_failure before insert on allocations
        for each statement execute function day_start_step_failure()`,
    );
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 15 });
    await handle.db.insert(allocationRules).values({ priority: 1, userId: collector.id, capacity: 100_000 });
    const queued = await operator.post('/api/collections/day-start/business-date', { businessDate: addDays(start, 1) });
    await t.app.jobs.drain();
    let runs = (await operator.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
    const failed = runs.rows.find((row) => row.id === queued.json<Job>().id)!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBe(`Day start of ${addDays(start, 1)} failed at ALLOCATION: allocation service unavailable`);
    expect(failed.progressDone).toBe(3);
    expect(runs.businessDate).toBe(addDays(start, 1));
    const recomputedBefore = (await readAccount(handle.db, account.id)).version;

    await handle.db.execute(sql`drop trigger day_start_step_failure on allocations`);
    const retried = await operator.post(`/api/collections/day-start/runs/${failed.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(202);
    await t.app.jobs.drain();
    runs = (await operator.get('/api/collections/day-start/runs')).json<DayStartRunsReply>();
    const done = runs.rows.find((row) => row.id === failed.id)!;
    expect(done.status).toBe('DONE');
    expect(done.progressDone).toBe(5);
    const after = await readAccount(handle.db, account.id);
    expect(after.allocatedUserId).toBe(collector.id);
    // allocated once (version +1), not recomputed again
    expect(after.version).toBe(recomputedBefore + 1);
    const steps = dayOf(done).steps.map((step) => step.step);
    expect(steps).toEqual(['RECOMPUTE', 'PTP_RESOLUTION', 'ESCALATIONS', 'ALLOCATION', 'EXPIRY']);
  });

  /** Collections Settings with some values changed (the rest at their defaults); `null` goes back to the defaults. */
  async function setSettings(values: Partial<typeof collectionsSettings.$inferInsert> | null) {
    await handle.db.delete(collectionsSettings);
    if (values) await handle.db.insert(collectionsSettings).values({ ...DEFAULT_COLLECTIONS_SETTINGS, ...values });
  }

  it("caps every rule's capacity at Collections Settings' accounts per collector", async () => {
    const capped = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { fullName: 'Capped Collector' });
    const picks = [];
    for (const dpd of [22, 21, 20]) picks.push(await createAccount(handle.db, { unit: org.branch, dpd }));
    await handle.db.insert(allocationRules).values({ priority: 1, userId: capped.id, capacity: 100 });
    await setSettings({ collectorCapacity: 2 });
    try {
      const day = dayOf(await runDay());
      expect(day.accountsAllocated).toBe(2);
      const owners = await Promise.all(
        picks.map(async (pick) => (await readAccount(handle.db, pick.id)).allocatedUserId),
      );
      // highest DPD first, up to the setting (the rule's 100 is capped at 2)
      expect(owners).toEqual([capped.id, capped.id, null]);
    } finally {
      await setSettings(null);
    }
  });

  it('escalates once an account has broken the set number of promises in a row', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 12, allocatedTo: second });
    const brokenPromise = async () => {
      const date = await businessDate();
      return createPtp(handle.db, {
        accountId: account.id,
        capturedBy: second,
        unit: org.branch,
        promisedDate: addDays(date, -5),
        amount: '1000.00',
        capturedOn: addDays(date, -7),
      });
    };
    const escalationsOf = async (ptpId: number) =>
      rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from escalations where ptp_id = ${ptpId}`),
      )[0]!.n;
    await setSettings({ escalationBrokenPtps: 2 });
    try {
      const first = await brokenPromise();
      const day1 = dayOf(await runDay());
      expect(day1.ptpsResolved.broken).toBeGreaterThanOrEqual(1);
      expect(await escalationsOf(first.id)).toBe(0);
      const secondBroken = await brokenPromise();
      await runDay();
      expect(await escalationsOf(first.id)).toBe(0);
      expect(await escalationsOf(secondBroken.id)).toBe(1);
      // a kept promise ends the run: the next broken one starts counting again
      await createPtp(handle.db, {
        accountId: account.id,
        capturedBy: second,
        unit: org.branch,
        promisedDate: addDays(await businessDate(), -1),
        amount: '1000.00',
        status: 'KEPT',
      });
      await handle.db.execute(
        sql`update ptps set resolved_on = ${await businessDate()}::date where account_id = ${account.id} and status = 'KEPT'`,
      );
      const third = await brokenPromise();
      await runDay();
      expect(await escalationsOf(third.id)).toBe(0);
    } finally {
      await setSettings(null);
    }
  });

  it('closes the card statements of each day it processes (Cycle Refresh within the recompute step), once', async () => {
    const next = addDays(await businessDate(), 1);
    const cycleDay = Number(next.slice(8, 10));
    expect(cycleDay).toBeLessThanOrEqual(28);
    const card = await createAccount(handle.db, { unit: org.branch, dpd: 0, product: 'CREDIT_CARD' as never });
    await handle.db.update(accounts).set({ statementCycleDay: cycleDay }).where(eq(accounts.id, card.id));
    const day = dayOf(await runDay());
    expect(day.statementsClosed).toBeGreaterThanOrEqual(1);
    expect(await readAccount(handle.db, card.id)).toMatchObject({
      statementDate: next,
      statementBalance: '162750.75',
      minimumDue: '8137.54',
      paymentDueDate: addDays(next, 20),
    });
    // the button on the same date finds the statement already closed
    const again = await operator.post('/api/collections/day-start/cycle-refresh', {});
    expect(again.json()).toEqual({ businessDate: next, statements: 0 });
    const dues = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from dues where account_id = ${card.id}`),
    );
    expect(dues[0]!.n).toBe(2);
  });

  it('Cycle Refresh closes the statements of card cycles ending on the business date, once', async () => {
    const date = await businessDate();
    const day = Number(date.slice(8, 10));
    const closing = await createAccount(handle.db, { unit: org.branch, dpd: 0, product: 'CREDIT_CARD' as never });
    const other = await createAccount(handle.db, { unit: org.branch, dpd: 0, product: 'CREDIT_CARD' as never });
    await handle.db
      .update(accounts)
      .set({ statementCycleDay: Math.min(day, 28) })
      .where(eq(accounts.id, closing.id));
    await handle.db
      .update(accounts)
      .set({ statementCycleDay: day === 1 ? 2 : 1 })
      .where(eq(accounts.id, other.id));
    const refreshed = await operator.post('/api/collections/day-start/cycle-refresh', {});
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toEqual({ businessDate: date, statements: 1 });
    const stated = await readAccount(handle.db, closing.id);
    // balance: 150000.00 + 12000.50 + 500.00 + 250.25; minimum due 5%
    expect(stated).toMatchObject({
      statementDate: date,
      statementBalance: '162750.75',
      minimumDue: '8137.54',
      paymentDueDate: addDays(date, 20),
    });
    const due = rowsOf<{ amount: string; dueDate: string }>(
      await handle.db.execute(
        sql`select amount_due::text as amount, to_char(due_date, 'YYYY-MM-DD') as "dueDate" from dues
          where account_id = ${closing.id} order by installment_no desc limit 1`,
      ),
    );
    expect(due).toEqual([{ amount: '8137.54', dueDate: addDays(date, 20) }]);
    expect((await readAccount(handle.db, other.id)).statementDate).toBeNull();
    const again = await operator.post('/api/collections/day-start/cycle-refresh', {});
    expect(again.json()).toEqual({ businessDate: date, statements: 0 });
    const audited = await auditRows(handle.db, { action: 'collections.cycle_refresh' });
    expect(audited.at(-2)!.after).toEqual({ businessDate: date, statements: 1 });
  });
});
