import { sql } from 'drizzle-orm';
import type { AllocationRuleInput } from '@recovery-desk/domain/collections/allocation-rules.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { createAllocationRule } from '../../collections/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's allocation rules (first start in demo mode), made through the API's service as the demo's
// administrators would on the Day Start screen: admin.west (ZN-W) for the Mumbai branches, admin (HO) for Bengaluru
// and Delhi. Each collector's capacity leaves room above what they hold today, so the demo's day start allocates the
// newly delinquent accounts of those branches. One rule is disabled (a field collector's rule kept for later).

type DemoRule = {
  admin: 'admin.west' | 'admin';
  unit: string;
  collector: string;
  rule: Omit<AllocationRuleInput, 'unitId' | 'userId' | 'capacity'>;
  /** room above what the collector holds today */
  room: number;
};

const RULES: readonly DemoRule[] = [
  {
    admin: 'admin.west',
    unit: 'BR-AND',
    collector: 'tc.andheri',
    rule: { priority: 10, bucket: 'B1', isActive: true },
    room: 60,
  },
  {
    admin: 'admin.west',
    unit: 'BR-AND',
    collector: 'fc.andheri',
    rule: { priority: 20, bucket: 'B3', pinCodePrefix: '400', isActive: true },
    room: 25,
  },
  {
    admin: 'admin.west',
    unit: 'BR-THN',
    collector: 'tc.thane',
    rule: { priority: 30, isActive: true },
    room: 60,
  },
  {
    admin: 'admin.west',
    unit: 'BR-AND',
    collector: 'fc.andheri',
    rule: { priority: 40, product: 'HOME', isActive: false },
    room: 10,
  },
  { admin: 'admin', unit: 'BR-BLR', collector: 'tc.blr', rule: { priority: 50, isActive: true }, room: 60 },
  { admin: 'admin', unit: 'BR-CP', collector: 'tc.delhi', rule: { priority: 60, isActive: true }, room: 60 },
];

export async function seedDemoAllocationRules(deps: AppDeps): Promise<{ rules: number }> {
  const usernames = [...new Set(RULES.flatMap((rule) => [rule.admin, rule.collector]))];
  const users = await findUsersByUsername(deps.db, usernames);
  const units = await findUnitsByCode(deps.db, ['HO', 'ZN-W', ...RULES.map((rule) => rule.unit)]);
  const userOf = (name: string) => users.find((row) => row.username === name);
  const unitOf = (code: string) => units.find((row) => row.code === code);
  const acting = { 'admin.west': unitOf('ZN-W'), admin: unitOf('HO') };
  let rules = 0;
  for (const demo of RULES) {
    const admin = userOf(demo.admin);
    const actingUnit = acting[demo.admin];
    const collector = userOf(demo.collector);
    const unit = unitOf(demo.unit);
    if (!admin || !actingUnit || !collector || !unit) continue;
    const [held] = await selectRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from accounts where allocated_user_id = ${collector.id}`,
    );
    await createAllocationRule(deps, {
      ctx: demoUnitContext(admin, actingUnit),
      input: { ...demo.rule, unitId: unit.id, userId: collector.id, capacity: (held?.n ?? 0) + demo.room },
    });
    rules += 1;
  }
  return { rules };
}
