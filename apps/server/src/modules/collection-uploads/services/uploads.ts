import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  COLL_UPLOAD_COLUMNS,
  COLL_UPLOAD_EXAMPLES,
  COLL_UPLOAD_MAX_ROWS,
  COLL_UPLOAD_SHOWN_ERRORS,
  COLL_UPLOAD_TYPES,
  type CollUploadError,
  type CollUploadQuery,
  type CollUploadReply,
  type CollUploadType,
} from '@recovery-desk/domain/collections/uploads.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { safeFileName } from '../../../documents/document-types.ts';
import { AppError, authorityMissing, validationError } from '../../../http/app-error.ts';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import { defineJob, PermanentJobError } from '../../../jobs/job-kind.ts';
import { readWholeJobFile } from '../../../jobs/job-files.ts';
import { findJob, findJobFile } from '../../../jobs/jobs.repository.ts';
import { readSheet, type SheetRow } from '../../../uploads/sheet-reader.ts';
import { jobUnitContext, toCsv } from '../../exports/index.ts';
import {
  closeCollUpload,
  findCollUpload,
  findUploadOfJob,
  insertCollUpload,
  listCollUploads,
} from '../uploads.repository.ts';
import { UPLOAD_TYPES, type UploadLine } from './upload-types.ts';

// Collections File Upload (/collapp/upload): a file of rows of one type, applied ALL OR NOTHING.
// - The request checks the file (type, format, header, row count) and, in one transaction, queues a
//   `collections.upload` job holding it, creates the upload record (PROCESSING) and audits both: from then on the
//   upload is on the dashboards.
// - The job validates every row (reads only, a chunk at a time, with progress) and collects every error by row and
//   column. Any error: the record closes REJECTED with the errors, nothing is applied, and the job's result file is
//   the error report (so it is on File Download too).
// - A clean file is applied in ONE transaction: the record is locked (still PROCESSING, else a previous attempt
//   finished it and this one only reports it), every row goes through the collections verbs' rules and writes, each
//   applied row is written to collection_upload_rows, the record closes APPLIED and one audit row names the counts.
//   A crash (kill -9) before the commit leaves nothing applied and the record PROCESSING; the job's lease runs out,
//   the next attempt starts over; after the commit, a new attempt finds the record closed. Exactly once or not at all.
// - A rule that refuses at apply (a row changed since validation: an account put on hold, an assignee deactivated)
//   rolls the whole file back and fails the job; `onFailed` closes the record FAILED with the reason.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';
export type DownloadFile = { fileName: string; contentType: string; body: Buffer };

type Payload = { type: CollUploadType; fileName: string };

function uploadType(value: string | undefined): CollUploadType {
  if (!value) throw validationError('type', MESSAGES.required);
  if (!(COLL_UPLOAD_TYPES as readonly string[]).includes(value)) {
    throw validationError('type', `must be one of ${COLL_UPLOAD_TYPES.join(', ')}`);
  }
  return value as CollUploadType;
}

/** The header row must name exactly the type's columns (any order); returns each column's position. */
function columnPositions(type: CollUploadType, header: SheetRow | undefined): Map<string, number> {
  const columns = COLL_UPLOAD_COLUMNS[type];
  const names = (header?.cells ?? []).map((cell) => cell.trim());
  const missing = columns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw validationError('file', `the first row lacks the columns ${missing.join(', ')}`);
  const unknown = names.filter((name) => name !== '' && !columns.includes(name));
  if (unknown.length > 0) throw validationError('file', `the first row has unknown columns ${unknown.join(', ')}`);
  const repeated = columns.filter((column) => names.indexOf(column) !== names.lastIndexOf(column));
  if (repeated.length > 0) throw validationError('file', `the first row repeats the columns ${repeated.join(', ')}`);
  return new Map(columns.map((column) => [column, names.indexOf(column)]));
}

export async function readLines(type: CollUploadType, content: Buffer) {
  const sheet = await readSheet(content, { maxRows: COLL_UPLOAD_MAX_ROWS });
  const positions = columnPositions(type, sheet.header);
  if (sheet.rows.length === 0) throw validationError('file', 'has no data rows under the header');
  const lines: UploadLine[] = sheet.rows.map((row) => {
    const values: Record<string, string> = {};
    for (const [column, position] of positions) values[column] = (row.cells[position] ?? '').trim();
    return { row: row.number, values };
  });
  return { format: sheet.format, lines };
}

