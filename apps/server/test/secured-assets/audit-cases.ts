import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { createOrg } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, uploadDocument } from '../workflow/factories.ts';
import { createRepoStaff, createSecuredAccount, startCase } from './factories.ts';
import { REPOSSESSION_CASE, REPOSSESSION_INVENTORY } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { addBid, batchBody, bid, caseAtStage } from './auction-factories.ts';
import { multipart, PDF_BYTES } from '../legal/factories.ts';

// One successful call per state-changing secured-assets route, for the audit trail test (apps/server/test/audit.test.ts):
// each returns the reply's status code; the test checks it is 200 and that the call wrote an audit row.

const VALUATION = {
  valuerName: 'Shree Valuers',
  valuationDate: '2026-03-30',
  marketValueMinor: 41_000_000,
  realisableValueMinor: 38_000_000,
  distressValueMinor: 35_000_000,
  reportReference: null,
};

/** A repossession case put straight at Capture Valuation Details (a shortcut: the walk is tested elsewhere). */
async function atValuationCapture(t: TestApp, db: Database) {
  const org = await createOrg(db);
  const maker = await createRepoStaff(db, org.branch);
  const account = await createSecuredAccount(db, org.branch);
  const { caseId } = await startCase(t, maker, org.branch, 'REPOSSESSION', account.id);
  await db.execute(sql`update cases set stage = 'CaptureValDtl' where id = ${caseId}`);
  const api = await apiAs(t, maker, org.branch);
  const url = `/api/secured-assets/cases/${caseId}/valuations`;
  const first = await api.post(url, VALUATION);
  if (first.statusCode !== 200) throw new Error(`valuation: ${first.body}`);
  return { api, url, valuationId: first.json<{ valuations: { id: number }[] }>().valuations[0]!.id };
}

const agencyOf = (unitId: number) => ({
  kind: 'AUCTION',
  name: 'Audit Auctioneers',
  registrationNo: 'EMP/AU/1',
  validUntil: '2027-03-31',
  contact: 'desk@auctioneers.example',
  unitIds: [unitId],
});

/** A repossession case in a branch, its maker, and a yard of the zone added by a settings user. */
async function caseAndYard(t: TestApp, db: Database) {
  const org = await createOrg(db);
  const maker = await createRepoStaff(db, org.branch);
  const admin = await apiAs(t, await createRepoStaff(db, org.zone, { authorities: ['REPO_SETTINGS_SAUTH'] }), org.zone);
  const added = await admin.post('/api/secured-assets/yards', {
    name: 'Audit Yard',
    address: 'Plot 1',
    capacity: 10,
    unitId: org.zone.id,
  });
  const yardId = added.json<{ yards: { id: number }[] }>().yards[0]!.id;
  const account = await createSecuredAccount(db, org.branch);
  const { caseId } = await startCase(t, maker, org.branch, 'REPOSSESSION', account.id);
  return { admin, api: await apiAs(t, maker, org.branch), yardId, caseId, zoneId: org.zone.id };
}

/**
 * A SARFAESI case put straight at Possession Detail Capture (notice served, physical possession) and one paper
 * recorded there with its scan, by the stage's maker.
 */
