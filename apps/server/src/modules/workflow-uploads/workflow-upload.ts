import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { UPLOAD_STATUSES } from '@recovery-desk/domain/legal/contracts.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { withTransaction, type Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import { safeFileName } from '../../documents/document-types.ts';
import { AppError, validationError, type FieldError } from '../../http/app-error.ts';
import type { Upload } from '../../http/multipart-upload.ts';
import type { UnitContext } from '../../http/request-context.ts';
import { defineBulkUploadJob, type BulkUploadJob, type BulkUploadPayload } from '../../jobs/bulk-upload.ts';
import type { RunningJob } from '../../jobs/job-kind.ts';
import { findJob } from '../../jobs/jobs.repository.ts';
import { readSheet, type SheetRow } from '../../uploads/sheet-reader.ts';
import { jobUnitContext, toCsv } from '../exports/index.ts';
import { SHEET_CONTENT_TYPES, writeXlsx } from './upload-sheet.ts';
import {
  closeUpload,
  countUploadRow,
  findUpload,
  findUploadOfJob,
  insertUpload,
  listUploads as readUploads,
  type UploadError,
  type UploadRow,
} from './uploads.repository.ts';

// The bulk upload of a workflow app (legal File Upload; repossession and SARFAESI File Upload), parameterised by the
// workflow definition (its code) and the app's upload kinds. The request checks the file (format, header matched to
// the kind's columns in any order, row count, read by the shared streaming reader) and, in one transaction, queues the
// app's upload job holding it and creates the upload record (PROCESSING, with the definition). The job
// (jobs/bulk-upload.ts) applies each row in its own transaction with the job's checkpoint and the record's count, so a
// crash never applies a row twice and the record always counts the rows applied; a failing row is recorded (row,
// field, message) and the others go on. The dashboard lists the definition's files with status and counts; the row
// errors download as CSV; each kind has an XLSX template.

export const MAX_WORKFLOW_UPLOAD_ROWS = 1000;

export type RowValues = Record<string, string>;
/** Runs inside a row's transaction once the row is applied (the job's checkpoint and the record's count). */
export type RowDone = (tx: Transaction) => Promise<void>;
export type PagedUploadQuery = { q?: string | undefined; status?: string | undefined; page: number; pageSize: number };
export type DownloadFile = { fileName: string; contentType: string; body: Buffer };
export type UploadReply = UploadRow & { errors: UploadError[] };

/** A refusal of a row naming its fields (the first one in the message). */
export function rowInvalid(fields: FieldError[]): AppError {
  return new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
}

/** The header row must name exactly the kind's columns (in any order); returns each column's position. */
export function columnPositions(columns: readonly string[], header: SheetRow | undefined): Map<string, number> {
  const names = (header?.cells ?? []).map((cell) => cell.trim());
  const missing = columns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw validationError('file', `the first row lacks the columns ${missing.join(', ')}`);
  const unknown = names.filter((name) => name !== '' && !columns.includes(name));
  if (unknown.length > 0) throw validationError('file', `the first row has unknown columns ${unknown.join(', ')}`);
  const repeated = columns.filter((column) => names.indexOf(column) !== names.lastIndexOf(column));
  if (repeated.length > 0) throw validationError('file', `the first row repeats the columns ${repeated.join(', ')}`);
  return new Map(columns.map((column) => [column, names.indexOf(column)]));
}

function rowValues(row: SheetRow, positions: Map<string, number>): RowValues {
  const values: RowValues = {};
  for (const [column, position] of positions) values[column] = (row.cells[position] ?? '').trim();
  return values;
}

/** The errors a failed row records: the fields of a validation error, else its message on the row's key column. */
function rowErrors(deps: AppDeps, job: string, row: number, error: unknown, keyColumn: string): UploadError[] {
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
  deps.log.error({ err: error, row, job }, 'upload row failed');
  return [{ row, field: keyColumn, message: 'This row could not be processed; try it again or report it.' }];
}