function errorReport(uploadId: number, type: CollUploadType, errors: readonly CollUploadError[], lines: UploadLine[]) {
  const byRow = new Map(lines.map((line) => [line.row, line]));
  const columns = COLL_UPLOAD_COLUMNS[type];
  const rows = errors.map((error) => [
    error.row,
    error.column,
    error.message,
    ...columns.map((column) => byRow.get(error.row)?.values[column] ?? ''),
  ]);
  return {
    fileName: `collections-upload-${uploadId}-errors.csv`,
    contentType: CSV_TYPE,
    body: Buffer.from(toCsv(['row', 'column', 'message', ...columns], rows), 'utf8'),
  };
}

async function replyOf(deps: AppDeps, ctx: UnitContext, jobId: number): Promise<CollUploadReply> {
  const upload = await findCollUpload(deps.db, { jobId, unitPath: ctx.actingUnit.path });
  if (!upload) throw new Error(`the record of upload job ${jobId} is missing`);
  return upload;
}

export const collectionsUploadJob = defineJob<Payload>({
  kind: 'collections.upload',
  payload: z.object({ type: z.enum(COLL_UPLOAD_TYPES), fileName: z.string() }),
  needs: 'user',
  maxAttempts: 3,
  run: async (job) => {
    const { deps } = job;
    const ctx = jobUnitContext(job.ctx);
    const record = await findUploadOfJob(deps.db, job.id);
    if (!record) throw new PermanentJobError(`upload job ${job.id} has no upload record`);
    // A previous attempt closed it (a crash after its commit): report it, never apply again.
    if (record.status !== 'PROCESSING') return { summary: await replyOf(deps, ctx, job.id) };
    if (!job.inputFile) throw new PermanentJobError('The uploaded file is no longer stored; upload it again.');
    const type = job.payload.type;
    const spec = UPLOAD_TYPES[type];
    const { lines } = await readLines(type, job.inputFile);
    const total = lines.length;
    await job.progress(0, total);
    const validated = await spec.validate(deps, ctx, lines, (done) => job.progress(done, total));

    if (validated.errors.length > 0) {
      await withTransaction(deps.db, async (tx) => {
        const closed = await closeCollUpload(tx, {
          jobId: job.id,
          status: 'REJECTED',
          appliedRows: 0,
          errorRows: validated.errorRows,
          errors: validated.errors.slice(0, COLL_UPLOAD_SHOWN_ERRORS),
          failure: null,
          at: deps.clock.now(),
        });
        if (!closed) return;
        await emitAudit(tx, ctx, {
          action: 'collections.upload',
          entity: 'collection_upload',
          entityId: closed.id,
          after: {
            ...job.payload,
            status: 'REJECTED',
            totalRows: total,
            errorRows: validated.errorRows,
            jobId: job.id,
          },
        });
      });
      return {
        summary: await replyOf(deps, ctx, job.id),
        file: errorReport(record.id, type, validated.errors, lines),
      };
    }

    try {
      await withTransaction(deps.db, async (tx) => {
        const locked = await findUploadOfJob(tx, job.id, { lock: true });
        if (locked?.status !== 'PROCESSING') return;
        const at = deps.clock.now();
        const applied = await spec.apply(tx, deps, ctx, validated.plan, {
          uploadId: locked.id,
          fileName: job.payload.fileName,
          at,
        });
        await closeCollUpload(tx, {
          jobId: job.id,
          status: 'APPLIED',
          appliedRows: applied,
          errorRows: 0,
          errors: [],
          failure: null,
          at,
        });
        await emitAudit(tx, ctx, {
          action: 'collections.upload',
          entity: 'collection_upload',
          entityId: locked.id,
          after: { ...job.payload, status: 'APPLIED', totalRows: total, appliedRows: applied, jobId: job.id },
        });
      });
    } catch (error) {
      // A rule refused at apply (the file was rolled back whole): fail for good, the record closes FAILED.
      if (error instanceof AppError && error.httpStatus < 500) throw new PermanentJobError(error.message);
      throw error;
    }
    await job.progress(total, total);
    return { summary: await replyOf(deps, ctx, job.id) };
  },
  onFailed: async (tx, failed) => {
    const closed = await closeCollUpload(tx, {
      jobId: failed.id,
      status: 'FAILED',
      appliedRows: 0,
      errorRows: 0,
      errors: [],
      failure: failed.error,
      at: failed.deps.clock.now(),
    });
    if (!closed) return;
    await emitAudit(tx, failed.ctx, {
      action: 'collections.upload',
      entity: 'collection_upload',
      entityId: closed.id,
      after: { status: 'FAILED', totalRows: closed.totalRows, jobId: failed.id, reason: failed.error },
    });
  },
});

/**
 * POST /api/collections/uploads (multipart: type, file) — checks the file and queues it (record PROCESSING): 202
 * with the job. The job's result is the upload record (status, counts, row errors); a REJECTED upload's job file is
 * its error report.
 */
