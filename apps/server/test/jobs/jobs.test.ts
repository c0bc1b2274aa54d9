import { translator } from '@recovery-desk/i18n/translator.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { mailOutbox } from '@recovery-desk/db/schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { Job, JobPage } from '@recovery-desk/domain/jobs/contracts.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { enqueueJob } from '../../src/jobs/enqueue-job.ts';
import { insertJob } from '../../src/jobs/jobs.repository.ts';
import { defineJob, type JobKind } from '../../src/jobs/job-kind.ts';
import { JOB_KINDS } from '../../src/jobs/registry.ts';
import { createSmtpTransport } from '../../src/mail/smtp-transport.ts';
import { apiAs, createAccount, createOrg, createStaff, type Org } from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows, type TestUser } from '../factories.ts';
import { startSmtpServer } from '../support/smtp-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createLegalCase, createLegalOrg, apiAs as legalApiAs, unitContextOf } from '../workflow/factories.ts';

/** A gate a test opens by hand: the job waits at it, so the test reads the job while it runs. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return { open, reached, opened, arrived };
}

const progressGate = { current: gate() };
const failures: number[] = [];
const runs: number[] = [];

const countingJob = defineJob({
  kind: 'test.counting',
  payload: z.object({ rows: z.number() }),
  needs: 'user',
  run: async ({ payload, progress, ctx, id }) => {
    runs.push(id);
    await progress(0, payload.rows);
    await progress(2, payload.rows);
    progressGate.current.reached();
    await progressGate.current.opened;
    await progress(payload.rows, payload.rows);
    return { summary: { rows: payload.rows, unit: ctx.actingUnit?.code } };
  },
});

const failingJob = defineJob({
  kind: 'test.failing',
  payload: z.object({}),
  needs: 'user',
  maxAttempts: 3,
  run: async ({ attempt }) => {
    failures.push(attempt);
    throw new Error(`the ledger service did not answer (attempt ${attempt})`);
  },
});

const quickJob = defineJob({
  kind: 'test.quick',
  payload: z.object({}),
  needs: 'user',
  run: async ({ id }) => {
    runs.push(id);
    return { summary: { ran: true } };
  },
});

/** Scheduled work (no user started it) that holds its lane until the test opens the gate. */
const nightlyGate = { current: gate() };
const nightlyJob = defineJob({
  kind: 'test.nightly',
  payload: z.object({}),
  needs: 'system',
  run: async ({ id }) => {
    runs.push(id);
    nightlyGate.current.reached();
    await nightlyGate.current.opened;
    return { summary: { ran: true } };
  },
});

const TEST_KINDS = [
  ...JOB_KINDS,
  countingJob,
  failingJob,
  quickJob,
  nightlyJob,
] as unknown as readonly JobKind<never>[];

