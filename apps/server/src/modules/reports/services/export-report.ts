import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  findReport,
  REPORT_KEYS,
  reportQuerySchema,
  type ReportColumn,
  type ReportDefinition,
  type ReportKey,
  type ReportQuery,
  type ReportRow,
} from '@recovery-desk/domain/reports/contracts.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { languageFromHeader } from '@recovery-desk/i18n/language-codes.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { translatorOf, type ActingUnit, type RequestContext, type UnitContext } from '../../../http/request-context.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import { JobFileWriter, type StoredJobFileRef } from '../../../jobs/job-files.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { findJob } from '../../../jobs/jobs.repository.ts';
import {
  currencyNumberFormat,
  EXPORT_CONTENT_TYPES,
  escapeFormula,
  jobUnitContext,
  type ExportFormat,
} from '../../exports/index.ts';
import { reportStatement, type ReportParams } from '../report-sql.ts';
import { canCopyOut, copyReportCsv } from './report-copy.ts';
import { reportLabeller, reportRowMaker, resolveReportParams } from './run-report.ts';

// A report's export (issue 14): always a background job, streamed. The rows come from a server-side cursor
// (DECLARE … FETCH a batch at a time) and go into the job's file in `job_file_chunks` as they come (CSV written by
// hand, XLSX through exceljs's streaming WorkbookWriter), in the cursor's transaction, so memory holds one batch and
// less than a chunk of the file, never the result; downloads stream the chunks back.
// There is no row cap: a report of every account (collection efficiency by account) exports 1,000,000 rows.

/**
 * Rows fetched from the cursor at a time as row objects (the XLSX): small enough that a batch dies young in the
 * garbage collector (a batch of 10,000 row objects was promoted and grew the heap by ~100 MB over a million rows),
 * large enough that round trips do not count.
 */
export const REPORT_FETCH_ROWS = 2_000;

/**
 * Rows fetched at a time as arrays of text (the CSV): a batch is a few MB, and on a busy machine every round trip
 * waits for both processes to be scheduled, so fewer, larger fetches.
 */
export const REPORT_FETCH_ARRAY_ROWS = 10_000;

export const reportExportJob = defineJob({
  kind: 'reports.export',
  payload: z.object({
    report: z.enum(REPORT_KEYS),
    query: reportQuerySchema,
    format: z.enum(['csv', 'xlsx']),
    language: z.string().optional(),
    /** a file of the daily report pack (report-pack.ts): its business date and the pack run that wrote it */
    pack: z.object({ businessDate: z.iso.date(), run: z.number().int() }).optional(),
  }),
  needs: 'user',
  maxAttempts: 2,
  run: async ({ id, attempt, deps, ctx, payload, progress }) => {
    const unitCtx = { ...jobUnitContext(ctx), language: languageFromHeader(payload.language) };
    const { rows, ...file } = await writeReportExport(deps, {
      ctx: unitCtx,
      job: { id, attempt },
      report: payload.report,
      query: payload.query,
      format: payload.format,
      progress,
    });
    return { summary: { rows, fileName: file.fileName }, file };
  },
});

/**
 * POST /api/collections/reports/:report/export — checks the filters at once (a unit outside the subtree is a 400),
 * then queues the export job (audited `reports.export` with `job.enqueue`) and answers it (202).
 */
export async function queueReportExport(
  deps: AppDeps,
  { ctx, report, query, format }: { ctx: UnitContext; report: ReportKey; query: ReportQuery; format: ExportFormat },
): Promise<Job> {
  const { params } = await resolveReportParams(deps.db, ctx, query);
  const payload = { report, query, format, ...(ctx.language ? { language: ctx.language } : {}) };
  const jobId = await withTransaction(deps.db, async (tx) => {
    const id = await enqueueJob(tx, ctx, { kind: reportExportJob, payload, at: deps.clock.now() });
    await emitAudit(tx, ctx, {
      action: 'reports.export',
      entity: 'report',
      entityId: report,
      after: { format, job: id, from: params.from, to: params.to, unitPath: params.unitPath, query },
    });
    return id;
  });
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}

