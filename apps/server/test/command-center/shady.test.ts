import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { shadyReplySchema, type ShadyReply } from '@recovery-desk/domain/command-center/shady-report.ts';
import { ALL_PLANTS } from '@recovery-desk/domain/command-center/simulator.ts';
import { apiAs, createOrg, createStaff, type Api, type Org } from '../collections/factories.ts';
import { ensureOrganisation, type TestUser } from '../factories.ts';
import { commandCenterSupervisor } from './supervisor.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { plantFieldDay, type FieldDay } from './field-day-fixture.ts';

// The shady transaction reports (issue 16, spec §2.6) on PGlite and PostgreSQL: a simulated day with every plant,
// made of real receipts, deposit batches and ingested positions, is listed by the TIME report with exactly its
// planted time-rule findings and by the LOCATION report with exactly its location ones; a clean day lists none;
// the filters and counts; another zone's supervisor sees none; bad input is a 400 naming the field.

const DAY = '2026-11-20';
const CLEAN_DAY = '2026-11-19';
const LATER = Date.parse('2026-11-23T12:00:00Z'); // past T+1 of both days

describe.each(testDatabaseKinds())('command center: shady transaction reports (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let collector: TestUser;
  let planted: FieldDay;
  let clean: FieldDay;
  let west: Api;

  const supervisor = (unit: Org['zone']) => commandCenterSupervisor(t, handle.db, unit);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { clock: new FakeClock(LATER) });
    org = await createOrg(handle.db);
    collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const collectorApi = await apiAs(t, collector, org.branch);
    const depositor = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['PAY_BATCH_GEN_SAUTH', 'PAY_BATCH_VIEWER_SAUTH']),
      org.branch,
    );
    const common = { branch: org.branch, collector, collectorApi, depositor };
    planted = await plantFieldDay(handle.db, { ...common, seed: `shady-${kind}`, date: DAY, plants: ALL_PLANTS });
    clean = await plantFieldDay(handle.db, { ...common, seed: `clean-${kind}`, date: CLEAN_DAY });
    west = await supervisor(org.zone);
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function report(query: string): Promise<ShadyReply> {
    const reply = await west.get(`/api/cmd-center/shady?${query}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return shadyReplySchema.parse(reply.json());
  }
  const found = (reply: ShadyReply) => reply.rows.map((row) => `${row.rule} ${row.receipt.receiptNo}`).sort();

  it('lists exactly the planted findings: time rules in TIME, location rules in LOCATION', async () => {
    expect(planted.expected.TIME.length).toBeGreaterThan(0);
    expect(planted.expected.LOCATION.length).toBeGreaterThan(0);
    const time = await report(`report=TIME&from=${DAY}&to=${DAY}&pageSize=100`);
    expect(found(time)).toEqual(planted.expected.TIME);
    const location = await report(`report=LOCATION&from=${DAY}&to=${DAY}&pageSize=100`);
    expect(found(location)).toEqual(planted.expected.LOCATION);

    const far = location.rows.find((row) => row.rule === 'FAR_FROM_CUSTOMER')!;
    expect(far.severity).toBe('RED');
    expect(far.basis).toBe('ARUKUS');
    expect(far.measured.distanceM).toBeGreaterThan(2000);
    expect(far.receipt.place).not.toBeNull();
    expect(far.customer.place).not.toBeNull();
    expect(far.collector.id).toBe(collector.id);
    expect(far.date).toBe(DAY);
    const undeposited = time.rows.find((row) => row.rule === 'CASH_NOT_DEPOSITED')!;
    expect(undeposited.severity).toBe('RED');
    expect(undeposited.receipt.depositedAt).toBeNull();
    expect(time.severityCounts.RED + time.severityCounts.AMBER + time.severityCounts.YELLOW).toBe(time.total);
  });

  it('lists nothing for a clean day', async () => {
    expect(clean.day.receipts.length).toBeGreaterThan(0);
    expect((await report(`report=TIME&from=${CLEAN_DAY}&to=${CLEAN_DAY}`)).rows).toEqual([]);
    expect((await report(`report=LOCATION&from=${CLEAN_DAY}&to=${CLEAN_DAY}`)).rows).toEqual([]);
  });

  it('filters by severity, rule and collector, pages, and counts before its own filter', async () => {
    const all = await report(`report=LOCATION&from=${CLEAN_DAY}&to=${DAY}&pageSize=100`);
    const red = await report(`report=LOCATION&from=${CLEAN_DAY}&to=${DAY}&severity=RED&pageSize=100`);
    expect(red.rows.every((row) => row.severity === 'RED')).toBe(true);
    expect(red.total).toBe(all.severityCounts.RED);
    expect(red.severityCounts).toEqual(all.severityCounts);
    const mock = await report(`report=LOCATION&from=${CLEAN_DAY}&to=${DAY}&rule=MOCK_LOCATION`);
    expect(mock.rows.map((row) => row.rule)).toEqual(mock.rows.map(() => 'MOCK_LOCATION'));
    expect(mock.total).toBe(all.ruleCounts.find((count) => count.rule === 'MOCK_LOCATION')!.count);
    const mine = await report(`report=LOCATION&from=${CLEAN_DAY}&to=${DAY}&userId=${collector.id}&pageSize=100`);
    expect(mine.total).toBe(all.total);
    const page2 = await report(`report=LOCATION&from=${CLEAN_DAY}&to=${DAY}&pageSize=10&page=2`);
    expect(page2.rows.map((row) => row.key)).toEqual(all.rows.slice(10, 20).map((row) => row.key));
  });

  it('exports the filtered findings as CSV with the rule and what was measured in words', async () => {
    const reply = await west.get(`/api/cmd-center/shady/export?report=LOCATION&from=${DAY}&to=${DAY}&format=csv`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.body).toContain('Receipt far from the customer');
    expect(reply.body).toMatch(/km from the customer’s address or visit/);
    const xlsx = await west.get(`/api/cmd-center/shady/export?report=TIME&from=${DAY}&to=${DAY}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
  });

  it('shows another zone’s supervisor none of them, and 404 for a collector of another unit', async () => {
    const other = await supervisor(org.foreign);
    const reply = await other.get(`/api/cmd-center/shady?report=LOCATION&from=${DAY}&to=${DAY}`);
    expect(reply.statusCode).toBe(200);
    expect(shadyReplySchema.parse(reply.json()).rows).toEqual([]);
    const one = await other.get(`/api/cmd-center/shady?report=LOCATION&from=${DAY}&to=${DAY}&userId=${collector.id}`);
    expect(one.statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad report, a bad date or a range over 31 days', async () => {
    const fields = async (query: string) => {
      const reply = await west.get(`/api/cmd-center/shady?${query}`);
      expect(reply.statusCode).toBe(400);
      return JSON.stringify(reply.json());
    };
    expect(await fields(`report=BOTH&from=${DAY}&to=${DAY}`)).toContain('report');
    expect(await fields(`report=TIME&from=20-11-2026&to=${DAY}`)).toContain('from');
    expect(await fields(`report=TIME&from=2026-10-01&to=${DAY}`)).toContain('to');
    expect(await fields(`report=TIME&from=${DAY}&to=${CLEAN_DAY}`)).toContain('to');
    expect(await fields(`report=TIME&from=${DAY}&to=${DAY}&severity=PINK`)).toContain('severity');
  });
});
