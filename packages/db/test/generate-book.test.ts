import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWithinCallingWindow } from '@recovery-desk/domain/collections/calling-window.ts';
import { DISPOSITIONS } from '@recovery-desk/domain/collections/dispositions.ts';
import { assetClassOf, bucketOf, computeDpd, type Bucket } from '@recovery-desk/domain/collections/dpd.ts';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import { ptpDeviationReasons, resolvePtp } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { INDIA_BOUNDS, INDIAN_MOBILE, PAN, PIN_CODE, VEHICLE_REGISTRATION, emi, emiSql } from '../src/book-sql.ts';
import type { DatabaseHandle } from '../src/client.ts';
import { HOLD_REASONS, SUPPRESSION_REASONS } from '../src/demo-book-data.ts';
import { BOOK_SHAPE, generateBook, type GenerateBookResult } from '../src/generate-book.ts';
import { seedDemoOrganisation } from '../src/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '../src/test-database.ts';

const BUSINESS_DATE = '2026-03-31';
const ACCOUNTS = 2000;

async function query<T>(handle: DatabaseHandle, statement: SQL | string): Promise<T[]> {
  const result = await handle.db.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
  return (result as unknown as { rows: T[] }).rows;
}
async function scalar(handle: DatabaseHandle, statement: string): Promise<number> {
  const [row] = await query<{ n: number | string }>(handle, statement);
  return Number(row?.n);
}

