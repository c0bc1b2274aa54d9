import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { RollTrendReply } from '@recovery-desk/domain/reports/roll-trend.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';

// The roll rates' month-by-month trend (issue 14): of the accounts delinquent as each month began, those in a worse
// (rolled forward) or better bucket at its end, buckets rebuilt from the due schedule. Business date 2026-03-31.

describe.each(testDatabaseKinds())('roll rates trend (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let head: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    head = await apiAs(t, await createStaff(handle.db, org.zone, ['REPORT_GENERATION_SAUTH']), org.zone);
    // oldest unpaid due 2026-02-15: current on 31 Jan, B1 on 28 Feb (14 days), B2 on 31 Mar (45 days)
    await createAccount(handle.db, { unit: org.branch, dpd: 45 });
    // oldest unpaid due 2025-12-22: B2 on 31 Jan (41 days), B3 on 28 Feb (69), B4 on 31 Mar (100)
    await createAccount(handle.db, { unit: org.branch, dpd: 100 });
    // never overdue
    await createAccount(handle.db, { unit: org.branch, dpd: 0 });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('gives each of the last months its roll-forward and roll-back of the accounts delinquent as it began', async () => {
    expect(BUSINESS_DATE).toBe('2026-03-31');
    const reply = await head.get(`/api/collections/reports/rollRates/trend?unitId=${org.branch.id}&months=3`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<RollTrendReply>().months).toEqual([
      { month: '2026-01', accounts: 1, rolledForward: 1, rolledBack: 0, rollForwardBp: 10000, rollBackBp: 0 },
      { month: '2026-02', accounts: 1, rolledForward: 1, rolledBack: 0, rollForwardBp: 10000, rollBackBp: 0 },
      { month: '2026-03', accounts: 2, rolledForward: 2, rolledBack: 0, rollForwardBp: 10000, rollBackBp: 0 },
    ]);
    const none = await head.get(`/api/collections/reports/rollRates/trend?unitId=${org.sibling.id}&months=2`);
    expect(none.json<RollTrendReply>().months).toEqual([
      { month: '2026-02', accounts: 0, rolledForward: 0, rolledBack: 0, rollForwardBp: null, rollBackBp: null },
      { month: '2026-03', accounts: 0, rolledForward: 0, rolledBack: 0, rollForwardBp: null, rollBackBp: null },
    ]);
  });

  it('refuses a unit outside the subtree, a bad month count and a caller without the authority', async () => {
    const outside = await head.get(`/api/collections/reports/rollRates/trend?unitId=${org.foreign.id}`);
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).fields).toEqual(['unitId']);
    const months = await head.get('/api/collections/reports/rollRates/trend?months=13');
    expect(months.statusCode).toBe(400);
    expect(errorOf(months).fields).toEqual(['months']);
    const stranger = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
    expect((await stranger.get('/api/collections/reports/rollRates/trend')).statusCode).toBe(403);
  });
});
