import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { DownloadPage } from '@recovery-desk/domain/collections/uploads.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { Process, ProcessesReply, ProcessRunsReply } from '@recovery-desk/domain/processes/contracts.ts';
import { findReport, type ReportReply } from '@recovery-desk/domain/reports/contracts.ts';
import type { AppDeps } from '../../src/deps.ts';
import type { RunningJob } from '../../src/jobs/job-kind.ts';
import { csvLineWriter } from '../../src/modules/reports/services/export-report.ts';
import {
  REPORT_PACK,
  reportPackJob,
  type ReportPackPayload,
  type ReportPackSummary,
} from '../../src/modules/reports/services/report-pack.ts';
import { BUSINESS_DATE, createUnit, ensureOrganisation, type TestUnit, type TestUser } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { apiAs, createAccount, createPayment, createPtp, createStaff, type Api } from '../collections/factories.ts';

// The daily report pack (issue 14, Schedule Process's "reports" process): Run now queues it; a run writes the pack's
// CSV files (month to date, the root unit and each zone) through the Reports export, each a File Download entry of
// its unit's subtree with who, when and expiry, byte for byte the screen's rows; the scheduler makes the business
// date's pack once (what exists is skipped), and a schedule edit applies at the next tick.

const PACK = 'reports.daily_pack';
// 2027-01-10 10:00 in Asia/Kolkata (04:30 UTC): after the pack's 07:00, and after the real now (sessions)
const START = Date.UTC(2027, 0, 10, 4, 30);
const FROM = `${BUSINESS_DATE.slice(0, 7)}-01`;

