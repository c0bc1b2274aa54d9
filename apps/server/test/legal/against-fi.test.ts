import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { fiMatterRowSchema, pagedReplySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { createLegalStaff, createPoolAccount } from './factories.ts';

// Legal Against Financial Institutions: matters where the lender is the respondent, kept by the unit that recorded
// them and seen by the units above it.

const pageSchema = pagedReplySchema(fiMatterRowSchema);

describe.each(testDatabaseKinds())('legal matters against the lender (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createLegalStaff(handle.db, org.branch, ['LEGAL_AGAINST_FI_SAUTH']), org.branch);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const matter = (overrides: Record<string, unknown> = {}) => ({
    petitionerName: 'Suresh Patil',
    forum: 'CONSUMER_COMMISSION',
    court: 'District Consumer Commission, Pune',
    caseNumber: 'CC/45/2026',
    filedOn: '2026-03-02',
    claimAmount: '75000.00',
    subject: 'Alleged excess bounce charges and harassment by a collection agent',
    nextHearingDate: '2026-04-15',
    advocateName: 'Adv Kavita Rao',
    ...overrides,
  });
  const list = async (api: Api, query = '') => {
    const response = await api.get(`/api/legal/against-fi?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return pageSchema.parse(response.json());
  };

  it('records a matter numbered FI/<year>/<nnnnnn> for the acting unit, linked to an account in scope', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    const response = await officer.post('/api/legal/against-fi', matter({ accountNo: account.accountNo }));
    expect(response.statusCode, response.body).toBe(200);
    const created = fiMatterRowSchema.parse(response.json());
    expect(created.matterNo).toMatch(/^FI\/2026\/\d{6}$/);
    expect(created).toMatchObject({
      petitionerName: 'Suresh Patil',
      accountNo: account.accountNo,
      forum: 'CONSUMER_COMMISSION',
      claimAmount: '75000.00',
      currency: 'INR',
      status: 'OPEN',
      outcome: null,
      unitCode: org.branch.code,
      version: 1,
    });
    const second = fiMatterRowSchema.parse((await officer.post('/api/legal/against-fi', matter())).json());
    expect(Number(second.matterNo.slice(-6))).toBe(Number(created.matterNo.slice(-6)) + 1);
    expect(second.accountNo).toBeNull();
    const [audit] = await auditRows(handle.db, { action: 'legal.fi_matter_create', entityId: created.matterId });
    expect(audit?.after).toMatchObject({ matterNo: created.matterNo, petitionerName: 'Suresh Patil' });
  });

  it('refuses an account outside the unit’s subtree and missing fields with 400 naming them', async () => {
    const foreign = await createPoolAccount(handle.db, { unit: org.foreign });
    const outside = await officer.post('/api/legal/against-fi', matter({ accountNo: foreign.accountNo }));
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).fields).toEqual(['accountNo']);
    const missing = await officer.post('/api/legal/against-fi', matter({ petitionerName: '  ', forum: 'TV_SHOW' }));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields.sort()).toEqual(['forum', 'petitionerName']);
  });

  it('lists the subtree’s matters with search, status filter and pages', async () => {
    const own = await createOrg(handle.db);
    const branchApi = await apiAs(
      t,
      await createLegalStaff(handle.db, own.branch, ['LEGAL_AGAINST_FI_SAUTH']),
      own.branch,
    );
    const zoneApi = await apiAs(t, await createLegalStaff(handle.db, own.zone, ['LEGAL_AGAINST_FI_SAUTH']), own.zone);
    const foreignApi = await apiAs(
      t,
      await createLegalStaff(handle.db, own.foreign, ['LEGAL_AGAINST_FI_SAUTH']),
      own.foreign,
    );
    const created = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await branchApi.post(
        '/api/legal/against-fi',
        matter({ petitionerName: i === 0 ? 'Lalita Deshmukh' : `Petitioner ${i}`, caseNumber: `CC/${100 + i}/2026` }),
      );
      created.push(fiMatterRowSchema.parse(response.json()));
    }
    await foreignApi.post('/api/legal/against-fi', matter({ petitionerName: 'Lalita Deshmukh' }));

    const first = await list(zoneApi, 'pageSize=10');
    expect(first).toMatchObject({ count: 12, page: 1, pageSize: 10 });
    expect(first.data).toHaveLength(10);
    expect((await list(zoneApi, 'pageSize=10&page=2')).data).toHaveLength(2);
    expect((await list(branchApi, 'q=deshmukh')).data.map((row) => row.matterId)).toEqual([created[0]!.matterId]);
    expect((await list(branchApi, 'q=CC/105')).data.map((row) => row.caseNumber)).toEqual(['CC/105/2026']);
    expect((await list(branchApi, `q=${created[3]!.matterNo}`)).data.map((row) => row.matterId)).toEqual([
      created[3]!.matterId,
    ]);
    expect((await list(foreignApi, 'q=deshmukh')).count).toBe(1);
    expect((await list(branchApi, 'status=DISPOSED')).count).toBe(0);
    expect((await list(branchApi, 'status=OPEN')).count).toBe(12);
    const badStatus = await branchApi.get('/api/legal/against-fi?status=CLOSED');
    expect(badStatus.statusCode).toBe(400);
    expect(errorOf(badStatus).fields).toEqual(['status']);
  });

  it('updates a matter at its version; a disposal needs an outcome; another unit’s matter is 404', async () => {
    const created = fiMatterRowSchema.parse((await officer.post('/api/legal/against-fi', matter())).json());
    const url = `/api/legal/against-fi/${created.matterId}`;

    const moved = await officer.patch(url, { version: 1, nextHearingDate: '2026-05-02', advocateName: 'Adv N Joshi' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ nextHearingDate: '2026-05-02', advocateName: 'Adv N Joshi', version: 2 });

    const stale = await officer.patch(url, { version: 1, advocateName: 'Adv Other' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const noOutcome = await officer.patch(url, { version: 2, status: 'DISPOSED' });
    expect(noOutcome.statusCode).toBe(400);
    expect(errorOf(noOutcome).fields).toEqual(['outcome']);

    const disposed = await officer.patch(url, {
      version: 2,
      status: 'DISPOSED',
      outcome: 'Complaint dismissed; no costs',
      nextHearingDate: null,
      remarks: 'Order received on 30 March',
    });
    expect(disposed.statusCode, disposed.body).toBe(200);
    expect(disposed.json()).toMatchObject({
      status: 'DISPOSED',
      outcome: 'Complaint dismissed; no costs',
      nextHearingDate: null,
      version: 3,
    });
    const [audit] = (
      await auditRows(handle.db, { action: 'legal.fi_matter_update', entityId: created.matterId })
    ).slice(-1);
    expect(audit?.before).toMatchObject({ status: 'OPEN', version: 2 });
    expect(audit?.after).toMatchObject({ status: 'DISPOSED', remarks: 'Order received on 30 March', version: 3 });

    const foreignApi = await apiAs(
      t,
      await createLegalStaff(handle.db, org.foreign, ['LEGAL_AGAINST_FI_SAUTH']),
      org.foreign,
    );
    const hidden = await foreignApi.patch(url, { version: 3, advocateName: 'Adv Intruder' });
    expect(hidden.statusCode).toBe(404);
  });
});
