import { sql as sqlTag } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { BidsReply } from '@recovery-desk/domain/secured-assets/auction.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf } from '../workflow/factories.ts';
import { addBid, bid, bidsOf, caseAtStage } from './auction-factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  startCase,
  stepOk,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// Auction bids (issue 15): entered at the auction stage with its authority, H1 chosen among qualified bids with the
// EMD received and not below the reserve, the stage's H1 fields written in the bid's transaction; the approval refuses
// a sale below the reserve; a failed repossession auction goes to a reduced reserve and a re-auction.

const { numberOfBids: _n, highestBidderName: _h, highestBid: _b, ...REPO_BEFORE_BIDS } = REPOSSESSION_CASE;

describe.each(testDatabaseKinds())('auction bids (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-09-30' }));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  it('adds, edits and withdraws bids; H1 is the highest qualified bid with EMD received, not below the reserve', async () => {
    const { caseId } = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AssetAuctionDtl', REPO_BEFORE_BIDS);
    const api = staff.makerApi;
    // reserve 380000.00
    let response = await addBid(api, caseId, bid({ bidderName: 'Bharat Motors', bidAmount: '395000.00' }));
    expect(response.statusCode).toBe(200);
    response = await addBid(api, caseId, bid({ bidderName: 'Low Ball Traders', bidAmount: '350000.00' }));
    response = await addBid(
      api,
      caseId,
      bid({ bidderName: 'No EMD Autos', bidAmount: '450000.00', emdReceivedOn: null, emdReference: null }),
    );
    response = await addBid(
      api,
      caseId,
      bid({ bidderName: 'Unqualified Ltd', bidAmount: '460000.00', qualified: false }),
    );
    let reply = response.json<BidsReply>();
    expect(reply.bids.map((b) => [b.bidderName, b.belowReserve, b.isH1])).toEqual([
      ['Bharat Motors', false, true],
      ['Low Ball Traders', true, false],
      ['No EMD Autos', false, false],
      ['Unqualified Ltd', false, false],
    ]);
    expect(reply.h1).toEqual({
      bidId: reply.bids[0]!.bidId,
      bidderName: 'Bharat Motors',
      bidAmount: '395000.00',
      percentOfReserve: '103.95',
    });
    expect(reply).toMatchObject({ reservePrice: '380000.00', currency: 'INR', editable: true });

    // The stage's fields follow, recorded in the case history.
    let view = await caseView(api, caseId);
    expect(view.case.fields).toMatchObject({
      numberOfBids: 4,
      highestBidderName: 'Bharat Motors',
      highestBid: '395000.00',
      auctionResult: 'SUCCESSFUL',
    });
    expect(view.history.at(-1)).toMatchObject({ action: 'SAVE_FIELDS' });

    // Editing the low bid above H1 makes it H1.
    const low = reply.bids[1]!;
    response = await api.inject({
      method: 'PUT',
      url: `/api/secured-assets/cases/${caseId}/bids/${low.bidId}`,
      payload: bid({ bidderName: 'Low Ball Traders', bidAmount: '401000.50' }),
    });
    expect(response.statusCode).toBe(200);
    reply = response.json<BidsReply>();
    expect(reply.h1).toMatchObject({ bidderName: 'Low Ball Traders', bidAmount: '401000.50' });
    view = await caseView(api, caseId);
    expect(view.case.fields).toMatchObject({ highestBidderName: 'Low Ball Traders', highestBid: '401000.50' });

    // Withdrawing it brings Bharat Motors back; the withdrawn bid stays listed and no longer counts.
    response = await api.post(`/api/secured-assets/cases/${caseId}/bids/${low.bidId}/withdraw`);
    expect(response.statusCode).toBe(200);
    reply = response.json<BidsReply>();
    expect(reply.bids.find((b) => b.bidId === low.bidId)).toMatchObject({ status: 'WITHDRAWN', isH1: false });
    expect(reply.h1).toMatchObject({ bidderName: 'Bharat Motors' });
    view = await caseView(api, caseId);
    expect(view.case.fields).toMatchObject({ numberOfBids: 3, highestBidderName: 'Bharat Motors' });
    // A withdrawn bid can no longer be changed.
    response = await api.post(`/api/secured-assets/cases/${caseId}/bids/${low.bidId}/withdraw`);
    expect(response.statusCode).toBe(404);

    const audits = await auditRows(handle.db, { action: 'secured_assets.bid_add' });
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(await auditRows(handle.db, { action: 'secured_assets.bid_withdraw', entityId: low.bidId })).toHaveLength(1);
  });

  it('names the field of bad input', async () => {
    const { caseId } = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AssetAuctionDtl', REPO_BEFORE_BIDS);
    let response = await addBid(staff.makerApi, caseId, bid({ bidAmount: '12.345' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toContain('bidAmount');
    response = await addBid(staff.makerApi, caseId, bid({ emdReceivedOn: '2026-10-01' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual(['emdReceivedOn']);
  });

  it('writes the SARFAESI H1 name and sale amount; no H1 clears them', async () => {
    const { h1BidderName: _name, saleAmount: _amount, ...sarf } = SARFAESI_CASE;
    const { caseId } = await caseAtStage(t, org, staff.maker, 'SARFAESI', 'AssetAuctionCapture', sarf);
    const reserve = String(SARFAESI_CASE.reservePrice);
    const response = await addBid(staff.makerApi, caseId, bid({ bidderName: 'Deccan Estates', bidAmount: reserve }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BidsReply>().h1).toMatchObject({ bidderName: 'Deccan Estates', percentOfReserve: '100.00' });
    let view = await caseView(staff.makerApi, caseId);
    expect(view.case.fields).toMatchObject({ h1BidderName: 'Deccan Estates', saleAmount: reserve });
    const bidId = response.json<BidsReply>().bids[0]!.bidId;
    await staff.makerApi.post(`/api/secured-assets/cases/${caseId}/bids/${bidId}/withdraw`);
    view = await caseView(staff.makerApi, caseId);
    expect(view.case.fields).toMatchObject({ h1BidderName: null, saleAmount: null });
  });

  it('answers 404 for another unit and refuses bids at another stage or without the stage authority', async () => {
    const { caseId } = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AssetAuctionDtl', REPO_BEFORE_BIDS);
    const outsider = await createRepoStaff(handle.db, org.sibling);
    const outsiderApi = await apiAs(t, outsider, org.sibling);
    expect((await addBid(outsiderApi, caseId, bid())).statusCode).toBe(404);
    expect((await outsiderApi.get(`/api/secured-assets/cases/${caseId}/bids`)).statusCode).toBe(404);

    const approverOnly = await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_AUC_APP_SAUTH'] });
    const approverApi = await apiAs(t, approverOnly, org.branch);
    const refused = await addBid(approverApi, caseId, bid());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    // …who may read them.
    expect((await bidsOf(approverApi, caseId)).editable).toBe(false);

    const atApproval = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AuctionApproval', REPOSSESSION_CASE);
    const wrong = await addBid(staff.makerApi, atApproval.caseId, bid());
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong).code).toBe('WRONG_STAGE');
  });

  it('refuses approving a sale whose H1 is below the reserve price, and approves one above it', async () => {
    const below = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AuctionApproval', {
      ...REPOSSESSION_CASE,
      highestBid: '342000.00',
    });
    const refused = await act(staff.checkerApi, below.caseId, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).detail).toContain(
      'the H1 bid of ₹3,42,000.00 is below the reserve price of ₹3,80,000.00 (90.00% of the reserve)',
    );
    expect((await caseView(staff.checkerApi, below.caseId)).case.stage).toBe('AuctionApproval');

    // Bids entered, none reaching the reserve: refused even though the H1 field was typed in.
    const noH1 = await caseAtStage(t, org, staff.maker, 'SARFAESI', 'AssetAuctionCapture', SARFAESI_CASE);
    await addBid(staff.makerApi, noH1.caseId, bid({ bidAmount: '1.00' }));
    await t.db.execute(sqlMove(noH1.caseId, { ...SARFAESI_CASE, saleAmount: SARFAESI_CASE.saleAmount as string }));
    const noWinner = await act(staff.checkerApi, noH1.caseId, 'approve');
    expect(noWinner.statusCode).toBe(409);
    expect(errorOf(noWinner).detail).toContain('no qualified bid with its EMD received reaches the reserve price');

    const above = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AuctionApproval', REPOSSESSION_CASE);
    const approved = await act(staff.checkerApi, above.caseId, 'approve');
    expect(approved.statusCode).toBe(200);
    expect((await caseView(staff.checkerApi, above.caseId)).case.stage).toBe('AssetSaleNotice');
  });

  it('walks a failed repossession auction to a reduced reserve, its approval and a re-auction', async () => {
    const account = await createSecuredAccount(handle.db, org.branch);
    const { caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id);
    const sample = { ...REPOSSESSION_CASE, auctionResult: 'NO_BIDS' };
    for (const [action, stage] of [
      ['recommend', 'RepoInitiateApproval'],
      ['approve', 'Notice'],
      ['submit', 'KitGeneration'],
      ['submit', 'AssetDtlCapture'],
      ['submit', 'ValuationAgcAllocation'],
      ['submit', 'CaptureValDtl'],
      ['submit', 'ValuationCompletion'],
      ['approve', 'FprAllocation'],
      ['submit', 'DisposalIdentification'],
      ['approve', 'AuctionNotice'],
      ['submit', 'AllocateActionAgc'],
      ['submit', 'AssetAuctionDtl'],
    ] as const) {
      await stepOk(staff, caseId, action, stage, sample);
    }
    await addBid(staff.makerApi, caseId, bid({ bidderName: 'Low Ball Traders', bidAmount: '300000.00' }));
    let view = await stepOk(staff, caseId, 'submit', 'FprAllocation', sample);
    expect(view.case.fields).toMatchObject({ previousReservePrice: '380000.00', auctionResult: 'NO_BIDS' });
    expect((await bidsOf(staff.makerApi, caseId)).bids.map((b) => b.status)).toEqual(['LAPSED']);
    expect(await auditRows(handle.db, { action: 'secured_assets.auction_failed', entityId: caseId })).toHaveLength(1);

    // The same reserve again is refused, naming the field; a lower one goes to approval and a fresh auction notice.
    const same = await act(staff.makerApi, caseId, 'submit', { fields: { reservePrice: '380000.00' } });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).fields).toEqual(['fields.reservePrice']);
    expect(errorOf(same).detail).toContain('below the previous reserve price of ₹3,80,000.00');
    view = await stepOk(staff, caseId, 'submit', 'DisposalIdentification', { ...sample, reservePrice: '340000.00' });
    view = await stepOk(staff, caseId, 'approve', 'AuctionNotice', sample);
    expect(view.case.fields).toMatchObject({ reservePrice: '340000.00', previousReservePrice: '380000.00' });
    const toNotice = view.history.filter((event) => event.action === 'approve' && event.toStage === 'AuctionNotice');
    expect(toNotice).toHaveLength(2);
  });
});

function sqlMove(caseId: number, fields: Record<string, unknown>) {
  return sqlTag`update cases set stage = 'AuctionApproval', fields = ${JSON.stringify(fields)}::jsonb where id = ${caseId}`;
}