describe.each(testDatabaseKinds())('the daily report pack (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let clock: FakeClock;
  let ho: TestUnit;
  let zone: TestUnit;
  let otherZone: TestUnit;
  let branch: TestUnit;
  let otherBranch: TestUnit;
  let agent: TestUser;
  let operator: Api;
  let zoneOperator: Api;
  let headDownloads: Api;
  let zoneDownloads: Api;
  let branchDownloads: Api;
  let zoneReporter: Api;

  async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await handle.db.execute(query)) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    clock = new FakeClock(START);
    t = await createTestApp(handle.db, { clock });
    // The only organisation of this database: a head office, two zones, a branch in each.
    ho = await createUnit(handle.db, { level: 'HO', code: `HO-${kind}`.toUpperCase() });
    zone = await createUnit(handle.db, { parent: ho, level: 'ZONE', code: `ZN-A-${kind}`.toUpperCase() });
    otherZone = await createUnit(handle.db, { parent: ho, level: 'ZONE', code: `ZN-B-${kind}`.toUpperCase() });
    const region = await createUnit(handle.db, { parent: zone, level: 'REGION' });
    branch = await createUnit(handle.db, { parent: region, level: 'BRANCH' });
    otherBranch = await createUnit(handle.db, { parent: otherZone, level: 'BRANCH' });
    agent = await createStaff(handle.db, branch, ['TELECALLER_SAUTH'], { fullName: 'Asha Agent' });
    operator = await apiAs(
      t,
      await createStaff(handle.db, ho, ['SCHED_PRO_COLL_SAUTH'], { fullName: 'Olga Operator' }),
      ho,
    );
    zoneOperator = await apiAs(
      t,
      await createStaff(handle.db, zone, ['SCHED_PRO_COLL_SAUTH'], { fullName: 'Zara Zone' }),
      zone,
    );
    headDownloads = await apiAs(t, await createStaff(handle.db, ho, ['FILE_DOWNLOAD_COLL_SAUTH']), ho);
    zoneDownloads = await apiAs(t, await createStaff(handle.db, zone, ['FILE_DOWNLOAD_COLL_SAUTH']), zone);
    branchDownloads = await apiAs(t, await createStaff(handle.db, branch, ['FILE_DOWNLOAD_COLL_SAUTH']), branch);
    zoneReporter = await apiAs(t, await createStaff(handle.db, zone, ['REPORT_GENERATION_SAUTH']), zone);

    // The zone's branch: an account 10 days past due (its March instalment of 5,000.00 unpaid), 2,000.00 paid on
    // 03-25, a kept and a broken promise of March. The other zone: an account that paid 999.00.
    const account = await createAccount(handle.db, { unit: branch, dpd: 10, allocatedTo: agent, product: 'PERSONAL' });
    await createPayment(handle.db, account.id, '2026-03-25', '2000.00');
    await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: agent,
      unit: branch,
      promisedDate: '2026-03-20',
      amount: '2000.00',
      capturedOn: '2026-03-18',
      status: 'KEPT',
    });
    await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: agent,
      unit: branch,
      promisedDate: '2026-03-28',
      amount: '1000.00',
      capturedOn: '2026-03-26',
      status: 'BROKEN',
    });
    const foreign = await createAccount(handle.db, { unit: otherBranch, dpd: 10 });
    await createPayment(handle.db, foreign.id, '2026-03-20', '999.00');
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** Sessions after the clock moved on. */
  async function signInAgain() {
    operator = await apiAs(t, operator.user, ho);
    headDownloads = await apiAs(t, headDownloads.user, ho);
    zoneDownloads = await apiAs(t, zoneDownloads.user, zone);
  }
  const putSchedule = (payload: { enabled: boolean; timeOfDay: string; version: number }) =>
    operator.inject({ method: 'PUT', url: `/api/processes/${PACK}/schedule`, payload });
  const catalogue = async (api: Api = operator) => (await api.get('/api/processes')).json<ProcessesReply>();
  const processOf = async (api: Api = operator): Promise<Process> =>
    (await catalogue(api)).rows.find((row) => row.code === PACK)!;
  const live = async (): Promise<number> =>
    (
      await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from jobs where kind = ${PACK} and status in ('QUEUED', 'RUNNING')`,
      )
    )[0]!.n;
  async function downloads(api: Api): Promise<DownloadPage['data']> {
    const response = await api.get('/api/collections/downloads?pageSize=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DownloadPage>().data.filter((row) => row.kind === 'reports.export');
  }
  /** The Reports screen's rows of a pack file's report at a unit, as the export writes them. */
  async function screenCsv(report: (typeof REPORT_PACK)[number], unit: TestUnit): Promise<string> {
    const query = new URLSearchParams({ from: FROM, to: BUSINESS_DATE, unitId: String(unit.id) });
    if (report.by) query.set('by', report.by);
    const response = await zoneReporter.get(`/api/collections/reports/${report.report}?${query.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    const definition = findReport(report.report)!;
    return response.json<ReportReply>().rows.map(csvLineWriter(definition.columns)).join('');
  }

  it('is listed among the scheduled processes: daily at 07:00, on by default, with Run now', async () => {
    const reply = await catalogue();
    const codes = reply.rows.map((row) => row.code);
    expect(codes.indexOf(PACK)).toBe(codes.indexOf('legal.hearing_reminders') + 1);
    expect(await processOf()).toMatchObject({
      mode: 'DAILY',
      enabled: true,
      timeOfDay: '07:00',
      canRunNow: true,
      version: 0,
      live: false,
    });
  });

  it('Run now writes the pack of the user’s units: each file on File Download of its subtree, the screen’s rows', async () => {
    const queued = await operator.post(`/api/processes/${PACK}/run`, {});
    expect(queued.statusCode, queued.body).toBe(202);
    const run = queued.json<Job>();
    expect(run).toMatchObject({ kind: PACK, status: 'QUEUED' });
    expect((await operator.post(`/api/processes/${PACK}/run`, {})).statusCode).toBe(409);
    await t.app.jobs.drain();

    const runs = (await operator.get(`/api/processes/${PACK}/runs`)).json<ProcessRunsReply>();
    expect(runs.rows[0]).toMatchObject({ id: run.id, status: 'DONE', userFullName: 'Olga Operator' });
    const summary = runs.rows[0]!.result as ReportPackSummary;
    expect(summary).toEqual({
      businessDate: BUSINESS_DATE,
      from: FROM,
      to: BUSINESS_DATE,
      units: [ho.code, zone.code, otherZone.code],
      files: 12,
      skipped: 0,
      rows: expect.any(Number),
    });

    // The zone sees its four files (not the head office's or the other zone's), made by the operator, 30 days' expiry
    const zoneFiles = await downloads(zoneDownloads);
    expect(zoneFiles.map((row) => row.fileName).sort()).toEqual(
      REPORT_PACK.map((file) => `${file.report}-${zone.code}-${FROM}-${BUSINESS_DATE}.csv`).sort(),
    );
    for (const row of zoneFiles) {
      expect(row).toMatchObject({ generatedBy: 'Olga Operator', unitCode: zone.code, expired: false });
      expect(Date.parse(row.expiresAt) - Date.parse(row.generatedAt)).toBe(30 * 24 * 60 * 60 * 1000);
    }
    expect(await downloads(branchDownloads)).toEqual([]);
    expect(await downloads(headDownloads)).toHaveLength(12);

    // Each file downloads again: the export's header and the Reports screen's rows through its cell rules
    for (const file of REPORT_PACK) {
      const row = zoneFiles.find((candidate) => candidate.fileName.startsWith(`${file.report}-`))!;
      const download = await zoneDownloads.get(`/api/collections/downloads/${row.jobId}/file`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toMatch(/text\/csv/);
      const [header] = download.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(header!.split(',')).toHaveLength(findReport(file.report)!.columns.length);
      expect(download.body).toBe(`\uFEFF${header}\r\n${await screenCsv(file, zone)}`);
    }
    // Figures of the zone: its branch's 5,000.00 demand against 2,000.00 collected (40 %); one kept, one broken PTP
    const efficiency = zoneFiles.find((row) => row.fileName.startsWith('collectionEfficiency-'))!;
    const efficiencyBody = (await zoneDownloads.get(`/api/collections/downloads/${efficiency.jobId}/file`)).body;
    expect(efficiencyBody).toContain(',INR,1,5000.00,2000.00,40\r\n');
    expect(efficiencyBody).not.toContain('999.00');
    const ptp = zoneFiles.find((row) => row.fileName.startsWith('ptpKeptRate-'))!;
    expect((await zoneDownloads.get(`/api/collections/downloads/${ptp.jobId}/file`)).body).toContain(
      'Asha Agent,INR,2,1,0,1,0,50,3000.00,',
    );
    // The head office's file covers both zones
    const headEfficiency = (await downloads(headDownloads)).find(
      (row) => row.fileName === `collectionEfficiency-${ho.code}-${FROM}-${BUSINESS_DATE}.csv`,
    )!;
    expect((await headDownloads.get(`/api/collections/downloads/${headEfficiency.jobId}/file`)).body).toContain(
      '999.00',
    );

    // Audited: the Run now, each file as the export writes it, and the run with its files
    expect((await auditRows(handle.db, { action: 'process.run_now', entityId: run.id })).length).toBe(1);
    const written = await auditRows(handle.db, { action: 'reports.daily_pack.written', entityId: run.id });
    expect(written).toHaveLength(1);
    expect((written[0]!.after as { fileJobs: number[] }).fileJobs).toHaveLength(12);
    expect(written[0]!.actorUserId).toBe(operator.user.id);
    const fileAudits = (await auditRows(handle.db, { action: 'reports.export.written' })).filter(
      (row) => row.actorUserId === operator.user.id,
    );
    expect(fileAudits).toHaveLength(12);
  });

  it('a retried run makes only the files its earlier attempt did not; Run now in a zone makes the zone’s pack', async () => {
    const [last] = await rowsOf<{ id: number | string }>(
      sql`select id from jobs where kind = ${PACK} and status = 'DONE' order by id desc limit 1`,
    );
    const before = (await downloads(headDownloads)).length;
    const again = await reportPackJob.run({
      id: Number(last!.id),
      attempt: 2,
      payload: { businessDate: BUSINESS_DATE } satisfies ReportPackPayload,
      inputFile: null,
      ctx: {
        requestId: 'test',
        ip: '127.0.0.1',
        user: { ...operator.user, familyId: '' } as never,
        actingUnit: { id: ho.id, code: ho.code, path: ho.path, hasChildren: true },
        app: null,
      },
      deps: { db: handle.db, clock, config: t.config } as unknown as AppDeps,
      progress: async () => undefined,
      resumeFrom: null,
      checkpoint: async () => undefined,
    } satisfies RunningJob<ReportPackPayload>);
    expect(again.summary).toMatchObject({ files: 0, skipped: 12 });
    expect(await downloads(headDownloads)).toHaveLength(before);

    // Run now is not idempotent: it makes a fresh pack of the user's units (the zone's four files)
    const zoneRun = await zoneOperator.post(`/api/processes/${PACK}/run`, {});
    expect(zoneRun.statusCode, zoneRun.body).toBe(202);
    await t.app.jobs.drain();
    const done = (await zoneOperator.get(`/api/processes/${PACK}/runs`)).json<ProcessRunsReply>().rows[0]!;
    expect(done).toMatchObject({ id: zoneRun.json<Job>().id, status: 'DONE' });
    expect(done.result).toMatchObject({ units: [zone.code], files: 4, skipped: 0 });
    expect(await downloads(zoneDownloads)).toHaveLength(8);
    expect((await downloads(zoneDownloads))[0]!.generatedBy).toBe('Zara Zone');
  });

  it('the scheduler makes the business date’s pack once, skipping what exists; a schedule edit applies', async () => {
    // Every file of the date exists (the Run now above): nothing is due, nothing queued
    await t.app.jobs.schedule();
    expect(await live()).toBe(0);

    // A new business date: due, but 07:00 has passed today before the last run (Run now) was queued: not today
    await handle.db.execute(sql`update organisation set business_date = '2026-04-01' where id = 1`);
    try {
      await t.app.jobs.schedule();
      expect(await live()).toBe(0);
      // 10:30; the time edited to 10:15 while disabled: the scheduler leaves it from its next tick
      clock.advance(30 * 60);
      await signInAgain();
      const process = await processOf();
      const off = await putSchedule({ enabled: false, timeOfDay: '10:15', version: process.version });
      expect(off.statusCode, off.body).toBe(200);
      await t.app.jobs.schedule();
      expect(await live()).toBe(0);
      // enabled at 10:15: its time has come today; while a day start is queued or running it waits for it
      const on = await putSchedule({ enabled: true, timeOfDay: '10:15', version: off.json<Process>().version });
      expect(on.json<Process>()).toMatchObject({ enabled: true, timeOfDay: '10:15' });
      await handle.db.execute(
        sql`insert into jobs (kind, status, payload, singleton_key) values ('collections.day_start', 'QUEUED',
          '{"businessDate":"2026-04-01"}'::jsonb, 'collections.day_start')`,
      );
      await t.app.jobs.schedule();
      expect(await live()).toBe(0);
      await handle.db.execute(sql`delete from jobs where kind = 'collections.day_start' and status = 'QUEUED'`);
      await t.app.jobs.schedule();
      expect(await live()).toBe(1);
      const [queued] = await rowsOf<{ userId: number | null; unitPath: string | null; payload: unknown }>(
        sql`select user_id as "userId", unit_path as "unitPath", payload from jobs where kind = ${PACK}
          and status = 'QUEUED'`,
      );
      expect(queued).toEqual({ userId: null, unitPath: null, payload: { businessDate: '2026-04-01' } });
      await t.app.jobs.drain();
      await t.app.jobs.schedule();
      expect(await live()).toBe(0);

      const files = (await downloads(headDownloads)).filter((row) => row.fileName.endsWith('-2026-04-01.csv'));
      expect(files).toHaveLength(12);
      expect(files.every((row) => row.generatedBy === null)).toBe(true);
      expect((await downloads(zoneDownloads)).filter((row) => row.fileName.endsWith('-2026-04-01.csv'))).toHaveLength(
        4,
      );
      const efficiency = files.find(
        (row) => row.fileName === `collectionEfficiency-${zone.code}-2026-04-01-2026-04-01.csv`,
      )!;
      expect((await zoneDownloads.get(`/api/collections/downloads/${efficiency.jobId}/file`)).statusCode).toBe(200);
      const [run] = (await operator.get(`/api/processes/${PACK}/runs`)).json<ProcessRunsReply>().rows;
      expect(run).toMatchObject({ status: 'DONE', userId: null, result: { businessDate: '2026-04-01', files: 12 } });
      const written = await auditRows(handle.db, { action: 'reports.daily_pack.written', entityId: run!.id });
      expect(written[0]).toMatchObject({ actorUserId: null });

      // The next day, the same business date: its pack is whole, so nothing is queued
      clock.advance(24 * 60 * 60);
      await signInAgain();
      await t.app.jobs.schedule();
      expect(await live()).toBe(0);
      const restored = await putSchedule({ enabled: true, timeOfDay: '07:00', version: on.json<Process>().version });
      expect(restored.statusCode, restored.body).toBe(200);
    } finally {
      await handle.db.execute(sql`update organisation set business_date = ${BUSINESS_DATE} where id = 1`);
    }
  });
});
