import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  accountSearchReplySchema,
  collectionsDashboardSchema,
  MAX_SAVED_VIEWS,
  menuCountsReplySchema,
  savedViewListSchema,
  type AccountSearchReply,
} from '@recovery-desk/domain/lists/contracts.ts';
import { BUSINESS_DATE, ensureOrganisation, uniqueName } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createContact,
  createCustomer,
  createEscalation,
  createOrg,
  createPayment,
  createPtp,
  createStaff,
  errorOf,
  type Api,
  type Org,
} from '../collections/factories.ts';
import {
  actOk,
  addCaseDocument,
  createLegalStaff,
  createPoolAccount,
  MANAGER_AUTHORITIES,
  OFFICER_AUTHORITIES,
} from '../legal/factories.ts';
import { customers, ptps } from '@recovery-desk/db/collections-schema.ts';
import { eq } from 'drizzle-orm';

// Staff list tools: saved views (per user and list, audited), the global account search (the acting unit's subtree
// only), the menu's pending-approval counts and the collections dashboard.

describe.each(testDatabaseKinds())('lists (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const del = (api: Api, url: string) => api.inject({ method: 'DELETE', url });
  const views = async (api: Api, listKey: string) => {
    const response = await api.get(`/api/lists/views?listKey=${listKey}`);
    expect(response.statusCode, response.body).toBe(200);
    return savedViewListSchema.parse(response.json()).views;
  };

  it('saved views: own rows per list, a name replaces (any case), delete own only, every change audited', async () => {
    const me = await apiAs(t, await createStaff(handle.db, org.branch, ['ESCALATED_SAUTH']), org.branch);
    const other = await apiAs(t, await createStaff(handle.db, org.branch, ['ESCALATED_SAUTH']), org.branch);

    const saved = await me.post('/api/lists/views', {
      listKey: 'escalcases',
      name: 'High DPD',
      params: [
        ['dpdFrom', '90'],
        ['view', 'team'],
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ id: number }>().id;
    await me.post('/api/lists/views', { listKey: 'telecaller', name: 'Mine', params: [['q', 'Ravi']] });
    await other.post('/api/lists/views', { listKey: 'escalcases', name: 'Theirs', params: [] });

    expect((await views(me, 'escalcases')).map((view) => [view.name, view.params])).toEqual([
      [
        'High DPD',
        [
          ['dpdFrom', '90'],
          ['view', 'team'],
        ],
      ],
    ]);
    expect((await views(other, 'escalcases')).map((view) => view.name)).toEqual(['Theirs']);

    // The same name in another case replaces the filters of that view.
    const replaced = await me.post('/api/lists/views', {
      listKey: 'escalcases',
      name: 'high dpd',
      params: [['dpdFrom', '120']],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<{ id: number }>().id).toBe(id);
    expect((await views(me, 'escalcases')).map((view) => [view.name, view.params])).toEqual([
      ['high dpd', [['dpdFrom', '120']]],
    ]);
    expect((await auditRows(handle.db, { action: 'lists.view.replace', entityId: id })).length).toBe(1);

    // Another user's view is not found; bad input names the field.
    expect((await del(other, `/api/lists/views/${id}`)).statusCode).toBe(404);
    const bad = await me.post('/api/lists/views', { listKey: 'bad key!', name: ' ', params: [] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(expect.arrayContaining(['listKey', 'name']));

    const removed = await del(me, `/api/lists/views/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await views(me, 'escalcases')).toEqual([]);
    expect((await auditRows(handle.db, { action: 'lists.view.save', entityId: id })).length).toBe(1);
    expect((await auditRows(handle.db, { action: 'lists.view.delete', entityId: id })).length).toBe(1);
    expect((await del(me, `/api/lists/views/${id}`)).statusCode).toBe(404);
  });

  it(`saved views: at most ${MAX_SAVED_VIEWS} per list, refused naming the name`, async () => {
    const me = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    for (let i = 0; i < MAX_SAVED_VIEWS; i += 1) {
      const response = await me.post('/api/lists/views', { listKey: 'skiptrace', name: `View ${i}`, params: [] });
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await me.post('/api/lists/views', { listKey: 'skiptrace', name: 'One more', params: [] });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).fields).toEqual(['name']);
    // Replacing an existing name is still allowed.
    expect((await me.post('/api/lists/views', { listKey: 'skiptrace', name: 'View 3', params: [] })).statusCode).toBe(
      200,
    );
  });

  describe('account search', () => {
    const search = async (api: Api, q: string): Promise<AccountSearchReply> => {
      const response = await api.get(`/api/search/accounts?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return accountSearchReplySchema.parse(response.json());
    };

    it('finds by account number prefix, name word prefix, phone and PAN, only in the acting unit’s subtree', async () => {
      const tag = uniqueName('')
        .replace(/[^a-z0-9]/gi, '')
        .slice(-6)
        .toLowerCase();
      const surname = `Zorawar${tag}`;
      const zoneLead = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
      const branchUser = await apiAs(t, await createStaff(handle.db, org.branch, ['ESCALATED_SAUTH']), org.branch);

      const inBranch = await createAccount(handle.db, {
        unit: org.branch,
        customerName: `Ravi ${surname}`,
        accountNo: `SRCH${tag.toUpperCase()}01`,
      });
      const inSibling = await createAccount(handle.db, {
        unit: org.sibling,
        customerName: `Meera ${surname}`,
        accountNo: `SRCH${tag.toUpperCase()}02`,
      });
      const inForeign = await createAccount(handle.db, {
        unit: org.foreign,
        customerName: `Ravi ${surname}`,
        accountNo: `SRCH${tag.toUpperCase()}03`,
      });
      const phone = `98${String(Date.now()).slice(-8)}`;
      await createContact(handle.db, inBranch.customerId, { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
      await createContact(handle.db, inForeign.customerId, { phone });
      const pan = `ZQ${tag
        .replace(/[^a-z]/g, 'x')
        .slice(0, 3)
        .toUpperCase()
        .padEnd(3, 'X')}1234K`;
      const panCustomer = await createCustomer(handle.db, { name: `Pan Holder ${tag}` });
      await handle.db.update(customers).set({ pan }).where(eq(customers.id, panCustomer.id));
      const panAccount = await createAccount(handle.db, { unit: org.sibling, customer: panCustomer });

      // Account number prefix: the zone sees its two branches, not the other zone's account.
      const byNumber = await search(zoneLead, `srch${tag}`);
      expect(byNumber.openTray).toBe('telecaller');
      expect(byNumber.hits.map((hit) => hit.accountId).sort()).toEqual([inBranch.id, inSibling.id].sort());
      expect(byNumber.hits.every((hit) => hit.matchedBy === 'accountNo')).toBe(true);

      // Name: every word is the prefix of a word of the name; any case.
      const byName = await search(zoneLead, surname.slice(0, 9).toUpperCase());
      expect(byName.hits.map((hit) => hit.accountId).sort()).toEqual([inBranch.id, inSibling.id].sort());
      const twoWords = await search(zoneLead, `rav ${surname.toLowerCase()}`);
      expect(twoWords.hits.map((hit) => hit.accountId)).toEqual([inBranch.id]);
      expect(twoWords.hits[0]).toMatchObject({ customerName: `Ravi ${surname}`, matchedBy: 'name' });

      // Phone: normalised (+91, spaces) and exact; the foreign customer with the same number is out of scope.
      const byPhone = await search(zoneLead, `0${phone}`);
      expect(byPhone.hits.map((hit) => [hit.accountId, hit.matchedBy])).toEqual([[inBranch.id, 'phone']]);
      expect((await search(zoneLead, phone.slice(0, 9))).hits).toEqual([]);

      // PAN: exact, any case; the reply masks it.
      const byPan = await search(zoneLead, pan.toLowerCase());
      expect(byPan.hits.map((hit) => [hit.accountId, hit.matchedBy, hit.maskedPan])).toEqual([
        [panAccount.id, 'pan', `XXXXXX${pan.slice(-4)}`],
      ]);

      // A branch user sees only the branch; the escalated cases tray opens the account view.
      const fromBranch = await search(branchUser, surname);
      expect(fromBranch.openTray).toBe('escalcases');
      expect(fromBranch.hits.map((hit) => hit.accountId)).toEqual([inBranch.id]);
      expect(fromBranch.hits[0]!.unitName).toBe(org.branch.name);
    });

    it('refuses without a collections tray with the account view, and a too short query names q', async () => {
      const legalOnly = await apiAs(t, await createLegalStaff(handle.db, org.branch, ['LEGAL_POOL_SAUTH']), org.branch);
      const refused = await legalOnly.get('/api/search/accounts?q=ravi');
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
      const collector = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
      const short = await collector.get('/api/search/accounts?q=r');
      expect(short.statusCode).toBe(400);
      expect(errorOf(short).fields).toEqual(['q']);
    });
  });

  it('menu counts: pending approvals of the trays the user holds, in the subtree, from the kit and legal stages', async () => {
    const local = await createOrg(handle.db);
    const supervisor = await apiAs(
      t,
      await createStaff(handle.db, local.zone, ['ESCALATED_SAUTH', 'TELECALLER_SAUTH']),
      local.zone,
    );
    const a1 = await createAccount(handle.db, { unit: local.branch });
    const a2 = await createAccount(handle.db, { unit: local.sibling });
    const a3 = await createAccount(handle.db, { unit: local.foreign });
    const a4 = await createAccount(handle.db, { unit: local.branch });
    await createEscalation(handle.db, { accountId: a1.id });
    await createEscalation(handle.db, { accountId: a2.id });
    await createEscalation(handle.db, { accountId: a3.id });
    await createEscalation(handle.db, { accountId: a4.id, status: 'REJECTED' });

    const counts = async (api: Api) => {
      const response = await api.get('/api/menu-counts');
      expect(response.statusCode, response.body).toBe(200);
      return menuCountsReplySchema.parse(response.json()).counts;
    };
    // Only the entries the user may open: escalated cases (2 pending in the zone), no legal, no PTP deviation.
    expect(await counts(supervisor)).toEqual({ escalcases: 2 });

    // A decision takes one away.
    const escalationsPage = await supervisor.get('/api/collections/trays/escalcases?view=team');
    const row = escalationsPage
      .json<{ data: { escalationId: number; accountId: number; version: number }[] }>()
      .data.find((item) => item.accountId === a1.id)!;
    const decided = await supervisor.post(`/api/collections/escalations/${row.escalationId}/approve`, {
      version: row.version,
      remarks: 'Agreed',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await counts(supervisor)).toEqual({ escalcases: 1 });

    // Legal: the filing approval tray counts cases waiting there in the manager's subtree.
    const officer = await apiAs(t, await createLegalStaff(handle.db, local.branch, OFFICER_AUTHORITIES), local.branch);
    const manager = await apiAs(t, await createLegalStaff(handle.db, local.branch, MANAGER_AUTHORITIES), local.branch);
    const before = await counts(manager);
    expect(before).toEqual({
      legalFilingApproval: 0,
      legalManager: 0,
      legalCourtCaseUpdateApproval: 0,
      legalWithDrawal: 0,
    });
    const account = await createPoolAccount(handle.db, { unit: local.branch });
    const initiated = await officer.post('/api/legal/pool/initiate', {
      accountIds: [account.id],
      caseType: 'CIVIL_SUIT',
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const caseId = initiated.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId;
    await addCaseDocument(officer, caseId, 'loanAgreement');
    await addCaseDocument(officer, caseId, 'statementOfAccount');
    await actOk(officer, caseId, 'recommend', { stage: 'FILING_APPROVAL', status: 'Recommended' });
    expect(await counts(manager)).toEqual({ ...before, legalFilingApproval: 1 });

    // A user who holds both sides counts only what they may decide: not the case they recommended themselves.
    const both = await apiAs(
      t,
      await createLegalStaff(handle.db, local.branch, [...new Set([...OFFICER_AUTHORITIES, ...MANAGER_AUTHORITIES])]),
      local.branch,
    );
    const own = await createPoolAccount(handle.db, { unit: local.branch });
    const ownInitiated = await both.post('/api/legal/pool/initiate', { accountIds: [own.id], caseType: 'CIVIL_SUIT' });
    expect(ownInitiated.statusCode, ownInitiated.body).toBe(200);
    const ownCaseId = ownInitiated.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId;
    await addCaseDocument(both, ownCaseId, 'loanAgreement');
    await addCaseDocument(both, ownCaseId, 'statementOfAccount');
    await actOk(both, ownCaseId, 'recommend', { stage: 'FILING_APPROVAL', status: 'Recommended' });
    expect(await counts(manager)).toEqual({ ...before, legalFilingApproval: 2 });
    expect((await counts(both)).legalFilingApproval).toBe(1);
  });

  it('collections dashboard: the subtree’s buckets, PTPs due and broken, pending approvals and recoveries', async () => {
    const local = await createOrg(handle.db);
    const lead = await apiAs(t, await createStaff(handle.db, local.zone, ['TELECALLER_SAUTH']), local.zone);
    const collector = await createStaff(handle.db, local.branch, ['TELECALLER_SAUTH']);
    const current = await createAccount(handle.db, { unit: local.branch, dpd: 0 });
    const b1 = await createAccount(handle.db, { unit: local.branch, dpd: 20, totalDue: '5000.00' });
    const b2 = await createAccount(handle.db, { unit: local.sibling, dpd: 45, totalDue: '7000.50' });
    const outside = await createAccount(handle.db, { unit: local.foreign, dpd: 45 });
    await createPtp(handle.db, {
      accountId: b1.id,
      capturedBy: collector,
      unit: local.branch,
      promisedDate: BUSINESS_DATE,
      amount: '1000.00',
    });
    const broken = await createPtp(handle.db, {
      accountId: b2.id,
      capturedBy: collector,
      unit: local.branch,
      promisedDate: '2026-03-10',
      amount: '1000.00',
      status: 'BROKEN',
    });
    await handle.db.update(ptps).set({ resolvedOn: '2026-03-11' }).where(eq(ptps.id, broken.id));
    await createPtp(handle.db, {
      accountId: outside.id,
      capturedBy: collector,
      unit: local.branch,
      promisedDate: BUSINESS_DATE,
      amount: '1000.00',
    });
    await createEscalation(handle.db, { accountId: b2.id });
    await createEscalation(handle.db, { accountId: outside.id });
    await createPayment(handle.db, current.id, '2026-03-05', '1500.00');
    await createPayment(handle.db, b1.id, '2026-03-31', '250.25');
    await createPayment(handle.db, b1.id, '2026-02-27', '999.00'); // last month
    await createPayment(handle.db, outside.id, '2026-03-05', '5000.00');

    const response = await lead.get('/api/collections/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const view = collectionsDashboardSchema.parse(response.json());
    expect(view.businessDate).toBe(BUSINESS_DATE);
    expect(view.totalAccounts).toBe(3);
    expect(view.buckets.map((item) => [item.bucket, item.accounts])).toEqual([
      ['CURRENT', 1],
      ['B1', 1],
      ['B2', 1],
      ['B3', 0],
      ['B4', 0],
      ['B5', 0],
      ['B6', 0],
    ]);
    expect(view.buckets[2]!.overdue).toEqual([{ currency: 'INR', amount: '7000.50' }]);
    expect(view.ptpsDueToday).toBe(1);
    expect(view.ptpsBrokenThisMonth).toBe(1);
    expect(view.pendingApprovals).toBe(1);
    expect(view.recoveriesThisMonth).toEqual([{ currency: 'INR', amount: '1750.25' }]);

    const legalOnly = await apiAs(t, await createLegalStaff(handle.db, local.zone, ['LEGAL_POOL_SAUTH']), local.zone);
    expect((await legalOnly.get('/api/collections/dashboard')).statusCode).toBe(403);
  });
});
