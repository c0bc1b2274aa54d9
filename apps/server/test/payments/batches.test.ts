import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  batchDetailSchema,
  reconciliationReportSchema,
  type BatchDetail,
  type ReconciliationReport,
} from '@recovery-desk/domain/payments/contracts.ts';
import type { PostReceiptInput } from '../../src/modules/receipts/index.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { postTestReceipt } from './factories.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows, uniqueName, type TestUser } from '../factories.ts';
import { sheetXml, workbookOf } from '../support/workbooks.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Deposit batches on the approval kit (maker ≠ checker, reject frees the receipts), the bank statement
// reconciliation (matches and what is unmatched on either side, CSV and XLSX, the export), EFT Receipt Cancel and
// "collected vs deposited", through the API on PGlite and PostgreSQL.

const BATCHES = '/api/payments/batches';
const STATEMENTS = '/api/payments/reconciliation/statements';

describe.each(testDatabaseKinds())('payment batches and reconciliation (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let collector: TestUser;
  let maker: Api;
  let checker: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    maker = await apiAs(
      t,
      await createStaff(handle.db, org.branch, [
        'PAY_BATCH_GEN_SAUTH',
        'PAY_BATCH_GEN_APP_SAUTH',
        'PAY_BATCH_RECONCILIATION_SAUTH',
        'PAY_BATCH_VIEWER_SAUTH',
      ]),
      org.branch,
    );
    checker = await apiAs(
      t,
      await createStaff(handle.db, org.zone, ['PAY_BATCH_GEN_APP_SAUTH', 'PAY_BATCH_VIEWER_SAUTH']),
      org.zone,
    );
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** A receipt posted through the receipts part (a system number), then verified, on the account's branch. */
  async function receipt(
    options: Partial<PostReceiptInput> & { unit?: Org['branch']; status?: string; receivedOn?: string } = {},
  ): Promise<{ id: number; receiptNo: string; reference: string | null }> {
    const posted = await postTestReceipt(handle.db, { ...options, unit: options.unit ?? org.branch, collector });
    await handle.db.execute(
      sql`update receipts set status = ${options.status ?? 'VERIFIED'},
        received_on = ${options.receivedOn ?? BUSINESS_DATE} where id = ${posted.id}`,
    );
    return { id: posted.id, receiptNo: posted.receiptNo, reference: posted.reference };
  }

  async function generate(
    receiptIds: number[],
    extra: Record<string, unknown> = {},
    api: Api = maker,
  ): Promise<ReturnType<Api['post']>> {
    return api.inject({
      method: 'POST',
      url: BATCHES,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        branchUnitId: org.branch.id,
        collectionDate: BUSINESS_DATE,
        depositSlipNo: uniqueName('DS').toUpperCase().replaceAll('_', '-'),
        receiptIds,
        ...extra,
      },
    });
  }

  async function generated(receiptIds: number[], extra: Record<string, unknown> = {}): Promise<BatchDetail> {
    const response = await generate(receiptIds, extra);
    expect(response.statusCode, response.body).toBe(200);
    return batchDetailSchema.parse(response.json());
  }

  it('groups verified cash and cheque receipts into a batch that another user approves', async () => {
    const cash = await receipt();
    const cheque = await receipt({ mode: 'CHEQUE', amountMinor: 2500_25n, reference: '000123' });
    const batch = await generated([cash.id, cheque.id]);
    expect(batch).toMatchObject({ status: 'INITIATED', amount: '3500.25', currency: 'INR', receiptCount: 2 });
    expect(batch.receipts.map((r) => r.receiptId).sort()).toEqual([cash.id, cheque.id].sort());
    expect(batch.batchNo).toMatch(new RegExp(`^PB-${org.branch.code}-20260331-\\d+$`));
    expect(await auditRows(handle.db, { action: 'payments.batch.generate', entityId: batch.id })).toHaveLength(1);
    expect(await auditRows(handle.db, { action: 'payments.batch.request', entityId: batch.id })).toHaveLength(1);

    // The maker holds the approver authority too, and still cannot approve their own batch.
    const own = await maker.post(`${BATCHES}/${batch.id}/approve`, { version: batch.version });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');

    const approved = await checker.post(`${BATCHES}/${batch.id}/approve`, { version: batch.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', checkerName: expect.any(String) });
    expect(await auditRows(handle.db, { action: 'payments.batch.approve', entityId: batch.id })).toHaveLength(1);
    const twice = await checker.post(`${BATCHES}/${batch.id}/reject`, { version: batch.version + 1, remarks: 'x' });
    expect(twice.statusCode).toBe(409);

    const views = await checker.get(`${BATCHES}/approval?status=APPROVED`);
    expect(views.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toContain(batch.id);
    const viewer = await checker.get(`${BATCHES}/viewer/${batch.id}`);
    expect(viewer.statusCode).toBe(200);
  });

  it('refuses receipts that are not eligible, naming them, and bad input naming the fields', async () => {
    const pending = await receipt({ status: 'PENDING_VERIFICATION' });
    const neft = await receipt({ mode: 'NEFT', reference: uniqueName('UTR') });
    const old = await receipt({ receivedOn: '2026-03-30' });
    const refused = await generate([pending.id, neft.id, old.id]);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('NOT_ELIGIBLE');
    for (const r of [pending, neft, old]) expect(errorOf(refused).detail).toContain(r.receiptNo);

    const taken = await receipt();
    await generated([taken.id]);
    const again = await generate([taken.id]);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toContain('already in batch');

    const foreign = await receipt({ unit: org.foreign });
    expect((await generate([foreign.id])).statusCode).toBe(404);

    const bad = await maker.inject({
      method: 'POST',
      url: BATCHES,
      headers: { 'idempotency-key': randomUUID() },
      payload: { branchUnitId: org.branch.id, collectionDate: '31-03-2026', depositSlipNo: '', receiptIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(expect.arrayContaining(['collectionDate', 'depositSlipNo', 'receiptIds']));
    const noKey = await maker.post(BATCHES, {
      branchUnitId: org.branch.id,
      collectionDate: BUSINESS_DATE,
      depositSlipNo: 'DS-1',
      receiptIds: [taken.id],
    });
    expect(errorOf(noKey).fields).toContain('Idempotency-Key');
  });

  it('puts a receipt in one live batch only, when two makers race for it', async () => {
    const contested = await receipt();
    const replies = await Promise.all([generate([contested.id]), generate([contested.id]), generate([contested.id])]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409]);
    const live = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from payment_batch_receipts where receipt_id = ${contested.id} and live`,
    );
    expect(live[0]!.n).toBe(1);
  });

  it('rejects with remarks only, and frees the receipts for another batch', async () => {
    const cash = await receipt();
    const batch = await generated([cash.id], { depositSlipNo: 'DS-REJ-1' });
    const silent = await checker.post(`${BATCHES}/${batch.id}/reject`, { version: batch.version });
    expect(silent.statusCode).toBe(400);
    expect(errorOf(silent).fields).toContain('remarks');
    const rejected = await checker.post(`${BATCHES}/${batch.id}/reject`, {
      version: batch.version,
      remarks: 'Slip amount differs from the cash',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', remarks: 'Slip amount differs from the cash' });
    const candidates = await maker.get(`${BATCHES}/candidates?branchUnitId=${org.branch.id}&pageSize=100`);
    expect(candidates.json<{ data: { receiptId: number }[] }>().data.map((r) => r.receiptId)).toContain(cash.id);
    // The same receipt and the same slip go into a new batch.
    const redone = await generated([cash.id], { depositSlipNo: 'DS-REJ-1' });
    expect(redone.status).toBe('INITIATED');

    // While its batch waits for approval, the receipt cannot be cancelled: the batch is rejected first.
    const desk = await apiAs(t, await createStaff(handle.db, org.zone, ['PAY_CANCELLATION_SAUTH']), org.zone);
    const [row] = await queryRows<{ version: number }>(
      handle.db,
      sql`select version from receipts where id = ${cash.id}`,
    );
    const cancel = () =>
      desk.post(`/api/receipts/${cash.id}/cancellation`, {
        version: row!.version,
        reason: 'WRONG_ACCOUNT',
        remarks: 'Paid for another loan of the family',
      });
    const refused = await cancel();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(errorOf(refused).detail).toContain(redone.batchNo);
    const [still] = await queryRows<{ status: string }>(
      handle.db,
      sql`select status from receipts where id = ${cash.id}`,
    );
    expect(still!.status).toBe('VERIFIED');
    const rejectedAgain = await checker.post(`${BATCHES}/${redone.id}/reject`, {
      version: redone.version,
      remarks: 'Receipt to be cancelled: wrong account',
    });
    expect(rejectedAgain.statusCode, rejectedAgain.body).toBe(200);
    const accepted = await cancel();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'CANCEL_REQUESTED' });
  });

  it('answers 404 for another unit’s batches', async () => {
    const batch = await generated([(await receipt()).id]);
    const outsider = await apiAs(
      t,
      await createStaff(handle.db, org.foreign, ['PAY_BATCH_GEN_APP_SAUTH', 'PAY_BATCH_VIEWER_SAUTH']),
      org.foreign,
    );
    expect((await outsider.get(`${BATCHES}/viewer/${batch.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${BATCHES}/${batch.id}/approve`, { version: batch.version })).statusCode).toBe(404);
    const sibling = await apiAs(t, await createStaff(handle.db, org.sibling, ['PAY_BATCH_GEN_APP_SAUTH']), org.sibling);
    expect((await sibling.get(`${BATCHES}/approval/${batch.id}`)).statusCode).toBe(404);
  });

  it('flags verified cash not in an approved batch by the next business date (collected vs deposited)', async () => {
    const late = await receipt({ receivedOn: '2026-03-29', amountMinor: 777_00n });
    const today = await receipt({ amountMinor: 555_00n });
    const list = async () =>
      (await maker.get(`${BATCHES}/undeposited-cash?pageSize=100`)).json<{
        data: { receiptId: number; daysUndeposited: number }[];
      }>().data;
    const flagged = await list();
    expect(flagged.find((row) => row.receiptId === late.id)).toMatchObject({ daysUndeposited: 2 });
    expect(flagged.map((row) => row.receiptId)).not.toContain(today.id);
    const batch = await generated([late.id], { collectionDate: '2026-03-29' });
    expect((await list()).map((row) => row.receiptId)).toContain(late.id);
    await checker.post(`${BATCHES}/${batch.id}/approve`, { version: batch.version });
    expect((await list()).map((row) => row.receiptId)).not.toContain(late.id);
  });

  it('reconciles a statement: batches by amount, date and slip, electronic receipts by UTR; both sides’ leftovers listed', async () => {
    const slip = `SLIP${Date.now()}`;
    const deposited = await generated([(await receipt({ amountMinor: 4200_00n })).id], { depositSlipNo: slip });
    await checker.post(`${BATCHES}/${deposited.id}/approve`, { version: deposited.version });
    const notDeposited = await generated([(await receipt({ amountMinor: 1111_00n })).id]);
    await checker.post(`${BATCHES}/${notDeposited.id}/approve`, { version: notDeposited.version });
    const utr = uniqueName('UTR').toUpperCase();
    const credited = await receipt({ mode: 'NEFT', amountMinor: 3000_00n, reference: utr });
    const uncredited = await receipt({ mode: 'IMPS', amountMinor: 999_00n, reference: uniqueName('UTR') });

    const csv = [
      'Value Date,Amount,Reference,Narration',
      `01/04/2026,"4,200.00",${slip},CASH DEPOSIT`,
      `2026-03-31,3000.00,${utr.toLowerCase()},NEFT CR`,
      '2026-03-31,5000.00,NOBODY-KNOWS,NEFT CR UNKNOWN',
    ].join('\n');
    const upload = await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [{ name: 'statement.csv', content: Buffer.from(csv) }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const report: ReconciliationReport = reconciliationReportSchema.parse(upload.json());
    expect(report.statement).toMatchObject({ credits: 3, matched: 2, fromDate: '2026-03-31', toDate: '2026-04-01' });
    expect(report.matched.map((c) => [c.matchKind, c.batchNo ?? c.receiptNo])).toEqual([
      ['BATCH', deposited.batchNo],
      ['RECEIPT', credited.receiptNo],
    ]);
    expect(report.unmatchedCredits.map((c) => c.reference)).toEqual(['NOBODY-KNOWS']);
    expect(report.unmatchedBatches.map((b) => b.batchNo)).toContain(notDeposited.batchNo);
    expect(report.unmatchedBatches.map((b) => b.batchNo)).not.toContain(deposited.batchNo);
    expect(report.unmatchedReceipts.map((r) => r.receiptId)).toContain(uncredited.id);
    expect(report.unmatchedReceipts.map((r) => r.receiptId)).not.toContain(credited.id);
    expect(
      await auditRows(handle.db, { action: 'payments.reconciliation.upload', entityId: report.statement.id }),
    ).toHaveLength(1);

    // A credit is loaded once: the same reference again (XLSX this time, any case), or twice in one file, refuses
    // the statement naming its rows, and stores nothing.
    const statementsBefore = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from bank_statements`,
    );
    const xlsx = workbookOf(
      sheetXml([
        ['valueDate', 'amount', 'reference', 'narration'],
        ['2026-04-02', '10.00', 'FRESH-ONE', 'NEFT CR'],
        ['2026-04-01', '4200.00', slip.toLowerCase(), 'CASH DEPOSIT'],
      ]),
    );
    const second = await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [{ name: 'statement.xlsx', content: xlsx }]),
    });
    expect(second.statusCode, second.body).toBe(400);
    expect(errorOf(second).fields).toEqual(['file']);
    expect(errorOf(second).detail).toContain(
      `row 3: reference ${slip.toLowerCase()} was already loaded by an earlier statement`,
    );
    const twice = await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [
        {
          name: 'twice.csv',
          content: Buffer.from('valueDate,amount,reference\n2026-04-02,10.00,TWICE-1\n2026-04-02,20.00,twice-1\n'),
        },
      ]),
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(errorOf(twice).detail).toContain('row 3: reference twice-1 is also on row 2');
    expect(await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bank_statements`)).toEqual(
      statementsBefore,
    );

    const exported = await maker.get(`${STATEMENTS}/${report.statement.id}/export?format=csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('reconciliation-');
    expect(exported.body).toContain('NOBODY-KNOWS');
    expect(exported.body).toContain(deposited.batchNo);
    const xlsxExport = await maker.get(`${STATEMENTS}/${report.statement.id}/export?format=xlsx`);
    expect(xlsxExport.statusCode).toBe(200);
    expect(xlsxExport.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const outsider = await apiAs(
      t,
      await createStaff(handle.db, org.foreign, ['PAY_BATCH_RECONCILIATION_SAUTH']),
      org.foreign,
    );
    expect((await outsider.get(`${STATEMENTS}/${report.statement.id}`)).statusCode).toBe(404);
  });

  it('refuses a statement whose rows or columns are wrong, naming the file and rows, and stores nothing', async () => {
    const before = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bank_statements`);
    const noColumn = await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [{ name: 's.csv', content: Buffer.from('date,amount\n2026-03-31,10.00\n') }]),
    });
    expect(noColumn.statusCode).toBe(400);
    expect(errorOf(noColumn).fields).toEqual(['file']);
    expect(errorOf(noColumn).detail).toContain('reference');
    const badRows = await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [
        { name: 's.csv', content: Buffer.from('valueDate,amount,reference\n2026-02-30,10.00,A\n2026-03-31,-5,B\n') },
      ]),
    });
    expect(badRows.statusCode).toBe(400);
    expect(errorOf(badRows).detail).toMatch(/row 2: valueDate.*row 3: amount/);
    const missing = await maker.inject({ method: 'POST', url: STATEMENTS, ...multipart({}, []) });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual(['file']);
    const after = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from bank_statements`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('cancels an electronic receipt the bank never credited: the posting is reversed, with reason and audit', async () => {
    const utr = uniqueName('UTR').toUpperCase();
    const lost = await receipt({ mode: 'RTGS', amountMinor: 2000_00n, reference: utr });
    const cancel = (id: number, body: Record<string, unknown>) =>
      maker.post(`/api/payments/eft-receipts/${id}/cancel`, body);
    const listed = await maker.get('/api/payments/eft-receipts?pageSize=100');
    expect(listed.json<{ data: { receiptId: number }[] }>().data.map((r) => r.receiptId)).toContain(lost.id);

    const noRemarks = await cancel(lost.id, { reasonCode: 'NOT_CREDITED' });
    expect(noRemarks.statusCode).toBe(400);
    expect(errorOf(noRemarks).fields).toContain('remarks');
    const badReason = await cancel(lost.id, { reasonCode: 'BORED', remarks: 'x' });
    expect(errorOf(badReason).fields).toContain('reasonCode');

    const done = await cancel(lost.id, { reasonCode: 'NOT_CREDITED', remarks: 'Not in the March statement' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'CANCELLED', receiptId: lost.id });
    const open = await queryRows<{ status: string }>(
      handle.db,
      sql`select status from approval_requests where subject_type = 'RECEIPT' and subject_id = ${lost.id}`,
    );
    expect(open.map((request) => request.status)).not.toContain('PENDING');
    const payments = await queryRows<{ amount: string }>(
      handle.db,
      sql`select amount::text from payments where reference = ${utr} order by id`,
    );
    expect(payments.map((p) => p.amount)).toEqual(['2000.00', '-2000.00']);
    const [audit] = await auditRows(handle.db, { action: 'payments.eft_receipt.cancel', entityId: lost.id });
    expect(audit!.after).toMatchObject({ reasonCode: 'NOT_CREDITED', remarks: 'Not in the March statement' });
    expect((await cancel(lost.id, { reasonCode: 'NOT_CREDITED', remarks: 'again' })).statusCode).toBe(409);

    const cash = await receipt();
    const notEft = await cancel(cash.id, { reasonCode: 'NOT_CREDITED', remarks: 'x' });
    expect(errorOf(notEft).code).toBe('NOT_ELIGIBLE');
    const foreign = await receipt({ unit: org.foreign, mode: 'NEFT', reference: uniqueName('UTR') });
    expect((await cancel(foreign.id, { reasonCode: 'NOT_CREDITED', remarks: 'x' })).statusCode).toBe(404);

    // A credited receipt (matched by a statement) cannot be cancelled as not credited.
    const creditedUtr = uniqueName('UTR').toUpperCase();
    const credited = await receipt({ mode: 'NEFT', amountMinor: 321_00n, reference: creditedUtr });
    await maker.inject({
      method: 'POST',
      url: STATEMENTS,
      ...multipart({}, [
        { name: 's.csv', content: Buffer.from(`valueDate,amount,reference\n2026-03-31,321.00,${creditedUtr}\n`) },
      ]),
    });
    const refused = await cancel(credited.id, { reasonCode: 'NOT_CREDITED', remarks: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('NOT_ELIGIBLE');
  });
});
