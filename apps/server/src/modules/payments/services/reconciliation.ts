import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bankStatementCredits, bankStatements } from '@recovery-desk/db/payments-schema.ts';
import {
  MAX_STATEMENT_ROWS,
  minorToDecimal,
  type Credit,
  type ReconciliationReport,
  type Statement,
  type UnmatchedReceipt,
} from '@recovery-desk/domain/payments/contracts.ts';
import { isAmountInMinorUnits, toCents } from '@recovery-desk/domain/money.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import { readSheet } from '../../../uploads/sheet-reader.ts';
import {
  EXPORT_CONTENT_TYPES,
  tableToCsv,
  tableToXlsx,
  type ExportFile,
  type ExportTable,
} from '../../exports/index.ts';
import { readBatches } from './batches.ts';

// Reconciliation: the bank statement's credits (CSV or XLSX, read by the one sheet reader) are stored and matched,
// in the upload's transaction, first to electronic receipts by UTR (reference = the receipt's reference, same amount
// and currency, value date within RECON_DATE_WINDOW_DAYS of the receipt date), then to approved batches by amount,
// currency, date (within the window of the collection date) and reference (the credit's reference or narration names
// the batch's deposit slip or batch number). A batch or a receipt is credited once (partial unique indexes). The
// report lists the matches and whatever is unmatched on either side.

const HEADER_ALIASES: Record<string, 'valueDate' | 'amount' | 'reference' | 'narration' | 'currency'> = {
  valuedate: 'valueDate',
  date: 'valueDate',
  txndate: 'valueDate',
  amount: 'amount',
  credit: 'amount',
  creditamount: 'amount',
  reference: 'reference',
  ref: 'reference',
  utr: 'reference',
  referenceno: 'reference',
  narration: 'narration',
  description: 'narration',
  particulars: 'narration',
  currency: 'currency',
};

export type ParsedCredit = {
  rowNo: number;
  valueDate: string;
  amountMinor: bigint;
  currency: string;
  reference: string;
  narration: string | null;
};

/** A statement's date cell: YYYY-MM-DD (an XLSX date reads so) or DD/MM/YYYY; null when it is not a real date. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  let iso: string | null = null;
  const head = value.slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(head) && (value.length === 10 || value[10] === 'T' || value[10] === ' ')) iso = head;
  const match = iso ? null : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Reads the statement's credits; any bad row refuses the whole file (400 on `file`, naming the rows). */
