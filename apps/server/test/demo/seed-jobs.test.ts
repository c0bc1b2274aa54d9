import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { JobPage } from '@recovery-desk/domain/jobs/contracts.ts';
import { DEMO_JOB_STARTER, queueDemoDayStart } from '../../src/modules/demo/services/seed-jobs.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';
import { sql } from 'drizzle-orm';

// The demo's first start queues a day start through the job queue, so the Upload Dashboard of the README persona
// that holds UPLOAD_DASH_SAUTH (admin.west, ZN-W) has a job to show.

describe.each(testDatabaseKinds())('demo background jobs (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 200 });
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('queues a day start that runs and shows on admin.west’s Upload Dashboard', async () => {
    const jobId = await queueDemoDayStart(testDeps(t));
    await t.app.jobs.drain();
    const [unit] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from units where unit_code = ${DEMO_JOB_STARTER.unit}`,
    );
    const { access } = await signIn(t, { username: DEMO_JOB_STARTER.username, password: DEMO_PASSWORD });
    const response = await t.inject({
      method: 'GET',
      url: '/api/jobs/dashboard',
      headers: bearer(access, unit!.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json<JobPage>().data.find((row) => row.id === jobId);
    expect(job).toMatchObject({
      kind: 'collections.day_start',
      status: 'DONE',
      username: DEMO_JOB_STARTER.username,
      unitCode: DEMO_JOB_STARTER.unit,
      result: { businessDate: '2026-03-31' },
    });
    // admin.west (DAY_START_COLL_SAUTH) sees that run and the month's BOM snapshot on the Day Start screen
    const runs = await t.inject({
      method: 'GET',
      url: '/api/collections/day-start/runs',
      headers: bearer(access, unit!.id),
    });
    expect(runs.statusCode, runs.body).toBe(200);
    const reply = runs.json<{ rows: { id: number; status: string }[]; bom: { month: string; rows: unknown[] } }>();
    expect(reply.rows.find((row) => row.id === jobId)?.status).toBe('DONE');
    expect(reply.bom.month).toBe('2026-03-01');
    expect(reply.bom.rows.length).toBeGreaterThan(0);

    // admin.west (SCHED_PRO_COLL_SAUTH) sees past runs on Schedule Process: the day start, data retention and an
    // audit checkpoint, each finished with its log; and card accounts have their statement cycle day.
    const processes = await t.inject({ method: 'GET', url: '/api/processes', headers: bearer(access, unit!.id) });
    expect(processes.statusCode, processes.body).toBe(200);
    const byCode = new Map(
      processes
        .json<{ rows: { code: string; lastRuns: { status: string; finishedAt: string | null }[] }[] }>()
        .rows.map((row) => [row.code, row]),
    );
    for (const code of ['collections.day_start', 'retention.purge', 'audit.checkpoint', 'reports.daily_pack']) {
      expect(byCode.get(code)?.lastRuns[0], code).toMatchObject({ status: 'DONE' });
    }
    // the daily report pack's run made ZN-W's four files, on admin.west's File Download (FILE_DOWNLOAD_COLL_SAUTH)
    const downloads = await t.inject({
      method: 'GET',
      url: '/api/collections/downloads',
      headers: bearer(access, unit!.id),
    });
    expect(downloads.statusCode, downloads.body).toBe(200);
    const packFiles = downloads
      .json<{ data: { fileName: string; generatedBy: string | null; unitCode: string | null }[] }>()
      .data.filter((row) => row.fileName.endsWith('-ZN-W-2026-03-01-2026-03-31.csv'));
    expect(packFiles.map((row) => row.fileName.split('-')[0]).sort()).toEqual([
      'collectionEfficiency',
      'ptpKeptRate',
      'receiptsDeposits',
      'rollRates',
    ]);
    expect(packFiles.every((row) => row.generatedBy === 'Nikhil Shinde' && row.unitCode === 'ZN-W')).toBe(true);
    const [cards] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from accounts where product = 'CREDIT_CARD' and statement_cycle_day is null`,
    );
    expect(cards!.n).toBe(0);
  });
});