/** "1234567" minor units → "12345.67" (exact; every currency of the book has two minor digits). */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const units = Math.floor(abs / 100);
  const cents = abs - units * 100;
  return `${sign}${units}.${cents < 10 ? '0' : ''}${cents}`;
}

type SheetCell = string | number | null;

/** How one column's cell is read from a report row (precomputed per column: the export calls it a million times). */
function cellReader(column: ReportColumn): (row: ReportRow) => SheetCell {
  const key = column.key;
  const labelKey = `${key}Label`;
  switch (column.kind) {
    case 'money':
      return (row) => (row[key] === null || row[key] === undefined ? null : minorToDecimal(Number(row[key])));
    case 'rate':
      return (row) => (row[key] === null || row[key] === undefined ? null : Number(row[key]) / 100);
    case 'count':
      return (row) => (row[key] === null || row[key] === undefined ? null : Number(row[key]));
    default:
      return (row) => {
        const value = row[key];
        if (value === null || value === undefined) return null;
        const labelled = row[labelKey];
        return typeof labelled === 'string' ? labelled : String(value);
      };
  }
}

/** A report row as export cells: labels for codes, amounts as exact decimals, rates as percentages. */
export function exportCells(columns: readonly ReportColumn[], row: ReportRow): SheetCell[] {
  return columns.map((column) => cellReader(column)(row));
}