/** The data rows of a checked sheet, with each column's position (the shared reader stops at the row limit). */
async function readUploadRows(columns: readonly string[], content: Buffer, maxRows: number) {
  const sheet = await readSheet(content, { maxRows });
  const positions = columnPositions(columns, sheet.header);
  if (sheet.rows.length === 0) throw validationError('file', 'has no data rows under the header');
  return { format: sheet.format, dataRows: sheet.rows, positions };
}

/**
 * The multipart request of an upload: its fields and one non-empty file. The shared multipart reader names the
 * document upload's fields when a limit is passed; this says what an upload takes.
 */
export async function readUploadRequest(
  readUpload: () => Promise<Upload>,
  fieldNames: string,
): Promise<{ fields: Record<string, string | undefined>; file: { fileName: string; content: Buffer } }> {
  let upload: Upload;
  try {
    upload = await readUpload();
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION' && error.fields?.[0]?.field === 'file') {
      throw validationError('file', `send one file (in the field "file") and the ${fieldNames}`);
    }
    throw error;
  }
  return { fields: upload.fields, file: upload.file as { fileName: string; content: Buffer } };
}

type UploadLine = { row: SheetRow; values: RowValues };

export type WorkflowUploadSpec<P extends BulkUploadPayload> = {
  /** the workflow definition the rows work on (the upload records carry it) */
  definitionCode: string;
  /** the job kind, e.g. 'legal.upload' */
  job: string;
  payload: z.ZodType<P>;
  /** audit action and entity of the upload record */
  audit: { action: string; entity: string };
  /** the columns a file of this payload (kind, stage) has; the first is the row's key column */
  columns: (payload: P) => readonly string[];
  /** the stage the record names (a stage update's), or null */
  stageOf?: (payload: P) => string | null;
  /** applies one row (its own transaction, awaiting `done(tx)` last); returns the mails to deliver after the commit */
  applyRow: (job: RunningJob<P>, ctx: UnitContext, values: RowValues, done: RowDone) => Promise<number[]>;
  /** the prefix of downloaded file names, e.g. 'legal-upload' */
  filePrefix: string;
  /** whether the replies carry the record's stage (the legal replies keep their first shape) */
  showsStage: boolean;
  maxRows?: number;
};

export type WorkflowUpload<P extends BulkUploadPayload> = {
  job: BulkUploadJob<P>;
  /** checks a file against the payload's columns, then queues the job and creates the record: the job */
  start: (
    deps: AppDeps,
    ctx: UnitContext,
    input: { payload: Omit<P, 'fileName'>; file: { fileName: string; content: Buffer } | undefined },
  ) => Promise<Job>;
  /** the upload dashboard of the acting unit's subtree, newest first */
  list: (
    deps: AppDeps,
    input: { ctx: UnitContext; query: PagedUploadQuery },
  ) => Promise<{ data: UploadRow[]; count: number; page: number; pageSize: number }>;
  /** the row errors of an upload as CSV (row, field, message) */
  errorsCsv: (deps: AppDeps, input: { ctx: UnitContext; uploadId: number }) => Promise<DownloadFile>;
  /** an XLSX with the columns and an example row */
  template: (input: {
    payload: Omit<P, 'fileName'>;
    name: string;
    sheet: string;
    example: RowValues;
  }) => Promise<DownloadFile>;
};

function withoutStage<R extends { stageCode: string | null }>(row: R): Omit<R, 'stageCode'> {
  const { stageCode: _stage, ...rest } = row;
  return rest;
}

