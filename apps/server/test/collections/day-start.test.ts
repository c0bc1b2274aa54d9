import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dues, escalations, ptps } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { fromCents, resolvePtp } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { jobResult } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createOrg,
  createPayment,
  createPtp,
  createStaff,
  errorOf,
  readAccount,
} from './factories.ts';

const day = (offset: number) => addDays(BUSINESS_DATE, offset);

type Scenario = {
  name: string;
  capturedOn: number;
  promisedOn: number;
  amount: string;
  payments: [number, string][];
};

// Named cases at the edges of the rule, then a deterministic spread of generated ones.
const NAMED: Scenario[] = [
  {
    name: 'paid in full before the promise',
    capturedOn: -3,
    promisedOn: 2,
    amount: '5000.00',
    payments: [[-1, '5000.00']],
  },
  {
    name: 'paid in two parts by grace end',
    capturedOn: -6,
    promisedOn: -2,
    amount: '5000.00',
    payments: [
      [-5, '2000.00'],
      [-1, '3000.00'],
    ],
  },
  { name: 'part paid, grace over', capturedOn: -6, promisedOn: -2, amount: '5000.00', payments: [[-3, '1000.00']] },
  { name: 'nothing paid, grace over', capturedOn: -6, promisedOn: -2, amount: '5000.00', payments: [] },
  { name: 'nothing paid, still in grace', capturedOn: -6, promisedOn: -1, amount: '5000.00', payments: [] },
  {
    name: 'paid before the capture only',
    capturedOn: -4,
    promisedOn: -3,
    amount: '700.50',
    payments: [[-5, '700.50']],
  },
  { name: 'paid after grace only', capturedOn: -9, promisedOn: -5, amount: '700.50', payments: [[-2, '700.50']] },
  { name: 'one paisa short', capturedOn: -9, promisedOn: -5, amount: '700.50', payments: [[-6, '700.49']] },
];

function generated(count: number): Scenario[] {
  let seed = 20260331;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: count }, (_, index) => {
    const capturedOn = -next(12);
    const promisedOn = capturedOn + next(10);
    const amountCents = 100 + next(900_000);
    const payments: [number, string][] = Array.from({ length: next(3) }, () => [
      capturedOn - 2 + next(14),
      fromCents(BigInt(next(amountCents + 50_000))),
    ]);
    return { name: `generated ${index}`, capturedOn, promisedOn, amount: fromCents(BigInt(amountCents)), payments };
  });
}

/** What resolvePtp says, from the payments of the PTP's window (capture date … promised date + grace). */
function expected(scenario: Scenario) {
  const windowEnd = day(scenario.promisedOn + 1);
  const paid = scenario.payments
    .filter(([on]) => day(on) >= day(scenario.capturedOn) && day(on) <= windowEnd)
    .reduce((sum, [, amount]) => sum + toCents(amount), 0n);
  const status = resolvePtp({
    promisedDate: day(scenario.promisedOn),
    promisedAmount: scenario.amount,
    amountPaid: fromCents(paid),
    businessDate: BUSINESS_DATE,
  });
  return { status, paid: fromCents(paid) };
}

