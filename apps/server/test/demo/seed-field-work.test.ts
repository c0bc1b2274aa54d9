import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { seedDemoFieldWork } from '../../src/modules/demo/services/seed-field-work.ts';
import { queryRows } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The demo's work plans and PVR cases, made at first start through the field-work services: fc.andheri plans and
// visits, pvr.mumbai opens, delegates and reviews.

describe.each(testDatabaseKinds())('demo field work (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seeded: { visits: number; pvrCases: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 1500 });
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    seeded = await seedDemoFieldWork(demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('gives fc.andheri plans for today and tomorrow, routed, with three visits marked', async () => {
    expect(seeded.visits).toBeGreaterThanOrEqual(8);
    const plans = await queryRows<{ date: string; visits: number; marked: number; geocoded: number }>(
      handle.db,
      sql`select p.plan_date::text as date, count(v.id)::int as visits,
          count(v.id) filter (where v.status <> 'PLANNED')::int as marked,
          count(v.id) filter (where v.latitude is not null)::int as geocoded
        from work_plans p join users u on u.id = p.user_id join work_plan_visits v on v.plan_id = p.id
        where u.username = 'fc.andheri' group by 1 order by 1`,
    );
    expect(plans[0]).toEqual({ date: '2026-03-31', visits: 8, marked: 3, geocoded: 8 });
    expect(plans[1]?.marked).toBe(0);
  });

  it('leaves PVR cases in every state, captured by fc.andheri and reviewed by pvr.mumbai, with photos', async () => {
    expect(seeded.pvrCases).toBe(8);
    const states = await queryRows<{ status: string; n: number }>(
      handle.db,
      sql`select status, count(*)::int as n from pvr_cases group by 1 order by 1`,
    );
    expect(states.map((row) => row.status)).toEqual(['APPROVED', 'CAPTURED', 'DELEGATED', 'INITIATED', 'SENT_BACK']);
    const people = await queryRows<{ captured: string; reviewed: string | null; photos: number }>(
      handle.db,
      sql`select cb.username as captured, rb.username as reviewed,
          (select count(*)::int from pvr_case_photos ph where ph.case_id = p.id) as photos
        from pvr_cases p join users cb on cb.id = p.captured_by left join users rb on rb.id = p.reviewed_by
        order by p.id`,
    );
    expect(people.length).toBe(4);
    for (const row of people) {
      expect(row.captured).toBe('fc.andheri');
      expect(row.photos).toBe(2);
      if (row.reviewed) expect(row.reviewed).toBe('pvr.mumbai');
    }
    const geotagged = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pvr_cases where latitude is null`,
    );
    expect(geotagged[0]!.n).toBe(0);
  });
});
