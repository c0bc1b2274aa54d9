import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  MAX_UPLOAD_ROWS,
  UPLOAD_COLUMNS,
  UPLOAD_KINDS,
  UPLOAD_STATUSES,
  type pagedQuerySchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { LEGAL_CASE_TYPES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError, type FieldError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { defineBulkUploadJob } from '../../../jobs/bulk-upload.ts';
import { findJob } from '../../../jobs/jobs.repository.ts';
import { safeFileName } from '../../../documents/document-types.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { jobUnitContext, toCsv } from '../../exports/index.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { applyCaseActionInTx } from '../../workflow/index.ts';
import { findLegalCase } from '../cases.repository.ts';
import {
  closeUpload,
  countUploadRow,
  findUpload,
  findUploadOfJob,
  insertUpload,
  listUploads as readUploads,
  type UploadError,
  type UploadRow,
} from '../uploads.repository.ts';
import { initiateAccountInTx } from './pool-cases.ts';
import { loadLegalSettings } from './settings.ts';
import { readSheet, type SheetRow } from '../../../uploads/sheet-reader.ts';
import { SHEET_CONTENT_TYPES, writeXlsx } from './upload-sheet.ts';

// File Upload: a spreadsheet of case initiations or hearing updates. The request checks the file (kind, format,
// header, row count, read by the shared streaming reader) and, in one transaction, queues a `legal.upload` job holding
// it and creates the upload record (PROCESSING). The job takes each row through the same services as the screens, in
// its own transaction with the job's checkpoint and the record's count (so a crash never applies a row twice, and the
// record always counts the rows applied): a failing row is recorded (row, field, message) and the others go on. The
// upload dashboard lists the files with their status and counts; the errors download as CSV.

export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type PagedQuery = z.infer<typeof pagedQuerySchema>;
export type UploadReply = UploadRow & { errors: UploadError[] };

const CASE_TYPES = LEGAL_CASE_TYPES.map(([code]) => code as string);
export const COURT_UPDATE_STAGE = 'COURT_CASE_UPDATE';

function uploadKind(value: string | undefined): UploadKind {
  if (!value) throw validationError('kind', MESSAGES.required);
  if (!(UPLOAD_KINDS as readonly string[]).includes(value)) {
    throw validationError('kind', `must be one of ${UPLOAD_KINDS.join(', ')}`);
  }
  return value as UploadKind;
}

/** The header row must name exactly the kind's columns (in any order); returns each column's position. */
function columnPositions(kind: UploadKind, header: SheetRow | undefined): Map<string, number> {
  const columns = UPLOAD_COLUMNS[kind];
  const names = (header?.cells ?? []).map((cell) => cell.trim());
  const missing = columns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw validationError('file', `the first row lacks the columns ${missing.join(', ')}`);
  const unknown = names.filter((name) => name !== '' && !columns.includes(name));
  if (unknown.length > 0) throw validationError('file', `the first row has unknown columns ${unknown.join(', ')}`);
  const repeated = columns.filter((column) => names.indexOf(column) !== names.lastIndexOf(column));
  if (repeated.length > 0) throw validationError('file', `the first row repeats the columns ${repeated.join(', ')}`);
  return new Map(columns.map((column) => [column, names.indexOf(column)]));
}

type RowValues = Record<string, string>;

/** An amount of at most 15 digits and 2 decimals (the case field's rule). */
function isAmount(value: string): boolean {
  const [whole = '', fraction, ...rest] = value.split('.');
  return rest.length === 0 && /^\d{1,15}$/.test(whole) && (fraction === undefined || /^\d{1,2}$/.test(fraction));
}

function rowValues(row: SheetRow, positions: Map<string, number>): RowValues {
  const values: RowValues = {};
  for (const [column, position] of positions) values[column] = (row.cells[position] ?? '').trim();
  return values;
}

function rowInvalid(fields: FieldError[]): AppError {
  return new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
}

/** Runs inside a row's transaction once the row is applied (the job's checkpoint and the record's count). */
type RowDone = (tx: Transaction) => Promise<void>;
async function initiateRow(deps: AppDeps, ctx: UnitContext, values: RowValues, done: RowDone): Promise<number[]> {
  const problems: FieldError[] = [];
  if (!values.accountNo) problems.push({ field: 'accountNo', message: MESSAGES.required });
  if (!values.caseType) problems.push({ field: 'caseType', message: MESSAGES.required });
  else if (!CASE_TYPES.includes(values.caseType)) {
    problems.push({ field: 'caseType', message: `must be one of ${CASE_TYPES.join(', ')}` });
  }
  if (values.claimAmount && !isAmount(values.claimAmount)) {
    problems.push({ field: 'claimAmount', message: 'must be an amount with at most 2 decimals' });
  }
  if ((values.remarks ?? '').length > 1000) problems.push({ field: 'remarks', message: MESSAGES.maxLength(1000) });
  if (problems.length > 0) throw rowInvalid(problems);
  return withDocumentTransaction(deps.db, async (tx) => {
    const settings = await loadLegalSettings(tx);
    const businessDate = await requireBusinessDate(tx);
    const started = await initiateAccountInTx(tx, deps, ctx, {
      rule: settings.poolRule,
      businessDate,
      account: { accountNo: values.accountNo! },
      caseType: values.caseType!,
      remarks: values.remarks || undefined,
      claimAmount: values.claimAmount || undefined,
    });
    await done(tx);
    return started.mailIds;
  });
}

const HEARING_FIELDS = ['hearingDate', 'courtStage', 'outcome', 'nextHearingDate', 'hearingNotes'] as const;

async function hearingRow(deps: AppDeps, ctx: UnitContext, values: RowValues, done: RowDone): Promise<number[]> {
  if (!values.caseNo) throw rowInvalid([{ field: 'caseNo', message: MESSAGES.required }]);
  return withDocumentTransaction(deps.db, async (tx) => {
    const legalCase = await findLegalCase(tx, { caseNo: values.caseNo, unitPath: ctx.actingUnit.path });
    if (!legalCase) throw rowInvalid([{ field: 'caseNo', message: `Case ${values.caseNo} not found in your units` }]);
    if (legalCase.isClosed || legalCase.stage !== COURT_UPDATE_STAGE) {
      const where = legalCase.isClosed ? 'closed' : `at ${legalCase.stage}`;
      throw rowInvalid([
        { field: 'caseNo', message: `Case ${legalCase.caseNo} is ${where}, not at Court Case Update` },
      ]);
    }
    const fields: Record<string, string> = {};
    for (const name of HEARING_FIELDS) if (values[name]) fields[name] = values[name];
    const applied = await applyCaseActionInTx(tx, deps, ctx, {
      caseId: legalCase.caseId,
      input: { action: 'recommend', version: legalCase.version, expectedStage: COURT_UPDATE_STAGE, fields },
    });
    await done(tx);
    return applied.mailIds;
  });
}

/** The errors a failed row records: the fields of a validation error, else its message on the row's key column. */
function rowErrors(deps: AppDeps, row: number, error: unknown, keyColumn: string): UploadError[] {
  if (error instanceof AppError) {
    if (error.fields && error.fields.length > 0) {
      return error.fields.map((field) => ({
        row,
        field: field.field.replace(/^fields\./, ''),
        message: field.message,
      }));
    }
    return [{ row, field: keyColumn, message: error.message }];
  }
  deps.log.error({ err: error, row }, 'legal upload row failed');
  return [{ row, field: keyColumn, message: 'This row could not be processed; try it again or report it.' }];
}

/** The data rows of a checked sheet, with each column's position (the shared reader stops at the row limit). */
async function readUploadRows(kind: UploadKind, content: Buffer) {
  const sheet = await readSheet(content, { maxRows: MAX_UPLOAD_ROWS });
  const positions = columnPositions(kind, sheet.header);
  if (sheet.rows.length === 0) throw validationError('file', 'has no data rows under the header');
  return { format: sheet.format, dataRows: sheet.rows, positions };
}

type UploadPayload = { kind: UploadKind; fileName: string };
type UploadLine = { row: SheetRow; values: RowValues };

/**
 * Bulk upload as a background job on the shared bulk-upload mechanism (jobs/bulk-upload.ts): the upload record is
 * created with the job at the request, each row counts in it in the row's own transaction, and a job that fails for
 * good leaves it INTERRUPTED with the rows it applied.
 */
export const legalUploadJob = defineBulkUploadJob<UploadPayload, UploadLine>({
  job: 'legal.upload',
  payload: z.object({ kind: z.enum(UPLOAD_KINDS), fileName: z.string() }),
  audit: { action: 'legal.upload', entity: 'legal_upload' },
  record: {
    create: (tx, input) =>
      insertUpload(tx, {
        jobId: input.jobId,
        kind: input.kind,
        fileName: input.fileName,
        totalRows: input.totalRows,
        userId: input.ctx.user.id,
        unitId: input.ctx.actingUnit.id,
        unitPath: input.ctx.actingUnit.path,
        at: input.at,
      }),
    addRow: countUploadRow,
    close: (tx, jobId, input) => closeUpload(tx, jobId, input),
    find: findUploadOfJob,
  },
  unitContext: (job) => jobUnitContext(job.ctx),
  readRows: async (payload, file) => {
    const { format, dataRows, positions } = await readUploadRows(payload.kind, file);
    return { rows: dataRows.map((row) => ({ row, values: rowValues(row, positions) })), details: { format } };
  },
  applyRow: async (job, ctx, { values }, done) => {
    const nul = Object.keys(values).find((column) => values[column]!.includes('\u0000'));
    if (nul !== undefined) throw rowInvalid([{ field: nul, message: 'must not contain NUL characters' }]);
    const mailIds =
      job.payload.kind === 'CASE_INITIATION'
        ? await initiateRow(job.deps, ctx, values, done)
        : await hearingRow(job.deps, ctx, values, done);
    job.deps.mail.deliver(mailIds);
  },
  rowErrors: (job, { row }, error) => rowErrors(job.deps, row.number, error, UPLOAD_COLUMNS[job.payload.kind][0]!),
  result: async (job, ctx, uploadId) => {
    const stored = await findUpload(job.deps.db, { uploadId, unitPath: ctx.actingUnit.path });
    if (!stored) throw new Error(`upload ${uploadId} vanished`);
    return stored;
  },
});

/**
 * POST /api/legal/uploads (multipart: kind, file) — checks the file (kind, format, header, row count; a bad file is
 * a 4xx naming the field), then in one transaction queues the upload job with it and creates the upload record
 * (PROCESSING, on the dashboard at once): 202, the job. The job's result is the finished upload record (status,
 * counts, row errors).
 */
export async function processUpload(
  deps: AppDeps,
  { ctx, readUpload }: { ctx: UnitContext; readUpload: () => Promise<Upload> },
): Promise<Job> {
  let upload: Upload;
  try {
    upload = await readUpload();
  } catch (error) {
    // The shared multipart reader names the document upload's fields when a limit is passed; say what this one takes.
    if (error instanceof AppError && error.code === 'VALIDATION' && error.fields?.[0]?.field === 'file') {
      throw validationError('file', 'send one file (in the field "file") and the field kind');
    }
    throw error;
  }
  const kind = uploadKind(upload.fields.kind);
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', MESSAGES.uploadFirst);
  const { format, dataRows } = await readUploadRows(kind, upload.file.content);
  const fileName = safeFileName(upload.file.fileName, `upload.${format}`);
  const content = upload.file.content;
  const jobId = await withTransaction(deps.db, (tx) =>
    legalUploadJob.enqueue(tx, ctx, {
      payload: { kind, fileName },
      file: content,
      totalRows: dataRows.length,
      details: { format },
      at: deps.clock.now(),
    }),
  );
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}

/** GET /api/legal/uploads — the upload dashboard of the subtree, newest first. */
export async function listUploads(deps: AppDeps, { ctx, query }: { ctx: UnitContext; query: PagedQuery }) {
  if (query.status && !(UPLOAD_STATUSES as readonly string[]).includes(query.status)) {
    throw validationError('status', `must be one of ${UPLOAD_STATUSES.join(', ')}`);
  }
  const { rows, count } = await readUploads(deps.db, {
    unitPath: ctx.actingUnit.path,
    q: query.q || undefined,
    status: query.status || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
}

export type DownloadFile = { fileName: string; contentType: string; body: Buffer };

/** GET /api/legal/uploads/:id/errors — the row errors of an upload as CSV (row, field, message). */
export async function uploadErrorsCsv(
  deps: AppDeps,
  { ctx, uploadId }: { ctx: UnitContext; uploadId: number },
): Promise<DownloadFile> {
  const upload = await findUpload(deps.db, { uploadId, unitPath: ctx.actingUnit.path });
  if (!upload) throw new AppError('NOT_FOUND', 'Upload not found');
  const rows = upload.errors.map((error) => [error.row, error.field, error.message]);
  return {
    fileName: `legal-upload-${uploadId}-errors.csv`,
    contentType: SHEET_CONTENT_TYPES.csv,
    body: Buffer.from(toCsv(['row', 'field', 'message'], rows), 'utf8'),
  };
}

const EXAMPLE_ROWS: Record<UploadKind, Record<string, string>> = {
  CASE_INITIATION: {
    accountNo: 'LN0000012345',
    caseType: 'S138',
    claimAmount: '250000.00',
    remarks: 'EMI cheque dishonoured; borrower unreachable',
  },
  HEARING_UPDATE: {
    caseNo: 'LGL/2026/000123',
    hearingDate: '2026-03-10',
    courtStage: 'EVIDENCE',
    outcome: 'ADJOURNED',
    nextHearingDate: '2026-04-14',
    hearingNotes: 'Complainant evidence recorded; next date for cross-examination',
  },
};

/** GET /api/legal/uploads/template?kind= — an XLSX with the kind's header row and one example row. */
export async function uploadTemplate(kind: UploadKind): Promise<DownloadFile> {
  const columns = UPLOAD_COLUMNS[kind];
  const example = columns.map((column) => EXAMPLE_ROWS[kind][column] ?? '');
  return {
    fileName: `legal-upload-${kind.toLowerCase().replace(/_/g, '-')}-template.xlsx`,
    contentType: SHEET_CONTENT_TYPES.xlsx,
    body: await writeXlsx(kind, columns, [example]),
  };
}