describe.each(testDatabaseKinds())('background jobs (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let starter: TestUser;
  let supervisor: TestUser;

  async function enqueue<P>(jobKind: JobKind<P>, payload: P, user = starter, unit = org.branch): Promise<number> {
    return withTransaction(handle.db, (tx) =>
      enqueueJob(tx, unitContextOf(user, unit), { kind: jobKind, payload, at: t.clock.now() }),
    );
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { jobKinds: TEST_KINDS });
    org = await createOrg(handle.db);
    starter = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    supervisor = await createStaff(handle.db, org.zone, ['UPLOAD_DASH_SAUTH']);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('reports progress while it runs, ends DONE with its result, and shows to its starter and the unit dashboard only', async () => {
    progressGate.current = gate();
    const id = await enqueue(countingJob, { rows: 5 });
    const api = await apiAs(t, starter, org.branch);
    expect((await api.get(`/api/jobs/${id}`)).json<Job>()).toMatchObject({ status: 'QUEUED', progressDone: 0 });

    const running = t.app.jobs.drain();
    await progressGate.current.arrived;
    expect((await api.get(`/api/jobs/${id}`)).json<Job>()).toMatchObject({
      status: 'RUNNING',
      progressDone: 2,
      progressTotal: 5,
      attempts: 1,
    });
    progressGate.current.open();
    await running;

    const done = (await api.get(`/api/jobs/${id}`)).json<Job>();
    expect(done).toMatchObject({
      kind: 'test.counting',
      status: 'DONE',
      progressDone: 5,
      progressTotal: 5,
      username: starter.username,
      unitCode: org.branch.code,
      error: null,
      result: { rows: 5, unit: org.branch.code },
    });
    expect(done.finishedAt).not.toBeNull();
    expect((await api.get('/api/jobs')).json<JobPage>().data.map((job) => job.id)).toContain(id);

    // Another user: not theirs (404), not in their list.
    const stranger = await createStaff(handle.db, org.foreign, ['UPLOAD_DASH_SAUTH']);
    const strangerApi = await apiAs(t, stranger, org.foreign);
    expect((await strangerApi.get(`/api/jobs/${id}`)).statusCode).toBe(404);
    const foreignDashboard = (await strangerApi.get('/api/jobs/dashboard')).json<JobPage>();
    expect(foreignDashboard.data.map((job) => job.id)).not.toContain(id);

    // The zone's dashboard lists the branch's job; without the authority the dashboard is refused.
    const dashboard = await (await apiAs(t, supervisor, org.zone)).get('/api/jobs/dashboard?status=DONE&pageSize=10');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json<JobPage>().data.find((job) => job.id === id)).toMatchObject({ status: 'DONE' });
    expect((await api.get('/api/jobs/dashboard')).statusCode).toBe(403);
    expect((await api.get('/api/jobs?pageSize=7')).statusCode).toBe(400);
  });

  it('retries a failing job after its backoff, then marks it FAILED with the error and the attempts', async () => {
    failures.length = 0;
    const id = await enqueue(failingJob, {});
    const api = await apiAs(t, starter, org.branch);

    await t.app.jobs.drain();
    expect((await api.get(`/api/jobs/${id}`)).json<Job>()).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      error: 'the ledger service did not answer (attempt 1)',
    });
    // Not before its backoff: nothing runs now.
    expect(await t.app.jobs.drain()).toBe(0);

    t.clock.advance(60);
    await t.app.jobs.drain();
    t.clock.advance(3600);
    await t.app.jobs.drain();
    expect(failures).toEqual([1, 2, 3]);
    // (a new sign-in: the clock moved past the first access token's life)
    const later = await apiAs(t, starter, org.branch);
    const failed = (await later.get(`/api/jobs/${id}`)).json<Job>();
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      maxAttempts: 3,
      error: 'the ledger service did not answer (attempt 3)',
    });
    expect((await later.get(`/api/jobs/${id}/result`)).statusCode).toBe(404);
    t.clock.advance(3600);
    expect(await t.app.jobs.drain()).toBe(0);
  });

  it('runs again a job whose worker died (RUNNING with an expired lease)', async () => {
    runs.length = 0;
    const id = await enqueue(quickJob, {});
    // A worker claimed it and was killed: RUNNING, one attempt spent, its lease over.
    await handle.db.execute(
      sql`update jobs set status = 'RUNNING', attempts = 1, locked_by = 'dead-worker',
        locked_until = ${new Date(t.clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${id}`,
    );
    expect(await t.app.jobs.drain()).toBe(1);
    expect(runs).toEqual([id]);
    const api = await apiAs(t, starter, org.branch);
    expect((await api.get(`/api/jobs/${id}`)).json<Job>()).toMatchObject({ status: 'DONE', attempts: 2 });

    // A RUNNING job whose lease still holds belongs to a live worker: left alone.
    const held = await enqueue(quickJob, {});
    await handle.db.execute(
      sql`update jobs set status = 'RUNNING', attempts = 1, locked_by = 'live-worker',
        locked_until = ${new Date(t.clock.now().getTime() + 60_000).toISOString()}::timestamptz where id = ${held}`,
    );
    expect(await t.app.jobs.drain()).toBe(0);
    // A job whose worker died on its last attempt is FAILED, not run a fourth time.
    await handle.db.execute(
      sql`update jobs set attempts = 3, locked_until = ${new Date(t.clock.now().getTime() - 1).toISOString()}::timestamptz
        where id = ${held}`,
    );
    await t.app.jobs.drain();
    expect((await api.get(`/api/jobs/${held}`)).json<Job>()).toMatchObject({ status: 'FAILED', attempts: 4 });
    expect(runs).toEqual([id]);
  });

  it('runs each job once when two workers take jobs at the same time', async () => {
    runs.length = 0;
    const other = await createTestApp(handle.db, { jobKinds: TEST_KINDS, clock: t.clock });
    try {
      const ids = [];
      for (let index = 0; index < 6; index += 1) ids.push(await enqueue(quickJob, {}));
      const [first, second] = await Promise.all([t.app.jobs.drain(), other.app.jobs.drain()]);
      expect(first + second).toBe(6);
      expect([...runs].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      await other.close();
    }
  });

  it("runs a user's job in a second lane while scheduled work holds the first, and scheduled work never in it", async () => {
    runs.length = 0;
    nightlyGate.current = gate();
    const laned = await createTestApp(handle.db, { jobKinds: TEST_KINDS, clock: t.clock, config: { jobLanes: 2 } });
    const system = (kindName: string) =>
      insertJob(handle.db, {
        kind: kindName,
        payload: {},
        userId: null,
        unitId: null,
        unitPath: null,
        maxAttempts: 1,
        at: t.clock.now(),
      });
    try {
      const nightly = (await system('test.nightly'))!;
      laned.app.jobs.start();
      await nightlyGate.current.arrived;
      // A second scheduled job waits for the first lane; the user's upload or export does not.
      const secondNightly = (await system('test.nightly'))!;
      const users = await enqueue(quickJob, {});
      laned.app.jobs.wake();
      const api = await apiAs(t, starter, org.branch);
      await expect
        .poll(async () => (await api.get(`/api/jobs/${users}`)).json<Job>().status, { timeout: 10_000 })
        .toBe('DONE');
      const states = await queryRows<{ id: number; status: string }>(
        handle.db,
        sql`select id, status from jobs where id in (${nightly}, ${secondNightly}) order by id`,
      );
      expect(states).toEqual([
        { id: nightly, status: 'RUNNING' },
        { id: secondNightly, status: 'QUEUED' },
      ]);
      nightlyGate.current.open();
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ status: string }>(handle.db, sql`select status from jobs where id = ${secondNightly}`)
            )[0]?.status,
          { timeout: 10_000 },
        )
        .toBe('DONE');
      expect(runs).toEqual([nightly, users, secondNightly]);
    } finally {
      nightlyGate.current.open();
      await laned.close();
    }
  });

  it('exports a view above EXPORT_SYNC_MAX_ROWS as a job whose file its starter and the dashboard download', async () => {
    const app = await createTestApp(handle.db, { config: { exportSyncMaxRows: 2 }, clock: t.clock });
    try {
      const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
      for (const dpd of [70, 60, 50]) await createAccount(handle.db, { unit: org.branch, dpd, allocatedTo: collector });
      const api = await apiAs(app, collector, org.branch);
      const started = await api.get('/api/collections/trays/telecaller/export?format=csv');
      expect(started.statusCode, started.body).toBe(202);
      const queued = started.json<Job>();
      expect(queued).toMatchObject({ kind: 'collections.tray_export', status: 'QUEUED' });
      await app.app.jobs.drain();
      const done = (await api.get(`/api/jobs/${queued.id}`)).json<Job>();
      expect(done).toMatchObject({
        status: 'DONE',
        progressDone: 3,
        progressTotal: 3,
        resultFileName: `telecaller-${BUSINESS_DATE}.csv`,
        result: { rows: 3 },
      });
      const file = await api.get(`/api/jobs/${queued.id}/result`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="telecaller-${BUSINESS_DATE}.csv"`);
      expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(4);
      const dashboardFile = await (
        await apiAs(app, supervisor, org.zone)
      ).get(`/api/jobs/dashboard/${queued.id}/result`);
      expect(dashboardFile.body).toBe(file.body);
      // At or under the threshold the file comes at once.
      const small = await api.get('/api/collections/trays/telecaller/export?format=csv&dpdFrom=55');
      expect(small.statusCode).toBe(200);
      expect(small.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it('sends mail left PENDING by a crash once the worker starts, and only once', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpTransport(smtp.url);
    const app = await createTestApp(handle.db, { mailer, clock: t.clock });
    try {
      const to = `crash-${kind}@example.test`;
      // Queued in a transaction that committed, then the process died before sending.
      await handle.db.insert(mailOutbox).values({
        toAddress: to,
        subject: 'Left behind',
        body: 'Sent after the restart.',
        status: 'PENDING',
        createdAt: t.clock.now(),
        nextAttemptAt: t.clock.now(),
      });
      expect(await app.app.jobs.schedule()).toBeGreaterThanOrEqual(1);
      await app.app.jobs.drain();
      const received = await smtp.waitFor((mail) => mail.to.includes(to));
      expect(received.raw).toContain('Sent after the restart.');
      const [row] = await queryRows<{ status: string; attempts: number }>(
        handle.db,
        sql`select status, attempts from mail_outbox where to_address = ${to}`,
      );
      expect(row).toEqual({ status: 'SENT', attempts: 1 });
      expect(await app.app.jobs.schedule()).toBe(0);
      expect(smtp.messages.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('mails each due hearing reminder once to the case owner, in the language they signed in with, and marks it sent', async () => {
    const legalOrg = await createLegalOrg(handle.db);
    const officerApi = await legalApiAs(t, legalOrg.officer, legalOrg.branch);
    const legalCase = await createLegalCase({ t, org: legalOrg, officerApi }, { stage: 'INITIATE' });
    const [reminder] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into case_reminders (case_id, kind, due_on, remind_on, status)
        values (${legalCase.caseId}, 'HEARING', '2026-04-02', '2026-03-31', 'OPEN') returning id`,
    );
    // Not yet due: reminds two days before a hearing far ahead.
    await handle.db.execute(
      sql`insert into case_reminders (case_id, kind, due_on, remind_on, status)
        values (${legalCase.caseId}, 'HEARING', '2026-05-20', '2026-05-18', 'OPEN')`,
    );
    // The officer last signed in in German: the reminder is German, its date in the German form.
    await handle.db.execute(sql`update users set language = 'de' where id = ${legalOrg.officer.id}`);
    const german = translator('de');

    expect(await t.app.jobs.schedule()).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain();
    const mails = await queryRows<{ subject: string; body: string }>(
      handle.db,
      sql`select subject, body from mail_outbox where to_address = ${legalOrg.officer.email}
        and subject like 'Verhandlungserinnerung%'`,
    );
    const hearingOn = german.date('2026-04-02');
    expect(mails).toEqual([
      {
        subject: `Verhandlungserinnerung: Fall ${legalCase.caseNo} am ${hearingOn}`,
        body: expect.stringContaining(
          `Fall ${legalCase.caseNo} hat seinen nächsten Verhandlungstermin am ${hearingOn}`,
        ) as string,
      },
    ]);
    const [marked] = await queryRows<{ sentTo: string | null; sent: boolean }>(
      handle.db,
      sql`select sent_to as "sentTo", sent_at is not null as sent from case_reminders where id = ${reminder!.id}`,
    );
    expect(marked).toEqual({ sentTo: legalOrg.officer.email, sent: true });

    // Once: nothing is due any more, and running the kind again mails nothing.
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const again = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from mail_outbox where subject like ${`Verhandlungserinnerung: Fall ${legalCase.caseNo}%`}`,
    );
    expect(again[0]!.n).toBe(1);
  });
});