export function defineWorkflowUpload<P extends BulkUploadPayload>(spec: WorkflowUploadSpec<P>): WorkflowUpload<P> {
  const maxRows = spec.maxRows ?? MAX_WORKFLOW_UPLOAD_ROWS;
  const shown = <R extends { stageCode: string | null }>(row: R) => (spec.showsStage ? row : withoutStage(row));
  const job = defineBulkUploadJob<P, UploadLine>({
    job: spec.job,
    payload: spec.payload,
    audit: spec.audit,
    record: {
      create: (tx, input) =>
        insertUpload(tx, {
          jobId: input.jobId,
          definitionCode: spec.definitionCode,
          kind: input.kind,
          stageCode: spec.stageOf?.(input.payload as unknown as P) ?? null,
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
    unitContext: (running) => jobUnitContext(running.ctx),
    readRows: async (payload, file) => {
      const { format, dataRows, positions } = await readUploadRows(spec.columns(payload), file, maxRows);
      return { rows: dataRows.map((row) => ({ row, values: rowValues(row, positions) })), details: { format } };
    },
    applyRow: async (running, ctx, { values }, done) => {
      const nul = Object.keys(values).find((column) => values[column]!.includes('\u0000'));
      if (nul !== undefined) throw rowInvalid([{ field: nul, message: 'must not contain NUL characters' }]);
      const mailIds = await spec.applyRow(running, ctx, values, done);
      running.deps.mail.deliver(mailIds);
    },
    rowErrors: (running, { row }, error) =>
      rowErrors(running.deps, spec.job, row.number, error, spec.columns(running.payload)[0]!),
    result: async (running, ctx, uploadId) => {
      const stored = await findUpload(running.deps.db, {
        definitionCode: spec.definitionCode,
        uploadId,
        unitPath: ctx.actingUnit.path,
      });
      if (!stored) throw new Error(`upload ${uploadId} vanished`);
      return shown(stored);
    },
  });

  return {
    job,
    start: async (deps, ctx, { payload, file }) => {
      if (!file || file.content.length === 0) throw validationError('file', MESSAGES.uploadFirst);
      const columns = spec.columns({ ...payload, fileName: '' } as P);
      const { format, dataRows } = await readUploadRows(columns, file.content, maxRows);
      const fileName = safeFileName(file.fileName, `upload.${format}`);
      const jobId = await withTransaction(deps.db, (tx) =>
        job.enqueue(tx, ctx, {
          payload: { ...payload, fileName } as P,
          file: file.content,
          totalRows: dataRows.length,
          details: { format },
          at: deps.clock.now(),
        }),
      );
      deps.jobs.wake();
      const queued = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
      if (!queued) throw new Error(`job ${jobId} vanished`);
      return queued;
    },
    list: async (deps, { ctx, query }) => {
      if (query.status && !(UPLOAD_STATUSES as readonly string[]).includes(query.status)) {
        throw validationError('status', `must be one of ${UPLOAD_STATUSES.join(', ')}`);
      }
      const { rows, count } = await readUploads(deps.db, {
        definitionCode: spec.definitionCode,
        unitPath: ctx.actingUnit.path,
        q: query.q || undefined,
        status: query.status || undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { data: rows.map((row) => shown(row) as UploadRow), count, page: query.page, pageSize: query.pageSize };
    },
    errorsCsv: async (deps, { ctx, uploadId }) => {
      const upload = await findUpload(deps.db, {
        definitionCode: spec.definitionCode,
        uploadId,
        unitPath: ctx.actingUnit.path,
      });
      if (!upload) throw new AppError('NOT_FOUND', 'Upload not found');
      const rows = upload.errors.map((error) => [error.row, error.field, error.message]);
      return {
        fileName: `${spec.filePrefix}-${uploadId}-errors.csv`,
        contentType: SHEET_CONTENT_TYPES.csv,
        body: Buffer.from(toCsv(['row', 'field', 'message'], rows), 'utf8'),
      };
    },
    template: async ({ payload, name, sheet, example }) => {
      const columns = spec.columns({ ...payload, fileName: '' } as P);
      return {
        fileName: `${spec.filePrefix}-${name}-template.xlsx`,
        contentType: SHEET_CONTENT_TYPES.xlsx,
        body: await writeXlsx(sheet.slice(0, 31), columns, [columns.map((column) => example[column] ?? '')]),
      };
    },
  };
}
