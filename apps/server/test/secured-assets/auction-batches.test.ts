import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { AuctionBatchDetail } from '@recovery-desk/domain/secured-assets/auction.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { apiAs, caseView, errorOf } from '../workflow/factories.ts';
import { batchBody, caseAtStage } from './auction-factories.ts';
import { createRepoStaff, type Staff, closeSecuredAssets, openSecuredAssets } from './factories.ts';

// Auction batches (issue 15): SARFAESI cases at BatchGen become lots of a batch (numbered in order, with their
// reserve), their auctionBatchNo written; the batch moves open → published → completed; other units see none of it.

describe.each(testDatabaseKinds())('auction batches (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-09-30' }));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const atBatchGen = (reservePrice: string) =>
    caseAtStage(t, org, staff.maker, 'SARFAESI', 'BatchGen', { reservePrice });

  it('creates a batch with lots in order, adds lots, and moves it to published and completed', async () => {
    const first = await atBatchGen('3800000.00');
    const second = await atBatchGen('2500000.50');
    const third = await atBatchGen('1200000.00');
    const api = staff.makerApi;
    let response = await api.post('/api/secured-assets/auction-batches', {
      ...batchBody('AB202610A'),
      caseIds: [second.caseId, first.caseId],
    });
    expect(response.statusCode, response.body).toBe(200);
    let batch = response.json<AuctionBatchDetail>();
    expect(batch).toMatchObject({ batchNo: 'AB202610A', status: 'OPEN', lotCount: 2, auctionAgency: 'MSTC e-auction' });
    expect(batch.lots.map((lot) => [lot.lotNo, lot.caseNo, lot.reservePrice, lot.stage])).toEqual([
      [1, second.caseNo, '2500000.50', 'BatchGen'],
      [2, first.caseNo, '3800000.00', 'BatchGen'],
    ]);
    const view = await caseView(api, first.caseId);
    expect(view.case.fields.auctionBatchNo).toBe('AB202610A');
    expect(view.history.at(-1)).toMatchObject({ action: 'SAVE_FIELDS' });

    // A case already in a batch is refused, naming the field; another one becomes lot 3.
    response = await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/lots`, { caseIds: [first.caseId] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual(['caseIds']);
    response = await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/lots`, { caseIds: [third.caseId] });
    batch = response.json<AuctionBatchDetail>();
    expect(batch.lots.map((lot) => lot.lotNo)).toEqual([1, 2, 3]);

    let tab = (await api.get('/api/secured-assets/auction-batches?tab=open')).json<{ data: { batchNo: string }[] }>();
    expect(tab.data.map((row) => row.batchNo)).toContain('AB202610A');
    expect((await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/complete`)).statusCode).toBe(409);
    expect((await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/publish`)).statusCode).toBe(200);
    tab = (await api.get('/api/secured-assets/auction-batches?tab=published')).json();
    expect(tab.data.map((row) => row.batchNo)).toEqual(['AB202610A']);
    // A published batch takes no more lots.
    const fourth = await atBatchGen('900000.00');
    response = await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/lots`, {
      caseIds: [fourth.caseId],
    });
    expect(response.statusCode).toBe(409);
    expect((await api.post(`/api/secured-assets/auction-batches/${batch.batchId}/complete`)).statusCode).toBe(200);
    tab = (await api.get('/api/secured-assets/auction-batches?tab=completed')).json();
    expect(tab.data.map((row) => row.batchNo)).toEqual(['AB202610A']);

    // The detail route of a case: its batch.
    const ofCase = (
      await api.get(`/api/secured-assets/cases/${third.caseId}/auction-batch`)
    ).json<AuctionBatchDetail>();
    expect(ofCase.batchNo).toBe('AB202610A');
    expect(await auditRows(handle.db, { action: 'secured_assets.batch_create', entityId: batch.batchId })).toHaveLength(
      1,
    );
  });

  it('names bad fields, refuses cases at another stage, and hides batches from other units', async () => {
    const at = await atBatchGen('1000000.00');
    let response = await staff.makerApi.post('/api/secured-assets/auction-batches', {
      ...batchBody('AB202610B'),
      emdLastDate: '2026-10-21',
      caseIds: [at.caseId],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual(['emdLastDate']);
    const elsewhere = await caseAtStage(t, org, staff.maker, 'SARFAESI', 'AuctionNotice', { reservePrice: '1.00' });
    response = await staff.makerApi.post('/api/secured-assets/auction-batches', {
      ...batchBody('AB202610B'),
      caseIds: [elsewhere.caseId],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).detail).toContain('is not at the auction batch stage');

    response = await staff.makerApi.post('/api/secured-assets/auction-batches', {
      ...batchBody('AB202610B'),
      caseIds: [at.caseId],
    });
    const batchId = response.json<AuctionBatchDetail>().batchId;
    const outsider = await createRepoStaff(handle.db, org.sibling);
    const outsiderApi = await apiAs(t, outsider, org.sibling);
    expect((await outsiderApi.get(`/api/secured-assets/auction-batches/${batchId}`)).statusCode).toBe(404);
    const openTab = (await outsiderApi.get('/api/secured-assets/auction-batches?tab=open')).json<{ data: unknown[] }>();
    expect(openTab.data).toEqual([]);
    const noAuthority = await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_INITIATE_SAUTH'] });
    const noAuthorityApi = await apiAs(t, noAuthority, org.branch);
    expect((await noAuthorityApi.get('/api/secured-assets/auction-batches')).statusCode).toBe(403);
  });
});
