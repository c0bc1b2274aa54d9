import type { Database } from '@recovery-desk/db/client.ts';
import { createOrg } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs } from '../workflow/factories.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { addBid, bid, caseAtStage } from './auction-factories.ts';
import { createRepoStaff } from './factories.ts';

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
  return {
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
