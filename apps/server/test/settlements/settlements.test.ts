import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { recomputeDelinquency } from '@recovery-desk/db/delinquency.ts';
import { organisation } from '@recovery-desk/db/schema.ts';
import { settlements } from '@recovery-desk/db/settlements-schema.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { minorToDecimal, splitWaiver } from '@recovery-desk/domain/settlements/arithmetic.ts';
import { settlementDetailSchema, type SettlementDetail } from '@recovery-desk/domain/settlements/contracts.ts';
import { apiAs, createAccount, createPayment, createStaff, errorOf, type Api } from '../collections/factories.ts';
import { BUSINESS_DATE, createUnit, ensureOrganisation, uniqueName, type TestUnit } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Settlements (issue 13) through the API on PGlite and PostgreSQL: the waiver split, the delegation matrix and the
// sanction / fraud rules, maker ≠ checker, pushback and resubmit, the letter, the schedule check (lapse and
// settle), scope and field refusals. The test account owes principal 150,000.00, interest 12,000.50 and charges
// 750.25 (162,750.75 in all).

const TOTAL = 16_275_075n;

type Org = { ho: TestUnit; zone: TestUnit; region: TestUnit; branch: TestUnit; foreign: TestUnit };

describe.each(testDatabaseKinds())('settlements (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let maker: Api;
  const checkers: Partial<Record<'ho' | 'zone' | 'region' | 'branch' | 'foreign', Api>> = {};

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    const ho = await createUnit(handle.db, { level: 'HO' });
    const zone = await createUnit(handle.db, { parent: ho, level: 'ZONE' });
    const region = await createUnit(handle.db, { parent: zone, level: 'REGION' });
    const branch = await createUnit(handle.db, { parent: region, level: 'BRANCH' });
    const otherZone = await createUnit(handle.db, { parent: ho, level: 'ZONE' });
    const foreign = await createUnit(handle.db, { parent: otherZone, level: 'BRANCH' });
    org = { ho, zone, region, branch, foreign };
    // The maker also holds the checker authority: the kit still refuses them their own request.
    const makerUser = await createStaff(handle.db, zone, [
      'SETTLE_INIT_SAUTH',
      'SETTLE_APP_SAUTH',
      'SETTLE_VIEWER_SAUTH',
    ]);
    maker = await apiAs(t, makerUser, zone);
    for (const key of ['ho', 'zone', 'region', 'branch'] as const) {
      const user = await createStaff(handle.db, org[key], ['SETTLE_APP_SAUTH', 'SETTLE_VIEWER_SAUTH']);
      checkers[key] = await apiAs(t, user, org[key]);
    }
    const foreignUser = await createStaff(handle.db, foreign, ['SETTLE_INIT_SAUTH', 'SETTLE_APP_SAUTH']);
    checkers.foreign = await apiAs(t, foreignUser, foreign);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const checker = (key: keyof typeof checkers) => checkers[key]!;

  async function account(options: { sanction?: string; fraud?: boolean; wilful?: boolean; unit?: TestUnit } = {}) {
    const created = await createAccount(handle.db, { unit: options.unit ?? org.branch, dpd: 120 });
    await handle.db
      .update(accounts)
      .set({
        sanctionLevel: options.sanction ?? 'OFFICER',
        isFraud: options.fraud ?? false,
        isWilfulDefaulter: options.wilful ?? false,
      })
      .where(eq(accounts.id, created.id));
    return created;
  }

  function initiate(api: Api, body: Record<string, unknown>, key: string | null = uniqueName('idem-key-')) {
    return api.inject({
      method: 'POST',
      url: '/api/settlements',
      payload: body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  }

  const terms = (accountId: number, payable: string, instalments?: { dueDate: string; amount: string }[]) => ({
    accountId,
    totalPayable: payable,
    partyName: 'Ravi Kumar',
    instalments: instalments ?? [{ dueDate: addDays(BUSINESS_DATE, 30), amount: payable }],
  });

  async function initiated(accountId: number, payable: string, instalments?: { dueDate: string; amount: string }[]) {
    const response = await initiate(maker, terms(accountId, payable, instalments));
    expect(response.statusCode, response.body).toBe(200);
    return settlementDetailSchema.parse(response.json());
  }

  const decide = (api: Api, s: SettlementDetail, decision: string, remarks?: string, version = s.version) =>
    api.post(`/api/settlements/${s.id}/${decision}`, { version, ...(remarks ? { remarks } : {}) });

  async function setBusinessDate(date: string) {
    await handle.db.update(organisation).set({ businessDate: date });
  }

  it('splits the waiver by component so the parts always sum to the totals (property, through the API)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: TOTAL }), async (payable) => {
        const created = await account();
        const detail = await initiated(created.id, minorToDecimal(payable));
        const [row] = await handle.db.select().from(settlements).where(eq(settlements.id, detail.id));
        const expected = splitWaiver({ principal: 15_000_000n, interest: 1_200_050n, charges: 75_025n }, payable);
        expect(row!.waiverPrincipalMinor + row!.waiverInterestMinor + row!.waiverChargesMinor).toBe(row!.waiverMinor);
        expect(row!.payableMinor + row!.waiverMinor).toBe(TOTAL);
        expect(row!.waiverMinor).toBe(expected.totalWaiver);
        expect(row!.waiverChargesMinor).toBe(expected.waiver.charges);
        // The reply's components add up too, in exact decimals.
        const sum = (c: { principal: string; interest: string; charges: string }) =>
          toCents(c.principal) + toCents(c.interest) + toCents(c.charges);
        expect(sum(detail.waiver)).toBe(toCents(detail.waiverAmount));
        expect(sum(detail.payable)).toBe(toCents(detail.totalPayable));
        expect(sum(detail.outstanding)).toBe(toCents(detail.amount));
      }),
      { numRuns: 12 },
    );
  });

  it('initiates once per Idempotency-Key: a replay answers the first reply, another body with the key a 422', async () => {
    const created = await account();
    const key = uniqueName('settle-key-');
    const body = terms(created.id, '155000.00');
    const replies = await Promise.all([initiate(maker, body, key), initiate(maker, body, key)]);
    const first = replies.find((reply) => reply.statusCode === 200)!;
    const replay = await initiate(maker, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.json().id);
    const rows = await handle.db.select().from(settlements).where(eq(settlements.accountId, created.id));
    expect(rows).toHaveLength(1);
    const reused = await initiate(maker, terms(created.id, '150000.00'), key);
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).fields).toEqual(['Idempotency-Key']);
  });

  it('asks the matrix level: a branch checker decides a small waiver, a region one a 20 % waiver', async () => {
    const small = await initiated((await account()).id, '155000.00'); // 4.76 %, 7,750.75
    expect(small).toMatchObject({
      status: 'PENDING_APPROVAL',
      requiredLevel: 1,
      approvalLevel: 1,
      waiverPercent: '4.77',
    });
    const approved = await decide(checker('branch'), small, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', stage: 'PAYMENT', approvedOn: BUSINESS_DATE });

    const twenty = await initiated((await account()).id, '130000.00'); // 20.12 %, 32,750.75
    expect(twenty).toMatchObject({ requiredLevel: 2, levelReason: 'MATRIX' });
    const low = await decide(checker('branch'), twenty, 'approve');
    expect(low.statusCode).toBe(403);
    expect(errorOf(low).code).toBe('AUTHORITY_MISSING');
    expect((await decide(checker('region'), twenty, 'approve')).statusCode).toBe(200);

    const half = await initiated((await account()).id, '80000.00'); // above 40 %: credit committee
    expect(half.requiredLevel).toBe(4);
    expect((await decide(checker('zone'), half, 'approve')).statusCode).toBe(403);
    expect((await decide(checker('ho'), half, 'approve')).statusCode).toBe(200);
    expect(await auditRows(handle.db, { action: 'collections.settlement.approve', entityId: half.id })).toHaveLength(1);
  });

  it('needs an approver one level above the sanctioning authority, and the board for fraud or wilful default', async () => {
    const sanctioned = await initiated((await account({ sanction: 'REGION' })).id, '155000.00');
    expect(sanctioned).toMatchObject({ requiredLevel: 3, levelReason: 'SANCTION' });
    expect(errorOf(await decide(checker('region'), sanctioned, 'approve')).code).toBe('AUTHORITY_MISSING');
    expect((await decide(checker('zone'), sanctioned, 'approve')).statusCode).toBe(200);

    for (const flags of [{ fraud: true }, { wilful: true }]) {
      const top = await initiated((await account(flags)).id, '160000.00');
      expect(top).toMatchObject({ requiredLevel: 5, levelReason: 'FRAUD_OR_WILFUL' });
      expect((await decide(checker('zone'), top, 'approve')).statusCode).toBe(403);
      expect((await decide(checker('ho'), top, 'approve')).statusCode).toBe(200);
    }
  });

  it('refuses the maker their own settlement, a second live settlement, and stale or decided versions', async () => {
    const created = await account();
    const s = await initiated(created.id, '155000.00');
    const self = await decide(maker, s, 'approve');
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');
    const second = await initiate(maker, terms(created.id, '150000.00'));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('NOT_ELIGIBLE');
    expect(errorOf(await decide(checker('zone'), s, 'approve', undefined, s.version + 5)).code).toBe('STALE_VERSION');
    const done = await decide(checker('zone'), s, 'reject', 'Borrower can pay more');
    expect(done.json()).toMatchObject({
      status: 'REJECTED',
      stage: 'CLOSED',
      decisionRemarks: 'Borrower can pay more',
    });
    expect(errorOf(await decide(checker('ho'), s, 'approve', undefined, s.version + 1)).code).toBe('ALREADY_DECIDED');
    // A rejected settlement is not live: the account may have a new one.
    expect((await initiate(maker, terms(created.id, '150000.00'))).statusCode).toBe(200);
  });

  it('pushes back to the maker with remarks; only the maker resubmits, at the level the new terms need; the letter follows approval', async () => {
    const s = await initiated((await account()).id, '155000.00');
    const noRemarks = await decide(checker('zone'), s, 'pushback');
    expect(noRemarks.statusCode).toBe(400);
    expect(errorOf(noRemarks).fields).toContain('remarks');
    const pushed = await decide(checker('zone'), s, 'pushback', 'Collect 10 % upfront');
    expect(pushed.statusCode, pushed.body).toBe(200);
    const back = settlementDetailSchema.parse(pushed.json());
    expect(back).toMatchObject({ status: 'PUSHBACK', decisionRemarks: 'Collect 10 % upfront' });

    const notLetter = await maker.get(`/api/settlements/screens/viewer/${s.id}/letter`);
    expect(notLetter.statusCode).toBe(409);

    const body = {
      version: back.version,
      totalPayable: '130000.00',
      partyName: 'Ravi Kumar',
      remarks: 'Upfront added',
      instalments: [
        { dueDate: addDays(BUSINESS_DATE, 1), amount: '16275.00' },
        { dueDate: addDays(BUSINESS_DATE, 120), amount: '113725.00' },
      ],
    };
    const other = await checker('zone').post(`/api/settlements/${s.id}/resubmit`, body);
    expect(other.statusCode).toBe(403);
    const resubmitted = await maker.post(`/api/settlements/${s.id}/resubmit`, body);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const again = settlementDetailSchema.parse(resubmitted.json());
    expect(again).toMatchObject({
      status: 'PENDING_APPROVAL',
      requiredLevel: 2,
      approvalLevel: 2,
      restructuring: true,
    });
    expect(again.instalments).toHaveLength(2);
    expect(again.history.map((step) => step.action)).toEqual(['REQUEST', 'PUSHBACK', 'RESUBMIT']);

    expect((await decide(checker('region'), again, 'approve')).statusCode).toBe(200);
    const letter = await checker('zone').get(`/api/settlements/screens/approval/${s.id}/letter`);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('tracks payments against the schedule: a fully paid settlement closes the account as settled and out of the trays', async () => {
    const created = await account();
    const s = await initiated(created.id, '150000.00', [
      { dueDate: addDays(BUSINESS_DATE, 10), amount: '50000.00' },
      { dueDate: addDays(BUSINESS_DATE, 40), amount: '100000.00' },
    ]);
    await decide(checker('zone'), s, 'approve');
    const [paying] = await handle.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(paying!.settlementStatus).toBe('ACTIVE');
    await createPayment(handle.db, created.id, BUSINESS_DATE, '50000.00');
    const part = settlementDetailSchema.parse((await maker.get(`/api/settlements/screens/viewer/${s.id}`)).json());
    expect(part.instalments.map((item) => item.status)).toEqual(['PAID', 'DUE']);
    // The account view's line: any user acting over the account reads it (a collector here), another unit gets 404.
    const collector = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    const summary = await collector.get(`/api/settlements/accounts/${created.id}/summary`);
    expect(summary.json()).toEqual({
      settlement: {
        id: s.id,
        status: 'APPROVED',
        stage: 'PAYMENT',
        currency: 'INR',
        totalPayable: '150000.00',
        received: '50000.00',
        restructuring: false,
        nextDue: { dueDate: addDays(BUSINESS_DATE, 40), amount: '100000.00' },
      },
    });
    expect((await checker('foreign').get(`/api/settlements/accounts/${created.id}/summary`)).statusCode).toBe(404);
    await createPayment(handle.db, created.id, BUSINESS_DATE, '100000.00');
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const settled = settlementDetailSchema.parse((await maker.get(`/api/settlements/screens/viewer/${s.id}`)).json());
    expect(settled.stage).toBe('SETTLED');
    const [closed] = await handle.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(closed).toMatchObject({ settlementStatus: 'SETTLED', oldestUnpaidDueDate: null, totalDueAmount: '0.00' });
    // A later day start does not make it overdue again from the waived dues.
    await recomputeDelinquency(handle.db, addDays(BUSINESS_DATE, 60));
    const [later] = await handle.db.select().from(accounts).where(eq(accounts.id, created.id));
    expect(later).toMatchObject({ bucket: 'CURRENT', oldestUnpaidDueDate: null });
    await recomputeDelinquency(handle.db, BUSINESS_DATE);
    expect(await auditRows(handle.db, { action: 'collections.settlement.settle', entityId: s.id })).toHaveLength(1);
    const again = await initiate(maker, terms(created.id, '100.00'));
    expect(errorOf(again).code).toBe('NOT_ELIGIBLE');
  });

  it('lapses a settlement whose instalment is unpaid past its grace, and the account returns to its full dues', async () => {
    const created = await account();
    const [before] = await handle.db.select().from(accounts).where(eq(accounts.id, created.id));
    const s = await initiated(created.id, '150000.00', [
      { dueDate: addDays(BUSINESS_DATE, 5), amount: '50000.00' },
      { dueDate: addDays(BUSINESS_DATE, 35), amount: '100000.00' },
    ]);
    await decide(checker('zone'), s, 'approve');
    await createPayment(handle.db, created.id, BUSINESS_DATE, '20000.00');
    try {
      await setBusinessDate(addDays(BUSINESS_DATE, 5 + t.config.settlementGraceDays));
      await t.app.jobs.schedule();
      await t.app.jobs.drain();
      const within = settlementDetailSchema.parse((await maker.get(`/api/settlements/screens/viewer/${s.id}`)).json());
      expect(within.stage).toBe('PAYMENT');
      expect(within.instalments[0]!.status).toBe('OVERDUE');
      await setBusinessDate(addDays(BUSINESS_DATE, 6 + t.config.settlementGraceDays));
      await t.app.jobs.schedule();
      await t.app.jobs.drain();
    } finally {
      await setBusinessDate(BUSINESS_DATE);
    }
    const lapsed = settlementDetailSchema.parse((await maker.get(`/api/settlements/screens/viewer/${s.id}`)).json());
    expect(lapsed).toMatchObject({ status: 'APPROVED', stage: 'LAPSED', received: '20000.00' });
    const [after] = await handle.db.select().from(accounts).where(eq(accounts.id, created.id));
    // Full dues: the settlement waived nothing (the payment was not posted to the dues here: receipts do that).
    expect(after).toMatchObject({
      settlementStatus: null,
      totalPrincipalOutstanding: before!.totalPrincipalOutstanding,
      totalInterestOutstanding: before!.totalInterestOutstanding,
      totalDueAmount: before!.totalDueAmount,
      oldestUnpaidDueDate: before!.oldestUnpaidDueDate,
    });
    expect(await auditRows(handle.db, { action: 'collections.settlement.lapse', entityId: s.id })).toHaveLength(1);
  });

  it('answers 404 for another unit’s accounts and settlements, and 400 naming each field', async () => {
    const mine = await initiated((await account()).id, '155000.00');
    const foreignAccount = await account({ unit: org.foreign });
    expect((await initiate(maker, terms(foreignAccount.id, '100.00'))).statusCode).toBe(404);
    expect((await checker('foreign').get(`/api/settlements/screens/approval/${mine.id}`)).statusCode).toBe(404);
    expect((await decide(checker('foreign'), mine, 'approve')).statusCode).toBe(404);
    expect((await checker('foreign').get(`/api/settlements/accounts/${mine.accountId}`)).statusCode).toBe(404);

    const target = (await account()).id;
    const tooMuch = await initiate(maker, terms(target, '999999.00'));
    expect(tooMuch.statusCode).toBe(400);
    expect(errorOf(tooMuch).fields).toEqual(['totalPayable']);
    const mismatch = await initiate(
      maker,
      terms(target, '100000.00', [{ dueDate: addDays(BUSINESS_DATE, 3), amount: '90000.00' }]),
    );
    expect(errorOf(mismatch).fields).toEqual(['instalments']);
    const past = await initiate(
      maker,
      terms(target, '100.00', [{ dueDate: addDays(BUSINESS_DATE, -1), amount: '100.00' }]),
    );
    expect(errorOf(past).fields).toEqual(['instalments.0.dueDate']);
    const noKey = await initiate(maker, terms(target, '100.00'), null);
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey).fields).toEqual(['Idempotency-Key']);
    const shape = await initiate(maker, { accountId: target, totalPayable: '1.234', partyName: '', instalments: [] });
    expect(shape.statusCode).toBe(400);
    expect(errorOf(shape).fields).toEqual(expect.arrayContaining(['totalPayable', 'partyName', 'instalments']));
    const rows = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(settlements)
      .where(eq(settlements.accountId, target));
    expect(rows[0]!.n).toBe(0);
  });

  it('lists each view with its counts on the three screens, with TAT and the overdue flag', async () => {
    const s = await initiated((await account()).id, '155000.00');
    // Requested a TAT and a day ago.
    await handle.db
      .update(settlements)
      .set({ createdAt: new Date(t.clock.now().getTime() - (t.config.settlementApprovalTatDays + 1) * 86_400_000) })
      .where(eq(settlements.id, s.id));
    const page = await checker('zone').get('/api/settlements/screens/approval?tab=pending&pageSize=100');
    expect(page.statusCode, page.body).toBe(200);
    const reply = page.json<{
      data: { id: number; overdue: boolean; tatDays: number }[];
      counts: Record<string, number>;
    }>();
    const row = reply.data.find((item) => item.id === s.id);
    expect(row).toMatchObject({ overdue: true });
    expect(row!.tatDays).toBeGreaterThan(t.config.settlementApprovalTatDays);
    expect(reply.counts.all).toBeGreaterThanOrEqual(reply.counts.pending! + reply.counts.approved!);
    expect((await maker.get('/api/settlements/screens/initiate?tab=pushback')).statusCode).toBe(200);
    // The menu counts what each checker can decide: the zone counts levels 1–3, the head office every level.
    const zoneCount = (await checker('zone').get('/api/menu-counts')).json<{ counts: Record<string, number> }>();
    const hoCount = (await checker('ho').get('/api/menu-counts')).json<{ counts: Record<string, number> }>();
    const [waiting] = await handle.db
      .select({
        low: sql<number>`count(*) filter (where required_level <= 3)::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(settlements)
      .where(eq(settlements.status, 'PENDING_APPROVAL'));
    expect(zoneCount.counts.settelmentApproval).toBe(waiting!.low);
    expect(hoCount.counts.settelmentApproval).toBe(waiting!.all);
    expect((await checker('branch').get('/api/settlements/screens/initiate')).statusCode).toBe(403);
  });
});
