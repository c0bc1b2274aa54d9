import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/client.ts';
import { DEMO_UNITS, DEMO_USERS } from '../src/demo-organisation.ts';
import { seedDemoOrganisation } from '../src/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '../src/test-database.ts';

async function counts(handle: DatabaseHandle) {
  const result = await handle.db.execute(sql`
    select (select count(*)::int from users) as users, (select count(*)::int from units) as units,
           (select count(*)::int from accounts) as accounts, (select count(*)::int from customers) as customers,
           (select count(*)::int from agencies) as agencies, (select business_date from organisation) as "businessDate"`);
  return (result as unknown as { rows: Record<string, number | string>[] }).rows[0]!;
}

describe.each(testDatabaseKinds())('seedDemoOrganisation on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('creates the organisation with its book once, and leaves a seeded database alone', async () => {
    const first = await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 400 });
    expect(first.created).toBe(true);
    expect(first.book?.accounts).toBe(400);
    expect(first.book?.recomputeChanged).toBe(0);
    const after = await counts(handle);
    expect(after).toMatchObject({
      users: DEMO_USERS.length,
      units: DEMO_UNITS.length,
      accounts: 400,
      businessDate: '2026-03-31',
    });

    const second = await seedDemoOrganisation(handle.db, { businessDate: '2027-01-01', accounts: 400 });
    expect(second).toEqual({ created: false });
    // no second organisation, no second book, business date untouched
    expect(await counts(handle)).toEqual(after);
  });

  it('can create the organisation without a book', async () => {
    const bare = await openTestDatabase(kind);
    try {
      const result = await seedDemoOrganisation(bare.db, { businessDate: '2026-03-31', accounts: 0 });
      expect(result).toEqual({ created: true });
      expect(await counts(bare)).toMatchObject({ users: DEMO_USERS.length, accounts: 0, customers: 0 });
    } finally {
      await bare.close();
    }
  });
});