/** Orphans per foreign key of the whole database (the book is loaded with FK triggers off, so check them all). */
async function orphanedReferences(handle: DatabaseHandle): Promise<Record<string, number>> {
  const keys = await query<{ child: string; columns: string[]; parent: string; parent_columns: string[] }>(
    handle,
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_columns
     from pg_constraint c where c.contype = 'f'`,
  );
  expect(keys.length).toBeGreaterThan(30);
  const orphans: Record<string, number> = {};
  for (const key of keys) {
    const notNull = key.columns.map((column) => `ch.${column} is not null`).join(' and ');
    const match = key.columns.map((column, i) => `pa.${key.parent_columns[i]} = ch.${column}`).join(' and ');
    orphans[`${key.child}(${key.columns.join(',')}) → ${key.parent}`] = await scalar(
      handle,
      `select count(*)::int as n from ${key.child} ch where ${notNull}
         and not exists (select 1 from ${key.parent} pa where ${match})`,
    );
  }
  return orphans;
}

describe.each(testDatabaseKinds())('generateBook on %s', (kind) => {
  let handle: DatabaseHandle;
  let book: GenerateBookResult;
  const userIds = new Map<string, number>();
  const unitPaths = new Map<string, string>();

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: BUSINESS_DATE, accounts: 0 });
    book = await generateBook(handle.db, { accounts: ACCOUNTS, businessDate: BUSINESS_DATE, seed: 1 });
    for (const row of await query<{ id: number; username: string }>(handle, 'select id, username from users')) {
      userIds.set(row.username, Number(row.id));
    }
    for (const row of await query<{ unit_code: string; path: string }>(handle, 'select unit_code, path from units')) {
      unitPaths.set(row.unit_code, row.path);
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('loads the requested accounts and reports what it inserted', async () => {
    expect(book.accounts).toBe(ACCOUNTS);
    expect([book.firstAccountId, book.lastAccountId]).toEqual([1, ACCOUNTS]);
    // the schedules already agree with the set-based DPD recompute that runs last
    expect(book.recomputeChanged).toBe(0);
    for (const [table, inserted] of Object.entries(book.rows)) {
      if (table === 'payments' || table === 'reallocation_requests') continue;
      expect({ table, count: await scalar(handle, `select count(*)::int as n from ${table}`) }).toEqual({
        table,
        count: inserted,
      });
    }
    expect(await scalar(handle, 'select count(*)::int as n from payments')).toBe(book.rows.payments);
    expect(book.rows.customers).toBe(Math.round(ACCOUNTS * BOOK_SHAPE.customersPerAccount));
    for (const table of [
      'addresses',
      'contacts',
      'dues',
      'payments',
      'collaterals',
      'cheques',
      'follow_ups',
      'allocations',
      'ptps',
      'escalations',
      'account_restrictions',
    ]) {
      expect(book.rows[table], table).toBeGreaterThan(0);
    }
    expect(book.rows.reallocation_requests).toBe(3);
  });

  it('indexes the words of every customer name for the account search (a fast load skips the trigger)', async () => {
    const missing = await scalar(
      handle,
      `select count(*) as n from customers c
       where not exists (select 1 from customer_name_words w where w.customer_id = c.id)`,
    );
    expect(missing).toBe(0);
    const [sample] = await query<{ id: number; name: string }>(
      handle,
      'select id, name from customers order by id limit 1',
    );
    const words = await query<{ word: string }>(
      handle,
      `select word from customer_name_words where customer_id = ${Number(sample!.id)} order by word`,
    );
    expect(words.map((row) => row.word).sort()).toEqual(
      [
        ...new Set(
          sample!.name
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean),
        ),
      ].sort(),
    );
  });

  it('keeps every foreign key intact', async () => {
    const orphans = await orphanedReferences(handle);
    expect(Object.entries(orphans).filter(([, n]) => n > 0)).toEqual([]);
  });

  it('has the bucket mix of the domain reference, ~10% current and ~2% USD', async () => {
    const buckets = await query<{ bucket: Bucket; n: number }>(
      handle,
      'select bucket, count(*)::int as n from accounts group by bucket',
    );
    const count = (bucket: Bucket) => Number(buckets.find((b) => b.bucket === bucket)?.n ?? 0);
    const delinquent = ACCOUNTS - count('CURRENT');
    expect(count('CURRENT') / ACCOUNTS).toBeGreaterThan(0.07);
    expect(count('CURRENT') / ACCOUNTS).toBeLessThan(0.13);
    const mix: [Bucket, number, number][] = [
      ['B1', 0.55, 0.04],
      ['B2', 0.18, 0.03],
      ['B3', 0.1, 0.025],
      ['B4', 0.09, 0.025],
      ['B5', 0.05, 0.02],
      ['B6', 0.03, 0.015],
    ];
    for (const [bucket, share, tolerance] of mix) {
      expect(Math.abs(count(bucket) / delinquent - share), bucket).toBeLessThan(tolerance);
    }
    const usd = await scalar(handle, "select count(*)::int as n from accounts where currency = 'USD'");
    expect(usd / ACCOUNTS).toBeGreaterThan(0.008);
    expect(usd / ACCOUNTS).toBeLessThan(0.035);
    expect(await scalar(handle, "select count(*)::int as n from accounts where currency not in ('INR', 'USD')")).toBe(
      0,
    );
    // USD loans are NRI home, auto and personal loans with dollar-sized tickets
    const usdProducts = await query<{ product: string }>(
      handle,
      "select distinct product from accounts where currency = 'USD'",
    );
    for (const { product } of usdProducts) expect(['HOME', 'AUTO', 'PERSONAL']).toContain(product);
    expect(
      await scalar(handle, "select max(loan_amount)::float8 as n from accounts where currency = 'USD'"),
    ).toBeLessThan(200_000);
  });

  it('derives every DPD from the due schedule (oldest unpaid due = business date − DPD + 1)', async () => {
    const rows = await query<{
      id: number;
      dpd: number;
      bucket: string;
      asset_class: string;
      delinquent_flag: boolean;
      oldest: string | null;
      stored_oldest: string | null;
      next_due: string | null;
      unpaid: number;
    }>(
      handle,
      `select a.id, a.dpd, a.bucket, a.asset_class, a.delinquent_flag, a.oldest_unpaid_due_date as stored_oldest,
         (select min(d.due_date) from dues d where d.account_id = a.id and d.amount_paid < d.amount_due
            and d.due_date <= '${BUSINESS_DATE}') as oldest,
         (select min(d.due_date) from dues d where d.account_id = a.id and d.due_date > '${BUSINESS_DATE}') as next_due,
         (select count(*)::int from dues d where d.account_id = a.id) as unpaid
       from accounts a order by a.id`,
    );
    expect(rows).toHaveLength(ACCOUNTS);
    for (const row of rows) {
      const dpd = computeDpd(BUSINESS_DATE, row.oldest);
      const actual = [row.dpd, row.bucket, row.asset_class, row.delinquent_flag, row.stored_oldest];
      expect({ id: row.id, actual }).toEqual({
        id: row.id,
        actual: [dpd, bucketOf(dpd), assetClassOf(dpd), dpd > 0, row.oldest],
      });
      expect(Number(row.unpaid)).toBeGreaterThan(0);
    }
    // paid history: paid instalments are paid in full, before the business date, with a payment of each
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from dues where amount_paid >= amount_due
           and (paid_date is null or paid_date > '${BUSINESS_DATE}')`,
      ),
    ).toBe(0);
    expect(
      await scalar(handle, 'select count(*)::int as n from dues where amount_paid > 0 and amount_paid < amount_due'),
    ).toBeGreaterThan(50);
    const unmatched = await scalar(
      handle,
      `select count(*)::int as n from dues d where d.amount_paid > 0 and not exists (
         select 1 from payments p where p.account_id = d.account_id and p.paid_on = d.paid_date
           and p.amount = d.amount_paid)`,
    );
    expect(unmatched).toBe(0);
    const modes = await query<{ mode: string }>(handle, 'select distinct mode from payments order by mode');
    expect(modes.map((m) => m.mode)).toEqual(['CARD', 'CASH', 'CHEQUE', 'NACH', 'NEFT', 'UPI']);
  });

  it('has realistic products, ticket sizes and level EMIs', async () => {
    const products = await query<{
      product: string;
      n: number;
      median: number;
      min_emi_ratio: number;
      max_emi_ratio: number;
    }>(
      handle,
      `select product, count(*)::int as n,
         percentile_cont(0.5) within group (order by loan_amount::float8) as median,
         min(emi_amount * tenure / loan_amount)::float8 as min_emi_ratio,
         max(emi_amount * tenure / loan_amount)::float8 as max_emi_ratio
       from accounts where currency = 'INR' and tenure > 0 group by product
       union all
       select product, count(*)::int, percentile_cont(0.5) within group (order by loan_amount::float8), null, null
       from accounts where currency = 'INR' and tenure = 0 group by product`,
    );
    expect(products.map((p) => p.product).sort()).toEqual([...PRODUCTS].sort());
    const median = (product: string) => Number(products.find((p) => p.product === product)!.median);
    expect(median('AUTO')).toBeGreaterThan(500_000);
    expect(median('AUTO')).toBeLessThan(1_000_000);
    expect(median('TWO_WHEELER')).toBeGreaterThan(60_000);
    expect(median('TWO_WHEELER')).toBeLessThan(130_000);
    expect(median('HOME')).toBeGreaterThan(2_000_000);
    expect(median('PERSONAL')).toBeGreaterThan(80_000);
    expect(median('PERSONAL')).toBeLessThan(300_000);
    expect(median('CREDIT_CARD')).toBeGreaterThan(40_000);
    expect(median('MOBILE')).toBeLessThan(40_000);
    for (const product of products.filter((p) => p.min_emi_ratio !== null)) {
      // instalments repay at least the principal, and at most ~3x it (25-year home loans at 10%)
      expect(Number(product.min_emi_ratio), product.product).toBeGreaterThanOrEqual(0.99);
      expect(Number(product.max_emi_ratio), product.product).toBeLessThan(3);
    }
    // the SQL EMI formula of the generator is the TypeScript one
    for (const [principal, rate, months] of [
      [1_000_000, 8.5, 240],
      [500_000, 9, 60],
      [30_000, 0, 6],
      [75_000, 14.25, 24],
    ] as const) {
      const [row] = await query<{ emi: number }>(
        handle,
        `select ${emiSql(String(principal), String(rate), String(months), 'false')} as emi`,
      );
      expect(Number(row!.emi)).toBe(Math.round(emi(principal, rate, months)));
    }
    expect(
      await scalar(
        handle,
        "select count(*)::int as n from accounts where product = 'CREDIT_CARD' and card_no !~ '^[0-9]{6}X{6}[0-9]{4}$'",
      ),
    ).toBe(0);
    expect(await scalar(handle, 'select count(*)::int - count(distinct account_no)::int as n from accounts')).toBe(0);
  });

  it('has Indian customers: names, CIF, PAN, ages and time zones', async () => {
    const customers = await query<{
      name: string;
      cif: string;
      pan: string;
      customer_type: string;
      dob: string | null;
      time_zone: string;
    }>(handle, 'select name, cif, pan, customer_type, dob, time_zone from customers');
    for (const customer of customers) {
      expect(customer.pan, customer.name).toMatch(PAN);
      expect(customer.cif).toMatch(/^\d{10}$/);
      expect(customer.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      if (customer.customer_type === 'INDIVIDUAL') {
        expect(customer.pan[3]).toBe('P');
        const age = (Date.parse(BUSINESS_DATE) - Date.parse(customer.dob!)) / (365.25 * 86_400_000);
        expect(age).toBeGreaterThan(21);
        expect(age).toBeLessThan(66);
      } else {
        expect(customer.pan[3]).toBe('F');
      }
    }
    expect(new Set(customers.map((c) => c.cif)).size).toBe(customers.length);
    // NRI borrowers live abroad; everyone else in India
    const zones = await query<{ currency: string; time_zone: string }>(
      handle,
      `select distinct a.currency, c.time_zone from accounts a join customers c on c.id = a.customer_id
        where a.id = c.id`,
    );
    for (const zone of zones) {
      if (zone.currency === 'INR') expect(zone.time_zone).toBe('Asia/Kolkata');
      else expect(zone.time_zone).not.toBe('Asia/Kolkata');
    }
    // some customers hold more than one account (linked accounts)
    expect(
      await scalar(
        handle,
        'select count(*)::int as n from (select customer_id from accounts group by 1 having count(*) > 1) x',
      ),
    ).toBeGreaterThan(50);
  });

  it('has addresses in real Indian places near the branch, and valid contacts', async () => {
    const addresses = await query<{
      pin_code: string;
      latitude: number;
      longitude: number;
      city: string;
      state: string;
    }>(handle, 'select pin_code, latitude, longitude, city, state from addresses');
    for (const address of addresses) {
      expect(address.pin_code).toMatch(PIN_CODE);
      expect(address.latitude).toBeGreaterThan(INDIA_BOUNDS.minLat);
      expect(address.latitude).toBeLessThan(INDIA_BOUNDS.maxLat);
      expect(address.longitude).toBeGreaterThan(INDIA_BOUNDS.minLon);
      expect(address.longitude).toBeLessThan(INDIA_BOUNDS.maxLon);
    }
    // every customer has a primary residence within ~2 km of one of their branch city's localities
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from customers c where not exists (
           select 1 from addresses ad where ad.customer_id = c.id and ad.level = 'PRIMARY' and ad.address_type = 'RESIDENCE')`,
      ),
    ).toBe(0);
    const andheri = await query<{ city: string; lat: number; lon: number }>(
      handle,
      `select ad.city, avg(ad.latitude)::float8 as lat, avg(ad.longitude)::float8 as lon
         from addresses ad join accounts a on a.customer_id = ad.customer_id and a.id = ad.customer_id
         join units u on u.id = a.unit_id
        where u.unit_code = 'BR-AND' and ad.address_type = 'RESIDENCE' group by ad.city`,
    );
    expect(andheri.map((row) => row.city)).toEqual(['Mumbai']);
    expect(andheri[0]!.lat).toBeCloseTo(19.13, 1);
    expect(andheri[0]!.lon).toBeCloseTo(72.86, 1);

    const contacts = await query<{ contact_type: string; phone: string | null; email: string | null }>(
      handle,
      'select contact_type, phone, email from contacts',
    );
    for (const contact of contacts) {
      if (contact.contact_type === 'MOBILE') expect(contact.phone).toMatch(INDIAN_MOBILE);
      if (contact.contact_type === 'LANDLINE') expect(contact.phone).toMatch(/^0\d{10}$/);
      if (contact.contact_type === 'EMAIL') expect(contact.email).toMatch(/^[a-z0-9.]+@[a-z0-9.]+\.[a-z]+$/);
    }
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from customers c where not exists (
           select 1 from contacts ct where ct.customer_id = c.id and ct.contact_type = 'MOBILE' and ct.contact_category = 'SELF')`,
      ),
    ).toBe(0);
    expect(new Set(contacts.map((c) => c.contact_type))).toEqual(new Set(['MOBILE', 'EMAIL', 'LANDLINE']));
  });

  it('has collateral for vehicle, home and handset loans, and cheques with bounces', async () => {
    const missing = await scalar(
      handle,
      `select count(*)::int as n from accounts a where a.product in ('AUTO', 'TWO_WHEELER', 'HOME', 'MOBILE')
         and not exists (select 1 from collaterals c where c.account_id = a.id)`,
    );
    expect(missing).toBe(0);
    const vehicles = await query<{ registration_no: string; make_model: string }>(
      handle,
      "select registration_no, make_model from collaterals where collateral_type = 'VEHICLE'",
    );
    expect(vehicles.length).toBeGreaterThan(100);
    for (const vehicle of vehicles) {
      expect(vehicle.registration_no).toMatch(VEHICLE_REGISTRATION);
      expect(vehicle.make_model.length).toBeGreaterThan(3);
    }
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from collaterals c join accounts a on a.id = c.account_id
          where (a.product = 'HOME') <> (c.collateral_type = 'PROPERTY')`,
      ),
    ).toBe(0);
    expect(
      await scalar(handle, 'select count(*)::int as n from cheques where bounce_date is not null'),
    ).toBeGreaterThan(20);
    expect(await scalar(handle, 'select count(*)::int as n from cheques where bounce_date is null')).toBeGreaterThan(
      20,
    );
  });

  it('has follow-up histories with real dispositions, in the calling window, matching the account', async () => {
    const codes = new Set(DISPOSITIONS.map((d) => d.code));
    const followUps = await query<{
      account_id: number;
      disposition_code: string;
      contacted_at: string | Date;
      time_zone: string;
      contact_mode: string;
    }>(
      handle,
      `select f.account_id, f.disposition_code, f.contacted_at, c.time_zone, f.contact_mode
         from follow_ups f join accounts a on a.id = f.account_id join customers c on c.id = a.customer_id`,
    );
    expect(followUps.length).toBeGreaterThan(ACCOUNTS);
    const seen = new Set<string>();
    for (const followUp of followUps) {
      expect(codes.has(followUp.disposition_code), followUp.disposition_code).toBe(true);
      seen.add(followUp.disposition_code);
      const at = new Date(followUp.contacted_at);
      expect(isWithinCallingWindow(at, followUp.time_zone), `${at.toISOString()} ${followUp.time_zone}`).toBe(true);
      expect(at.getTime()).toBeLessThan(Date.parse(`${BUSINESS_DATE}T23:59:59+05:30`) + 86_400_000);
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(new Set(followUps.map((f) => f.contact_mode))).toEqual(
      new Set(['CALL', 'INBOUND', 'WHATSAPP', 'FIELD_VISIT']),
    );
    // the account's last-contact columns are its latest follow-up
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts a join lateral (
           select * from follow_ups f where f.account_id = a.id order by f.contacted_at desc limit 1) f on true
         where a.last_disposition is distinct from f.disposition_code
            or a.last_contacted_by_user_id is distinct from f.contacted_by_user_id
            or a.last_contacted_at is distinct from f.contacted_at
            or a.last_action_date is distinct from f.business_date`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        handle,
        'select count(*)::int as n from accounts a where a.last_contacted_at is not null and not exists (select 1 from follow_ups f where f.account_id = a.id)',
      ),
    ).toBe(0);
    // skip-trace accounts were last told wrong number or shifted; a wrong number is marked invalid
    expect(
      await scalar(
        handle,
        "select count(*)::int as n from accounts where in_skip_trace and last_disposition not in ('WN', 'SKIP')",
      ),
    ).toBe(0);
    expect(await scalar(handle, 'select count(*)::int as n from accounts where in_skip_trace')).toBeGreaterThan(10);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts a join contacts c on c.customer_id = a.customer_id
          where a.id = a.customer_id and a.last_disposition = 'WN' and c.contact_category = 'SELF'
            and c.contact_type = 'MOBILE' and c.is_valid`,
      ),
    ).toBe(0);
  });

  it('resolves PTPs as the domain does, with deviations computed by the policy', async () => {
    const ptps = await query<{
      id: number;
      status: string;
      promised_date: string;
      promised_amount: string;
      amount_paid: string;
      deviation_status: string;
      deviation_reasons: string[];
      bucket: Bucket;
      emi_amount: string;
      next_due: string | null;
    }>(
      handle,
      `select p.id, p.status, p.promised_date, p.promised_amount, p.amount_paid, p.deviation_status,
         p.deviation_reasons, a.bucket, a.emi_amount,
         (select min(d.due_date) from dues d where d.account_id = a.id and d.due_date > '${BUSINESS_DATE}') as next_due
       from ptps p join accounts a on a.id = p.account_id`,
    );
    const statuses = new Set(ptps.map((p) => p.status));
    expect(statuses).toEqual(new Set(['OPEN', 'KEPT', 'PARTIAL', 'BROKEN', 'CANCELLED']));
    for (const ptp of ptps) {
      if (ptp.status === 'CANCELLED') continue;
      const resolved = resolvePtp({
        promisedDate: ptp.promised_date,
        promisedAmount: ptp.promised_amount,
        amountPaid: ptp.amount_paid,
        businessDate: BUSINESS_DATE,
      });
      expect({ id: ptp.id, status: resolved }).toEqual({
        id: ptp.id,
        status: ptp.status,
      });
      if (ptp.status !== 'OPEN') continue;
      expect(ptp.promised_date > BUSINESS_DATE).toBe(true);
      const reasons = ptpDeviationReasons({
        businessDate: BUSINESS_DATE,
        promisedDate: ptp.promised_date,
        promisedAmount: ptp.promised_amount,
        bucket: ptp.bucket,
        emiAmount: ptp.emi_amount,
        nextDueDate: ptp.next_due,
      });
      expect({ id: ptp.id, reasons: ptp.deviation_reasons, status: ptp.deviation_status }).toEqual({
        id: ptp.id,
        reasons,
        status: reasons.length > 0 ? 'PENDING' : 'NONE',
      });
    }
    const open = ptps.filter((p) => p.status === 'OPEN');
    expect(open.filter((p) => p.deviation_status === 'PENDING').length).toBeGreaterThan(20);
    expect(open.filter((p) => p.deviation_status === 'NONE').length).toBeGreaterThan(50);
    expect(ptps.filter((p) => ['APPROVED', 'REJECTED'].includes(p.deviation_status)).length).toBeGreaterThan(5);
    // at most one open promise per account, and the account's next action is its date
    expect(
      await scalar(
        handle,
        "select count(*)::int as n from (select account_id from ptps where status = 'OPEN' group by 1 having count(*) > 1) x",
      ),
    ).toBe(0);
    expect(
      await scalar(
        handle,
        "select count(*)::int as n from ptps p join accounts a on a.id = p.account_id where p.status = 'OPEN' and a.next_action_date <> p.promised_date",
      ),
    ).toBe(0);
    expect(
      await scalar(
        handle,
        "select count(*)::int as n from accounts a where broken_ptp_count <> (select count(*) from ptps p where p.account_id = a.id and p.status = 'BROKEN')",
      ),
    ).toBe(0);
  });

  it('has escalations, holds and suppressions consistent with the accounts', async () => {
    const open = await query<{ reason: string; n: number }>(
      handle,
      "select reason, count(*)::int as n from escalations where status = 'OPEN' group by reason order by reason",
    );
    expect(open.map((row) => row.reason)).toEqual(['BROKEN_PTP', 'RTP']);
    expect(await scalar(handle, "select count(*)::int as n from escalations where status <> 'OPEN'")).toBeGreaterThan(
      10,
    );
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from escalations e where e.reason = 'BROKEN_PTP' and not exists (
           select 1 from ptps p where p.id = e.ptp_id and p.account_id = e.account_id and p.status = 'BROKEN')`,
      ),
    ).toBe(0);
    // the flags are the latest immutable START/END action of each kind
    for (const [flag, kind, reasons] of [
      ['is_on_hold', 'ALLOCATION_HOLD', HOLD_REASONS],
      ['is_suppressed', 'ACTIVITY_SUPPRESSION', SUPPRESSION_REASONS],
    ] as const) {
      expect(
        await scalar(
          handle,
          `select count(*)::int as n from accounts a where a.${flag} is distinct from coalesce((
             select r.action = 'START' from account_restrictions r where r.account_id = a.id and r.kind = '${kind}'
             order by r.created_at desc limit 1), false)`,
        ),
      ).toBe(0);
      expect(await scalar(handle, `select count(*)::int as n from accounts where ${flag}`)).toBeGreaterThan(10);
      const used = await query<{ reason: string }>(
        handle,
        `select distinct reason from account_restrictions where kind = '${kind}'`,
      );
      for (const { reason } of used) expect(reasons as readonly string[]).toContain(reason);
    }
    expect(
      await scalar(handle, "select count(*)::int as n from account_restrictions where action = 'END'"),
    ).toBeGreaterThan(0);
  });

  it('allocates most delinquent accounts to branch staff or zone agencies, with history', async () => {
    // exactly one open allocation row per allocated account, naming its current allocatee
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts a where (a.allocated_user_id is not null or a.allocated_agency_id is not null)
           <> exists (select 1 from allocations l where l.account_id = a.id and l.ended_at is null
                        and l.user_id is not distinct from a.allocated_user_id
                        and l.agency_id is not distinct from a.allocated_agency_id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        handle,
        'select count(*)::int as n from (select account_id from allocations where ended_at is null group by 1 having count(*) > 1) x',
      ),
    ).toBe(0);
    expect(
      await scalar(handle, 'select count(*)::int as n from allocations where ended_at is not null'),
    ).toBeGreaterThan(100);
    // users are allocated accounts of a unit they work in; agencies accounts of their zone
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts a where a.allocated_user_id is not null and not exists (
           select 1 from user_units uu where uu.user_id = a.allocated_user_id and uu.unit_id = a.unit_id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts a join agencies g on g.id = a.allocated_agency_id
           join units z on z.id = g.unit_id where a.unit_path not like z.path || '%'`,
      ),
    ).toBe(0);
    const delinquent = await scalar(handle, 'select count(*)::int as n from accounts where overdue_key > 0');
    const allocated = await scalar(
      handle,
      'select count(*)::int as n from accounts where overdue_key > 0 and (allocated_user_id is not null or allocated_agency_id is not null)',
    );
    expect(allocated / delinquent).toBeGreaterThan(0.7);
    expect(allocated / delinquent).toBeLessThan(0.95);
  });

  it('gives each demo persona work to see', async () => {
    const tc = userIds.get('tc.andheri')!;
    const buckets = await query<{ bucket: string }>(
      handle,
      `select distinct bucket from accounts where allocated_user_id = ${tc} and overdue_key > 0 and not is_suppressed order by 1`,
    );
    expect(buckets.map((b) => b.bucket)).toEqual(['B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts where allocated_user_id = ${tc} and overdue_key = 0`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts where allocated_user_id = ${userIds.get('tc.readonly')} and overdue_key > 0`,
      ),
    ).toBeGreaterThan(10);
    // mgr.mumbai's region: unallocated delinquent accounts not on hold (Manual allocation)
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts where unit_path like '${unitPaths.get('RG-MUM')}%' and overdue_key > 0
           and allocated_user_id is null and allocated_agency_id is null and not is_on_hold`,
      ),
    ).toBeGreaterThan(10);
    // appr.west: pending PTP deviations in the West zone
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from ptps p join accounts a on a.id = p.account_id
          where a.unit_path like '${unitPaths.get('ZN-W')}%' and p.deviation_status = 'PENDING' and p.status = 'OPEN'`,
      ),
    ).toBeGreaterThan(5);
    // fc.andheri: PTPs referred to them; mgr.andheri: open escalations; skip.mumbai: skip trace in the region
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from ptps where referred_to_user_id = ${userIds.get('fc.andheri')}`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from escalations e join accounts a on a.id = e.account_id
          where e.status = 'OPEN' and a.unit_path like '${unitPaths.get('BR-AND')}%'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from accounts where in_skip_trace and unit_path like '${unitPaths.get('RG-MUM')}%'`,
      ),
    ).toBeGreaterThan(0);
    // the re-allocation approval tray: requests by mgr.andheri waiting for another user
    expect(
      await scalar(
        handle,
        `select count(*)::int as n from reallocation_requests r where r.status = 'PENDING'
           and r.maker_user_id = ${userIds.get('mgr.andheri')} and r.maker_unit_path = '${unitPaths.get('BR-AND')}'
           and exists (select 1 from reallocation_request_accounts x where x.request_id = r.id)`,
      ),
    ).toBe(3);
    // every branch has accounts; every zone's agencies have work
    expect(await scalar(handle, 'select count(distinct unit_id)::int as n from accounts')).toBe(9);
    expect(await scalar(handle, 'select count(distinct allocated_agency_id)::int as n from accounts')).toBe(9);
  });

  it('appends a further book with unique account numbers, and is reproducible from its seed', async () => {
    const again = await generateBook(handle.db, { accounts: 300, businessDate: BUSINESS_DATE, seed: 1 });
    expect([again.firstAccountId, again.lastAccountId]).toEqual([ACCOUNTS + 1, ACCOUNTS + 300]);
    expect(again.recomputeChanged).toBe(0);
    expect(await scalar(handle, 'select count(*)::int as n from accounts')).toBe(ACCOUNTS + 300);
    expect(await scalar(handle, 'select count(*)::int - count(distinct account_no)::int as n from accounts')).toBe(0);
    expect(await scalar(handle, 'select count(*)::int - count(distinct cif)::int as n from customers')).toBe(0);
    expect(Object.entries(await orphanedReferences(handle)).filter(([, n]) => n > 0)).toEqual([]);

    // a fresh database with the same seed produces the same book; another seed another one
    const digest = async (h: DatabaseHandle, upTo: number) =>
      (
        await query<{ d: string }>(
          h,
          `select md5(string_agg(concat_ws('|', account_no, product, currency, loan_amount, emi_amount, accounts.dpd,
             customer_id, allocated_user_id is null, last_disposition, total_due_amount), ',' order by id)) as d
           from accounts where id <= ${upTo}`,
        )
      )[0]!.d;
    const same = await openTestDatabase(kind);
    try {
      await seedDemoOrganisation(same.db, { businessDate: BUSINESS_DATE, accounts: 0 });
      await generateBook(same.db, { accounts: ACCOUNTS, businessDate: BUSINESS_DATE, seed: 1 });
      expect(await digest(same, ACCOUNTS)).toBe(await digest(handle, ACCOUNTS));
    } finally {
      await same.close();
    }
    const different = await openTestDatabase(kind);
    try {
      await seedDemoOrganisation(different.db, { businessDate: BUSINESS_DATE, accounts: 0 });
      await generateBook(different.db, { accounts: ACCOUNTS, businessDate: BUSINESS_DATE, seed: 2 });
      expect(await digest(different, ACCOUNTS)).not.toBe(await digest(handle, ACCOUNTS));
    } finally {
      await different.close();
    }
  });

  it('refuses a bad business date or account count, and needs the demo organisation', async () => {
    await expect(generateBook(handle.db, { accounts: 10, businessDate: '2026-13-01' })).rejects.toThrow(
      /businessDate must be a date/,
    );
    await expect(generateBook(handle.db, { accounts: -1, businessDate: BUSINESS_DATE })).rejects.toThrow(/accounts/);
    const empty = await openTestDatabase(kind);
    try {
      await expect(generateBook(empty.db, { accounts: 10, businessDate: BUSINESS_DATE })).rejects.toThrow(
        /needs the demo organisation/,
      );
    } finally {
      await empty.close();
    }
  });
});
