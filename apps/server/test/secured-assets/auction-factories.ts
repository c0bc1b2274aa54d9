import { sql } from 'drizzle-orm';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { BidsReply } from '@recovery-desk/domain/secured-assets/auction.ts';
import type { Org } from '../collections/factories.ts';
import type { TestUser } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';
import type { Api } from '../workflow/factories.ts';
import { createSecuredAccount, startCase } from './factories.ts';

// Auction bids for one test: a case put straight at a stage (started through the engine, then moved by SQL with the
// fields of the sample case, so a bid test does not walk fifteen stages), and a bid body.

export async function caseAtStage(
  t: TestApp,
  org: Org,
  maker: TestUser,
  definitionCode: 'REPOSSESSION' | 'SARFAESI',
  stage: string,
  fields: CaseFields,
): Promise<{ caseId: number; caseNo: string }> {
  const account = await createSecuredAccount(t.db, org.branch);
  const started = await startCase(t, maker, org.branch, definitionCode, account.id);
  await t.db.execute(
    sql`update cases set stage = ${stage}, status = 'Submitted', fields = ${JSON.stringify(fields)}::jsonb,
      maker_user_id = ${maker.id} where id = ${started.caseId}`,
  );
  return started;
}

export function bid(overrides: Record<string, unknown> = {}) {
  return {
    bidderName: 'Bharat Motors',
    bidderIdNo: 'AAAPB1234C',
    emdAmount: '38000.00',
    emdReference: 'UTR2026051000001',
    emdReceivedOn: '2026-05-08',
    bidAmount: '395000.00',
    qualified: true,
    remarks: null,
    ...overrides,
  };
}

export async function addBid(api: Api, caseId: number, body: Record<string, unknown>) {
  return api.post(`/api/secured-assets/cases/${caseId}/bids`, body);
}

export async function bidsOf(api: Api, caseId: number): Promise<BidsReply> {
  const response = await api.get(`/api/secured-assets/cases/${caseId}/bids`);
  if (response.statusCode !== 200) throw new Error(`bids failed: ${response.statusCode} ${response.body}`);
  return response.json<BidsReply>();
}

/** An auction batch's details (its cases are added by the caller). */
export function batchBody(batchNo: string) {
  return {
    batchNo,
    auctionDate: '2026-10-20',
    emdLastDate: '2026-10-18',
    inspectionDate1: '2026-10-10',
    inspectionDate2: null,
    auctionAgency: 'MSTC e-auction',
  };
}
