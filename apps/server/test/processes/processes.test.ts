import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { Process, ProcessesReply, ProcessRunsReply } from '@recovery-desk/domain/processes/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';

// Schedule Process (issue 14): the catalogue of processes with schedules stored and audited, applied by the worker
// without a restart; Run now (409 while a run is live); the runs with duration, outcome and log; data retention.

type Selected<T> = { rows?: T[] } | T[];
const rowsOf = <T>(raw: unknown): T[] => {
  const result = raw as Selected<T>;
  return Array.isArray(result) ? result : (result.rows ?? []);
};

// 2027-01-10 10:00 in Asia/Kolkata (04:30 UTC), after the real now (sessions are checked against both)
const START = Date.UTC(2027, 0, 10, 4, 30);

describe.each(testDatabaseKinds())('schedule processes (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let clock: FakeClock;
  let org: Org;
  let operator: Api;
  let telecaller: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    clock = new FakeClock(START);
    t = await createTestApp(handle.db, { clock });
    org = await createOrg(handle.db);
    operator = await apiAs(t, await createStaff(handle.db, org.ho, ['SCHED_PRO_COLL_SAUTH']), org.ho);
    telecaller = await apiAs(t, await createStaff(handle.db, org.ho, ['TELECALLER_SAUTH']), org.ho);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function catalogue(): Promise<ProcessesReply> {
    const response = await operator.get('/api/processes');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProcessesReply>();
  }
  const processOf = async (code: string): Promise<Process> => (await catalogue()).rows.find((p) => p.code === code)!;
  const put = (code: string, body: unknown) =>
    operator.inject({ method: 'PUT', url: `/api/processes/${code}/schedule`, payload: body as object });
  const queued = async (code: string): Promise<number> =>
    rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from jobs where kind = ${code} and status in ('QUEUED', 'RUNNING')`,
      ),
    )[0]!.n;

  it('lists the product’s processes with their mode and schedule, scheduled ones first', async () => {
    const reply = await catalogue();
    expect(reply.timeZone).toBe('Asia/Kolkata');
    const codes = reply.rows.map((row) => row.code);
    expect(codes.slice(0, 8)).toEqual([
      'collections.day_start',
      'mail.retry',
      'legal.hearing_reminders',
      'reports.daily_pack',
      'payments.upi_poll',
      'settlements.check',
      'retention.purge',
      'audit.checkpoint',
    ]);
    expect(codes).toContain('collections.tray_export');
    const byCode = new Map(reply.rows.map((row) => [row.code, row]));
    expect(byCode.get('collections.day_start')).toMatchObject({
      mode: 'DAILY',
      enabled: false,
      timeOfDay: '06:00',
      canRunNow: true,
      version: 0,
    });
    expect(byCode.get('mail.retry')).toMatchObject({ mode: 'INTERVAL', enabled: true, everyMinutes: null });
    expect(byCode.get('retention.purge')).toMatchObject({ mode: 'DAILY', enabled: true, timeOfDay: '02:00' });
    expect(byCode.get('reports.daily_pack')).toMatchObject({
      mode: 'DAILY',
      enabled: true,
      timeOfDay: '07:00',
      canRunNow: true,
    });
    expect(byCode.get('collections.tray_export')).toMatchObject({ mode: 'ON_DEMAND', canRunNow: false });
    expect((await telecaller.get('/api/processes')).statusCode).toBe(403);
  });

  it('stores a schedule edit (audited, versioned), refusing bad input by field and a stale version', async () => {
    for (const [body, field] of [
      [{ enabled: true, version: 0, everyMinutes: 0 }, 'everyMinutes'],
      [{ enabled: true, version: 0, everyMinutes: 2000 }, 'everyMinutes'],
      [{ enabled: true, version: 0, timeOfDay: '10:00' }, 'timeOfDay'],
      [{ enabled: 'yes', version: 0 }, 'enabled'],
    ] as const) {
      const response = await put('mail.retry', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields).toEqual([field]);
    }
    for (const [body, field] of [
      [{ enabled: true, version: 0, timeOfDay: '25:00' }, 'timeOfDay'],
      [{ enabled: true, version: 0 }, 'timeOfDay'],
      [{ enabled: true, version: 0, timeOfDay: '06:00', everyMinutes: 5 }, 'everyMinutes'],
    ] as const) {
      const response = await put('collections.day_start', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).fields).toEqual([field]);
    }
    expect((await put('collections.tray_export', { enabled: true, version: 0 })).statusCode).toBe(409);
    expect((await put('no.such_process', { enabled: true, version: 0 })).statusCode).toBe(404);
    expect(
      (
        await telecaller.inject({
          method: 'PUT',
          url: '/api/processes/mail.retry/schedule',
          payload: { enabled: false, version: 0 },
        })
      ).statusCode,
    ).toBe(403);

    const saved = await put('mail.retry', { enabled: false, everyMinutes: 15, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Process>()).toMatchObject({ enabled: false, everyMinutes: 15, version: 1 });
    expect(saved.json<Process>().updatedBy).toBeTruthy();
    const stale = await put('mail.retry', { enabled: true, everyMinutes: 10, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    const [audit] = (await auditRows(handle.db, { action: 'process.schedule.update' })).slice(-1);
    expect(audit).toMatchObject({
      entityId: 'mail.retry',
      before: { defaults: true },
      after: { enabled: false, everyMinutes: 15, timeOfDay: null },
    });
    const back = await put('mail.retry', { enabled: true, everyMinutes: null, version: 1 });
    expect(back.json<Process>()).toMatchObject({ enabled: true, everyMinutes: null, version: 2 });
  });

  it('the worker applies a schedule at its next tick: disabled, interval and time of day', async () => {
    // retention: something is past its retention, so the kind is due
    await handle.db.execute(
      sql`insert into idempotency_keys (user_id, route, key, request_hash, created_at)
        values (${operator.user.id}, 'POST /test', 'retention-test-key', 'x', ${new Date(START - 200 * 86_400_000).toISOString()}::timestamptz)`,
    );
    // the time of day has passed today (02:00 < 10:00): queued once, not again the same day
    await t.app.jobs.schedule();
    expect(await queued('retention.purge')).toBe(1);
    await t.app.jobs.drain();
    await t.app.jobs.schedule();
    expect(await queued('retention.purge')).toBe(0);

    // a later time of day: not before it comes; disabled: not queued; an earlier one: queued at the next tick
    const retention = await processOf('retention.purge');
    let version = (
      await put('retention.purge', { enabled: true, timeOfDay: '10:30', version: retention.version })
    ).json<Process>().version;
    await handle.db.execute(
      sql`insert into idempotency_keys (user_id, route, key, request_hash, created_at)
        values (${operator.user.id}, 'POST /test', 'retention-test-key-2', 'x', ${new Date(START - 200 * 86_400_000).toISOString()}::timestamptz)`,
    );
    await t.app.jobs.schedule();
    expect(await queued('retention.purge')).toBe(0);
    version = (await put('retention.purge', { enabled: false, timeOfDay: '09:45', version })).json<Process>().version;
    // the next day, 10:00: 09:45 has come, but the process is disabled
    clock.advance(24 * 60 * 60);
    operator = await apiAs(t, operator.user, org.ho);
    telecaller = await apiAs(t, telecaller.user, org.ho);
    await t.app.jobs.schedule();
    expect(await queued('retention.purge')).toBe(0);
    await put('retention.purge', { enabled: true, timeOfDay: '09:45', version });
    await t.app.jobs.schedule();
    expect(await queued('retention.purge')).toBe(1);
    await t.app.jobs.drain();

    // day start is off by default: no run until it is enabled; then it moves the business date one day
    const dayStart = await processOf('collections.day_start');
    expect(dayStart.enabled).toBe(false);
    await t.app.jobs.schedule();
    expect(await queued('collections.day_start')).toBe(0);
    await put('collections.day_start', { enabled: true, timeOfDay: '06:00', version: dayStart.version });
    await t.app.jobs.schedule();
    const [job] = rowsOf<{ payload: { businessDate: string; toDate: string } }>(
      await handle.db.execute(
        sql`select payload from jobs where kind = 'collections.day_start' order by id desc limit 1`,
      ),
    );
    expect(job!.payload.toDate > job!.payload.businessDate).toBe(true);
    await t.app.jobs.drain();
    await put('collections.day_start', { enabled: false, timeOfDay: '06:00', version: dayStart.version + 1 });
  });

  it('Run now queues a run (202), refuses a second while one is live (409) and on-demand processes', async () => {
    const first = await operator.post('/api/processes/audit.checkpoint/run', {});
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json<Job>()).toMatchObject({ kind: 'audit.checkpoint', status: 'QUEUED' });
    expect((await processOf('audit.checkpoint')).live).toBe(true);
    const again = await operator.post('/api/processes/audit.checkpoint/run', {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toMatch(/already queued or running/);
    expect((await operator.post('/api/processes/collections.tray_export/run', {})).statusCode).toBe(409);
    expect((await telecaller.post('/api/processes/audit.checkpoint/run', {})).statusCode).toBe(403);
    await t.app.jobs.drain();
    const after = await processOf('audit.checkpoint');
    expect(after.live).toBe(false);
    expect(after.lastRuns[0]).toMatchObject({ id: first.json<Job>().id, status: 'DONE' });
    expect((await auditRows(handle.db, { action: 'process.run_now' })).at(-1)).toMatchObject({
      entityId: String(first.json<Job>().id),
    });
  });

  it('lists a process’s runs with duration, outcome and log, and purges data past its retention', async () => {
    await handle.db.execute(
      sql`insert into idempotency_keys (user_id, route, key, request_hash, created_at)
        values (${operator.user.id}, 'POST /test', 'old-key', 'x', ${new Date(clock.now().getTime() - 100 * 86_400_000).toISOString()}::timestamptz),
          (${operator.user.id}, 'POST /test', 'new-key', 'x', ${clock.now().toISOString()}::timestamptz)`,
    );
    const run = await operator.post('/api/processes/retention.purge/run', {});
    expect(run.statusCode).toBe(202);
    await t.app.jobs.drain();
    const runs = await operator.get('/api/processes/retention.purge/runs?page=1&pageSize=10');
    expect(runs.statusCode).toBe(200);
    const reply = runs.json<ProcessRunsReply>();
    expect(reply.total).toBeGreaterThanOrEqual(1);
    const latest = reply.rows[0]!;
    expect(latest.status).toBe('DONE');
    expect(latest.startedAt).not.toBeNull();
    expect(latest.finishedAt).not.toBeNull();
    expect((latest.result as { idempotencyKeys: number }).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const keys = rowsOf<{ key: string }>(
      await handle.db.execute(sql`select key from idempotency_keys where key in ('old-key', 'new-key')`),
    );
    expect(keys).toEqual([{ key: 'new-key' }]);
    expect((await auditRows(handle.db, { action: 'retention.purge' })).length).toBeGreaterThanOrEqual(1);
    expect((await operator.get('/api/processes/retention.purge/runs?page=0')).statusCode).toBe(400);
  });
});