async function publicationAtPossession(t: TestApp, db: Database) {
  const org = await createOrg(db);
  const maker = await createRepoStaff(db, org.branch);
  const account = await createSecuredAccount(db, org.branch);
  const { caseId } = await startCase(t, maker, org.branch, 'SARFAESI', account.id);
  const earlier = {
    demandNoticeDate: '2026-01-05',
    demandNoticeSentDate: '2026-01-06',
    demandNoticeServedDate: '2026-01-09',
    serviceStatus: 'SERVED',
    possessionType: 'PHYSICAL',
  };
  await db.execute(
    sql`update cases set stage = 'PossessionDtlCapture', fields = fields || ${JSON.stringify(earlier)}::jsonb
        where id = ${caseId}`,
  );
  const api = await apiAs(t, maker, org.branch);
  const scanned = await uploadDocument(api, caseId, 'possessionPublication');
  if (scanned.statusCode !== 200) throw new Error(`scan: ${scanned.body}`);
  const scanDocumentId = Math.max(
    ...scanned
      .json<{ documents: { documentId: number; code: string }[] }>()
      .documents.filter((document) => document.code === 'possessionPublication')
      .map((document) => document.documentId),
  );
  const url = `/api/secured-assets/cases/${caseId}/publications`;
  const added = await api.post(url, {
    purpose: 'POSSESSION_NOTICE',
    newspaper: 'Times of India',
    language: 'ENGLISH',
    edition: 'Pune',
    publishedOn: '2026-03-20',
    scanDocumentId,
  });
  return { api, url, added };
}

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
    'POST /api/secured-assets/templates/preview': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const api = await apiAs(
        t,
        await createRepoStaff(db, org.branch, { authorities: ['REPO_SETTINGS_SAUTH'] }),
        org.branch,
      );
      const response = await api.inject({
        method: 'POST',
        url: '/api/secured-assets/templates/preview',
        payload: { kind: 'REPO_SALE_LETTER', title: 'Sale letter', body: 'To {{buyerName}}' },
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
    'POST /api/secured-assets/cases/:caseId/publications': async () => {
      const { t, db } = env();
      return (await publicationAtPossession(t, db)).added.statusCode;
    },
    'DELETE /api/secured-assets/cases/:caseId/publications/:publicationId': async () => {
      const { t, db } = env();
      const { api, url, added } = await publicationAtPossession(t, db);
      if (added.statusCode !== 200) throw new Error(`publication: ${added.body}`);
      const id = added.json<{ publications: { id: number }[] }>().publications[0]!.id;
      return (await api.inject({ method: 'DELETE', url: `${url}/${id}` })).statusCode;
    },
    'PUT /api/secured-assets/cases/:caseId/inventory': async () => {
      const { t, db } = env();
      const org = await createOrg(db);
      const maker = await createRepoStaff(db, org.branch);
      const account = await createSecuredAccount(db, org.branch);
      const { caseId } = await startCase(t, maker, org.branch, 'REPOSSESSION', account.id);
      await db.execute(sql`update cases set stage = 'AssetDtlCapture' where id = ${caseId}`);
      const api = await apiAs(t, maker, org.branch);
      const url = `/api/secured-assets/cases/${caseId}/inventory`;
      return (await api.inject({ method: 'PUT', url, payload: REPOSSESSION_INVENTORY })).statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/valuations': async () => {
      const { t, db } = env();
      const { api, url } = await atValuationCapture(t, db);
      return (await api.post(url, { ...VALUATION, valuerName: 'Apex Valuers' })).statusCode;
    },
    'PUT /api/secured-assets/cases/:caseId/valuations/:valuationId': async () => {
      const { t, db } = env();
      const { api, url, valuationId } = await atValuationCapture(t, db);
      const payload = { ...VALUATION, marketValueMinor: 42_000_000 };
      return (await api.inject({ method: 'PUT', url: `${url}/${valuationId}`, payload })).statusCode;
    },
    'POST /api/secured-assets/agencies': async () => {
      const { t, db } = env();
      const { admin, zoneId } = await caseAndYard(t, db);
      return (await admin.post('/api/secured-assets/agencies', agencyOf(zoneId))).statusCode;
    },
    'PUT /api/secured-assets/agencies/:agencyId': async () => {
      const { t, db } = env();
      const { admin, zoneId } = await caseAndYard(t, db);
      const added = await admin.post('/api/secured-assets/agencies', agencyOf(zoneId));
      const id = added.json<{ agencies: { id: number }[] }>().agencies[0]!.id;
      const payload = { ...agencyOf(zoneId), active: false };
      return (await admin.inject({ method: 'PUT', url: `/api/secured-assets/agencies/${id}`, payload })).statusCode;
    },
    'POST /api/secured-assets/agencies/:agencyId/letter': async () => {
      const { t, db } = env();
      const { admin, zoneId } = await caseAndYard(t, db);
      const added = await admin.post('/api/secured-assets/agencies', agencyOf(zoneId));
      const id = added.json<{ agencies: { id: number }[] }>().agencies[0]!.id;
      const body = multipart({}, [{ name: 'letter.pdf', content: PDF_BYTES }]);
      const url = `/api/secured-assets/agencies/${id}/letter`;
      return (await admin.inject({ method: 'POST', url, payload: body.payload, headers: body.headers })).statusCode;
    },
    'POST /api/secured-assets/yards': async () => {
      const { t, db } = env();
      const { admin, zoneId } = await caseAndYard(t, db);
      const payload = { name: 'Second Yard', address: 'Plot 2', capacity: 5, unitId: zoneId };
      return (await admin.post('/api/secured-assets/yards', payload)).statusCode;
    },
    'PUT /api/secured-assets/yards/:yardId': async () => {
      const { t, db } = env();
      const { admin, yardId, zoneId } = await caseAndYard(t, db);
      const payload = { name: 'Audit Yard', address: 'Plot 1', capacity: 10, unitId: zoneId, active: false };
      return (await admin.inject({ method: 'PUT', url: `/api/secured-assets/yards/${yardId}`, payload })).statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/yard-in': async () => {
      const { t, db } = env();
      const { api, yardId, caseId } = await caseAndYard(t, db);
      const payload = { yardId, inDate: '2026-03-01', condition: 'GOOD' };
      return (await api.post(`/api/secured-assets/cases/${caseId}/yard-in`, payload)).statusCode;
    },
    'POST /api/secured-assets/cases/:caseId/yard-out': async () => {
      const { t, db } = env();
      const { api, yardId, caseId } = await caseAndYard(t, db);
      await api.post(`/api/secured-assets/cases/${caseId}/yard-in`, {
        yardId,
        inDate: '2026-03-01',
        condition: 'GOOD',
      });
      const payload = { outDate: '2026-03-02', reason: 'RELEASE' };
      return (await api.post(`/api/secured-assets/cases/${caseId}/yard-out`, payload)).statusCode;
    },
    'DELETE /api/secured-assets/cases/:caseId/valuations/:valuationId': async () => {
      const { t, db } = env();
      const { api, url, valuationId } = await atValuationCapture(t, db);
      return (await api.inject({ method: 'DELETE', url: `${url}/${valuationId}` })).statusCode;
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
