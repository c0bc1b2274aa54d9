import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { settlementListReplySchema } from '@recovery-desk/domain/settlements/contracts.ts';
import { seedDemoSettlements } from '../../src/modules/demo/services/seed-settlements.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's settlements are made through the real services and leave work in every view for settle.west, and
// approvals for appr.west (zone level) and credit.ho (HO: credit committee and board).

describe.each(testDatabaseKinds())('demo settlements (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 1500 });
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function list(username: string, unitCode: string, screen: string) {
    const [unit] = await queryRows<{ id: number }>(handle.db, sql`select id from units where unit_code = ${unitCode}`);
    const { access } = await signIn(t, { username, password: DEMO_PASSWORD });
    const response = await t.inject({
      method: 'GET',
      url: `/api/settlements/screens/${screen}?pageSize=100`,
      headers: bearer(access, unit!.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    return settlementListReplySchema.parse(response.json());
  }

  it('fills every view of the settlement screens', async () => {
    const seeded = await seedDemoSettlements(testDeps(t));
    expect(seeded.settlements).toBe(10);
    const mine = await list('settle.west', 'ZN-W', 'initiate');
    expect(mine.counts).toMatchObject({ all: 10, approved: 3, rejected: 1, pushback: 1 });
    expect(mine.counts.pending).toBe(5);
    const stages = mine.data.map((row) => row.stage);
    expect(stages).toContain('LAPSED');
    expect(mine.data.some((row) => row.restructuring && row.status === 'APPROVED')).toBe(true);
    expect(mine.data.some((row) => row.overdue)).toBe(true);
    const approver = await list('appr.west', 'ZN-W', 'approval');
    expect(approver.counts.pending).toBe(5);
    const ho = await list('credit.ho', 'HO', 'viewer');
    expect(ho.data.filter((row) => row.status === 'PENDING_APPROVAL' && row.requiredLevel >= 4)).toHaveLength(2);
    // A second start adds nothing.
    expect((await seedDemoSettlements(testDeps(t))).settlements).toBe(0);
  });
});
