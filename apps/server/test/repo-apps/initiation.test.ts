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

  it('needs the initial stage’s authority of that workflow', async () => {
    const account = await createNpaAccount(handle.db, org.branch, { product: 'HOME' });
    const sarfaesi = await officer.post(`/api/repo/SARFAESI/accounts/${account.id}/cases`, {});
    expect(sarfaesi.statusCode).toBe(403);
    expect(errorOf(sarfaesi).code).toBe('AUTHORITY_MISSING');
    expect((await officer.get('/api/repo/SARFAESI/candidates')).statusCode).toBe(403);
  });
});
