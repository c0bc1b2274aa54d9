import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { closureStatementSchema, type ClosureStatement } from '@recovery-desk/domain/secured-assets/closure.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_CASE, SARFAESI_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { createOrg, type Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, rows, setBusinessDate, uploadDocument } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  startCase,
  step,
  stepOk,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// Waivers and partial payments of repossession and SARFAESI cases are money (issue 15): the checker's approval of a
// waiver records it on the account and closing counts it against the shortfall; a rejected or pushed-back waiver
// records nothing. A partial payment's approval posts exactly one receipt through the receipts service (its rules
// apply), which lowers the account's dues; a rejected one posts nothing; bad amounts are refused naming the field.

const REPO_WAIVED_SALE = {
  ...REPOSSESSION_CASE,
  disposalMode: 'DIRECT_SALE',
  saleAmount: '395000.00',
  waiverRequired: true,
  waiverAmount: '50000.00',
  waiverReason: 'Hardship: the borrower lost his job; the vehicle sold below its value',
};

const PAYMENT = {
  partialAmount: '100000.00',
  partialPaymentMode: 'NEFT',
  partialPaymentReference: 'SBIN26103000123',
  partialPaymentDate: '2026-04-10',
  balanceSchedule: 'The balance in three monthly instalments from May 2026',
};

