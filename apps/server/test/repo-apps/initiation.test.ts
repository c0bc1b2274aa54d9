import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { initiationCandidatesSchema, startCaseReplySchema } from '@recovery-desk/domain/repo/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { createOrg, errorOf, type Org } from '../collections/factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, caseView, createNpaAccount, type Api } from '../workflow/factories.ts';
import { createRepoStaff } from './factories.ts';

// Initiation of repossession and SARFAESI cases: the accounts that may start one, and starting it (the initial
// stage's authority, the acting unit's subtree, one open case per account and workflow).

describe.each(testDatabaseKinds())('repossession initiation (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['REPO_INITIATE_SAUTH']), org.branch);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('lists the accounts that may start a case and starts one, audited; a second start is refused', async () => {
    const account = await createNpaAccount(handle.db, org.branch, { product: 'AUTO', customerName: 'Rohan Kale' });
    const foreign = await createNpaAccount(handle.db, org.foreign, { product: 'AUTO' });
    const listed = await officer.get(`/api/repo/REPOSSESSION/candidates?q=${account.accountNo}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(initiationCandidatesSchema.parse(listed.json()).data).toEqual([
      expect.objectContaining({ accountId: account.id, customerName: 'Rohan Kale', product: 'AUTO', dpd: 120 }),
    ]);

    const started = await officer.post(`/api/repo/REPOSSESSION/accounts/${account.id}/cases`, {});
    expect(started.statusCode, started.body).toBe(200);
    const reply = startCaseReplySchema.parse(started.json());
    expect(reply.caseNo).toMatch(/^REP\/\d{4}\/\d{6}$/);
    const view = await caseView(officer, reply.caseId);
    expect(view.case).toMatchObject({ stage: 'RepoInitiate', definitionCode: 'REPOSSESSION' });
    expect(await auditRows(handle.db, { entityId: reply.caseId })).not.toHaveLength(0);

    // The account has an open case now: it is no candidate, and a second start is refused.
    const after = await officer.get(`/api/repo/REPOSSESSION/candidates?q=${account.accountNo}`);
    expect(initiationCandidatesSchema.parse(after.json()).data).toEqual([]);
    const again = await officer.post(`/api/repo/REPOSSESSION/accounts/${account.id}/cases`, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CASE_ALREADY_OPEN');

    // Another zone's account is not found.
    const outside = await officer.post(`/api/repo/REPOSSESSION/accounts/${foreign.id}/cases`, {});
    expect(outside.statusCode).toBe(404);
  });

  it('pages the candidates, most overdue first, with their bucket and the amount overdue', async () => {
    // An organisation of its own: its branch holds only these accounts.
    const own = await createOrg(handle.db);
    const pager = await apiAs(t, await createRepoStaff(handle.db, own.branch, ['REPO_INITIATE_SAUTH']), own.branch);
    const oldest = await createNpaAccount(handle.db, own.branch, {
      dpd: 200,
      customerName: 'Savita Deshpande',
      currency: 'USD',
      totalDue: '1800.50',
    });
    const middle = await createNpaAccount(handle.db, own.branch, { dpd: 95, customerName: 'Anil Deshmukh' });
    const recent = await createNpaAccount(handle.db, own.branch, { dpd: 12, customerName: 'Farah Deshpande' });
    await createNpaAccount(handle.db, own.branch, { dpd: 0, customerName: 'Current Deshpande' });
    const page = async (query: string) => {
      const reply = await pager.get(`/api/repo/REPOSSESSION/candidates?${query}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return initiationCandidatesSchema.parse(reply.json());
    };

    const first = await page('limit=2');
    expect(first.hasMore).toBe(true);
    expect(first.data).toEqual([
      {
        accountId: oldest.id,
        accountNo: oldest.accountNo,
        customerName: 'Savita Deshpande',
        product: 'PERSONAL',
        dpd: 200,
        bucket: 'B5',
        currency: 'USD',
        totalAmountOverdue: '1800.50',
        unitCode: expect.any(String),
      },
      expect.objectContaining({ accountId: middle.id, dpd: 95, bucket: 'B4', currency: 'INR' }),
    ]);
    expect(first.data[1]?.totalAmountOverdue).toBe('25000.00');
    const second = await page('limit=2&page=2');
    expect(second).toEqual({ data: [expect.objectContaining({ accountId: recent.id, bucket: 'B1' })], hasMore: false });
    expect(await page('limit=2&page=3')).toEqual({ data: [], hasMore: false });

    // The search: part of the customer's name (an account not past due is never a candidate), or the number's start.
    const byName = await page('q=deshpande');
    expect(byName.data.map((row) => row.accountId)).toEqual([oldest.id, recent.id]);
    expect(byName.hasMore).toBe(false);
    const byNumber = await page(`q=${middle.accountNo.slice(0, -1)}`);
    expect(byNumber.data.map((row) => row.accountId)).toContain(middle.id);

    expect((await pager.get('/api/repo/REPOSSESSION/candidates?page=0')).statusCode).toBe(400);
    expect((await pager.get('/api/repo/REPOSSESSION/candidates?limit=101')).statusCode).toBe(400);
  });

  it('needs the initial stage’s authority of that workflow', async () => {
    const account = await createNpaAccount(handle.db, org.branch, { product: 'HOME' });
    const sarfaesi = await officer.post(`/api/repo/SARFAESI/accounts/${account.id}/cases`, {});
    expect(sarfaesi.statusCode).toBe(403);
    expect(errorOf(sarfaesi).code).toBe('AUTHORITY_MISSING');
    expect((await officer.get('/api/repo/SARFAESI/candidates')).statusCode).toBe(403);
  });
});
