import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { poolAccountSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { DEFAULT_LEGAL_POOL_RULE } from '@recovery-desk/domain/legal/pool-rule.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows } from '../factories.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  caseView,
  createBouncedCheque,
  createLegalStaff,
  createPoolAccount,
  DEFAULT_CLAIM_AMOUNT,
  OFFICER_AUTHORITIES,
  resetLegalSettings,
  setBusinessDate,
} from './factories.ts';
import { poolPageSchemaForTest } from './schemas.ts';

// The Legal Eligible Pool: the rule of Legal Settings as the pool's SQL and as the account's reasons (they must
// agree), the views, paging, and the two decisions on pool accounts (initiate, not fit for legal).

describe.each(testDatabaseKinds())('legal pool (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES), org.branch);
  });
  afterEach(async () => {
    await resetLegalSettings(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const poolPage = async (api: Api, query: string) => {
    const response = await api.get(`/api/legal/pool?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return poolPageSchemaForTest.parse(response.json());
  };
  const inPool = async (accountNo: string) =>
    (await poolPage(officer, `q=${accountNo}`)).data.some((row) => row.accountNo === accountNo);
  const reasonsOf = async (accountId: number) => {
    const response = await officer.get(`/api/legal/pool/accounts/${accountId}`);
    expect(response.statusCode, response.body).toBe(200);
    return poolAccountSchema.parse(response.json()).ineligibility;
  };
  const setAccount = (id: number, values: Partial<typeof accounts.$inferInsert>) =>
    handle.db.update(accounts).set(values).where(eq(accounts.id, id));
  const casesOf = async (accountId: number) =>
    queryRows<{ id: number; stage: string; status: string }>(
      handle.db,
      sql`select id, stage, status from cases where account_id = ${accountId} order by id`,
    );

  it('lists an account meeting the rule, with no reasons against it', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    expect(await inPool(account.accountNo)).toBe(true);
    expect(await reasonsOf(account.id)).toEqual([]);
    const page = await poolPage(officer, `q=${account.accountNo}`);
    expect(page.count).toBe(1);
    expect(page.data[0]).toMatchObject({
      accountId: account.id,
      assetClass: 'NPA',
      dpd: 120,
      totalAmountOverdue: '60000.00',
    });
  });

  it('leaves out each account the rule refuses, and names the reason (the SQL and the reasons agree)', async () => {
    await resetLegalSettings(handle.db, {
      ...DEFAULT_LEGAL_POOL_RULE,
      products: DEFAULT_LEGAL_POOL_RULE.products.filter((product) => product !== 'HOME'),
    });
    const cases: [string, () => Promise<{ id: number; accountNo: string }>][] = [
      [
        'PoolReasonAssetClass',
        async () => {
          const account = await createPoolAccount(handle.db, { unit: org.branch });
          await setAccount(account.id, { assetClass: 'SMA-2' });
          return account;
        },
      ],
      [
        'PoolReasonDpd',
        () =>
          createPoolAccount(handle.db, { unit: org.branch, dpd: 91 }).then(async (account) => {
            await setAccount(account.id, { oldestUnpaidDueDate: addDays(BUSINESS_DATE, -88) });
            return account;
          }),
      ],
      ['PoolReasonOverdue', () => createPoolAccount(handle.db, { unit: org.branch, totalDue: '4999.99' })],
      ['PoolReasonProduct', () => createPoolAccount(handle.db, { unit: org.branch, product: 'HOME' })],
      ['PoolReasonOnHold', () => createPoolAccount(handle.db, { unit: org.branch, isOnHold: true })],
      [
        'PoolReasonOpenCase',
        async () => {
          const account = await createPoolAccount(handle.db, { unit: org.branch });
          const response = await officer.post('/api/legal/pool/initiate', {
            accountIds: [account.id],
            caseType: 'CIVIL_SUIT',
          });
          expect(response.statusCode, response.body).toBe(200);
          return account;
        },
      ],
      [
        'PoolReasonRecentlyReviewed',
        async () => {
          const account = await createPoolAccount(handle.db, { unit: org.branch });
          const response = await officer.post('/api/legal/pool/decline', {
            accountIds: [account.id],
            remarks: 'Borrower deceased; no estate',
          });
          expect(response.statusCode, response.body).toBe(200);
          return account;
        },
      ],
    ];
    for (const [reason, make] of cases) {
      const account = await make();
      expect(await reasonsOf(account.id), reason).toEqual([reason]);
      expect(await inPool(account.accountNo), reason).toBe(false);
    }
  });

  it('keeps a declined account out for the cool-off days, then lists it again', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    const declined = await officer.post('/api/legal/pool/decline', {
      accountIds: [account.id],
      remarks: 'Not fit for legal: dispute under review',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [closed] = await casesOf(account.id);
    expect(closed).toMatchObject({ stage: 'POOL', status: 'Declined' });
    const view = await caseView(officer, declined.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId);
    expect(view.case.isClosed).toBe(true);
    expect(view.history.at(-1)).toMatchObject({
      action: 'decline',
      remarks: 'Not fit for legal: dispute under review',
    });

    // Declined on 31 March with a 90-day cool-off: back in the pool from 29 June.
    await setBusinessDate(handle.db, '2026-06-28');
    expect(await inPool(account.accountNo)).toBe(false);
    expect(await reasonsOf(account.id)).toEqual(['PoolReasonRecentlyReviewed']);
    await setBusinessDate(handle.db, '2026-06-29');
    expect(await inPool(account.accountNo)).toBe(true);
    expect(await reasonsOf(account.id)).toEqual([]);

    const missingRemarks = await officer.post('/api/legal/pool/decline', { accountIds: [account.id], remarks: ' ' });
    expect(missingRemarks.statusCode).toBe(400);
    expect(errorOf(missingRemarks).fields).toEqual(['remarks']);
  });

  it('answers 404 for another unit’s account, and lists only the acting unit’s subtree', async () => {
    const foreign = await createPoolAccount(handle.db, { unit: org.foreign });
    const sibling = await createPoolAccount(handle.db, { unit: org.sibling });
    expect(await inPool(foreign.accountNo)).toBe(false);
    expect((await officer.get(`/api/legal/pool/accounts/${foreign.id}`)).statusCode).toBe(404);
    expect((await officer.get(`/api/workflow/LEGAL/accounts/${foreign.id}/open-case`)).statusCode).toBe(404);

    // A zone officer sees both branches of the zone, not the other zone's.
    const zoneOfficer = await apiAs(t, await createLegalStaff(handle.db, org.zone, ['LEGAL_POOL_SAUTH']), org.zone);
    const zonePage = await poolPage(zoneOfficer, `q=${sibling.accountNo}`);
    expect(zonePage.data.map((row) => row.accountId)).toEqual([sibling.id]);
    expect((await poolPage(zoneOfficer, `q=${foreign.accountNo}`)).count).toBe(0);
  });

  it('shows My View (accounts allocated to me) and Team View (the default)', async () => {
    const own = await createOrg(handle.db);
    const user = await createLegalStaff(handle.db, own.branch, ['LEGAL_POOL_SAUTH']);
    const api = await apiAs(t, user, own.branch);
    const mine = await createPoolAccount(handle.db, { unit: own.branch, allocatedTo: user });
    const theirs = await createPoolAccount(handle.db, { unit: own.branch });
    const ids = (page: { data: { accountId: number }[] }) => page.data.map((row) => row.accountId).sort();
    expect(ids(await poolPage(api, 'view=my'))).toEqual([mine.id]);
    expect(ids(await poolPage(api, ''))).toEqual([mine.id, theirs.id].sort());
    expect(ids(await poolPage(api, 'view=team'))).toEqual([mine.id, theirs.id].sort());
  });

  it('pages by keyset with an exact count, and applies the tray filters on top of the rule', async () => {
    const own = await createOrg(handle.db);
    const api = await apiAs(t, await createLegalStaff(handle.db, own.branch, ['LEGAL_POOL_SAUTH']), own.branch);
    for (let i = 0; i < 12; i += 1) {
      await createPoolAccount(handle.db, {
        unit: own.branch,
        dpd: 100 + i,
        product: i % 2 === 0 ? 'AUTO' : 'PERSONAL',
      });
    }
    const first = await poolPage(api, 'pageSize=10');
    expect(first.count).toBe(12);
    expect(first.data.map((row) => row.dpd)).toEqual([111, 110, 109, 108, 107, 106, 105, 104, 103, 102]);
    const next = await poolPage(api, `pageSize=10&direction=next&cursor=${first.nextCursor}`);
    expect(next.data.map((row) => row.dpd)).toEqual([101, 100]);
    expect(next.nextCursor).toBeNull();
    const back = await poolPage(api, `pageSize=10&direction=prev&cursor=${next.prevCursor}`);
    expect(back.data.map((row) => row.dpd)).toEqual(first.data.map((row) => row.dpd));

    const filtered = await poolPage(api, 'dpdFrom=105&products=AUTO');
    expect(filtered.count).toBe(3);
    expect(filtered.data.map((row) => row.dpd)).toEqual([110, 108, 106]);
    const sorted = await poolPage(api, 'sort=dpd&order=asc&pageSize=10');
    expect(sorted.data[0]!.dpd).toBe(100);

    const badSort = await api.get('/api/legal/pool?sort=unknownColumn');
    expect(badSort.statusCode).toBe(400);
    expect(errorOf(badSort).fields).toEqual(['sort']);
    const badCursor = await api.get('/api/legal/pool?direction=next&cursor=bm9wZQ');
    expect(badCursor.statusCode).toBe(400);
    expect(errorOf(badCursor).fields).toEqual(['cursor']);
  });

  it('initiates cases at Initiate Legal, and the account’s open case is found by account', async () => {
    const first = await createPoolAccount(handle.db, { unit: org.branch });
    const second = await createPoolAccount(handle.db, { unit: org.branch });
    const response = await officer.post('/api/legal/pool/initiate', {
      accountIds: [first.id, second.id],
      caseType: 'CIVIL_SUIT',
      remarks: 'Recovery suit for the overdue loan',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { cases } = response.json<{ cases: { caseId: number; caseNo: string; accountId: number }[] }>();
    expect(cases.map((item) => item.accountId)).toEqual([first.id, second.id]);
    const view = await caseView(officer, cases[0]!.caseId);
    expect(view.case).toMatchObject({ stage: 'INITIATE', status: 'Initiated' });
    expect(view.case.fields).toEqual({
      caseType: 'CIVIL_SUIT',
      claimAmount: DEFAULT_CLAIM_AMOUNT,
      initiationNote: 'Recovery suit for the overdue loan',
    });
    expect(view.case.assignedName).toBe(officer.user.fullName);

    const open = await officer.get(`/api/workflow/LEGAL/accounts/${first.id}/open-case`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      caseId: cases[0]!.caseId,
      caseNo: cases[0]!.caseNo,
      stage: 'INITIATE',
      definitionVersion: 1,
    });
    const [audit] = await auditRows(handle.db, { action: 'legal.pool_initiate' });
    expect(audit).toBeDefined();

    const again = await officer.post('/api/legal/pool/initiate', { accountIds: [first.id], caseType: 'S138' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CASE_ALREADY_OPEN');
    expect(again.json()).toMatchObject({ accountNo: first.accountNo });
  });

  it('initiates all or nothing: one refused account creates no case', async () => {
    const good = await createPoolAccount(handle.db, { unit: org.branch });
    const low = await createPoolAccount(handle.db, { unit: org.branch, totalDue: '100.00' });
    const foreign = await createPoolAccount(handle.db, { unit: org.foreign });

    const notEligible = await officer.post('/api/legal/pool/initiate', {
      accountIds: [good.id, low.id],
      caseType: 'S138',
    });
    expect(notEligible.statusCode).toBe(409);
    expect(notEligible.json()).toMatchObject({
      error_code: 'NOT_ELIGIBLE',
      accountNo: low.accountNo,
      reasons: 'PoolReasonOverdue',
    });
    expect(errorOf(notEligible).detail).toContain(low.accountNo);

    const outOfScope = await officer.post('/api/legal/pool/initiate', {
      accountIds: [good.id, foreign.id],
      caseType: 'S138',
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(errorOf(outOfScope).detail).toContain(String(foreign.id));
    expect(outOfScope.json()).toMatchObject({ accountId: foreign.id });

    expect(await casesOf(good.id)).toEqual([]);
    expect(await inPool(good.accountNo)).toBe(true);

    const empty = await officer.post('/api/legal/pool/initiate', { accountIds: [], caseType: 'S138' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: [{ field: 'accountIds', message: 'please Select Id' }] });
    const badType = await officer.post('/api/legal/pool/initiate', { accountIds: [good.id], caseType: 'TORT' });
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).fields).toEqual(['caseType']);
  });

  it('prefills an S138 case from the latest bounced cheque', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    await createBouncedCheque(handle.db, account.id, {
      chequeNo: '111111',
      chequeDate: '2026-01-05',
      bounceDate: '2026-01-09',
      bounceReason: 'Account closed',
    });
    await createBouncedCheque(handle.db, account.id, { chequeNo: '654321', amount: '24500.00' });
    await createBouncedCheque(handle.db, account.id, { chequeNo: '777777', bounceDate: null, bounceReason: null });

    const detail = poolAccountSchema.parse((await officer.get(`/api/legal/pool/accounts/${account.id}`)).json());
    expect(detail.cheques.map((cheque) => cheque.chequeNo)).toEqual(['654321', '111111']);

    const response = await officer.post('/api/legal/pool/initiate', { accountIds: [account.id], caseType: 'S138' });
    expect(response.statusCode, response.body).toBe(200);
    const view = await caseView(officer, response.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId);
    expect(view.case.fields).toEqual({
      caseType: 'S138',
      claimAmount: DEFAULT_CLAIM_AMOUNT,
      chequeNumber: '654321',
      chequeDate: '2026-02-10',
      chequeAmount: '24500.00',
      drawerBank: 'State Bank of India',
      chequeReturnDate: '2026-02-20',
      bounceReason: 'FUNDS_INSUFFICIENT',
    });

    // A cheque number that is not 6 digits is left for the officer; an unknown reason becomes OTHER.
    const other = await createPoolAccount(handle.db, { unit: org.branch });
    await createBouncedCheque(handle.db, other.id, { chequeNo: '12345', bounceReason: 'Refer to drawer' });
    const second = await officer.post('/api/legal/pool/initiate', { accountIds: [other.id], caseType: 'S138' });
    const fields = (await caseView(officer, second.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId)).case
      .fields;
    expect(fields.chequeNumber).toBeUndefined();
    expect(fields.bounceReason).toBe('OTHER');
  });
});