describe.each(testDatabaseKinds())('waivers and partial payments as money (%s)', (kind) => {
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
  const waivers = (caseId: number) =>
    rows<{ amount: string; status: string; approved_by: number; requested_by: number; written_off: string | null }>(
      handle.db,
      sql`select amount_minor::text as amount, status, approved_by_user_id as approved_by,
            requested_by_user_id as requested_by, written_off_minor::text as written_off
          from secured_waivers where case_id = ${caseId} order by id`,
    );
  const account = async (accountId: number) =>
    (
      await rows<{ principal: string; interest: string; other: string }>(
        handle.db,
        sql`select total_principal_outstanding::text as principal, total_interest_outstanding::text as interest,
              other_charges::text as other from accounts where id = ${accountId}`,
      )
    )[0]!;
  const partReceipts = (accountId: number) =>
    rows<{ amount: string; mode: string; status: string; reference: string }>(
      handle.db,
      sql`select amount_minor::text as amount, mode, status, reference from receipts
          where account_id = ${accountId} and source = 'SECURED_PART_PAYMENT' order by id`,
    );
  /** The maker's action with the given form at the case's stage (the detour's own fields). */
  const makerAct = (caseId: number, action: string, fields: Record<string, unknown> = {}, remarks?: string) =>
    act(staff.makerApi, caseId, action as never, {
      ...(Object.keys(fields).length > 0 ? { fields: fields as never } : {}),
      ...(remarks ? { remarks } : {}),
    });

  async function walkRepossessionToWaiver(principal: string) {
    await setBusinessDate(handle.db, '2026-06-30');
    const secured = await createSecuredAccount(handle.db, org.branch, { principal });
    const { caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', secured.id);
    for (const [action, next] of [
      ['recommend', 'RepoInitiateApproval'],
      ['approve', 'Notice'],
      ['submit', 'KitGeneration'],
      ['submit', 'AssetDtlCapture'],
      ['submit', 'ValuationAgcAllocation'],
      ['submit', 'CaptureValDtl'],
      ['submit', 'ValuationCompletion'],
      ['approve', 'FprAllocation'],
      ['submit', 'DisposalIdentification'],
      ['approve', 'DirectSale'],
      ['submit', 'WaverApprovalReq'],
    ] as const) {
      await stepOk(staff, caseId, action, next, REPO_WAIVED_SALE);
    }
    return { caseId, accountId: secured.id };
  }

  it('records an approved waiver on the account and counts it at closure; a pushback records nothing', async () => {
    // Outstanding: 5,00,000.00 principal + 12,000.50 interest + 750.25 charges = 5,12,750.75.
    const { caseId, accountId } = await walkRepossessionToWaiver('500000.00');

    // A waiver above the dues, or of nothing, is refused naming the field, and nothing moves.
    for (const waiverAmount of ['512750.76', '0.00']) {
      const refused = await step(staff, caseId, 'recommend', { ...REPO_WAIVED_SALE, waiverAmount });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused).fields).toEqual(['fields.waiverAmount']);
    }
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('WaverApprovalReq');

    await stepOk(staff, caseId, 'recommend', 'WaverApproval', REPO_WAIVED_SALE);
    // The maker cannot approve their own request.
    const own = await act(staff.makerApi, caseId, 'approve');
    expect(own.statusCode, own.body).toBe(403);
    const back = await act(staff.checkerApi, caseId, 'pushback', { remarks: 'Attach the hardship letter' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<CaseView>().case.stage).toBe('WaverApprovalReq');
    expect(await waivers(caseId)).toEqual([]);

    await stepOk(staff, caseId, 'recommend', 'WaverApproval', REPO_WAIVED_SALE);
    await stepOk(staff, caseId, 'approve', 'AssetSaleNotice', REPO_WAIVED_SALE);
    expect(await waivers(caseId)).toEqual([
      {
        amount: '5000000',
        status: 'APPROVED',
        approved_by: staff.checker.id,
        requested_by: staff.maker.id,
        written_off: null,
      },
    ]);
    const recordedAudit = await auditRows(handle.db, { action: 'secured_assets.waiver_record', entityId: caseId });
    expect(recordedAudit.map((row) => row.after)).toEqual([
      expect.objectContaining({ amountMinor: '5000000', currency: 'INR', accountId }),
    ]);
    expect((await caseView(staff.makerApi, caseId)).history.at(-1)).toMatchObject({
      action: 'approve',
      effects: ['recordWaiver', 'generateSaleNotice'],
    });
    // The case shows the approved waiver, and the preview counts it.
    expect(await statement(caseId)).toMatchObject({
      state: 'PREVIEW',
      waiver: {
        amountMinor: '5000000',
        reason: REPO_WAIVED_SALE.waiverReason,
        approvedBy: 'Chitra Checker',
        requestedBy: 'Rohan Maker',
        approvedOn: '2026-06-30',
      },
    });

    for (const [action, next] of [
      ['submit', 'AssetSale'],
      ['submit', 'AssetSaleApproval'],
      ['approve', 'Closure'],
    ] as const) {
      await stepOk(staff, caseId, action, next, REPO_WAIVED_SALE);
    }
    const closed = await step(staff, caseId, 'close', REPO_WAIVED_SALE);
    expect(closed.statusCode, closed.body).toBe(200);
    // 3,76,500 net proceeds applied; the 50,000 waiver comes off what they leave: 1,36,250.75 − 50,000.
    expect(await statement(caseId)).toMatchObject({
      state: 'RECORDED',
      outstandingMinor: '51275075',
      appliedMinor: '37650000',
      waivedMinor: '5000000',
      shortfallMinor: '8625075',
      surplusMinor: '0',
    });
    expect(await account(accountId)).toEqual({ principal: '86250.75', interest: '0.00', other: '0.00' });
    expect((await waivers(caseId))[0]).toMatchObject({ written_off: '5000000' });
    const closure = await auditRows(handle.db, { action: 'secured_assets.closure', entityId: caseId });
    expect(closure.map((row) => row.after)).toEqual([
      expect.objectContaining({ waivedMinor: '5000000', shortfallMinor: '8625075' }),
    ]);
  });

  it('records nothing for a rejected waiver', async () => {
    const { caseId, accountId } = await walkRepossessionToWaiver('300000.00');
    await stepOk(staff, caseId, 'recommend', 'WaverApproval', REPO_WAIVED_SALE);
    const rejected = await act(staff.checkerApi, caseId, 'reject', { remarks: 'No hardship shown' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CaseView>().case.stage).toBe('AssetSaleNotice');
    expect(await waivers(caseId)).toEqual([]);
    expect(await auditRows(handle.db, { action: 'secured_assets.waiver_record', entityId: caseId })).toEqual([]);
    expect((await statement(caseId)).waiver).toBeNull();
    expect(await account(accountId)).toMatchObject({ principal: '300000.00' });
  });

  it('takes a partial payment on a repossession case too: the approval posts one receipt and the case goes back', async () => {
    await setBusinessDate(handle.db, '2026-06-30');
    const secured = await createSecuredAccount(handle.db, org.branch, { principal: '400000.00' });
    const { caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', secured.id);
    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', REPO_WAIVED_SALE);
    await stepOk(staff, caseId, 'approve', 'Notice', REPO_WAIVED_SALE);
    const opened = await makerAct(caseId, 'requestPartialPayment', {}, 'The borrower paid two instalments by UPI');
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await uploadDocument(staff.makerApi, caseId, 'partialPaymentProof')).statusCode).toBe(200);
    const upi = {
      ...PAYMENT,
      partialAmount: '25000.00',
      partialPaymentMode: 'UPI',
      partialPaymentReference: 'UPI2606301234',
    };
    expect((await makerAct(caseId, 'recommend', upi)).statusCode).toBe(200);
    const approved = await act(staff.checkerApi, caseId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CaseView>().case.stage).toBe('Notice');
    expect(await partReceipts(secured.id)).toEqual([
      { amount: '2500000', mode: 'UPI', status: 'PENDING_VERIFICATION', reference: 'UPI2606301234' },
    ]);
    // 12,750.75 of charges and interest first, then 12,249.25 of principal
    expect(await account(secured.id)).toEqual({ principal: '387750.75', interest: '0.00', other: '0.00' });
  });

  it('posts an approved partial payment as one receipt; refuses bad amounts and modes; a rejection posts nothing', async () => {
    // Outstanding: 30,00,000.00 principal + 12,000.50 interest + 750.25 charges = 30,12,750.75.
    const secured = await createSecuredAccount(handle.db, org.branch, { product: 'HOME', principal: '3000000.00' });
    const { caseId } = await startCase(t, staff.maker, org.branch, 'SARFAESI', secured.id);
    await setBusinessDate(handle.db, '2026-04-12');
    for (const [action, next] of [
      ['recommend', 'SarfInitiateApprove'],
      ['approve', 'NoticeCapture'],
      ['submit', 'NoticeApproval'],
      ['approve', 'NewspaperPublication'],
    ] as const) {
      await stepOk(staff, caseId, action, next, SARFAESI_CASE);
    }
    const opened = await makerAct(caseId, 'requestPartialPayment', {}, 'The borrower offers part of the dues');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<CaseView>().case.stage).toBe('PartialPaymentReq');
    // the proof of payment the request needs (kept on the case for the later requests too)
    expect((await uploadDocument(staff.makerApi, caseId, 'partialPaymentProof')).statusCode).toBe(200);

    // Bad requests are refused naming the field, and the case stays where it is.
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...PAYMENT, partialAmount: '3012750.76' }, 'fields.partialAmount'],
      [{ ...PAYMENT, partialAmount: '0.00' }, 'fields.partialAmount'],
      [{ ...PAYMENT, partialAmount: '12.345' }, 'fields.partialAmount'],
      [{ ...PAYMENT, partialPaymentReference: '' }, 'fields.partialPaymentReference'],
      [{ ...PAYMENT, partialPaymentMode: 'BARTER' }, 'fields.partialPaymentMode'],
      // Income-tax Act §269ST: cash of ₹2,00,000 or more from one person in a day
      [
        { ...PAYMENT, partialPaymentMode: 'CASH', partialPaymentReference: '', partialAmount: '200000.00' },
        'fields.partialAmount',
      ],
    ];
    for (const [fields, named] of refusals) {
      const refused = await makerAct(caseId, 'recommend', fields);
      expect(refused.statusCode, `${JSON.stringify(fields)} ${refused.body}`).toBe(400);
      expect(errorOf(refused).fields).toContain(named);
    }
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('PartialPaymentReq');
    expect(await partReceipts(secured.id)).toEqual([]);

    const recommended = await makerAct(caseId, 'recommend', PAYMENT);
    expect(recommended.statusCode, recommended.body).toBe(200);

    // Two checkers' approvals at once: one wins, and exactly one receipt is posted.
    const version = (await caseView(staff.checkerApi, caseId)).case.version;
    const second = await apiAs(t, await createRepoStaff(handle.db, org.zone), org.zone);
    const decisions = await Promise.all(
      [staff.checkerApi, second].map((api) =>
        api.post(`/api/workflow/cases/${caseId}/actions`, {
          action: 'approve',
          version,
          expectedStage: 'PartialPaymentApproval',
        }),
      ),
    );
    expect(decisions.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('NewspaperPublication');
    expect(await partReceipts(secured.id)).toEqual([
      { amount: '10000000', mode: 'NEFT', status: 'PENDING_VERIFICATION', reference: 'SBIN26103000123' },
    ]);
    // The dues go down: charges, then interest, then principal.
    expect(await account(secured.id)).toEqual({ principal: '2912750.75', interest: '0.00', other: '0.00' });
    const audits = await auditRows(handle.db, { action: 'secured_assets.partial_payment_post', entityId: caseId });
    expect(audits.map((row) => row.after)).toEqual([
      expect.objectContaining({ amountMinor: '10000000', mode: 'NEFT', paidOn: '2026-04-10' }),
    ]);
    const shown = await statement(caseId);
    expect(shown.outstandingMinor).toBe('291275075');
    expect(shown.partialPayments).toEqual([
      expect.objectContaining({ amountMinor: '10000000', mode: 'NEFT', status: 'PENDING_VERIFICATION' }),
    ]);

    // A rejected partial payment posts nothing.
    await makerAct(caseId, 'requestPartialPayment', {}, 'A second offer');
    expect((await makerAct(caseId, 'recommend', { ...PAYMENT, partialAmount: '50000.00' })).statusCode).toBe(200);
    const rejected = await act(staff.checkerApi, caseId, 'reject', { remarks: 'The cheque is post-dated' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CaseView>().case.stage).toBe('NewspaperPublication');
    expect(await partReceipts(secured.id)).toHaveLength(1);

    // Cash: the payer's cash of the day is counted when the approval posts it (§269ST across receipts).
    const cash = { ...PAYMENT, partialPaymentMode: 'CASH', partialPaymentReference: '' };
    await makerAct(caseId, 'requestPartialPayment', {}, 'Cash at the branch');
    expect((await makerAct(caseId, 'recommend', { ...cash, partialAmount: '150000.00' })).statusCode).toBe(200);
    expect((await act(staff.checkerApi, caseId, 'approve')).statusCode).toBe(200);
    await makerAct(caseId, 'requestPartialPayment', {}, 'More cash the same day');
    expect((await makerAct(caseId, 'recommend', { ...cash, partialAmount: '60000.00' })).statusCode).toBe(200);
    const over = await act(staff.checkerApi, caseId, 'approve');
    expect(over.statusCode, over.body).toBe(400);
    expect(errorOf(over).fields).toEqual(['fields.partialAmount']);
    expect(errorOf(over).detail).toMatch(/269ST/);
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('PartialPaymentApproval');
    expect((await partReceipts(secured.id)).map((row) => row.amount)).toEqual(['10000000', '15000000']);

    // Another unit's staff do not see the case, nor can they act on it.
    const other = await createOrg(handle.db);
    const outsider = await apiAs(t, await createRepoStaff(handle.db, other.branch), other.branch);
    expect((await outsider.get(`/api/secured-assets/cases/${caseId}/closure`)).statusCode).toBe(404);
    const foreign = await outsider.post(`/api/workflow/cases/${caseId}/actions`, {
      action: 'approve',
      version: (await caseView(staff.makerApi, caseId)).case.version,
      expectedStage: 'PartialPaymentApproval',
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
  });
});
