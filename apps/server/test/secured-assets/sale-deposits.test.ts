import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { saleDepositsSchema } from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { createOrg, type Org } from '../collections/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { apiAs, caseView, errorOf } from '../workflow/factories.ts';
import { addBid, bid, caseAtStage } from './auction-factories.ts';
import { createRepoStaff, step, type Staff, closeSecuredAssets, openSecuredAssets } from './factories.ts';

// The 25% deposit and the 75% balance of a SARFAESI sale (Rule 9(2)–(4)): the figures of the saleDeposits tab, with
// the H1 bid's EMD adjusted, and the refusal of a confirmation or a payment whose figures break the rule, naming the
// field and changing nothing.

describe.each(testDatabaseKinds())('SARFAESI sale deposits (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-09-30' }));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const deposits = async (caseId: number) => {
    const response = await staff.makerApi.get(`/api/secured-assets/cases/${caseId}/sale-deposits`);
    expect(response.statusCode, response.body).toBe(200);
    return saleDepositsSchema.parse(response.json());
  };

  /** A sold case at AssetSaleNotice whose H1 (the sample's buyer) paid an EMD of 3,95,000. */
  async function soldCase() {
    const { caseId } = await caseAtStage(t, org, staff.maker, 'SARFAESI', 'AssetAuctionCapture', SARFAESI_CASE);
    const added = await addBid(
      staff.makerApi,
      caseId,
      bid({
        bidderName: 'Kiran Developers',
        emdAmount: '395000.00',
        bidAmount: '3950000.00',
        emdReceivedOn: '2026-08-18',
      }),
    );
    expect(added.statusCode, added.body).toBe(200);
    await handle.db.execute(sql`update cases set stage = 'AssetSaleNotice' where id = ${caseId}`);
    return caseId;
  }

  it('adjusts the EMD against the 25% deposit and refuses a short deposit, naming the field', async () => {
    const caseId = await soldCase();
    expect(await deposits(caseId)).toMatchObject({
      buyerName: 'Kiran Developers',
      saleAmount: '3950000.00',
      emdAmount: '395000.00',
      depositShare: '987500.00',
      depositDue: '592500.00',
      balanceDays: 15,
      balanceDueBy: '2026-09-05',
    });

    const before = await caseView(staff.makerApi, caseId);
    const short = await step(staff, caseId, 'submit', { ...SARFAESI_CASE, depositAmount: '500000.00' });
    expect(short.statusCode, short.body).toBe(400);
    expect(errorOf(short).fields).toEqual(['fields.depositAmount']);
    expect(errorOf(short).detail).toMatch(/at least ₹\s?5,92,500\.00/);
    const after = await caseView(staff.makerApi, caseId);
    expect([after.case.stage, after.case.version]).toEqual(['AssetSaleNotice', before.case.version]);

    const above = await step(staff, caseId, 'submit', { ...SARFAESI_CASE, depositAmount: '3600000.00' });
    expect(above.statusCode, above.body).toBe(400);
    expect(errorOf(above).detail).toMatch(/cannot exceed the sale price/);

    const confirmed = await step(staff, caseId, 'submit', { ...SARFAESI_CASE, depositAmount: '592500.00' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('AssetSale');
    expect(await deposits(caseId)).toMatchObject({ depositAmount: '592500.00', balanceDue: '2962500.00' });
  });

  it('takes the balance only as the rest of the price, by the 15th day or under a written extension', async () => {
    const caseId = await soldCase();
    expect((await step(staff, caseId, 'submit', { ...SARFAESI_CASE, depositAmount: '592500.00' })).statusCode).toBe(
      200,
    );

    const wrong = await step(staff, caseId, 'submit', { ...SARFAESI_CASE, balanceAmount: '3000000.00' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(errorOf(wrong).fields).toEqual(['fields.balanceAmount']);
    expect(errorOf(wrong).detail).toMatch(/must be ₹\s?29,62,500\.00/);

    const late = { ...SARFAESI_CASE, balanceAmount: '2962500.00', balanceReceivedDate: '2026-09-10' };
    const refused = await step(staff, caseId, 'submit', late);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).fields).toEqual(['fields.balanceReceivedDate']);
    expect(errorOf(refused).detail).toMatch(/after 05-09-2026, the 15th day of the confirmation/);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('AssetSale');

    // A written extension (three months at most) lets the late balance in.
    const extended = await step(staff, caseId, 'submit', { ...late, balanceExtensionAgreed: true });
    expect(extended.statusCode, extended.body).toBe(200);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('AssetSaleApproval');
    expect(await deposits(caseId)).toMatchObject({
      balanceAmount: '2962500.00',
      balanceExtensionAgreed: true,
      balanceDueBy: '2026-11-21',
      problems: [],
    });
  });

  it('shows a private treaty sale without an EMD, and keeps other units and repossession cases out', async () => {
    const { caseId } = await caseAtStage(t, org, staff.maker, 'SARFAESI', 'AssetSaleNotice', SARFAESI_CASE);
    expect(await deposits(caseId)).toMatchObject({ buyerName: null, emdAmount: '0.00', depositDue: '987500.00' });

    const other = await createOrg(handle.db);
    const outsider = await apiAs(t, await createRepoStaff(handle.db, other.branch), other.branch);
    expect((await outsider.get(`/api/secured-assets/cases/${caseId}/sale-deposits`)).statusCode).toBe(404);

    const repo = await caseAtStage(t, org, staff.maker, 'REPOSSESSION', 'AssetSaleNotice', REPOSSESSION_CASE);
    const refused = await staff.makerApi.get(`/api/secured-assets/cases/${repo.caseId}/sale-deposits`);
    expect(refused.statusCode).toBe(404);
  });
});