export async function parseStatement(content: Buffer): Promise<ParsedCredit[]> {
  const sheet = await readSheet(content, { maxRows: MAX_STATEMENT_ROWS });
  if (!sheet.header) throw validationError('file', 'is empty: the first row must name the columns');
  const columns = new Map<string, number>();
  sheet.header.cells.forEach((cell, index) => {
    const key = HEADER_ALIASES[cell.toLowerCase().replace(/[^a-z]/g, '')];
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const missing = (['valueDate', 'amount', 'reference'] as const).filter((name) => !columns.has(name));
  if (missing.length > 0) throw validationError('file', `lacks the column(s) ${missing.join(', ')}`);
  const cell = (cells: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const problems: string[] = [];
  const credits: ParsedCredit[] = [];
  for (const row of sheet.rows) {
    const valueDate = parseStatementDate(cell(row.cells, 'valueDate'));
    const amountText = cell(row.cells, 'amount').replace(/[,\s₹$]/g, '');
    const reference = cell(row.cells, 'reference');
    const currency = (cell(row.cells, 'currency') || 'INR').toUpperCase();
    const reasons: string[] = [];
    if (!valueDate) reasons.push('valueDate is not a date (YYYY-MM-DD or DD/MM/YYYY)');
    if (!isAmountInMinorUnits(amountText, currency) || !/[1-9]/.test(amountText)) {
      reasons.push('amount is not a positive amount with at most 2 decimals');
    }
    if (!reference) reasons.push('reference is empty');
    if (reference.length > 64) reasons.push('reference is longer than 64 characters');
    if (currency !== 'INR' && currency !== 'USD') reasons.push('currency must be INR or USD');
    if (reasons.length > 0) {
      problems.push(`row ${row.number}: ${reasons.join(', ')}`);
      continue;
    }
    credits.push({
      rowNo: row.number,
      valueDate: valueDate!,
      amountMinor: toCents(amountText),
      currency,
      reference,
      narration: cell(row.cells, 'narration').slice(0, 500) || null,
    });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ');
    throw validationError('file', `${shown}${problems.length > 10 ? `; and ${problems.length - 10} more rows` : ''}`);
  }
  if (credits.length === 0) throw validationError('file', 'holds no credits under its header');
  return credits;
}

async function matchCredit(
  tx: Transaction,
  ctx: UnitContext,
  creditId: number,
  credit: ParsedCredit,
  windowDays: number,
): Promise<'BATCH' | 'RECEIPT' | null> {
  const scope = likePrefix(ctx.actingUnit.path);
  const [receipt] = await selectRows<{ id: number | string }>(
    tx,
    sql`select r.id from receipts r
      where r.unit_path like ${scope} and r.mode in ('NEFT', 'RTGS', 'IMPS', 'UPI')
        and r.status in ('PENDING_VERIFICATION', 'VERIFIED')
        and upper(r.reference) = upper(${credit.reference})
        and r.amount_minor = ${credit.amountMinor} and r.currency = ${credit.currency}
        and abs(r.received_on - ${credit.valueDate}::date) <= ${windowDays}
        and not exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id)
      order by abs(r.received_on - ${credit.valueDate}::date), r.id limit 1`,
  );
  if (receipt) {
    await tx
      .update(bankStatementCredits)
      .set({ matchKind: 'RECEIPT', matchedReceiptId: Number(receipt.id) })
      .where(sql`${bankStatementCredits.id} = ${creditId}`);
    return 'RECEIPT';
  }
  const text = `${credit.reference} ${credit.narration ?? ''}`.toUpperCase();
  const [batch] = await selectRows<{ id: number | string }>(
    tx,
    sql`select b.id from payment_batches b
      where b.unit_path like ${scope} and b.status = 'APPROVED' and b.reconciled_at is null
        and b.amount_minor = ${credit.amountMinor} and b.currency = ${credit.currency}
        and abs(b.collection_date - ${credit.valueDate}::date) <= ${windowDays}
        and (position(upper(b.deposit_slip_no) in ${text}) > 0 or position(upper(b.batch_no) in ${text}) > 0)
      order by abs(b.collection_date - ${credit.valueDate}::date), b.id limit 1
      for update of b`,
  );
  if (batch) {
    await tx
      .update(bankStatementCredits)
      .set({ matchKind: 'BATCH', matchedBatchId: Number(batch.id) })
      .where(sql`${bankStatementCredits.id} = ${creditId}`);
    await tx.execute(
      sql`update payment_batches set reconciled_at = now(), version = version + 1 where id = ${Number(batch.id)}`,
    );
    return 'BATCH';
  }
  return null;
}

export type LoadedCredit = { rowNo: number; creditId: number; matchKind: 'BATCH' | 'RECEIPT' | null };

/**
 * Stores a statement's credits and matches each (electronic receipts by UTR, then approved batches) in the caller's
 * transaction, with the audit row `payments.reconciliation.upload`: the reconciliation screen's upload and the
 * collections File Upload's BANK_STATEMENT type load statements through this one function.
 */
export async function loadStatementInTx(
  tx: Transaction,
  ctx: UnitContext,
  input: { fileName: string; sha256: string; credits: readonly ParsedCredit[]; windowDays: number },
): Promise<{ statementId: number; matched: number; lines: LoadedCredit[] }> {
  const { credits, windowDays, sha256 } = input;
  const dates = credits.map((credit) => credit.valueDate).sort();
  const [statement] = await tx
    .insert(bankStatements)
    .values({
      unitId: ctx.actingUnit.id,
      unitPath: ctx.actingUnit.path,
      uploadedByUserId: ctx.user.id,
      fileName: input.fileName.slice(0, 200),
      sha256,
      credits: credits.length,
      fromDate: dates[0]!,
      toDate: dates.at(-1)!,
    })
    .returning({ id: bankStatements.id });
  const id = statement!.id;
  let matched = 0;
  const lines: LoadedCredit[] = [];
  for (const credit of credits) {
    const [row] = await tx
      .insert(bankStatementCredits)
      .values({
        statementId: id,
        rowNo: credit.rowNo,
        valueDate: credit.valueDate,
        amountMinor: credit.amountMinor,
        currency: credit.currency,
        reference: credit.reference,
        narration: credit.narration,
      })
      .returning({ id: bankStatementCredits.id });
    const matchKind = await matchCredit(tx, ctx, row!.id, credit, windowDays);
    if (matchKind) matched += 1;
    lines.push({ rowNo: credit.rowNo, creditId: row!.id, matchKind });
  }
  await emitAudit(tx, ctx, {
    action: 'payments.reconciliation.upload',
    entity: 'bank_statement',
    entityId: id,
    after: { fileName: input.fileName, sha256, credits: credits.length, matched, windowDays },
  });
  return { statementId: id, matched, lines };
}

/** Which of these references (any case) a statement already loaded; the upper-cased references found. */
export async function loadedStatementReferences(db: Executor, references: readonly string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const upper = references.map((reference) => reference.toUpperCase());
  const rows = await selectRows<{ reference: string }>(
    db,
    sql`select distinct upper(reference) as reference from bank_statement_credits
      where upper(reference) in (${sql.join(
        upper.map((reference) => sql`${reference}`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((row) => row.reference));
}

/** Bank statement loads check their references one at a time (this lock, to the transaction's end). */
export async function lockStatementReferences(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bank-statement-references', 0))`);
}

/**
 * A credit is loaded once: a reference twice in the file, or already loaded by an earlier statement (the screen's or
 * a File Upload's, any case), refuses the whole statement naming its rows (400 on `file`). Takes the references lock,
 * so two statements never load one reference twice.
 */
export async function refuseRepeatedReferences(tx: Transaction, credits: readonly ParsedCredit[]): Promise<void> {
  await lockStatementReferences(tx);
  const problems: string[] = [];
  const firstRowOf = new Map<string, number>();
  for (const credit of credits) {
    const key = credit.reference.toUpperCase();
    const first = firstRowOf.get(key);
    if (first !== undefined)
      problems.push(`row ${credit.rowNo}: reference ${credit.reference} is also on row ${first}`);
    else firstRowOf.set(key, credit.rowNo);
  }
  const loaded = await loadedStatementReferences(tx, [...firstRowOf.keys()]);
  for (const credit of credits) {
    if (loaded.has(credit.reference.toUpperCase())) {
      problems.push(`row ${credit.rowNo}: reference ${credit.reference} was already loaded by an earlier statement`);
    }
  }
  if (problems.length > 0) {
    problems.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    throw validationError('file', `${problems.join('; ')}. Remove these rows and upload the statement again.`);
  }
}

/**
 * Uploads a bank statement (multipart field `file`, CSV or XLSX) and reconciles it at once: the statement, its
 * credits and their matches commit together with the audit row, or nothing does.
 */
export async function uploadStatement(
  deps: AppDeps,
  args: { ctx: UnitContext; readUpload: () => Promise<Upload> },
): Promise<ReconciliationReport> {
  const { ctx } = args;
  const upload = await args.readUpload();
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', 'Uploading Fileis Mandatory');
  const credits = await parseStatement(upload.file.content);
  const sha256 = createHash('sha256').update(upload.file.content).digest('hex');
  const statementId = await withTransaction(deps.db, async (tx) => {
    await refuseRepeatedReferences(tx, credits);
    const loaded = await loadStatementInTx(tx, ctx, {
      fileName: upload.file!.fileName,
      sha256,
      credits,
      windowDays: deps.config.reconWindowDays,
    });
    return loaded.statementId;
  });
  return reconciliationReport(deps, { ctx, statementId });
}

type StatementRow = {
  id: number | string;
  file_name: string;
  uploaded_by: string;
  created_at: Date | string;
  credits: number;
  matched: number | string;
  from_date: string | null;
  to_date: string | null;
};

const STATEMENT_SELECT = sql`select s.id, s.file_name, u.full_name as uploaded_by, s.created_at, s.credits,
    (select count(*) from bank_statement_credits c where c.statement_id = s.id and c.match_kind is not null) as matched,
    s.from_date, s.to_date
  from bank_statements s join users u on u.id = s.uploaded_by_user_id`;

function toStatement(row: StatementRow): Statement {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    uploadedBy: row.uploaded_by,
    uploadedAt: isoTimestamp(row.created_at),
    credits: Number(row.credits),
    matched: Number(row.matched),
    fromDate: row.from_date === null ? null : String(row.from_date),
    toDate: row.to_date === null ? null : String(row.to_date),
  };
}

export async function listStatements(
  deps: AppDeps,
  args: { ctx: UnitContext; page: number; pageSize: number },
): Promise<{ data: Statement[]; count: number; page: number; pageSize: number }> {
  const scope = sql`s.unit_path like ${likePrefix(args.ctx.actingUnit.path)}`;
  const rows = await selectRows<StatementRow>(
    deps.db,
    sql`${STATEMENT_SELECT} where ${scope} order by s.id desc
      limit ${args.pageSize} offset ${(args.page - 1) * args.pageSize}`,
  );
  const [count] = await selectRows<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from bank_statements s where ${scope}`,
  );
  return { data: rows.map(toStatement), count: Number(count?.n ?? 0), page: args.page, pageSize: args.pageSize };
}

async function requireStatement(db: Executor, ctx: UnitContext, id: number): Promise<Statement> {
  const [row] = await selectRows<StatementRow>(
    db,
    sql`${STATEMENT_SELECT} where s.id = ${id} and s.unit_path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Bank statement not found');
  return toStatement(row);
}

type CreditRow = {
  id: number | string;
  row_no: number;
  value_date: string;
  amount_minor: string | number | bigint;
  currency: string;
  reference: string;
  narration: string | null;
  match_kind: 'BATCH' | 'RECEIPT' | null;
  batch_no: string | null;
  receipt_no: string | null;
};

function toCredit(row: CreditRow): Credit {
  return {
    id: Number(row.id),
    rowNo: Number(row.row_no),
    valueDate: String(row.value_date),
    amount: minorToDecimal(BigInt(row.amount_minor)),
    currency: row.currency,
    reference: row.reference,
    narration: row.narration,
    matchKind: row.match_kind,
    batchNo: row.batch_no,
    receiptNo: row.receipt_no,
  };
}

/** The statement's matches and what is unmatched on either side (the subtree's approved batches and receipts). */
export async function reconciliationReport(
  deps: AppDeps,
  args: { ctx: UnitContext; statementId: number },
): Promise<ReconciliationReport> {
  const { ctx } = args;
  const statement = await requireStatement(deps.db, ctx, args.statementId);
  const windowDays = deps.config.reconWindowDays;
  const credits = await selectRows<CreditRow>(
    deps.db,
    sql`select c.id, c.row_no, c.value_date, c.amount_minor, c.currency, c.reference, c.narration, c.match_kind,
        b.batch_no, r.receipt_no
      from bank_statement_credits c
      left join payment_batches b on b.id = c.matched_batch_id
      left join receipts r on r.id = c.matched_receipt_id
      where c.statement_id = ${statement.id} order by c.row_no`,
  );
  const scope = likePrefix(ctx.actingUnit.path);
  const to = statement.toDate ?? '9999-12-31';
  const from = statement.fromDate ?? '0001-01-01';
  const unmatchedBatches = await readBatches(
    deps.db,
    sql`b.unit_path like ${scope} and b.status = 'APPROVED' and b.reconciled_at is null
      and b.collection_date <= ${to}::date`,
    sql`order by b.collection_date, b.id limit 1000`,
  );
  const receipts = await selectRows<{
    receipt_id: number | string;
    receipt_no: string;
    account_no: string;
    mode: string;
    amount_minor: string | number | bigint;
    currency: string;
    received_on: string;
    reference: string | null;
  }>(
    deps.db,
    sql`select r.id as receipt_id, r.receipt_no, a.account_no, r.mode, r.amount_minor, r.currency, r.received_on,
        r.reference
      from receipts r join accounts a on a.id = r.account_id
      where r.unit_path like ${scope} and r.mode in ('NEFT', 'RTGS', 'IMPS', 'UPI')
        and r.status in ('PENDING_VERIFICATION', 'VERIFIED')
        and r.received_on between (${from}::date - ${windowDays}::int) and ${to}::date
        and not exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id)
      order by r.received_on, r.id limit 1000`,
  );
  const all = credits.map(toCredit);
  return {
    statement,
    matched: all.filter((credit) => credit.matchKind !== null),
    unmatchedCredits: all.filter((credit) => credit.matchKind === null),
    unmatchedBatches,
    unmatchedReceipts: receipts.map((row): UnmatchedReceipt => ({
      receiptId: Number(row.receipt_id),
      receiptNo: row.receipt_no,
      accountNo: row.account_no,
      mode: row.mode,
      amount: minorToDecimal(BigInt(row.amount_minor)),
      currency: row.currency,
      receivedOn: String(row.received_on),
      reference: row.reference,
    })),
    windowDays,
  };
}

/** The report as a spreadsheet in the user's language (the export module's writer: formula guard, money formats). */
export async function exportReconciliationReport(
  deps: AppDeps,
  args: { ctx: UnitContext; statementId: number; format: 'csv' | 'xlsx' },
): Promise<ExportFile> {
  const report = await reconciliationReport(deps, args);
  const { t } = translatorOf(args.ctx);
  const section = {
    matched: t('PayReconMatched'),
    credit: t('PayReconUnmatchedCredits'),
    batch: t('PayReconUnmatchedBatches'),
    receipt: t('PayReconUnmatchedReceipts'),
  };
  const rows: (string | number | null)[][] = [];
  const currencies: string[] = [];
  for (const credit of [...report.matched, ...report.unmatchedCredits]) {
    rows.push([
      credit.matchKind ? section.matched : section.credit,
      credit.valueDate,
      credit.reference,
      credit.currency,
      credit.amount,
      credit.batchNo ?? credit.receiptNo ?? null,
      credit.narration,
    ]);
    currencies.push(credit.currency);
  }
  for (const batch of report.unmatchedBatches) {
    rows.push([
      section.batch,
      batch.collectionDate,
      batch.depositSlipNo,
      batch.currency,
      batch.amount,
      batch.batchNo,
      batch.branchCode,
    ]);
    currencies.push(batch.currency);
  }
  for (const receipt of report.unmatchedReceipts) {
    rows.push([
      section.receipt,
      receipt.receivedOn,
      receipt.reference,
      receipt.currency,
      receipt.amount,
      receipt.receiptNo,
      `${receipt.mode} ${receipt.accountNo}`,
    ]);
    currencies.push(receipt.currency);
  }
  const table: ExportTable = {
    sheetName: t('PaymentBatchReconciliationReport').slice(0, 31),
    columns: [
      { header: t('PayReconSection'), kind: 'text' },
      { header: t('PayDate'), kind: 'text' },
      { header: t('PayReference'), kind: 'text' },
      { header: t('PayCurrency'), kind: 'text' },
      { header: t('PayAmount'), kind: 'money' },
      { header: t('PayReconMatchedTo'), kind: 'text' },
      { header: t('PayNarration'), kind: 'text' },
    ],
    rows,
    rowCurrencies: currencies,
  };
  const body = args.format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  return {
    fileName: `reconciliation-${report.statement.id}.${args.format}`,
    contentType: EXPORT_CONTENT_TYPES[args.format],
    body,
  };
}
