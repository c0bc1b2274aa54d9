import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reallocationRequestAccounts, reallocationRequests } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  accountRowSchema,
  escalationRowSchema,
  ptpRowSchema,
  reallocationRequestRowSchema,
  trayPageSchema,
} from '@recovery-desk/domain/collections/contracts.ts';
import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { BUSINESS_DATE, ensureOrganisation, uniqueName } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createEscalation,
  createOrg,
  createPtp,
  createStaff,
  errorOf,
  type Api,
  type TestAccount,
} from './factories.ts';

type Page = {
  data: Record<string, unknown>[];
  count: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

const pageSchemas = {
  account: trayPageSchema(accountRowSchema),
  ptp: trayPageSchema(ptpRowSchema),
  escalation: trayPageSchema(escalationRowSchema),
  reallocationRequest: trayPageSchema(reallocationRequestRowSchema),
};
const ID_KEY = { account: 'accountId', ptp: 'ptpId', escalation: 'escalationId', reallocationRequest: 'requestId' };

describe.each(testDatabaseKinds())('collections trays (%s)', (kind) => {
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

  /** A tray page, checked against the contract's row schema of the tray. */
  async function page(api: Api, tray: string, query = ''): Promise<Page> {
    const response = await api.get(`/api/collections/trays/${tray}${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const rowKind = TRAYS.find((definition) => definition.key === tray)!.rowKind;
    pageSchemas[rowKind].parse(response.json());
    return response.json<Page>();
  }

  async function ids(api: Api, tray: string, query = ''): Promise<number[]> {
    const rowKind = TRAYS.find((definition) => definition.key === tray)!.rowKind;
    return (await page(api, tray, `pageSize=100&${query}`)).data.map((row) => row[ID_KEY[rowKind]] as number);
  }

  const idsOf = (...accounts: TestAccount[]) => accounts.map((account) => account.id);

  it('telecaller: My View is my delinquent, unsuppressed accounts; Team View is the acting unit and below', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const colleague = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const zoneLead = await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']);
    const mine40 = await createAccount(handle.db, { unit: org.branch, dpd: 40, allocatedTo: me });
    const mine5 = await createAccount(handle.db, { unit: org.branch, dpd: 5, allocatedTo: me });
    await createAccount(handle.db, { unit: org.branch, dpd: 0, allocatedTo: me });
    await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: me, isSuppressed: true });
    const theirs = await createAccount(handle.db, { unit: org.branch, dpd: 30, allocatedTo: colleague });
    const sibling = await createAccount(handle.db, { unit: org.sibling, dpd: 50 });
    // Allocated to me but owned by another zone's branch: outside every view of mine.
    await createAccount(handle.db, { unit: org.foreign, dpd: 60, allocatedTo: me });

    const api = await apiAs(t, me, org.branch);
    const my = await page(api, 'telecaller');
    expect(my.data.map((row) => row.accountId)).toEqual(idsOf(mine40, mine5));
    expect(my).toMatchObject({ count: 2, pageSize: 25, nextCursor: null, prevCursor: null });
    expect(my.data[0]).toMatchObject({
      accountNo: expect.any(String),
      dpd: 40,
      bucket: 'B2',
      assetClass: 'SMA-1',
      totalBalanceOutstanding: '162750.75',
      totalAmountOverdue: '5000.00',
      allocatedTo: me.fullName,
      unitCode: org.branch.code,
      currency: 'INR',
    });
    expect(await ids(api, 'telecaller', 'view=team')).toEqual(idsOf(mine40, theirs, mine5));

    const lead = await apiAs(t, zoneLead, org.zone);
    expect(await ids(lead, 'telecaller', 'view=team')).toEqual(idsOf(sibling, mine40, theirs, mine5));
    expect(await ids(lead, 'telecaller')).toEqual([]);
  });

  it('holds in each account tray the rows its definition says, with its search views', async () => {
    const org = await createOrg(handle.db);
    const manager = await createStaff(
      handle.db,
      org.branch,
      TRAYS.map((tray) => tray.authority),
    );
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const current = await createAccount(handle.db, { unit: org.branch, dpd: 0 });
    const unallocated = await createAccount(handle.db, { unit: org.branch, dpd: 15 });
    const allocated = await createAccount(handle.db, { unit: org.branch, dpd: 25, allocatedTo: collector });
    const heldUnallocated = await createAccount(handle.db, { unit: org.branch, dpd: 35, isOnHold: true });
    const heldAllocated = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 45,
      isOnHold: true,
      allocatedTo: collector,
    });
    const suppressed = await createAccount(handle.db, { unit: org.branch, dpd: 55, isSuppressed: true });
    const skipped = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 65,
      inSkipTrace: true,
      allocatedTo: collector,
    });
    const requested = await createAccount(handle.db, { unit: org.branch, dpd: 75, allocatedTo: collector });
    const [request] = await handle.db
      .insert(reallocationRequests)
      .values({
        reason: 'Rebalance',
        makerUserId: manager.id,
        makerUnitId: org.branch.id,
        makerUnitPath: org.branch.path,
        toUserId: collector.id,
      })
      .returning({ id: reallocationRequests.id });
    await handle.db.insert(reallocationRequestAccounts).values({ requestId: request!.id, accountId: requested.id });

    const api = await apiAs(t, manager, org.branch);
    const team = 'view=team';
    expect(await ids(api, 'nonDelinquentAccount', team)).toEqual(idsOf(current));
    expect(await ids(api, 'skiptrace', team)).toEqual(idsOf(skipped));
    expect(await ids(api, 'manualalloc', team)).toEqual(idsOf(suppressed, unallocated));
    // Allocated, not held, and not waiting in a pending re-allocation request.
    expect(await ids(api, 'manualrealloc', team)).toEqual(idsOf(skipped, allocated));
    expect(await ids(api, 'allocationHold', team)).toEqual(
      idsOf(requested, skipped, suppressed, allocated, unallocated),
    );
    expect(await ids(api, 'allocationHold', `${team}&searchView=onHold`)).toEqual(
      idsOf(heldAllocated, heldUnallocated),
    );
    expect(await ids(api, 'activitySuppressRemoval', team)).toEqual(idsOf(suppressed));
    expect(await ids(api, 'activitySuppressRemoval', `${team}&searchView=notSuppressed`)).toEqual(
      idsOf(requested, skipped, heldAllocated, heldUnallocated, allocated, unallocated, current),
    );
    expect(await ids(api, 'telecaller', team)).toEqual(
      idsOf(requested, skipped, heldAllocated, heldUnallocated, allocated, unallocated),
    );
    expect(await ids(api, 'manualReAllocListApproval', team)).toEqual([request!.id]);
    expect(await ids(api, 'manualReAllocListApproval', `${team}&searchView=approved`)).toEqual([]);
    // My View of requests: made by me.
    expect(await ids(api, 'manualReAllocListApproval')).toEqual([request!.id]);
    const row = (await page(api, 'manualReAllocListApproval', team)).data[0];
    expect(row).toMatchObject({
      accountCount: 1,
      accountNos: requested.accountNo,
      toName: collector.fullName,
      reason: 'Rebalance',
      maker: manager.fullName,
      makerUserId: manager.id,
      requestStatus: 'PENDING',
    });
  });

  it('holds escalations and PTPs by view, with My View as captured by, referred to or allocated to me', async () => {
    const org = await createOrg(handle.db);
    const authorities = TRAYS.map((tray) => tray.authority);
    const me = await createStaff(handle.db, org.branch, authorities);
    const other = await createStaff(handle.db, org.branch, authorities);
    const mineAccount = await createAccount(handle.db, { unit: org.branch, dpd: 40, allocatedTo: me });
    const otherAccount = await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: other });
    const foreignAccount = await createAccount(handle.db, { unit: org.foreign, dpd: 30, allocatedTo: me });

    const openMine = await createEscalation(handle.db, { accountId: mineAccount.id });
    const openOther = await createEscalation(handle.db, { accountId: otherAccount.id });
    const rejected = await createEscalation(handle.db, { accountId: otherAccount.id, status: 'REJECTED' });
    await createEscalation(handle.db, { accountId: foreignAccount.id });

    const base = { unit: org.branch, promisedDate: BUSINESS_DATE, amount: '5000.00' };
    const pending = await createPtp(handle.db, { ...base, accountId: mineAccount.id, capturedBy: me, deviation: true });
    const openOk = await createPtp(handle.db, { ...base, accountId: otherAccount.id, capturedBy: other });
    const broken = await createPtp(handle.db, {
      ...base,
      accountId: otherAccount.id,
      capturedBy: other,
      status: 'BROKEN',
    });
    const partial = await createPtp(handle.db, {
      ...base,
      accountId: mineAccount.id,
      capturedBy: me,
      status: 'PARTIAL',
    });
    const referred = await createPtp(handle.db, {
      ...base,
      accountId: otherAccount.id,
      capturedBy: other,
      status: 'BROKEN',
    });
    await handle.db.execute(sql`update ptps set referred_to_user_id = ${me.id} where id = ${referred.id}`);
    const approved = await createPtp(handle.db, {
      ...base,
      accountId: otherAccount.id,
      capturedBy: other,
      deviation: true,
    });
    await handle.db.execute(sql`update ptps set deviation_status = 'APPROVED' where id = ${approved.id}`);

    const api = await apiAs(t, me, org.branch);
    expect(await ids(api, 'escalcases', 'view=team')).toEqual([openMine.id, openOther.id]);
    expect(await ids(api, 'escalcases')).toEqual([openMine.id]);
    expect(await ids(api, 'escalcases', 'view=team&searchView=historicEscalation')).toEqual([rejected.id]);
    expect(await ids(api, 'ptpDeviation', 'view=team')).toEqual([pending.id]);
    expect(await ids(api, 'ptpDeviation', 'view=team&searchView=approved')).toEqual([approved.id]);
    expect(await ids(api, 'ptpDeviation', 'view=team&searchView=rejected')).toEqual([]);
    expect(await ids(api, 'ptpReferral', 'view=team&sort=promisedAmount')).toHaveLength(2);
    expect(new Set(await ids(api, 'ptpReferral', 'view=team'))).toEqual(new Set([broken.id, partial.id]));
    expect(await ids(api, 'ptpReferral')).toEqual([partial.id]);
    expect(new Set(await ids(api, 'ptpReferralAgent', 'view=team'))).toEqual(
      new Set([pending.id, openOk.id, approved.id]),
    );
    expect(await ids(api, 'ptpReferralAgent')).toEqual([pending.id]);
    expect(await ids(api, 'fieldCollectorPtpReferralList')).toEqual([referred.id]);
    const [escalationRow] = (await page(api, 'escalcases')).data;
    expect(escalationRow).toMatchObject({
      escalationReason: 'RTP',
      escalationStatus: 'OPEN',
      allocatedTo: me.fullName,
    });
    const [ptpRow] = (await page(api, 'fieldCollectorPtpReferralList')).data;
    expect(ptpRow).toMatchObject({ ptpStatus: 'BROKEN', capturedBy: other.fullName, referredTo: me.fullName });
  });

  it('filters by DPD, amount overdue, products and account number or customer name prefix', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const name = uniqueName('Ravindra');
    const a = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 10,
      allocatedTo: me,
      product: 'AUTO',
      totalDue: '1000.00',
      customerName: `${name} Kulkarni`,
    });
    const b = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 45,
      allocatedTo: me,
      product: 'HOME',
      totalDue: '25000.50',
    });
    const c = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 95,
      allocatedTo: me,
      product: 'MOBILE',
      totalDue: '800.00',
      accountNo: uniqueName('MOB-').toUpperCase(),
    });
    const dollars = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 30,
      allocatedTo: me,
      product: 'AUTO',
      totalDue: '5000.00',
      currency: 'USD',
    });
    const api = await apiAs(t, me, org.branch);

    expect(await ids(api, 'telecaller', 'dpdFrom=11&dpdTo=95')).toEqual(idsOf(c, b, dollars));
    expect(await ids(api, 'telecaller', 'dpdTo=45')).toEqual(idsOf(b, dollars, a));
    // Overdue bounds are in one currency (INR unless named): $5,000.00 is not among rupee amounts.
    expect(await ids(api, 'telecaller', 'overdueFrom=900&overdueTo=25000.50')).toEqual(idsOf(b, a));
    expect(await ids(api, 'telecaller', 'overdueFrom=900&overdueTo=25000.50&overdueCurrency=INR')).toEqual(idsOf(b, a));
    expect(await ids(api, 'telecaller', 'overdueFrom=900&overdueCurrency=USD')).toEqual(idsOf(dollars));
    expect(await ids(api, 'telecaller', 'products=AUTO,MOBILE')).toEqual(idsOf(c, dollars, a));
    expect(await ids(api, 'telecaller', `q=${name.toLowerCase()}`)).toEqual(idsOf(a));
    expect(await ids(api, 'telecaller', `q=${c.accountNo.slice(0, 6).toLowerCase()}`)).toEqual(idsOf(c));
    // Wildcards in q are literal.
    expect(await ids(api, 'telecaller', 'q=%25')).toEqual([]);
    expect((await page(api, 'telecaller', 'products=HOME&dpdFrom=40')).count).toBe(1);
  });

  it('sorts by a sortable column and refuses any other sort with 400 naming sort', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const a = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 10,
      allocatedTo: me,
      customerName: 'Zubin Irani',
      totalDue: '300.00',
      lastActionDate: '2026-03-01',
    });
    const b = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 20,
      allocatedTo: me,
      customerName: 'Anita Desai',
      totalDue: '900.00',
    });
    const c = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 30,
      allocatedTo: me,
      customerName: 'Meera Nair',
      totalDue: '600.00',
      lastActionDate: '2026-03-20',
    });
    const api = await apiAs(t, me, org.branch);

    expect(await ids(api, 'telecaller', 'sort=customerName')).toEqual(idsOf(b, c, a));
    expect(await ids(api, 'telecaller', 'sort=customerName&order=desc')).toEqual(idsOf(a, c, b));
    expect(await ids(api, 'telecaller', 'sort=totalAmountOverdue&order=desc')).toEqual(idsOf(b, c, a));
    expect(await ids(api, 'telecaller', 'sort=dpd&order=asc')).toEqual(idsOf(a, b, c));
    // No last action sorts before any date, ascending.
    expect(await ids(api, 'telecaller', 'sort=lastActionDate')).toEqual(idsOf(b, a, c));
    for (const sort of ['product', 'allocatedTo', 'nonsense']) {
      const response = await api.get(`/api/collections/trays/telecaller?sort=${sort}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', fields: ['sort'] });
      expect(errorOf(response).detail).toContain('accountNo');
    }
  });

  it('pages with keyset cursors: next and prev walk every row once, last agrees, the count is exact', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    // 23 accounts over 6 DPD values: ties are broken by id.
    for (let index = 0; index < 23; index += 1) {
      await createAccount(handle.db, { unit: org.branch, dpd: 10 + (index % 6), allocatedTo: me });
    }
    const api = await apiAs(t, me, org.branch);
    for (const sort of ['', 'sort=customerName', 'sort=totalBalanceOutstanding&order=desc']) {
      const all = await ids(api, 'telecaller', sort);
      expect(all).toHaveLength(23);

      const forward: number[] = [];
      let current = await page(api, 'telecaller', `pageSize=10&${sort}`);
      const firstPage = current.data.map((row) => row.accountId as number);
      expect(current.prevCursor).toBeNull();
      for (;;) {
        expect(current.count).toBe(23);
        forward.push(...current.data.map((row) => row.accountId as number));
        if (!current.nextCursor) break;
        current = await page(api, 'telecaller', `pageSize=10&${sort}&direction=next&cursor=${current.nextCursor}`);
      }
      expect(forward).toEqual(all);

      const last = await page(api, 'telecaller', `pageSize=10&${sort}&direction=last`);
      expect(last.nextCursor).toBeNull();
      expect(last.data.map((row) => row.accountId)).toEqual(all.slice(-10));
      const backward: number[] = [];
      current = last;
      for (;;) {
        backward.unshift(...current.data.map((row) => row.accountId as number));
        if (!current.prevCursor) break;
        current = await page(api, 'telecaller', `pageSize=10&${sort}&direction=prev&cursor=${current.prevCursor}`);
      }
      expect(backward).toEqual(all);

      // next then prev returns to the page before.
      const second = await page(
        api,
        'telecaller',
        `pageSize=10&${sort}&direction=next&cursor=${(await page(api, 'telecaller', `pageSize=10&${sort}`)).nextCursor}`,
      );
      const back = await page(api, 'telecaller', `pageSize=10&${sort}&direction=prev&cursor=${second.prevCursor}`);
      expect(back.data.map((row) => row.accountId)).toEqual(firstPage);
    }
  });

  it('sorts money within its currency (INR, then USD), also across keyset pages, and the cursor carries the currency', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    // $5,927.59 must not sit between ₹5,000 and ₹6,000 as if it were ₹5,927: 23 accounts, both currencies, ties too.
    const made: { currency: 'INR' | 'USD'; totalDue: string; id: number }[] = [];
    for (let index = 0; index < 23; index += 1) {
      const currency = index % 3 === 0 ? 'USD' : 'INR';
      const totalDue = `${5000 + ((index * 389) % 1500)}.${String(index % 4 === 0 ? 59 : 0).padStart(2, '0')}`;
      const account = await createAccount(handle.db, {
        unit: org.branch,
        dpd: 12,
        allocatedTo: me,
        currency,
        totalDue,
      });
      made.push({ currency, totalDue, id: account.id });
    }
    const api = await apiAs(t, me, org.branch);
    const expected = (order: 'asc' | 'desc') =>
      [...made]
        .sort(
          (x, y) =>
            x.currency.localeCompare(y.currency) ||
            (Number(x.totalDue) - Number(y.totalDue)) * (order === 'asc' ? 1 : -1) ||
            (y.id - x.id) * (order === 'asc' ? 1 : -1),
        )
        .map((entry) => entry.id);
    for (const column of ['totalAmountOverdue', 'totalBalanceOutstanding']) {
      for (const order of ['asc', 'desc'] as const) {
        const sort = `sort=${column}&order=${order}`;
        const all = await ids(api, 'telecaller', sort);
        const currencies = all.map((id) => made.find((entry) => entry.id === id)!.currency);
        expect(currencies, sort).toEqual([...currencies].sort());
        if (column === 'totalAmountOverdue') expect(all, sort).toEqual(expected(order));

        const forward: number[] = [];
        let current = await page(api, 'telecaller', `pageSize=10&${sort}`);
        for (;;) {
          forward.push(...current.data.map((row) => row.accountId as number));
          if (!current.nextCursor) break;
          const [, , key] = JSON.parse(Buffer.from(current.nextCursor, 'base64url').toString('utf8')) as string[];
          expect(key).toMatch(/^(INR|USD):\d+\.\d{2}$/);
          current = await page(api, 'telecaller', `pageSize=10&${sort}&direction=next&cursor=${current.nextCursor}`);
        }
        expect(forward, sort).toEqual(all);
        const backward: number[] = [];
        current = await page(api, 'telecaller', `pageSize=10&${sort}&direction=last`);
        for (;;) {
          backward.unshift(...current.data.map((row) => row.accountId as number));
          if (!current.prevCursor) break;
          current = await page(api, 'telecaller', `pageSize=10&${sort}&direction=prev&cursor=${current.prevCursor}`);
        }
        expect(backward, sort).toEqual(all);
      }
    }
    // A money cursor without its currency is refused.
    const forged = Buffer.from(JSON.stringify(['totalAmountOverdue', 'asc', '5000.00', 1])).toString('base64url');
    const refused = await api.get(
      `/api/collections/trays/telecaller?sort=totalAmountOverdue&direction=next&cursor=${forged}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual(['cursor']);
  });

  it('answers bad filters, views and cursors with 400 naming the field, never 500', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH', 'ESCALATED_SAUTH']);
    await createAccount(handle.db, { unit: org.branch, dpd: 10, allocatedTo: me });
    const api = await apiAs(t, me, org.branch);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: [string, string, string][] = [
      ['telecaller', 'dpdFrom=abc', 'dpdFrom'],
      ['telecaller', 'dpdFrom=50&dpdTo=10', 'dpdTo'],
      ['telecaller', 'overdueFrom=12.345', 'overdueFrom'],
      ['telecaller', 'overdueFrom=100&overdueTo=5', 'overdueTo'],
      ['telecaller', 'overdueFrom=100&overdueCurrency=EUR', 'overdueCurrency'],
      ['telecaller', 'products=AUTO,BOAT', 'products'],
      ['telecaller', 'pageSize=7', 'pageSize'],
      ['telecaller', 'view=everyone', 'view'],
      ['telecaller', 'order=up', 'order'],
      ['telecaller', 'direction=next', 'cursor'],
      ['telecaller', 'direction=sideways', 'direction'],
      ['telecaller', 'direction=next&cursor=not-a-cursor', 'cursor'],
      ['telecaller', `direction=next&cursor=${forged(['customerName', 'asc', 'x', 1])}`, 'cursor'],
      ['telecaller', `direction=next&cursor=${forged(['dpd', 'desc', '1; drop table accounts', 1])}`, 'cursor'],
      ['telecaller', `direction=prev&cursor=${forged(['dpd', 'desc', '10', -4])}`, 'cursor'],
      [
        'telecaller',
        `sort=lastActionDate&direction=next&cursor=${forged(['lastActionDate', 'asc', '2026-02-30', 4])}`,
        'cursor',
      ],
      ['telecaller', 'searchView=onHold', 'searchView'],
      ['escalcases', 'searchView=everything', 'searchView'],
      ['telecaller', `q=${'x'.repeat(61)}`, 'q'],
      ['telecaller', 'q=%00abc', 'q'],
    ];
    for (const [tray, query, field] of cases) {
      const response = await api.get(`/api/collections/trays/${tray}?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(errorOf(response).fields, query).toContain(field);
    }
  });

  it('needs the tray’s authority in the acting unit; an unknown tray is 404', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const api = await apiAs(t, me, org.branch);
    for (const tray of ['manualalloc', 'escalcases', 'ptpDeviation', 'manualReAllocListApproval']) {
      const response = await api.get(`/api/collections/trays/${tray}`);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
      expect((await api.get(`/api/collections/trays/${tray}/export?format=csv`)).statusCode).toBe(403);
    }
    expect((await api.get('/api/collections/trays/nope')).statusCode).toBe(404);
    const foreign = await api.inject({
      method: 'GET',
      url: '/api/collections/trays/telecaller',
      headers: { 'x-acting-unit': String(org.foreign.id) },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('exports the current view as RFC 4180 CSV with formula injection escaped, and audits it', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const evil = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 70,
      allocatedTo: me,
      customerName: '=HYPERLINK("http://x","y")',
    });
    const quoted = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 60,
      allocatedTo: me,
      customerName: 'Rao, "Junior"\nSr',
    });
    const formula = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 55,
      allocatedTo: me,
      customerName: '@SUM(A1)',
    });
    await createAccount(handle.db, { unit: org.branch, dpd: 5, allocatedTo: me });
    const api = await apiAs(t, me, org.branch);

    const response = await api.get('/api/collections/trays/telecaller/export?format=csv&dpdFrom=50');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="telecaller-${BUSINESS_DATE}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Delinquent account,Customer name,Product,DPD,DPD bucket,Credit card no,Currency,Total balance outstanding,' +
        'Total amount overdue,Last contacted by,Last action date,Next action date,Allocated to',
    );
    expect(lines[1]).toBe(
      `${evil.accountNo},"'=HYPERLINK(""http://x"",""y"")",Personal,70,61–90,,INR,162750.75,5000.00,,,,Test ${me.username}`,
    );
    expect(response.body).toContain(`${quoted.accountNo},"Rao, ""Junior""\nSr",Personal,60`);
    expect(response.body).toContain(`${formula.accountNo},'@SUM(A1),Personal,55`);
    expect(response.body.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(5);

    const [audit] = await auditRows(handle.db, { action: 'collections.export', entityId: 'telecaller' }).then((rows) =>
      rows.filter((row) => row.actorUserId === me.id),
    );
    expect(audit).toMatchObject({ actingUnitId: org.branch.id });
    expect(audit!.after).toMatchObject({ format: 'csv', rows: 3, view: 'my', filters: { dpdFrom: 50 } });
  });

  it('exports XLSX with the same header and escaped text cells', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, {
      unit: org.branch,
      dpd: 33,
      allocatedTo: me,
      customerName: '+91 danger',
    });
    const api = await apiAs(t, me, org.branch);
    const response = await api.get('/api/collections/trays/telecaller/export?format=xlsx&view=team');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="telecaller-${BUSINESS_DATE}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('telecaller')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Delinquent account');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      account.accountNo,
      "'+91 danger",
      'Personal',
      33,
      '31–60',
      undefined,
      'INR',
      162750.75,
      5000,
      undefined,
      undefined,
      undefined,
      me.fullName,
    ]);
    expect((await api.get('/api/collections/trays/telecaller/export?format=pdf')).statusCode).toBe(400);
  });

  it('refuses an export of more than 50,000 rows and asks to narrow the filters', async () => {
    const org = await createOrg(handle.db);
    const me = await createStaff(handle.db, org.branch, ['NON_DELINQ_ACC_SAUTH']);
    const seed = await createAccount(handle.db, { unit: org.branch, dpd: 0 });
    // 50,001 current accounts in one set-based statement (a copy of the seed account with new numbers).
    await handle.db.execute(sql`
      insert into accounts (account_no, customer_id, unit_id, unit_path, product, loan_amount, emi_amount, tenure,
        disbursal_date, total_principal_outstanding, total_interest_outstanding)
      select ${seed.accountNo} || '-' || n, customer_id, unit_id, unit_path, product, loan_amount, emi_amount, tenure,
        disbursal_date, total_principal_outstanding, total_interest_outstanding
      from accounts, generate_series(1, 50000) as n where id = ${seed.id}`);
    const api = await apiAs(t, me, org.branch);
    const response = await api.get('/api/collections/trays/nonDelinquentAccount/export?format=csv&view=team');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'EXPORT_TOO_LARGE' });
    expect(errorOf(response).detail).toMatch(/50001 rows.*Narrow the filters/);
    expect((await page(api, 'nonDelinquentAccount', 'view=team&pageSize=10')).count).toBe(50_001);
  });
});
