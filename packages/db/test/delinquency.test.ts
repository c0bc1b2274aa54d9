import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetClassOf, bucketOf, computeDpd } from '@recovery-desk/domain/collections/dpd.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { DatabaseHandle } from '../src/client.ts';
import { recomputeDelinquency } from '../src/delinquency.ts';
import { openTestDatabase, testDatabaseKinds } from '../src/test-database.ts';

// recomputeDelinquency (one set-based statement) must agree with the domain's computeDpd / bucketOf /
// assetClassOf at every class boundary of domain reference §2.1, with partial payments and dues not yet due.

const BUSINESS_DATE = '2026-03-31';

type Due = { dueDate: string; amountDue: string; amountPaid: string };
type Case = { name: string; dues: Due[] };

const unpaid = (daysBeforeBusinessDate: number, amount = '1000.00'): Due => ({
  dueDate: addDays(BUSINESS_DATE, -daysBeforeBusinessDate),
  amountDue: amount,
  amountPaid: '0',
});
const paid = (daysBeforeBusinessDate: number): Due => ({
  dueDate: addDays(BUSINESS_DATE, -daysBeforeBusinessDate),
  amountDue: '1000.00',
  amountPaid: '1000.00',
});

// DPD n ⇔ the oldest unpaid due fell due n − 1 days before the business date
const boundary = (dpd: number): Case => ({ name: `DPD ${dpd}`, dues: [paid(dpd + 29), unpaid(dpd - 1)] });

const CASES: Case[] = [
  { name: 'no dues at all', dues: [] },
  { name: 'everything paid', dues: [paid(60), paid(30)] },
  { name: 'due tomorrow, not yet due', dues: [paid(30), { ...unpaid(-1) }] },
  { name: 'only future dues', dues: [unpaid(-1), unpaid(-31)] },
  ...[1, 30, 31, 60, 61, 90, 91, 180, 181, 365, 366].map(boundary),
  {
    name: 'partial payment keeps the instalment unpaid',
    dues: [paid(75), { dueDate: addDays(BUSINESS_DATE, -45), amountDue: '1000.00', amountPaid: '999.99' }],
  },
  {
    name: 'oldest paid in full, the next one partly',
    dues: [
      { dueDate: addDays(BUSINESS_DATE, -40), amountDue: '1000.00', amountPaid: '1000.00' },
      { dueDate: addDays(BUSINESS_DATE, -10), amountDue: '1000.00', amountPaid: '250.00' },
    ],
  },
  { name: 'overpaid instalment counts as paid', dues: [{ ...paid(20), amountPaid: '1200.00' }, unpaid(-5)] },
  { name: 'several unpaid: the oldest counts', dues: [unpaid(100), unpaid(70), unpaid(40), unpaid(10)] },
  { name: 'unpaid out of order of instalment number', dues: [unpaid(5), unpaid(95)] },
];

/** The domain's answer: DPD from the oldest instalment unpaid and due on or before the business date. */
function expected(dues: Due[], businessDate: string) {
  const oldest =
    dues
      .filter((d) => Number(d.amountPaid) < Number(d.amountDue) && d.dueDate <= businessDate)
      .map((d) => d.dueDate)
      .sort()[0] ?? null;
  const dpd = computeDpd(businessDate, oldest);
  return { oldest, dpd, bucket: bucketOf(dpd), assetClass: assetClassOf(dpd), delinquent: dpd > 0 };
}

