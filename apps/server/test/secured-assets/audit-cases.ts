import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { createOrg } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs } from '../workflow/factories.ts';
import { createRepoStaff, createSecuredAccount, startCase } from './factories.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { addBid, batchBody, bid, caseAtStage } from './auction-factories.ts';

// One successful call per state-changing secured-assets route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is 200 and that the call wrote an audit row.

export function securedAssetsAuditCases(
  env: () => { t: TestApp; db: Database },
): Record<string, () => Promise<number>> {
  return {
    'PUT /api/secured-assets/templates': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(
        t,
        await createRepoStaff(db, org.branch, { authorities: ['REPO_SETTINGS_SAUTH'] }),
        org.branch,
      );
      const response = await api.inject({
        method: 'PUT',
        url: '/api/secured-assets/templates',
        payload: {
          templates: [{ kind: 'REPO_SALE_NOTICE', title: 'Final chance', body: 'Pay {{totalDueAmount}} now.' }],
        },
      });
      return response.statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/closure/refund': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const officer = await createRepoStaff(db, org.branch, { authorities: ['SARF_ASSET_CLOSE_SAUTH'] });
      const account = await createSecuredAccount(db, org.branch, { product: 'HOME' });
      const { caseId } = await startCase(t, officer, org.branch, 'SARFAESI', account.id);
      // A case closed by its sale with a surplus (the closing step itself is walked in closure.test.ts).
      await db.execute(
        sql`update cases set is_closed = true, status = 'Closed', closed_on = '2026-01-15' where id = ${caseId}`,
      );
      await db.execute(sql`
        insert into secured_closures (case_id, account_id, closure_type, currency, outstanding_minor, proceeds_minor,
          expenses_minor, applied_minor, shortfall_minor, surplus_minor, refund_status, closed_on, closed_by_user_id,
          acting_unit_id)
        values (${caseId}, ${account.id}, 'SOLD', 'INR', 100000, 150000, 0, 100000, 0, 50000, 'DUE', '2026-01-15',
          ${officer.id}, ${org.branch.id})`);
      const api = await apiAs(t, officer, org.branch);
      const response = await api.inject({
        method: 'POST',
        url: `/api/secured-assets/cases/${caseId}/closure/refund`,
        payload: { paidOn: '2026-01-15', reference: 'UTR20260115001' },
      });
      return response.statusCode;
    },
    ...auctionCases(env),
  };
}

function auctionCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  const atAuction = async () => {
    const { t, db } = env();
    const org = await createOrg(db);
    const maker = await createRepoStaff(db, org.branch, { authorities: ['REPO_ASSET_AUC_DTL_SAUTH'] });
    const api = await apiAs(t, maker, org.branch);
    const { caseId } = await caseAtStage(t, org, maker, 'REPOSSESSION', 'AssetAuctionDtl', {
      reservePrice: REPOSSESSION_CASE.reservePrice!,
    });
    return { api, caseId };
  };
  const withBid = async () => {
    const { api, caseId } = await atAuction();
    const response = await addBid(api, caseId, bid({ emdReceivedOn: null }));
    return { api, caseId, bidId: response.json<{ bids: { bidId: number }[] }>().bids[0]!.bidId };
  };
  const batch = async () => {
    const { t, db } = env();
    const org = await createOrg(db);
    const maker = await createRepoStaff(db, org.branch, { authorities: ['AUC_BATCH_GEN_SAUTH'] });
    const api = await apiAs(t, maker, org.branch);
    const lots = [];
    for (let i = 0; i < 2; i += 1) {
      lots.push(await caseAtStage(t, org, maker, 'SARFAESI', 'BatchGen', { reservePrice: '3800000.00' }));
    }
    const batchNo = `AB${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
    const created = await api.post('/api/secured-assets/auction-batches', {
      ...batchBody(batchNo),
      caseIds: [lots[0]!.caseId],
    });
    return { api, created, batchId: created.json<{ batchId: number }>().batchId, otherCaseId: lots[1]!.caseId };
  };
  return {
    'POST /api/secured-assets/auction-batches': async () => (await batch()).created.statusCode,
    'POST /api/secured-assets/auction-batches/:batchId/lots': async () => {
      const { api, batchId, otherCaseId } = await batch();
      return (await api.post(`/api/secured-assets/auction-batches/${batchId}/lots`, { caseIds: [otherCaseId] }))
        .statusCode;
    },
    'POST /api/secured-assets/auction-batches/:batchId/publish': async () => {
      const { api, batchId } = await batch();
      return (await api.post(`/api/secured-assets/auction-batches/${batchId}/publish`)).statusCode;
    },
    'POST /api/secured-assets/auction-batches/:batchId/complete': async () => {
      const { api, batchId } = await batch();
      await api.post(`/api/secured-assets/auction-batches/${batchId}/publish`);
      return (await api.post(`/api/secured-assets/auction-batches/${batchId}/complete`)).statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/bids': async () => {
      const { api, caseId } = await atAuction();
      return (await addBid(api, caseId, bid({ emdReceivedOn: null }))).statusCode;
    },
    'PUT /api/secured-assets/cases/:caseId/bids/:bidId': async () => {
      const { api, caseId, bidId } = await withBid();
      const response = await api.inject({
        method: 'PUT',
        url: `/api/secured-assets/cases/${caseId}/bids/${bidId}`,
        payload: bid({ bidAmount: '400000.00', emdReceivedOn: null }),
      });
      return response.statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/bids/:bidId/withdraw': async () => {
      const { api, caseId, bidId } = await withBid();
      return (await api.post(`/api/secured-assets/cases/${caseId}/bids/${bidId}/withdraw`)).statusCode;
    },
  };
}
