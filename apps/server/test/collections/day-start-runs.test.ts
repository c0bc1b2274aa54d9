import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { DayStartRunsReply } from '@recovery-desk/domain/collections/day-start.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, type Api, type Org } from './factories.ts';

// The Day Start screen's API (issue 14): Change Business Date (one day start per day, in order), refusal while a
// run is live, a failed run shown Failed with its reason and retried, and force completion approved by a second user.

const FLOW = '/api/approvals/DAY_START_FORCE_COMPLETION/requests';

describe.each(testDatabaseKinds())('day start runs (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let operator: Api;
  let second: Api;
  let outsider: Api;
  let telecaller: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    operator = await apiAs(t, await createStaff(handle.db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone);
    second = await apiAs(t, await createStaff(handle.db, org.zone, ['DAY_START_COLL_SAUTH']), org.zone);
    outsider = await apiAs(t, await createStaff(handle.db, org.foreign, ['DAY_START_COLL_SAUTH']), org.foreign);
    telecaller = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function runs(api: Api = operator): Promise<DayStartRunsReply> {
    const response = await api.get('/api/collections/day-start/runs');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DayStartRunsReply>();
  }

  /** A day start of `date` fails (as a broken database step would): the business date cannot move there. */
  async function failOn(date: string | null): Promise<void> {
    await handle.db.execute(sql`drop trigger if exists day_start_test_failure on organisation`);
    if (date === null) return;
    await handle.db.execute(
      sql.raw(`create or replace function day_start_test_failure() returns trigger language plpgsql as $$
        begin
          if new.business_date = date '${date}' then raise exception 'ledger feed for ${date} is missing'; end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql`create trigger day_start_test_failure before update on organisation
        for each row execute function day_start_test_failure()`,
    );
  }

  async function changeTo(date: string): Promise<Job> {
    const response = await operator.post('/api/collections/day-start/business-date', { businessDate: date });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<Job>();
  }

  it('moves the business date one day at a time, refuses a second start while one is live, and audits each day', async () => {
    const start = (await runs()).businessDate;
    const queued = await changeTo(addDays(start, 3));
    expect((await runs()).running).toBe(true);

    for (const again of [
      await operator.post('/api/collections/day-start/business-date', { businessDate: addDays(start, 4) }),
      await second.post('/api/collections/day-start', {}),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).detail).toMatch(/already queued or running/);
    }

    await t.app.jobs.drain();
    const after = await runs();
    expect(after).toMatchObject({ businessDate: addDays(start, 3), running: false });
    const done = after.rows.find((row) => row.id === queued.id)!;
    expect(done.status).toBe('DONE');
    const days = (done.result as { days: { businessDate: string }[] }).days.map((d) => d.businessDate);
    expect(days).toEqual([addDays(start, 1), addDays(start, 2), addDays(start, 3)]);
    const audited = (await auditRows(handle.db, { action: 'collections.day_start' })).map(
      (row) => (row.after as { businessDate: string }).businessDate,
    );
    expect(audited.slice(-3)).toEqual(days);
  });

  it('answers 400 naming the field, 403 without the authority and an empty list outside the subtree', async () => {
    const current = (await runs()).businessDate;
    for (const body of [
      {},
      { businessDate: 'tomorrow' },
      { businessDate: current },
      { businessDate: addDays(current, 40) },
    ]) {
      const response = await operator.post('/api/collections/day-start/business-date', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields).toEqual(['businessDate']);
    }
    expect((await telecaller.get('/api/collections/day-start/runs')).statusCode).toBe(403);
    expect(
      (await telecaller.post('/api/collections/day-start/business-date', { businessDate: addDays(current, 1) }))
        .statusCode,
    ).toBe(403);
    expect((await runs(outsider)).rows).toEqual([]);
    expect((await runs()).businessDate).toBe(current);
  });

  it('shows a failed run Failed with its reason; a retry resumes at the day that failed', async () => {
    const start = (await runs()).businessDate;
    await failOn(addDays(start, 2));
    const queued = await changeTo(addDays(start, 3));
    await t.app.jobs.drain();
    let list = await runs();
    const failed = list.rows.find((row) => row.id === queued.id)!;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain(`ledger feed for ${addDays(start, 2)} is missing`);
    expect(list.businessDate).toBe(addDays(start, 1));
    expect(list.running).toBe(false);

    expect((await outsider.post(`/api/collections/day-start/runs/${queued.id}/retry`, {})).statusCode).toBe(404);
    expect((await telecaller.post(`/api/collections/day-start/runs/${queued.id}/retry`, {})).statusCode).toBe(403);
    expect((await operator.post('/api/collections/day-start/runs/999999/retry', {})).statusCode).toBe(404);

    await failOn(null);
    const moot = await operator.post(FLOW, { subjectId: queued.id, payload: { reason: 'Feed restored by hand' } });
    expect(moot.statusCode, moot.body).toBe(200);
    const retried = await second.post(`/api/collections/day-start/runs/${queued.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json<Job>().status).toBe('QUEUED');
    const twice = await operator.post(`/api/collections/day-start/runs/${queued.id}/retry`, {});
    expect(twice.statusCode).toBe(409);
    await t.app.jobs.drain();
    list = await runs();
    const done = list.rows.find((row) => row.id === queued.id)!;
    expect(done.status).toBe('DONE');
    expect((done.result as { days: { businessDate: string }[] }).days.map((d) => d.businessDate)).toEqual([
      addDays(start, 2),
      addDays(start, 3),
    ]);
    expect(list.businessDate).toBe(addDays(start, 3));
    expect(await auditRows(handle.db, { action: 'collections.day_start.retry', entityId: queued.id })).toHaveLength(1);
    // the force completion waiting for it was withdrawn by the retry
    const request = await operator.get(`${FLOW}/${moot.json<{ id: number }>().id}`);
    expect(request.json<{ status: string }>().status).toBe('WITHDRAWN');
  });

  it('force-completes a failed run only when a second user approves the request', async () => {
    const start = (await runs()).businessDate;
    await failOn(addDays(start, 1));
    const queued = await changeTo(addDays(start, 2));
    await t.app.jobs.drain();
    await failOn(null);
    expect((await runs()).rows.find((row) => row.id === queued.id)!.status).toBe('FAILED');

    const bad = await operator.post(FLOW, { subjectId: queued.id, payload: { reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['payload.reason']);
    expect(
      (await outsider.post(FLOW, { subjectId: queued.id, payload: { reason: 'Feed restored by hand' } })).statusCode,
    ).toBe(404);

    const made = await operator.post(FLOW, { subjectId: queued.id, payload: { reason: 'Feed restored by hand' } });
    expect(made.statusCode, made.body).toBe(200);
    const request = made.json<{ id: number; version: number }>();
    const self = await operator.post(`${FLOW}/${request.id}/approve`, { version: request.version });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');
    expect((await runs()).rows.find((row) => row.id === queued.id)!.status).toBe('FAILED');

    const approved = await second.post(`${FLOW}/${request.id}/approve`, { version: request.version });
    expect(approved.statusCode, approved.body).toBe(200);
    const list = await runs();
    const done = list.rows.find((row) => row.id === queued.id)!;
    expect(done.status).toBe('DONE');
    expect(done.result).toMatchObject({
      forceCompleted: true,
      businessDate: addDays(start, 2),
      skippedDays: [addDays(start, 1), addDays(start, 2)],
      reason: 'Feed restored by hand',
    });
    expect(list.businessDate).toBe(addDays(start, 2));
    // a run that is not failed (this one, now done) has nothing to force-complete
    const again = await operator.post(FLOW, { subjectId: queued.id, payload: { reason: 'Feed restored by hand' } });
    expect(again.statusCode).toBe(404);
    expect(
      await auditRows(handle.db, { action: 'collections.day_start_force_completion.approve', entityId: queued.id }),
    ).toHaveLength(1);
  });

  it('takes the BOM snapshot on the first day of a month, and again on BOM Refresh', async () => {
    await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const start = (await runs()).businessDate;
    const firstOfNext = `${addDays(`${start.slice(0, 8)}01`, 32).slice(0, 8)}01`;
    const queued = await changeTo(firstOfNext);
    await t.app.jobs.drain();
    const list = await runs();
    const done = list.rows.find((row) => row.id === queued.id)!;
    expect(done.status, done.error ?? '').toBe('DONE');
    expect(list.bom).toMatchObject({ month: firstOfNext, takenOn: firstOfNext });
    const total = list.bom!.rows.reduce((sum, row) => sum + row.accounts, 0);
    expect(total).toBeGreaterThan(0);
    expect(list.bom!.rows.every((row) => /^\d+$/.test(row.principalOutstandingMinor))).toBe(true);

    expect((await telecaller.post('/api/collections/day-start/bom-refresh', {})).statusCode).toBe(403);
    await createAccount(handle.db, { unit: org.branch, dpd: 70 });
    const refreshed = await operator.post('/api/collections/day-start/bom-refresh', {});
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const bom = refreshed.json<{ month: string; rows: { accounts: number }[] }>();
    expect(bom.month).toBe(firstOfNext);
    expect(bom.rows.reduce((sum, row) => sum + row.accounts, 0)).toBe(total + 1);
    expect(await auditRows(handle.db, { action: 'collections.bom_refresh' })).toHaveLength(1);
  });
});