const NEEDS_QUOTES = /[",\r\n]/;

function csvField(cell: SheetCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = escapeFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Minor units as text ("-12345") → the exact decimal ("-123.45"), without going through a float. */
export function minorTextToDecimal(minor: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function csvText(text: string): string {
  const guarded = escapeFormula(text);
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One column's CSV text from its database value (and, for a group label, the row's `groupKind`). */
type CellText = (value: unknown, groupKind: unknown) => string;

/** Each column's CSV formatter (made once per export: it runs a million times). */
function csvColumnWriters(report: ReportDefinition, language: string | null | undefined): CellText[] {
  const label = reportLabeller(language);
  return report.columns.map((column): CellText => {
    switch (column.kind) {
      case 'money':
        return (value) => (value === null || value === undefined ? '' : minorTextToDecimal(String(value)));
      case 'rate':
        return (value) => (value === null || value === undefined ? '' : String(Number(value) / 100));
      case 'count':
        return (value) => (value === null || value === undefined ? '' : String(Number(value)));
      case 'bucket':
      case 'product':
      case 'status':
      case 'stage': {
        const kind = column.kind;
        return (value) => (value === null || value === undefined ? '' : csvText(label(kind, String(value))));
      }
      default: {
        const grouped = column.key === 'groupLabel';
        return (value, groupKind) => {
          if (value === null || value === undefined) return '';
          return csvText(
            grouped && (groupKind === 'bucket' || groupKind === 'product')
              ? label(groupKind, String(value))
              : String(value),
          );
        };
      }
    }
  });
}

/**
 * A function writing a database row of a report straight to one CSV line (CRLF ended): the same cells as
 * `csvLineWriter` over `reportRowMaker`'s rows, without building the row object.
 */
export function csvRawLineWriter(
  report: ReportDefinition,
  language: string | null | undefined,
): (raw: Record<string, unknown>) => string {
  const fields = [...report.columns.map((column) => column.key), 'groupKind'];
  const line = csvArrayLineWriter(report, language, fields);
  return (raw) => line(fields.map((key) => raw[key]));
}

/**
 * The export's hot path: a database row as the driver hands it in array mode (values by position, the statement's
 * `fields` naming them; text on PostgreSQL, the driver's parsed values on PGlite) to one CSV line (CRLF ended).
 * Column positions are looked up once.
 */
export function csvArrayLineWriter(
  report: ReportDefinition,
  language: string | null | undefined,
  fields: readonly string[],
): (values: readonly unknown[]) => string {
  const writers = csvColumnWriters(report, language);
  const position = (key: string) => {
    const index = fields.indexOf(key);
    return index < 0 ? fields.length : index; // a missing column reads undefined: an empty cell
  };
  const positions = report.columns.map((column) => position(column.key));
  const groupKindAt = position('groupKind');
  const count = writers.length;
  return (values) => {
    const groupKind = values[groupKindAt];
    let line = writers[0]!(values[positions[0]!], groupKind);
    for (let index = 1; index < count; index += 1) line += `,${writers[index]!(values[positions[index]!], groupKind)}`;
    return `${line}\r\n`;
  };
}

/** A function writing a report row as one CSV line (CRLF ended), its column readers made once. */
export function csvLineWriter(columns: readonly ReportColumn[]): (row: ReportRow) => string {
  // an amount is a number as exact text: never formula-guarded (a negative one starts with '-')
  const readers = columns.map((column) => {
    const read = cellReader(column);
    return column.kind === 'money' ? (row: ReportRow) => read(row) ?? '' : read;
  });
  const field = (column: ReportColumn, cell: SheetCell) => (column.kind === 'money' ? String(cell) : csvField(cell));
  return (row) => {
    let line = field(columns[0]!, readers[0]!(row));
    for (let index = 1; index < readers.length; index += 1) line += `,${field(columns[index]!, readers[index]!(row))}`;
    return `${line}\r\n`;
  };
}

function headersOf(report: ReportDefinition, language: string | null | undefined): string[] {
  const { tr } = translatorOf({ language: language as never });
  return report.columns.map((column) => {
    const header = tr(column.labelKey, column.labelKey);
    return column.kind === 'rate' ? `${header} (%)` : header;
  });
}

/** Writes the database's rows of a report into the job's file as they come; `finish` ends the file. */
type RowWriter =
  | { rowMode: 'array'; write: (rows: unknown[][], fields: string[]) => Promise<void> }
  | { rowMode: 'object'; write: (rows: Record<string, unknown>[]) => Promise<void> };
type RowSink = RowWriter & { finish: () => Promise<void> };

/** The CSV file's first line: the byte-order mark (spreadsheets then read UTF-8) and the headers. */
function csvHeaderLine(headers: readonly string[]): string {
  return `\uFEFF${headers.map(csvField).join(',')}\r\n`;
}

function csvSink(
  out: JobFileWriter,
  report: ReportDefinition,
  headers: string[],
  language: string | null | undefined,
): RowSink {
  out.write(csvHeaderLine(headers));
  let line: ((values: readonly unknown[]) => string) | null = null;
  return {
    rowMode: 'array',
    write: async (rows, fields) => {
      line ??= csvArrayLineWriter(report, language, fields);
      let chunk = '';
      for (const row of rows) chunk += line(row);
      out.write(chunk);
      await out.flushIfFull();
    },
    finish: async () => undefined,
  };
}

function xlsxSink(
  out: JobFileWriter,
  report: ReportDefinition,
  headers: string[],
  sheetName: string,
  language: string | null | undefined,
): RowSink {
  const makeRow = reportRowMaker(report, language);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out.stream(),
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = report.columns.map((column, index) => ({
    header: headers[index] ?? column.key,
    width: column.kind === 'money' ? 18 : Math.max(12, (headers[index] ?? '').length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const moneyIndexes = report.columns.flatMap((column, index) => (column.kind === 'money' ? [index] : []));
  return {
    rowMode: 'object',
    write: async (rawRows) => {
      for (const raw of rawRows) {
        const row = makeRow(raw);
        const cells = exportCells(report.columns, row).map((cell, index) =>
          typeof cell === 'string' ? (moneyIndexes.includes(index) ? Number(cell) : escapeFormula(cell)) : cell,
        );
        const added = sheet.addRow(cells);
        if (moneyIndexes.length > 0) {
          const format = currencyNumberFormat(typeof row.currency === 'string' ? row.currency : null);
          for (const index of moneyIndexes) added.getCell(index + 1).numFmt = format;
        }
        added.commit();
      }
      // let the ZIP stream compress what was added, then store full chunks
      await new Promise((resolve) => setImmediate(resolve));
      await out.flushIfFull();
    },
    finish: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** The context a report file is written in: the unit it covers, and the user who asked (null for the scheduler). */
export type ReportFileContext = RequestContext & { actingUnit: ActingUnit };

/**
 * Streams a report's rows through a cursor into the job's file (`job_file_chunks`, attempt `job.attempt`), in the
 * cursor's own transaction: memory holds one batch of rows and less than a chunk of the file, and the file's chunks
 * commit with the audit row (`reports.export.written`) or not at all.
 */
export async function writeReportExport(
  deps: AppDeps,
  {
    ctx,
    job,
    report: key,
    query,
    format,
    progress,
  }: {
    ctx: ReportFileContext;
    job: { id: number; attempt: number };
    report: ReportKey;
    query: ReportQuery;
    format: ExportFormat;
    progress?: (done: number, total?: number) => Promise<void>;
  },
): Promise<StoredJobFileRef & { rows: number }> {
  const { params } = await resolveReportParams(deps.db, ctx, query);
  const reported = progressReporter(progress);
  const { rows, size } = await withTransaction(deps.db, (tx) =>
    writeReportFileInTx(tx, { ctx, job, report: key, params, format, onBatch: reported.report }),
  );
  await reported.done(rows);
  return {
    fileName: `${key}-${params.from}-${params.to}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    stored: { size },
    rows,
  };
}

/**
 * The export's work inside the caller's transaction: the report's rows through a cursor into the job's chunks (CSV
 * or XLSX), then the `reports.export.written` audit row. The scheduled report pack calls it too, one file a
 * transaction.
 */
export async function writeReportFileInTx(
  tx: Transaction,
  {
    ctx,
    job,
    report: key,
    params,
    format,
    onBatch = () => undefined,
  }: {
    ctx: ReportFileContext;
    job: { id: number; attempt: number };
    report: ReportKey;
    params: ReportParams;
    format: ExportFormat;
    onBatch?: (done: number) => void;
  },
): Promise<{ rows: number; size: number }> {
  const report = findReport(key)!;
  const headers = headersOf(report, ctx.language);
  const { tr } = translatorOf(ctx);
  const out = new JobFileWriter(tx, job);
  await out.begin();
  let rows: number;
  if (format === 'csv' && canCopyOut(tx)) {
    // PostgreSQL: the database writes the CSV cells (report-copy.ts); PGlite takes the cursor below
    out.write(csvHeaderLine(headers));
    rows = await copyReportCsv(tx, { key, report, params, language: ctx.language, out, onBatch });
  } else {
    const sink =
      format === 'csv'
        ? csvSink(out, report, headers, ctx.language)
        : xlsxSink(out, report, headers, tr(report.labelKey, key), ctx.language);
    rows = await cursorRows(tx, key, params, sink, onBatch);
    await sink.finish();
  }
  const size = await out.finish();
  await emitAudit(tx, ctx, {
    action: 'reports.export.written',
    entity: 'report',
    entityId: key,
    after: { format, rows, from: params.from, to: params.to, unitPath: params.unitPath },
  });
  return { rows, size };
}

/**
 * Reads every row of a report through a cursor, REPORT_FETCH_ROWS at a time, handing each batch to `write`. Progress
 * is reported without waiting (on PGlite, one connection, it runs after the reading transaction).
 */
export async function streamReportRows(
  deps: Pick<AppDeps, 'db'>,
  key: ReportKey,
  params: ReportParams,
  language: string | null | undefined,
  write: (rows: ReportRow[]) => Promise<void>,
  progress?: (done: number, total?: number) => Promise<void>,
): Promise<number> {
  const makeRow = reportRowMaker(findReport(key)!, language);
  return streamRawReportRows(deps, key, params, (rows) => write(rows.map(makeRow)), progress);
}

/** The database's rows of a report through the cursor, as the driver gives them (the CSV writer's input). */
export async function streamRawReportRows(
  deps: Pick<AppDeps, 'db'>,
  key: ReportKey,
  params: ReportParams,
  write: (rows: Record<string, unknown>[]) => Promise<void>,
  progress?: (done: number, total?: number) => Promise<void>,
): Promise<number> {
  const reported = progressReporter(progress);
  const done = await withTransaction(deps.db as AppDeps['db'], (tx) =>
    cursorRows(tx, key, params, { rowMode: 'object', write }, reported.report),
  );
  await reported.done(done);
  return done;
}

/**
 * Progress reported without waiting (on PGlite, one connection, it runs after the reading transaction), at most one
 * at a time; `done` waits for the last and records the total.
 */
function progressReporter(progress: ((done: number, total?: number) => Promise<void>) | undefined) {
  let pending: Promise<void> | null = null;
  return {
    report: (done: number) => {
      if (progress && pending === null) {
        pending = progress(done)
          .catch(() => undefined)
          .finally(() => {
            pending = null;
          });
      }
    },
    done: async (done: number) => {
      await pending;
      await progress?.(done, done);
    },
  };
}

/**
 * Reads every row of a report through a cursor in the transaction, a batch at a time, as objects or (the CSV's hot
 * path) as arrays of the driver's values (text on PostgreSQL: nothing is parsed).
 */
async function cursorRows(
  tx: Transaction,
  key: ReportKey,
  params: ReportParams,
  sink: RowWriter,
  onBatch: (done: number) => void,
): Promise<number> {
  let done = 0;
  // Plan for the whole result (not the first 10 % a cursor is planned for), and no JIT: compiling the statement
  // took seconds of a million-row export and gains nothing on a streaming plan.
  await tx.execute(sql.raw('set local cursor_tuple_fraction = 1.0'));
  await tx.execute(sql.raw('set local jit = off'));
  await tx.execute(sql`declare report_export no scroll cursor for ${reportStatement(key, params)}`);
  const batchRows = sink.rowMode === 'array' ? REPORT_FETCH_ARRAY_ROWS : REPORT_FETCH_ROWS;
  const fetchText = `fetch forward ${batchRows} from report_export`;
  const fetchArrays = arrayQuery(tx);
  // array mode asks for the next batch before writing this one: the database produces it while Node formats
  let next: Promise<ArrayResult> | null = sink.rowMode === 'array' ? fetchArrays(fetchText) : null;
  for (;;) {
    let count: number;
    if (sink.rowMode === 'array') {
      const batch = await next!;
      count = batch.rows.length;
      next = count === batchRows ? fetchArrays(fetchText) : null;
      if (count > 0) await sink.write(batch.rows, batch.fields);
    } else {
      const batch = await selectRows<Record<string, unknown>>(tx, sql.raw(fetchText));
      count = batch.length;
      if (count > 0) await sink.write(batch);
    }
    if (count === 0) break;
    done += count;
    onBatch(done);
    if (count < batchRows) break;
  }
  await tx.execute(sql.raw('close report_export'));
  return done;
}

type ArrayResult = { fields: string[]; rows: unknown[][] };

/** Every PostgreSQL type read as its text: the CSV writes text, so the driver parses nothing. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value };

/**
 * A statement without parameters run on the transaction's own connection with rows as arrays: node-postgres
 * (`rowMode: 'array'`, every value as text) or PGlite (`rowMode: 'array'`, its parsers).
 */
function arrayQuery(tx: Transaction): (text: string) => Promise<ArrayResult> {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  type Reply = { fields: { name: string }[]; rows: unknown[][] };
  const toResult = (reply: Reply): ArrayResult => ({
    fields: reply.fields.map((field) => field.name),
    rows: reply.rows,
  });
  if (typeof client === 'object' && client !== null && 'connectionParameters' in client) {
    const pgClient = client as unknown as { query: (config: object) => Promise<Reply> };
    return async (text) => toResult(await pgClient.query({ text, rowMode: 'array', types: TEXT_TYPES }));
  }
  const pglite = client as { query: (text: string, params: unknown[], options: object) => Promise<Reply> };
  return async (text) => toResult(await pglite.query(text, [], { rowMode: 'array' }));
}
