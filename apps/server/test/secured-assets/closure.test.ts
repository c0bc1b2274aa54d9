import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { closureStatementSchema, type ClosureStatement } from '@recovery-desk/domain/secured-assets/closure.ts';
import { createOrg, type Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { apiAs, caseView, errorOf, rows } from '../workflow/factories.ts';
import {
  closeSarfaesiSale,
  createRepoStaff,
  REPO_DIRECT_SALE,
  step,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
  walkRepossessionToClosure,
} from './factories.ts';

// Closing a repossession or SARFAESI case (§13(7), rule 15): the settleClosure effect posts the net sale proceeds to
// the account as a receipt, and records the shortfall (left on the account) or the surplus (a refund due); the
// refund is recorded once paid. A repossession case walked by the direct-sale path closes with a shortfall; a
// SARFAESI case walked to its sale certificate closes with a surplus.

describe.each(testDatabaseKinds())('secured-asset closure (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const statement = async (caseId: number, api = staff.makerApi) => {
    const response = await api.get(`/api/secured-assets/cases/${caseId}/closure`);
    expect(response.statusCode, response.body).toBe(200);
    return closureStatementSchema.parse(response.json()) as ClosureStatement;
  };
  const account = async (accountId: number) =>
    (
      await rows<{ principal: string; interest: string; other: string; overdue: string }>(
        handle.db,
        sql`select total_principal_outstanding::text as principal, total_interest_outstanding::text as interest,
              other_charges::text as other, overdue_charges::text as overdue from accounts where id = ${accountId}`,
      )
    )[0]!;
  const saleReceipts = (accountId: number) =>
    rows<{ amount: string; mode: string; status: string; source_ref: string }>(
      handle.db,
      sql`select amount_minor::text as amount, mode, status, source_ref from receipts
          where account_id = ${accountId} and source = 'SECURED_SALE'`,
    );

  it('closes a direct sale below the dues: the net proceeds are posted, the shortfall stays recoverable', async () => {
    // Outstanding: 5,00,000.00 principal + 12,000.50 interest + 750.25 charges = 5,12,750.75.
    const { caseId, accountId } = await walkRepossessionToClosure(t, staff, org.branch, '500000.00', '2026-06-30');

    // While open, the closure tab previews what closing would post.
    expect(await statement(caseId)).toMatchObject({
      state: 'PREVIEW',
      closureType: null,
      outstandingMinor: '51275075',
      appliedMinor: '0',
      shortfallMinor: '51275075',
    });
    const closed = await step(staff, caseId, 'close', REPO_DIRECT_SALE);
    expect(closed.statusCode, closed.body).toBe(200);

    expect(await statement(caseId)).toMatchObject({
      state: 'RECORDED',
      closureType: 'SOLD',
      currency: 'INR',
      outstandingMinor: '51275075',
      proceedsMinor: '39500000',
      expensesMinor: '1850000',
      netProceedsMinor: '37650000',
      appliedMinor: '37650000',
      shortfallMinor: '13625075',
      surplusMinor: '0',
      refundStatus: 'NONE',
      closedOn: '2026-06-30',
    });
    expect((await statement(caseId)).receiptNo).toMatch(/^E\d{10}$/);
    // The receipt waits for verification as every receipt does; charges, then interest, then principal are paid.
    expect(await saleReceipts(accountId)).toEqual([
      { amount: '37650000', mode: 'RTGS', status: 'PENDING_VERIFICATION', source_ref: `case:${caseId}` },
    ]);
    expect(await account(accountId)).toEqual({
      principal: '136250.75',
      interest: '0.00',
      other: '0.00',
      overdue: '0.00',
    });
    const audits = await auditRows(handle.db, { action: 'secured_assets.closure', entityId: caseId });
    expect(audits.map((row) => row.after)).toEqual([
      expect.objectContaining({ closureType: 'SOLD', appliedMinor: '37650000', shortfallMinor: '13625075' }),
    ]);
    expect((await caseView(staff.makerApi, caseId)).history.at(-1)).toMatchObject({
      action: 'close',
      effects: ['settleClosure'],
    });

    // No surplus: no refund to record.
    const refund = await staff.makerApi.post(`/api/secured-assets/cases/${caseId}/closure/refund`, {
      paidOn: '2026-06-30',
      reference: 'UTR12345678',
    });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(errorOf(refund).detail).toMatch(/no surplus/);
  });

  it('refuses expenses above the sale amount, naming the field, and writes nothing', async () => {
    const { caseId, accountId } = await walkRepossessionToClosure(t, staff, org.branch, '200000.00', '2026-06-30');
    const refused = await step(staff, caseId, 'close', { ...REPO_DIRECT_SALE, saleExpenses: '395000.01' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).fields).toEqual(['fields.saleExpenses']);
    expect(errorOf(refused).detail).toMatch(/cannot be more than the sale amount/);
    const view = await caseView(staff.makerApi, caseId);
    expect(view.case).toMatchObject({ stage: 'Closure', isClosed: false });
    expect(await saleReceipts(accountId)).toEqual([]);
    expect((await statement(caseId)).state).toBe('PREVIEW');
  });

  it('closes a SARFAESI sale above the dues with a surplus refund, recorded once by the closing authority', async () => {
    const { caseId, accountId } = await closeSarfaesiSale(t, staff, org.branch, '3000000.00');
    // 39,50,000 − 45,000 expenses = 39,05,000 against 30,12,750.75 outstanding.
    expect(await statement(caseId)).toMatchObject({
      state: 'RECORDED',
      outstandingMinor: '301275075',
      netProceedsMinor: '390500000',
      appliedMinor: '301275075',
      shortfallMinor: '0',
      surplusMinor: '89224925',
      refundStatus: 'DUE',
      closedOn: '2026-09-30',
    });
    expect(await account(accountId)).toMatchObject({ principal: '0.00', interest: '0.00' });

    const refundUrl = `/api/secured-assets/cases/${caseId}/closure/refund`;
    // Another unit's staff do not see the case.
    const other = await createOrg(handle.db);
    const outsider = await apiAs(t, await createRepoStaff(handle.db, other.branch), other.branch);
    expect((await outsider.get(`/api/secured-assets/cases/${caseId}/closure`)).statusCode).toBe(404);
    expect((await outsider.post(refundUrl, { paidOn: '2026-09-30', reference: 'UTR12345678' })).statusCode).toBe(404);
    // Only the closing authority records the refund.
    const viewer = await createRepoStaff(handle.db, org.branch, { authorities: ['SARF_INIT_SAUTH'] });
    const denied = await (
      await apiAs(t, viewer, org.branch)
    ).post(refundUrl, {
      paidOn: '2026-09-30',
      reference: 'UTR12345678',
    });
    expect(denied.statusCode, denied.body).toBe(403);
    // Bad input names the field.
    const bad = await staff.makerApi.post(refundUrl, { paidOn: '2026-09-30', reference: 'utr 1' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['reference']);
    const future = await staff.makerApi.post(refundUrl, { paidOn: '2026-10-01', reference: 'UTR12345678' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toEqual(['paidOn']);
    expect(errorOf(future).detail).toMatch(/cannot be after the business date/);

    const paid = await staff.makerApi.post(refundUrl, { paidOn: '2026-09-30', reference: 'UTR12345678' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      refundStatus: 'PAID',
      refundPaidOn: '2026-09-30',
      refundReference: 'UTR12345678',
    });
    const again = await staff.makerApi.post(refundUrl, { paidOn: '2026-09-30', reference: 'UTR99999999' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toMatch(/already recorded as paid on 30-09-2026/);
    const audits = await auditRows(handle.db, { action: 'secured_assets.refund_paid', entityId: caseId });
    expect(audits.map((row) => row.after)).toEqual([
      { refundStatus: 'PAID', paidOn: '2026-09-30', reference: 'UTR12345678', surplusMinor: '89224925' },
    ]);
  });
});