describe.each(testDatabaseKinds())('collections day start (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('resolves open PTPs as resolvePtp does, escalates the broken ones, recomputes DPD, and is idempotent', async () => {
    const org = await createOrg(handle.db);
    const operator = await createStaff(handle.db, org.ho, ['DAY_START_COLL_SAUTH']);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const scenarios = [...NAMED, ...generated(40)];
    const created: { scenario: Scenario; ptpId: number; accountId: number }[] = [];
    for (const scenario of scenarios) {
      const account = await createAccount(handle.db, { unit: org.branch, dpd: 15, allocatedTo: telecaller });
      for (const [on, amount] of scenario.payments) await createPayment(handle.db, account.id, day(on), amount);
      const ptp = await createPtp(handle.db, {
        accountId: account.id,
        capturedBy: telecaller,
        unit: org.branch,
        capturedOn: day(scenario.capturedOn),
        promisedDate: day(scenario.promisedOn),
        amount: scenario.amount,
      });
      created.push({ scenario, ptpId: ptp.id, accountId: account.id });
    }
    // A settled instalment: the recompute brings this account back to DPD 0.
    const cured = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    await handle.db.update(dues).set({ amountPaid: '5000.00' }).where(eq(dues.accountId, cured.id));

    const api = await apiAs(t, operator, org.ho);
    const reply = await jobResult<{
      businessDate: string;
      accountsRecomputed: number;
      ptpsResolved: Record<string, number>;
      escalationsRaised: number;
    }>(t, api, await api.post('/api/collections/day-start', {}));

    const expectations = created.map((entry) => ({ ...entry, ...expected(entry.scenario) }));
    const tally = (status: string) => expectations.filter((entry) => entry.status === status).length;
    // (the reply also carries each step's rows and time, and the allocation and expiry counts: day-start-steps.test.ts)
    expect(reply).toMatchObject({
      businessDate: BUSINESS_DATE,
      accountsRecomputed: 1,
      ptpsResolved: { kept: tally('KEPT'), partial: tally('PARTIAL'), broken: tally('BROKEN') },
      escalationsRaised: tally('BROKEN'),
    });
    // The named cases cover every outcome.
    expect(expectations.slice(0, NAMED.length).map((entry) => entry.status)).toEqual([
      'KEPT',
      'KEPT',
      'PARTIAL',
      'BROKEN',
      'OPEN',
      'BROKEN',
      'BROKEN',
      'PARTIAL',
    ]);

    const rows = await handle.db
      .select()
      .from(ptps)
      .where(
        inArray(
          ptps.id,
          created.map((entry) => entry.ptpId),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const entry of expectations) {
      const row = byId.get(entry.ptpId)!;
      expect(row.status, entry.scenario.name).toBe(entry.status);
      if (entry.status !== 'OPEN') {
        expect(row, entry.scenario.name).toMatchObject({
          amountPaid: entry.paid,
          resolvedOn: BUSINESS_DATE,
          version: 2,
        });
      }
      const account = await readAccount(handle.db, entry.accountId);
      expect(account.brokenPtpCount, entry.scenario.name).toBe(entry.status === 'BROKEN' ? 1 : 0);
    }
    const raised = await handle.db
      .select()
      .from(escalations)
      .where(eq(escalations.reason, 'BROKEN_PTP'))
      .orderBy(asc(escalations.id));
    expect(raised.map((row) => row.ptpId).sort()).toEqual(
      expectations
        .filter((entry) => entry.status === 'BROKEN')
        .map((entry) => entry.ptpId)
        .sort(),
    );
    expect(
      raised.every((row) => row.status === 'OPEN' && row.raisedOn === BUSINESS_DATE && row.raisedByUserId === null),
    ).toBe(true);
    expect(await readAccount(handle.db, cured.id)).toMatchObject({ dpd: 0, bucket: 'CURRENT', delinquentFlag: false });

    // Each raised escalation waits for a supervisor of the subtree (raised by the system: no maker).
    const supervisor = await apiAs(t, await createStaff(handle.db, org.zone, ['ESCALATED_SAUTH']), org.zone);
    const decided = await supervisor.post(`/api/collections/escalations/${raised[0]!.id}/approve`, { version: 1 });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ escalationStatus: 'APPROVED', version: 2 });

    const [audit] = await auditRows(handle.db, { action: 'collections.day_start' });
    expect(audit).toMatchObject({ actorUserId: operator.id, after: reply });

    const again = await jobResult(t, api, await api.post('/api/collections/day-start'));
    expect(again).toMatchObject({
      businessDate: BUSINESS_DATE,
      accountsRecomputed: 0,
      ptpsResolved: { kept: 0, partial: 0, broken: 0 },
      escalationsRaised: 0,
    });
    expect(await handle.db.select().from(escalations).where(eq(escalations.reason, 'BROKEN_PTP'))).toHaveLength(
      raised.length,
    );
  });

  it('needs DAY_START_COLL_SAUTH and takes no body fields', async () => {
    const org = await createOrg(handle.db);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const refused = await (await apiAs(t, telecaller, org.branch)).post('/api/collections/day-start', {});
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    const operator = await createStaff(handle.db, org.ho, ['DAY_START_COLL_SAUTH']);
    const extra = await (
      await apiAs(t, operator, org.ho)
    ).post('/api/collections/day-start', { businessDate: '2030-01-01' });
    expect(extra.statusCode).toBe(400);
  });
});
