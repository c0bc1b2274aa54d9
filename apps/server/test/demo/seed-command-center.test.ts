import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { PLANT_KINDS } from '@recovery-desk/domain/command-center/simulator.ts';
import type { AppDeps } from '../../src/deps.ts';
import { shadyFindings } from '../../src/modules/command-center/services/shady-findings.ts';
import { demoActorContext, findUnitsByCode, findUsersByUsername } from '../../src/modules/demo/demo-seed.repository.ts';
import { jobKindsFor } from '../../src/jobs/registry.ts';
import {
  DEMO_FEED_JOB_KIND,
  demoDeviceOf,
  demoFeedJob,
  demoFeedTick,
  planDays,
  seedDemoCommandCenter,
} from '../../src/modules/demo/services/seed-command-center.ts';
import { demoSeedDeps } from '../../src/modules/demo/services/seed-deps.ts';
import { queryRows } from '../factories.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';

// The command center's demo field force, seeded at first start through the receipts and ingest services: four
// collectors' past three days and today up to the seeding moment, every shady plant in each zone, one silent phone
// per zone today, and the live feed that continues today.

const NOW = new Date('2026-03-31T09:30:00Z'); // 15:00 India time

describe.each(testDatabaseKinds())('demo field force (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let deps: AppDeps;
  let seeded: { positions: number; receipts: number; batches: number };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 1500 });
    t = await createTestApp(handle.db, { config: { demoMode: true }, clock: new FakeClock(NOW.getTime()) });
    deps = { ...demoSeedDeps({ config: t.config, db: handle.db, log: t.app.log }), clock: t.clock };
    seeded = await seedDemoCommandCenter(deps);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
  });

  it('gives each zone field users with positions on the past days and today', async () => {
    expect(seeded.positions).toBeGreaterThan(1000);
    expect(seeded.receipts).toBeGreaterThan(10);
    const rows = await queryRows<{ zone: string; username: string; days: number; last: string }>(
      handle.db,
      sql`select z.unit_code as zone, u.username, count(distinct (p.fix_time at time zone 'Asia/Kolkata')::date)::int
            as days, max(p.fix_time)::text as last
          from field_positions p join users u on u.id = p.user_id
          join user_units uu on uu.user_id = u.id join units b on b.id = uu.unit_id
          join units z on b.path like z.path || '%' and z.level = 'ZONE'
          group by 1, 2 order by 1, 2`,
    );
    const of = (zone: string) => rows.filter((row) => row.zone === zone).map((row) => row.username);
    expect(of('ZN-W')).toEqual(['fc.andheri', 'fc.thane']);
    expect(of('ZN-N')).toEqual(['fc.delhi']);
    for (const row of rows) expect(row.days).toBe(4);
    for (const row of rows) expect(new Date(row.last).getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('makes RECEIPT events reference real receipts of the same collector, and VISIT events real accounts', async () => {
    const [receipts] = await queryRows<{ events: number; matched: number; orphan: number }>(
      handle.db,
      sql`select count(*)::int as events, count(r.id)::int as matched,
            (select count(*)::int from receipts r2 where r2.source_ref like 'ccdemo:%' and not exists (
              select 1 from field_positions q where q.event_type = 'RECEIPT' and q.ref = r2.receipt_no
                and q.user_id = r2.received_by_user_id)) as orphan
          from field_positions p left join receipts r on r.receipt_no = p.ref and r.received_by_user_id = p.user_id
          where p.event_type = 'RECEIPT'`,
    );
    expect(receipts!.events).toBe(seeded.receipts);
    expect(receipts!.matched).toBe(receipts!.events);
    expect(receipts!.orphan).toBe(0);
    const [visits] = await queryRows<{ events: number; matched: number }>(
      handle.db,
      sql`select count(*)::int as events, count(a.id)::int as matched
          from field_positions p left join accounts a on a.account_no = p.ref where p.event_type = 'VISIT'`,
    );
    expect(visits!.events).toBeGreaterThan(20);
    expect(visits!.matched).toBe(visits!.events);
  });

  it('plants every shady case in each zone and silences one phone per zone today', async () => {
    const plans = await planDays(deps, NOW, 3);
    const zoneOf: Record<string, string> = {
      'fc.andheri': 'ZN-W',
      'fc.thane': 'ZN-W',
      'fc.delhi': 'ZN-N',
      'fc.chennai': 'ZN-S',
    };
    const planted = new Map<string, Set<string>>();
    const plantedReceipts: string[] = [];
    for (const plan of plans) {
      const zone = zoneOf[plan.collector.username]!;
      for (const { day } of plan.days) {
        for (const plant of day.plants) {
          planted.set(zone, (planted.get(zone) ?? new Set()).add(plant.kind));
          plantedReceipts.push(...plant.receiptIds);
        }
      }
    }
    for (const zone of ['ZN-W', 'ZN-N']) expect([...(planted.get(zone) ?? [])].sort()).toEqual([...PLANT_KINDS].sort());
    const found = await queryRows<{ ref: string }>(
      handle.db,
      sql`select source_ref as ref from receipts where source_ref like 'ccdemo:%'`,
    );
    const refs = new Set(found.map((row) => row.ref));
    for (const id of plantedReceipts) expect(refs.has(`ccdemo:${id}`)).toBe(true);

    const settings = await queryRows<{ username: string; last: string }>(
      handle.db,
      sql`select u.username, d.last_fix_at::text as last from field_devices d join users u on u.id = d.user_id
          where d.device_key like 'demo-fc.%' order by 1`,
    );
    const silent = settings.filter((row) => NOW.getTime() - new Date(row.last).getTime() > 30 * 60_000);
    expect(silent.map((row) => row.username)).toEqual(['fc.chennai', 'fc.delhi', 'fc.thane']);
  });

  it('deposits the cash the simulator deposited, so CASH_NOT_DEPOSITED finds exactly the planted cash', async () => {
    expect(seeded.batches).toBeGreaterThan(0);
    // every deposit batch approved, generated by the region's payments officer at a simulated deposit before now
    const batches = await queryRows<{ maker: string; checker: string; status: string; created: string }>(
      handle.db,
      sql`select mu.username as maker, cu.username as checker, b.status, b.created_at::text as created
          from payment_batches b join users mu on mu.id = b.maker_user_id join users cu on cu.id = b.checker_user_id`,
    );
    expect(batches).toHaveLength(seeded.batches);
    for (const batch of batches) {
      expect(batch.status).toBe('APPROVED');
      expect(new Date(batch.created).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect([...new Set(batches.map((batch) => batch.maker))].sort()).toEqual([
      'pay.chennai',
      'pay.delhi',
      'pay.mumbai',
    ]);
    expect([...new Set(batches.map((batch) => batch.checker))].sort()).toEqual([
      'appr.north',
      'appr.south',
      'appr.west',
    ]);

    // the planted undeposited cash, by receipt id
    const plans = await planDays(deps, NOW, 3);
    const plantedRefs = new Set(
      plans.flatMap((plan) =>
        plan.days.flatMap(({ day }) =>
          day.plants
            .filter((plant) => plant.kind === 'UNDEPOSITED_CASH')
            .flatMap((plant) => plant.receiptIds.map((id) => `ccdemo:${id}`)),
        ),
      ),
    );
    const demoReceipts = await queryRows<{ id: number; ref: string }>(
      handle.db,
      sql`select id::int, source_ref as ref from receipts where source_ref like 'ccdemo:%'`,
    );
    const demoIds = new Set(demoReceipts.map((row) => row.id));
    const planted = new Set(demoReceipts.filter((row) => plantedRefs.has(row.ref)).map((row) => row.id));
    expect(planted.size).toBeGreaterThan(0);

    // the Shady Transaction Time report over the demo's days, head office wide
    const [admin] = await findUsersByUsername(handle.db, ['admin']);
    const [ho] = await findUnitsByCode(handle.db, ['HO']);
    const { rows } = await shadyFindings(deps, {
      ctx: demoActorContext(admin!, ho!, 'test-shady'),
      query: { report: 'TIME', from: '2026-03-28', to: '2026-03-31' },
    });
    const findings = rows.filter((row) => row.rule === 'CASH_NOT_DEPOSITED' && demoIds.has(row.receipt.id));
    for (const finding of findings) {
      expect(finding.date < '2026-03-31').toBe(true);
      expect(planted.has(finding.receipt.id), `${finding.receipt.receiptNo} is not planted`).toBe(true);
    }
    const zoneOf: Record<string, string> = {
      'fc.andheri': 'ZN-W',
      'fc.thane': 'ZN-W',
      'fc.delhi': 'ZN-N',
      'fc.chennai': 'ZN-S',
    };
    expect([...new Set(findings.map((finding) => zoneOf[finding.collector.username]))].sort()).toEqual([
      'ZN-N',
      'ZN-S',
      'ZN-W',
    ]);
  });

  it('adds nothing on a second start', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from field_positions`))[0]!.n;
    const before = await count();
    expect(await seedDemoCommandCenter(deps)).toEqual({ positions: 0, receipts: 0, batches: 0 });
    expect(await count()).toBe(before);
  });

  it('feeds the positions that come due, once, and keeps the silent phones silent', async () => {
    const lastFix = async (username: string) =>
      (
        await queryRows<{ last: string }>(
          handle.db,
          sql`select last_fix_at::text as last from field_devices where device_key = ${demoDeviceOf(username)}`,
        )
      )[0]!.last;
    const before = await lastFix('fc.andheri');
    expect(await demoFeedTick(deps)).toBe(0);
    expect(await demoFeedJob.schedule!.due(deps)).toBe(false);
    t.clock.advance(20 * 60);
    expect(await demoFeedJob.schedule!.due(deps)).toBe(true);
    const fed = await demoFeedTick(deps);
    expect(fed).toBeGreaterThan(0);
    expect(new Date(await lastFix('fc.andheri')).getTime()).toBeGreaterThan(new Date(before).getTime());
    expect(await demoFeedTick(deps)).toBe(0);
    const silentBefore = await lastFix('fc.delhi');
    t.clock.advance(60 * 60);
    await demoFeedTick(deps);
    expect(await lastFix('fc.delhi')).toBe(silentBefore);
  });

  it('registers the feed job in demo mode only', () => {
    expect(jobKindsFor({ demoMode: true }).map((k) => k.kind)).toContain(DEMO_FEED_JOB_KIND);
    expect(jobKindsFor({ demoMode: false }).map((k) => k.kind)).not.toContain(DEMO_FEED_JOB_KIND);
  });
});
