import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { linkedAccountsSchema } from '@recovery-desk/domain/repo/contracts.ts';
import { createAccount, createCustomer, createOrg, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs } from '../workflow/factories.ts';
import { createRepoStaff, startCase } from '../secured-assets/factories.ts';

// Linked Account Details (/Repo/linkLanVueAccount/account/{accountid}, Link_Lan_AccDtl_SAUTH): the borrower's loan
// accounts in the acting unit's subtree with their exposure and open cases; those in other units only counted.

const LINKED = { authorities: ['Link_Lan_AccDtl_SAUTH', 'REPO_INITIATE_SAUTH'] };

describe.each(testDatabaseKinds())('linked accounts (%s)', (kind) => {
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

  it("lists the borrower's accounts in the subtree with their exposure and open cases; others are counted", async () => {
    const customer = await createCustomer(handle.db, { name: 'Sunil Pawar' });
    const auto = await createAccount(handle.db, {
      unit: org.branch,
      customer,
      product: 'AUTO',
      dpd: 120,
      principal: '400000.00',
      totalDue: '45000.00',
      accountNo: 'LNAUTO0000001',
    });
    await createAccount(handle.db, {
      unit: org.sibling,
      customer,
      product: 'PERSONAL',
      dpd: 0,
      principal: '90000.00',
      accountNo: 'LNPERS0000002',
    });
    await createAccount(handle.db, { unit: org.foreign, customer, product: 'HOME', dpd: 30 });
    await createAccount(handle.db, { unit: org.branch, product: 'AUTO', dpd: 60 }); // another borrower

    const officer = await createRepoStaff(handle.db, org.zone, LINKED);
    const { caseNo } = await startCase(t, officer, org.zone, 'REPOSSESSION', auto.id);
    const api = await apiAs(t, officer, org.zone);

    const response = await api.get(`/api/repo/accounts/${auto.id}/linked`);
    expect(response.statusCode, response.body).toBe(200);
    const linked = linkedAccountsSchema.parse(response.json());
    expect(linked).toMatchObject({ accountId: auto.id, customerName: 'Sunil Pawar', outsideScope: 1 });
    // Outstanding: principal + 12,000.50 interest + 750.25 charges (the test book's).
    expect(linked.accounts.map((a) => [a.accountNo, a.product, a.dpd, a.totalOutstanding, a.isThisAccount])).toEqual([
      ['LNAUTO0000001', 'AUTO', 120, '412750.75', true],
      ['LNPERS0000002', 'PERSONAL', 0, '102750.75', false],
    ]);
    expect(linked.accounts[0]!.openCases).toEqual([
      {
        caseId: expect.any(Number),
        caseNo,
        definitionCode: 'REPOSSESSION',
        stage: 'RepoInitiate',
        stageLabelKey: 'RepossessionInitiate',
        routeSlug: 'repoRepoInitiate',
      },
    ]);
    expect(linked.accounts[1]!.openCases).toEqual([]);
    expect(linked.exposure).toEqual([
      { currency: 'INR', accounts: 2, totalOutstanding: '515501.50', totalDue: '45000.00' },
    ]);

    // Seen from the branch, the sibling branch's account is outside the subtree.
    const branchApi = await apiAs(t, await createRepoStaff(handle.db, org.branch, LINKED), org.branch);
    const fromBranch = linkedAccountsSchema.parse((await branchApi.get(`/api/repo/accounts/${auto.id}/linked`)).json());
    expect(fromBranch.accounts.map((a) => a.accountNo)).toEqual(['LNAUTO0000001']);
    expect(fromBranch.outsideScope).toBe(2);
  });

  it('answers 404 for an account of another unit and 403 without the authority', async () => {
    const elsewhere = await createAccount(handle.db, { unit: org.foreign, product: 'AUTO', dpd: 100 });
    const officer = await createRepoStaff(handle.db, org.zone, LINKED);
    const api = await apiAs(t, officer, org.zone);
    expect((await api.get(`/api/repo/accounts/${elsewhere.id}/linked`)).statusCode).toBe(404);
    const own = await createAccount(handle.db, { unit: org.branch, product: 'AUTO', dpd: 100 });
    const withoutAuthority = await apiAs(
      t,
      await createRepoStaff(handle.db, org.zone, { authorities: ['REPO_INITIATE_SAUTH'] }),
      org.zone,
    );
    const denied = await withoutAuthority.get(`/api/repo/accounts/${own.id}/linked`);
    expect(denied.statusCode).toBe(403);
    expect((await api.get('/api/repo/accounts/abc/linked')).statusCode).toBe(400);
  });
});