describe.each(testDatabaseKinds())('recomputeDelinquency on %s', (kind) => {
  let handle: DatabaseHandle;
  let unitId: number;
  let customerId: number;
  let sequence = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const unitRows = await handle.db.execute(
      sql`insert into units (unit_code, name, level, path) values ('DQ-BR', 'Delinquency test branch', 'BRANCH', '/')
          returning id`,
    );
    unitId = Number((unitRows as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await handle.db.execute(sql`update units set path = ${`/${unitId}/`} where id = ${unitId}`);
    const customerRows = await handle.db.execute(
      sql`insert into customers (cif, name, customer_type) values ('DQ-CIF-1', 'Test Borrower', 'INDIVIDUAL')
          returning id`,
    );
    customerId = Number((customerRows as unknown as { rows: { id: number }[] }).rows[0]!.id);
  });

  afterAll(async () => {
    await handle?.close();
  });

  /** Accounts with stale derived columns (bucket B6, class NPA) and the given schedules. */
  async function insertAccounts(cases: { dues: Due[] }[]): Promise<number[]> {
    const ids: number[] = [];
    for (const c of cases) {
      sequence += 1;
      const result = await handle.db.execute(sql`
        insert into accounts (account_no, customer_id, unit_id, unit_path, product, loan_amount, emi_amount, tenure,
          disbursal_date, total_principal_outstanding, total_interest_outstanding, bucket, asset_class,
          delinquent_flag)
        values (${`DQ${kind}${sequence}`}, ${customerId}, ${unitId}, ${`/${unitId}/`}, 'PERSONAL', 100000, 1000, 12,
          '2024-01-01', 50000, 0, 'B6', 'NPA', true)
        returning id`);
      const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
      ids.push(id);
      for (const [index, due] of c.dues.entries()) {
        await handle.db.execute(sql`
          insert into dues (account_id, installment_no, due_date, amount_due, amount_paid)
          values (${id}, ${index + 1}, ${due.dueDate}, ${due.amountDue}, ${due.amountPaid})`);
      }
    }
    return ids;
  }

  /** The accounts as stored, with DPD as readers see it (`accounts.dpd`, derived from the business date). */
  async function derived(ids: number[], businessDate = BUSINESS_DATE) {
    await handle.db.execute(sql`
      insert into organisation (id, name, business_date) values (1, 'Delinquency test', ${businessDate}::date)
      on conflict (id) do update set business_date = excluded.business_date`);
    const result = await handle.db.execute(sql`
      select id, oldest_unpaid_due_date as oldest, accounts.dpd, bucket, asset_class as "assetClass",
             delinquent_flag as delinquent
      from accounts where id in ${ids} order by id`);
    return (
      result as unknown as {
        rows: {
          id: number;
          oldest: string | null;
          dpd: number;
          bucket: string;
          assetClass: string;
          delinquent: boolean;
        }[];
      }
    ).rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  it('agrees with computeDpd, bucketOf and assetClassOf at every boundary', async () => {
    const ids = await insertAccounts(CASES);
    const changed = await recomputeDelinquency(handle.db, BUSINESS_DATE);
    expect(changed).toBeGreaterThanOrEqual(CASES.length);
    const rows = await derived(ids);
    const table = rows.map((row, index) => ({ name: CASES[index]!.name, ...row }));
    for (const [index, row] of table.entries()) {
      const want = expected(CASES[index]!.dues, BUSINESS_DATE);
      expect({
        name: row.name,
        oldest: row.oldest,
        dpd: row.dpd,
        bucket: row.bucket,
        assetClass: row.assetClass,
        delinquent: row.delinquent,
      }).toEqual({
        name: CASES[index]!.name,
        ...want,
      });
    }
    // the boundaries land in the classes of domain reference §2.1
    const byName = new Map(table.map((row) => [row.name, row]));
    expect(byName.get('DPD 30')).toMatchObject({ dpd: 30, bucket: 'B1', assetClass: 'SMA-0' });
    expect(byName.get('DPD 31')).toMatchObject({ dpd: 31, bucket: 'B2', assetClass: 'SMA-1' });
    expect(byName.get('DPD 61')).toMatchObject({ dpd: 61, bucket: 'B3', assetClass: 'SMA-2' });
    expect(byName.get('DPD 90')).toMatchObject({ dpd: 90, bucket: 'B3', assetClass: 'SMA-2' });
    expect(byName.get('DPD 91')).toMatchObject({ dpd: 91, bucket: 'B4', assetClass: 'NPA' });
    expect(byName.get('DPD 181')).toMatchObject({ dpd: 181, bucket: 'B5', assetClass: 'NPA' });
    expect(byName.get('DPD 366')).toMatchObject({ dpd: 366, bucket: 'B6', assetClass: 'NPA' });
    expect(byName.get('due tomorrow, not yet due')).toMatchObject({ dpd: 0, bucket: 'CURRENT', oldest: null });
  });

  it('changes nothing when run again, and moves with the business date', async () => {
    expect(await recomputeDelinquency(handle.db, BUSINESS_DATE)).toBe(0);
    const ids = await insertAccounts(CASES);
    await recomputeDelinquency(handle.db, BUSINESS_DATE);
    const next = addDays(BUSINESS_DATE, 1);
    await recomputeDelinquency(handle.db, next);
    const rows = await derived(ids, next);
    for (const [index, row] of rows.entries()) {
      expect(row.dpd, CASES[index]!.name).toBe(expected(CASES[index]!.dues, next).dpd);
    }
    // RBI's worked example: due 31 Mar unpaid → SMA-1 at EOD 30 Apr, SMA-2 at EOD 30 May, NPA at EOD 29 Jun
    const [example] = await insertAccounts([
      { dues: [{ dueDate: '2026-03-31', amountDue: '500.00', amountPaid: '0' }] },
    ]);
    for (const [date, assetClass] of [
      ['2026-04-29', 'SMA-0'],
      ['2026-04-30', 'SMA-1'],
      ['2026-05-30', 'SMA-2'],
      ['2026-06-29', 'NPA'],
    ] as const) {
      await recomputeDelinquency(handle.db, date);
      const [row] = await derived([example!], date);
      expect({ date, assetClass: row!.assetClass }).toEqual({ date, assetClass });
    }
    await recomputeDelinquency(handle.db, BUSINESS_DATE);
  });

  it('agrees with the domain on random schedules (property)', async () => {
    const dueArbitrary = fc.record({
      offset: fc.integer({ min: -60, max: 800 }),
      amountDue: fc.integer({ min: 1, max: 100_000 }),
      paidShare: fc.constantFrom(0, 0.5, 1, 1.2),
    });
    const schedules = fc.sample(fc.array(dueArbitrary, { minLength: 0, maxLength: 6 }), {
      numRuns: 60,
      seed: 20260331,
    });
    const cases = schedules.map((schedule) => ({
      dues: schedule.map((d) => ({
        dueDate: addDays(BUSINESS_DATE, -d.offset),
        amountDue: d.amountDue.toFixed(2),
        amountPaid: (Math.floor(d.amountDue * d.paidShare * 100) / 100).toFixed(2),
      })),
    }));
    const ids = await insertAccounts(cases);
    await recomputeDelinquency(handle.db, BUSINESS_DATE);
    const rows = await derived(ids);
    for (const [index, row] of rows.entries()) {
      const want = expected(cases[index]!.dues, BUSINESS_DATE);
      expect({ oldest: row.oldest, dpd: row.dpd, bucket: row.bucket, assetClass: row.assetClass }).toEqual({
        oldest: want.oldest,
        dpd: want.dpd,
        bucket: want.bucket,
        assetClass: want.assetClass,
      });
    }
  });
});
