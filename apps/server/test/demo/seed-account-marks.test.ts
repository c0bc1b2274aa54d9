import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { seedDemoAccountMarks } from '../../src/modules/demo/services/seed-account-marks.ts';
import { queryRows } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The demo's account marks, made at first start through the approval kit: pay.mumbai requested, appr.west decided.

describe.each(testDatabaseKinds())('demo account marks (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seeded: { requests: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 300 });
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    seeded = await seedDemoAccountMarks(demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('leaves marks in effect, ended, pending and rejected, each request by pay.mumbai and decided by appr.west', async () => {
    expect(seeded).toEqual({ requests: 9 });
    const requests = await queryRows<{ flow: string; status: string; n: number }>(
      handle.db,
      sql`select flow_code as flow, status, count(*)::int as n from approval_requests
        where flow_code like 'ACCOUNT_%MARKING' group by 1, 2 order by 1, 2`,
    );
    expect(requests).toEqual([
      { flow: 'ACCOUNT_MARKING', status: 'APPROVED', n: 4 },
      { flow: 'ACCOUNT_MARKING', status: 'PENDING', n: 2 },
      { flow: 'ACCOUNT_MARKING', status: 'REJECTED', n: 1 },
      { flow: 'ACCOUNT_UNMARKING', status: 'APPROVED', n: 1 },
      { flow: 'ACCOUNT_UNMARKING', status: 'PENDING', n: 1 },
    ]);
    const marks = await queryRows<{ mark: string; ended: boolean; approver: string; maker: string }>(
      handle.db,
      sql`select m.mark, m.ended_at is not null as ended, ap.username as approver, rq.username as maker
        from account_marks m join users ap on ap.id = m.approved_by join users rq on rq.id = m.requested_by
        order by m.mark`,
    );
    expect(marks).toEqual([
      { mark: 'DISPUTE', ended: true, approver: 'appr.west', maker: 'pay.mumbai' },
      { mark: 'DO_NOT_CALL', ended: false, approver: 'appr.west', maker: 'pay.mumbai' },
      { mark: 'FRAUD', ended: false, approver: 'appr.west', maker: 'pay.mumbai' },
      { mark: 'VIP', ended: false, approver: 'appr.west', maker: 'pay.mumbai' },
    ]);
  });
});