export async function startUpload(
  deps: AppDeps,
  { ctx, readUpload }: { ctx: UnitContext; readUpload: () => Promise<Upload> },
): Promise<Job> {
  let upload: Upload;
  try {
    upload = await readUpload();
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION' && error.fields?.[0]?.field === 'file') {
      throw validationError('file', 'send one file (in the field "file") and the field type');
    }
    throw error;
  }
  const type = uploadType(upload.fields.type);
  const maker = UPLOAD_TYPES[type].makerAuthority;
  if (maker) {
    // A bulk form of a maker screen: the uploader holds that screen's authority too.
    const entries = await listAuthorityEntries(deps.db, {
      userId: ctx.user.id,
      unitId: ctx.actingUnit.id,
      app: 'collapp',
    });
    if (!entries.some((entry) => entry.system_auth === maker)) throw authorityMissing(maker, 'collapp');
  }
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', MESSAGES.uploadFirst);
  const { format, lines } = await readLines(type, upload.file.content);
  const fileName = safeFileName(upload.file.fileName, `upload.${format}`);
  const content = upload.file.content;
  const at = deps.clock.now();
  const jobId = await withTransaction(deps.db, async (tx) => {
    const id = await enqueueJob(tx, ctx, {
      kind: collectionsUploadJob,
      payload: { type, fileName },
      inputFile: content,
      at,
    });
    const uploadId = await insertCollUpload(tx, {
      jobId: id,
      type,
      fileName,
      totalRows: lines.length,
      userId: ctx.user.id,
      unitId: ctx.actingUnit.id,
      unitPath: ctx.actingUnit.path,
      at,
    });
    await emitAudit(tx, ctx, {
      action: 'collections.upload.start',
      entity: 'collection_upload',
      entityId: uploadId,
      after: { type, fileName, format, status: 'PROCESSING', totalRows: lines.length, jobId: id },
    });
    return id;
  });
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}

/** GET /api/collections/uploads — the subtree's collections uploads, newest first. */
export async function listUploads(deps: AppDeps, { ctx, query }: { ctx: UnitContext; query: CollUploadQuery }) {
  const { rows, count } = await listCollUploads(deps.db, {
    unitPath: ctx.actingUnit.path,
    status: query.status,
    type: query.type,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
}

async function requireUpload(deps: AppDeps, ctx: UnitContext, uploadId: number): Promise<CollUploadReply> {
  const upload = await findCollUpload(deps.db, { uploadId, unitPath: ctx.actingUnit.path });
  if (!upload) throw new AppError('NOT_FOUND', 'Upload not found');
  return upload;
}

/** GET /api/collections/uploads/:id */
export async function getUpload(deps: AppDeps, { ctx, uploadId }: { ctx: UnitContext; uploadId: number }) {
  return requireUpload(deps, ctx, uploadId);
}

/**
 * GET /api/collections/uploads/:id/errors — the error report: every row error (row, column, message and the row's
 * values) of a REJECTED upload, read again from its job's file (the record keeps the first ones only).
 */
export async function uploadErrorReport(
  deps: AppDeps,
  { ctx, uploadId }: { ctx: UnitContext; uploadId: number },
): Promise<DownloadFile> {
  const upload = await requireUpload(deps, ctx, uploadId);
  const stored = await findJobFile(deps.db, {
    id: upload.jobId,
    scope: { unitPath: ctx.actingUnit.path, includeSystem: false },
  });
  if (stored) {
    return {
      fileName: stored.fileName,
      contentType: stored.contentType,
      body: await readWholeJobFile(deps.db, stored),
    };
  }
  return {
    fileName: `collections-upload-${uploadId}-errors.csv`,
    contentType: CSV_TYPE,
    body: Buffer.from(
      toCsv(
        ['row', 'column', 'message'],
        upload.errors.map((error) => [error.row, error.column, error.message]),
      ),
      'utf8',
    ),
  };
}

/** GET /api/collections/uploads/template?type=&format= — the type's header row and one example row. */
export async function uploadTemplate(type: CollUploadType, format: 'xlsx' | 'csv'): Promise<DownloadFile> {
  const columns = COLL_UPLOAD_COLUMNS[type];
  const example = columns.map((column) => COLL_UPLOAD_EXAMPLES[type][column] ?? '');
  const base = `collections-upload-${type.toLowerCase().replace(/_/g, '-')}-template`;
  if (format === 'csv') {
    return { fileName: `${base}.csv`, contentType: CSV_TYPE, body: Buffer.from(toCsv(columns, [example]), 'utf8') };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(type);
  columns.forEach((_, index) => {
    const column = sheet.getColumn(index + 1);
    column.numFmt = '@';
    column.width = 24;
  });
  sheet.addRow([...columns]).font = { bold: true };
  sheet.addRow(example);
  return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
