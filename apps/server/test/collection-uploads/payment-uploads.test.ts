import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { collUploadReplySchema, type CollUploadReply } from '@recovery-desk/domain/collections/uploads.ts';
import {
  batchDetailSchema,
  reconciliationReportSchema,
  type BatchDetail,
} from '@recovery-desk/domain/payments/contracts.ts';
import type { PostReceiptInput } from '../../src/modules/receipts/index.ts';
import {
  apiAs,
  createAccount,
  createOrg,
  createStaff,
  readAccount,
  type Api,
  type Org,
} from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows, uniqueName, type TestUser } from '../factories.ts';
import { multipart } from '../legal/factories.ts';
import { postTestReceipt } from '../payments/factories.ts';
import { finishJob } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// The payment types of the collections File Upload: BANK_STATEMENT (the credits become reconciliation's bank side,
// matched by the reconciliation screen's rules) and NACH (a SUCCESS posts a receipt through the receipts part, a
// BOUNCED one records the bounce and its charge). All rows are checked first; any error applies nothing.

const STATEMENT_HEADER = ['valueDate', 'amount', 'reference', 'narration'];
const NACH_HEADER = ['accountNo', 'umrn', 'presentationDate', 'amount', 'status', 'returnReasonCode'];

const csv = (rows: string[][]) => Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const count = async (handle: DatabaseHandle, table: string) =>
  (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

describe.each(testDatabaseKinds())('payment uploads: bank statement and NACH (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let collector: TestUser;
  let desk: Api;
  let checker: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { config: { nachBounceChargeMinor: 590_00n } });
    org = await createOrg(handle.db);
    collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    desk = await apiAs(
      t,
      await createStaff(handle.db, org.branch, [
        'FILE_UPLOAD_COLL_SAUTH',
        'PAY_BATCH_GEN_SAUTH',
        'PAY_BATCH_RECONCILIATION_SAUTH',
      ]),
      org.branch,
    );
    checker = await apiAs(t, await createStaff(handle.db, org.zone, ['PAY_BATCH_GEN_APP_SAUTH']), org.zone);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** Uploads a file of the type and runs its job to the end: the upload record the job reports. */
  async function upload(api: Api, type: string, name: string, content: Buffer): Promise<CollUploadReply> {
    const started = await api.inject({
      method: 'POST',
      url: '/api/collections/uploads',
      ...multipart({ type }, [{ name, content }]),
    });
    const job = await finishJob(t, api, started);
    expect(job.status, job.error ?? '').toBe('DONE');
    return collUploadReplySchema.parse(job.result);
  }

  /** A verified receipt of the branch, posted through the receipts part. */
  async function receipt(options: Partial<PostReceiptInput> = {}) {
    const posted = await postTestReceipt(handle.db, { ...options, unit: org.branch, collector });
    await handle.db.execute(sql`update receipts set status = 'VERIFIED' where id = ${posted.id}`);
    return posted;
  }

  /** An approved deposit batch of one cash receipt, on this deposit slip. */
  async function approvedBatch(amountMinor: bigint, depositSlipNo: string): Promise<BatchDetail> {
    const cash = await receipt({ amountMinor });
    const made = await desk.inject({
      method: 'POST',
      url: '/api/payments/batches',
      headers: { 'idempotency-key': randomUUID() },
      payload: { branchUnitId: org.branch.id, collectionDate: BUSINESS_DATE, depositSlipNo, receiptIds: [cash.id] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const batch = batchDetailSchema.parse(made.json());
    const approved = await checker.post(`/api/payments/batches/${batch.id}/approve`, { version: batch.version });
    expect(approved.statusCode, approved.body).toBe(200);
    return batch;
  }

  it('loads a clean bank statement as reconciliation lines: batches and receipts matched, the rest left unmatched', async () => {
    const slip = uniqueName('SLIP').toUpperCase();
    const batch = await approvedBatch(4200_00n, slip);
    const utr = uniqueName('UTR').toUpperCase();
    const neft = await receipt({ mode: 'NEFT', amountMinor: 3000_00n, reference: utr });
    const unknown = uniqueName('UNPLACED').toUpperCase();

    const done = await upload(
      desk,
      'BANK_STATEMENT',
      'statement.csv',
      csv([
        STATEMENT_HEADER,
        ['01/04/2026', '"4,200.00"', slip, 'CASH DEPOSIT'],
        ['2026-03-31', '3000', utr.toLowerCase(), 'NEFT CR'],
        ['2026-03-31', '12345.67', unknown, 'NEFT CR UNKNOWN REMITTER'],
      ]),
    );
    expect(done).toMatchObject({ type: 'BANK_STATEMENT', status: 'APPLIED', totalRows: 3, appliedRows: 3 });
    const trail = await queryRows<{ rowNo: number; detail: { statementId: number; matchKind: string | null } }>(
      handle.db,
      sql`select row_no as "rowNo", detail from collection_upload_rows where upload_id = ${done.uploadId} order by row_no`,
    );
    expect(trail.map((row) => [row.rowNo, row.detail.matchKind])).toEqual([
      [2, 'BATCH'],
      [3, 'RECEIPT'],
      [4, null],
    ]);

    // The reconciliation screen shows the statement: two matches and the unplaced credit as its exception.
    const statementId = trail[0]!.detail.statementId;
    const report = reconciliationReportSchema.parse(
      (await desk.get(`/api/payments/reconciliation/statements/${statementId}`)).json(),
    );
    expect(report.statement).toMatchObject({ credits: 3, matched: 2, fileName: 'statement.csv' });
    expect(report.matched.map((credit) => credit.batchNo ?? credit.receiptNo)).toEqual([batch.batchNo, neft.receiptNo]);
    expect(report.unmatchedCredits).toMatchObject([{ reference: unknown, amount: '12345.67', currency: 'INR' }]);
    expect(
      await auditRows(handle.db, { action: 'payments.reconciliation.upload', entityId: statementId }),
    ).toHaveLength(1);
    const audit = await auditRows(handle.db, { action: 'collections.upload', entityId: done.uploadId });
    expect(audit.at(-1)?.after).toMatchObject({ type: 'BANK_STATEMENT', status: 'APPLIED', appliedRows: 3 });

    // The same references again, in any case: refused row by row (already loaded), nothing stored.
    const statements = await count(handle, 'bank_statements');
    const again = await upload(
      desk,
      'BANK_STATEMENT',
      'statement-again.xlsx',
      await xlsx([STATEMENT_HEADER, ['2026-03-31', '3000.00', utr, 'NEFT CR'], ['2026-03-31', '10', 'NEW-REF-1', '']]),
    );
    expect(again).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 1 });
    expect(again.errors).toEqual([{ row: 2, column: 'reference', message: expect.stringContaining('already loaded') }]);
    expect(await count(handle, 'bank_statements')).toBe(statements);
  });

  it('reports every bad statement row by row and column, in paise-exact rupees, and applies nothing', async () => {
    const statements = await count(handle, 'bank_statements');
    const credits = await count(handle, 'bank_statement_credits');
    const rejected = await upload(
      desk,
      'BANK_STATEMENT',
      'statement-bad.csv',
      csv([
        STATEMENT_HEADER,
        ['2026-02-30', '100.00', 'REF-A', ''],
        ['2026-03-31', '12.345', 'REF-B', ''],
        ['2026-03-31', '-5', 'REF-C', ''],
        ['2026-03-31', 'abc', '', ''],
        ['2026-03-31', '0', 'REF-E', ''],
        ['2026-03-31', '250.50', 'REF-F', 'first'],
        ['2026-03-31', '250.50', 'ref-f', 'the same reference again'],
        ['2026-03-31', '99.9', 'R'.repeat(65), ''],
      ]),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 7 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'valueDate'],
      [3, 'amount'],
      [4, 'amount'],
      [5, 'amount'],
      [5, 'reference'],
      [6, 'amount'],
      [8, 'reference'],
      [9, 'reference'],
    ]);
    expect(rejected.errors.find((error) => error.row === 8)?.message).toContain('also on row 7');
    expect(await count(handle, 'bank_statements')).toBe(statements);
    expect(await count(handle, 'bank_statement_credits')).toBe(credits);
    const report = await desk.get(`/api/collections/uploads/${rejected.uploadId}/errors`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('row,column,message,valueDate,amount,reference,narration');
  });

  it('posts NACH successes as receipts through the receipts posting and records bounces with their charge', async () => {
    const paying = await createAccount(handle.db, { unit: org.branch, dpd: 20, emi: '5000.00' });
    const bouncing = await createAccount(handle.db, { unit: org.branch, dpd: 35 });
    const before = await readAccount(handle.db, bouncing.id);
    const umrn = uniqueName('HDFC7021').toUpperCase();
    const done = await upload(
      desk,
      'NACH',
      'nach-results.xlsx',
      await xlsx([
        NACH_HEADER,
        [paying.accountNo, umrn, '2026-03-25', '5,000.00', 'success', ''],
        [bouncing.accountNo, '', '25/03/2026', '5000', 'BOUNCED', '01'],
      ]),
    );
    expect(done).toMatchObject({ type: 'NACH', status: 'APPLIED', totalRows: 2, appliedRows: 2, errorRows: 0 });

    const [posted] = await queryRows<{ mode: string; amount: string; status: string; source: string; ref: string }>(
      handle.db,
      sql`select mode, amount_minor::text as amount, status, source, reference as ref from receipts
        where account_id = ${paying.id}`,
    );
    expect(posted).toEqual({
      mode: 'NACH',
      amount: '500000',
      status: 'PENDING_VERIFICATION',
      source: 'IMPORT',
      ref: umrn,
    });
    const payments = await queryRows<{ amount: string; mode: string }>(
      handle.db,
      sql`select amount::text as amount, mode from payments where account_id = ${paying.id}`,
    );
    expect(payments).toEqual([{ amount: '5000.00', mode: 'NACH' }]);
    const paid = await queryRows<{ dpd: number; due: string }>(
      handle.db,
      sql`select a.dpd, a.total_due_amount::text as due from accounts a where a.id = ${paying.id}`,
    );
    expect(paid[0]).toEqual({ dpd: 0, due: '0.00' });
    const verification = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from approval_requests r join receipts c on c.id = r.subject_id
        where r.flow_code = 'RECEIPT_VERIFICATION' and c.account_id = ${paying.id}`,
    );
    expect(verification[0]!.n).toBe(1);

    const bounced = await queryRows<{ date: string; reason: string; charges: string; due: string }>(
      handle.db,
      sql`select bounce_date::text as date, bounce_reason as reason, bounce_charges::text as charges,
        total_due_amount::text as due from accounts where id = ${bouncing.id}`,
    );
    expect(bounced[0]).toEqual({
      date: '2026-03-25',
      reason: 'NACH return 01',
      charges: '590.00',
      due: (Number(before.totalDueAmount) + 590).toFixed(2),
    });
    expect(await queryRows(handle.db, sql`select 1 from receipts where account_id = ${bouncing.id}`)).toHaveLength(0);
    const presentations = await queryRows<{ status: string; charge: string; receipt: number | null }>(
      handle.db,
      sql`select status, bounce_charge_minor::text as charge, receipt_id as receipt from nach_presentations
        where upload_id = ${done.uploadId} order by id`,
    );
    expect(presentations.map((row) => [row.status, row.charge, row.receipt !== null])).toEqual([
      ['SUCCESS', '0', true],
      ['BOUNCED', '59000', false],
    ]);
    const audit = await auditRows(handle.db, { action: 'collections.upload', entityId: done.uploadId });
    expect(audit.at(-1)?.after).toMatchObject({ type: 'NACH', status: 'APPLIED', appliedRows: 2 });

    // The next month's presentation names the mandate only: the account comes from the earlier presentation.
    const byMandate = await upload(
      desk,
      'NACH',
      'nach-april.csv',
      csv([NACH_HEADER, ['', umrn.toLowerCase(), '2026-03-31', '100', 'SUCCESS', '']]),
    );
    expect(byMandate).toMatchObject({ status: 'APPLIED', appliedRows: 1 });
    const rows = await queryRows<{ accountId: number }>(
      handle.db,
      sql`select account_id as "accountId" from collection_upload_rows where upload_id = ${byMandate.uploadId}`,
    );
    expect(rows.map((row) => Number(row.accountId))).toEqual([paying.id]);

    // The same presentation (account, date, UMRN) twice is refused: already loaded, and twice in one file.
    const receipts = await count(handle, 'receipts');
    const twice = await upload(
      desk,
      'NACH',
      'nach-twice.csv',
      csv([
        NACH_HEADER,
        [paying.accountNo, umrn, '2026-03-25', '5000', 'SUCCESS', ''],
        [bouncing.accountNo, '', '2026-03-30', '10', 'BOUNCED', '04'],
        [bouncing.accountNo, '', '2026-03-30', '10', 'BOUNCED', '04'],
      ]),
    );
    expect(twice).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 2 });
    expect(twice.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'presentationDate'],
      [4, 'presentationDate'],
    ]);
    expect(twice.errors[0]!.message).toContain('already loaded');
    expect(twice.errors[1]!.message).toContain('also on row 3');
    expect(await count(handle, 'receipts')).toBe(receipts);
    expect((await readAccount(handle.db, bouncing.id)).bounceDate).toBe('2026-03-25');
  });

  it('refuses bad NACH rows by row and column, accounts of other units and postings the account refuses; nothing applied', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const usd = await createAccount(handle.db, { unit: org.branch, dpd: 10, currency: 'USD' });
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 10 });
    const sibling = await createAccount(handle.db, { unit: org.sibling, dpd: 10 });
    const receipts = await count(handle, 'receipts');
    const presentations = await count(handle, 'nach_presentations');
    const rejected = await upload(
      desk,
      'NACH',
      'nach-bad.csv',
      csv([
        NACH_HEADER,
        [account.accountNo, 'UMRN-1', '2026-03-20', '1000.001', 'SUCCESS', ''],
        [account.accountNo, 'UMRN-1', '2026-03-21', '100', 'PAID', ''],
        [account.accountNo, 'UMRN-1', '2026-03-22', '100', 'BOUNCED', ''],
        [account.accountNo, 'UMRN-1', '2026-03-23', '100', 'SUCCESS', '01'],
        [account.accountNo, 'UMRN-1', '2026-04-30', '100', 'SUCCESS', ''],
        [foreign.accountNo, '', '2026-03-20', '100', 'SUCCESS', ''],
        [sibling.accountNo, '', '2026-03-20', '100', 'SUCCESS', ''],
        [account.accountNo, 'UMRN-1', '2026-03-24', '900000.00', 'SUCCESS', ''],
        ['', 'UMRN-NEVER-SEEN', '2026-03-24', '100', 'SUCCESS', ''],
        ['', '', '2026-03-24', '100', 'SUCCESS', ''],
        [usd.accountNo, '', '2026-03-24', '100', 'BOUNCED', '01'],
        [account.accountNo, 'UMRN-1', '2026-03-25', '100', 'SUCCESS', ''],
      ]),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', appliedRows: 0 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'amount'],
      [3, 'status'],
      [4, 'returnReasonCode'],
      [5, 'returnReasonCode'],
      [6, 'presentationDate'],
      [7, 'accountNo'],
      [8, 'accountNo'],
      [9, 'amount'],
      [10, 'umrn'],
      [11, 'accountNo'],
      [12, 'accountNo'],
    ]);
    expect(rejected.errors.find((error) => error.row === 7)?.message).toContain('not found in your units');
    expect(rejected.errors.find((error) => error.row === 9)?.message).toMatch(/owe|more than|exceed/i);
    expect(rejected.errorRows).toBe(11);
    expect(await count(handle, 'receipts')).toBe(receipts);
    expect(await count(handle, 'nach_presentations')).toBe(presentations);
    expect((await readAccount(handle.db, account.id)).version).toBe(account.version);
  });

  it('waits for a running day start: the NACH file is retried and applied once the day start has ended', async () => {
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 10 });
    const [dayStart] = await queryRows<{ id: number }>(
      handle.db,
      sql`insert into jobs (kind, status, payload, max_attempts, singleton_key, started_at, locked_until, attempts)
        values ('collections.day_start', 'RUNNING', ${JSON.stringify({ businessDate: BUSINESS_DATE })}::jsonb, 1,
          'collections.day_start', now(), now() + interval '1 hour', 1)
        returning id`,
    );
    const started = await desk.inject({
      method: 'POST',
      url: '/api/collections/uploads',
      ...multipart({ type: 'NACH' }, [
        {
          name: 'nach-during-day-start.csv',
          content: csv([NACH_HEADER, [account.accountNo, '', '2026-03-30', '250.00', 'SUCCESS', '']]),
        },
      ]),
    });
    const waiting = await finishJob(t, desk, started);
    expect(waiting.status).toBe('QUEUED');
    expect(waiting.error).toContain('Day start is running');
    const receipts = await queryRows(handle.db, sql`select 1 from receipts where account_id = ${account.id}`);
    expect(receipts).toHaveLength(0);

    await handle.db.execute(sql`update jobs set status = 'DONE', finished_at = now() where id = ${dayStart!.id}`);
    t.clock.advance(120);
    await t.app.jobs.drain();
    const [record] = await queryRows<{ status: string; applied: number }>(
      handle.db,
      sql`select status, applied_rows as applied from collection_uploads where job_id = ${waiting.id}`,
    );
    expect(record).toEqual({ status: 'APPLIED', applied: 1 });
    expect(await queryRows(handle.db, sql`select 1 from receipts where account_id = ${account.id}`)).toHaveLength(1);
  });

  it('needs the reconciliation authority for statements, and serves both templates', async () => {
    const plain = await apiAs(t, await createStaff(handle.db, org.branch, ['FILE_UPLOAD_COLL_SAUTH']), org.branch);
    const refused = await plain.inject({
      method: 'POST',
      url: '/api/collections/uploads',
      ...multipart({ type: 'BANK_STATEMENT' }, [
        { name: 's.csv', content: csv([STATEMENT_HEADER, ['2026-03-31', '1', 'X', '']]) },
      ]),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ authority: 'PAY_BATCH_RECONCILIATION_SAUTH' });

    for (const [type, header] of [
      ['BANK_STATEMENT', STATEMENT_HEADER],
      ['NACH', NACH_HEADER],
    ] as const) {
      const template = await plain.get(`/api/collections/uploads/template?type=${type}&format=csv`);
      expect(template.statusCode).toBe(200);
      expect(template.body.split(/\r?\n/)[0]!.replace(/^\uFEFF/, '')).toBe(header.join(','));
      const workbook = await plain.get(`/api/collections/uploads/template?type=${type}&format=xlsx`);
      expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
