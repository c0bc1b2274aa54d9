import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { seedDemoAllocationRules } from '../../src/modules/demo/services/seed-allocation-rules.ts';
import { runCollectionsDayStart } from '../../src/modules/collections/services/run-day-start.ts';
import { queryRows } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The demo's allocation rules, made at first start by admin.west and admin: the demo day start allocates the newly
// delinquent accounts of their branches by them.

describe.each(testDatabaseKinds())('demo allocation rules (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seeded: { rules: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 300 });
    t = await createTestApp(handle.db, { config: { demoMode: true } });
    seeded = await seedDemoAllocationRules(demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('leaves rules for the demo branches, by admin.west and admin, whose collectors serve them', async () => {
    expect(seeded).toEqual({ rules: 6 });
    const rules = await queryRows<{ unit: string; collector: string; active: boolean; by: string }>(
      handle.db,
      sql`select u.unit_code as unit, c.username as collector, r.is_active as active, b.username as by
        from allocation_rules r join units u on u.id = r.unit_id join users c on c.id = r.user_id
        join users b on b.id = r.created_by_user_id order by r.priority`,
    );
    expect(rules).toEqual([
      { unit: 'BR-AND', collector: 'tc.andheri', active: true, by: 'admin.west' },
      { unit: 'BR-AND', collector: 'fc.andheri', active: true, by: 'admin.west' },
      { unit: 'BR-THN', collector: 'tc.thane', active: true, by: 'admin.west' },
      { unit: 'BR-AND', collector: 'fc.andheri', active: false, by: 'admin.west' },
      { unit: 'BR-BLR', collector: 'tc.blr', active: true, by: 'admin' },
      { unit: 'BR-CP', collector: 'tc.delhi', active: true, by: 'admin' },
    ]);
  });

  it('allocates newly delinquent accounts of the rules’ branches at the next day start', async () => {
    // accounts of the branches that nobody holds yet, as newly delinquent ones are
    await handle.db.execute(
      sql`update accounts a set allocated_user_id = null, allocated_agency_id = null
        from units u where u.id = a.unit_id and u.unit_code in ('BR-THN', 'BR-BLR') and a.delinquent_flag
          and not a.is_on_hold and not a.is_suppressed and a.settlement_status is null
          and a.id in (select id from accounts where delinquent_flag order by id desc limit 20)`,
    );
    const ctx = {
      requestId: 'demo-test',
      ip: '127.0.0.1',
      user: null,
      actingUnit: null,
      app: 'collapp',
      language: 'en',
    } as never;
    const reply = await runCollectionsDayStart(
      demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }),
      addDays('2026-03-31', 1),
      ctx,
    );
    expect(reply.accountsAllocated).toBeGreaterThan(0);
    const kinds = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from allocations where kind = 'RULE'`,
    );
    expect(kinds[0]!.n).toBe(reply.accountsAllocated);
  });
});
