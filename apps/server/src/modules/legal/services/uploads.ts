import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import {
  MAX_UPLOAD_ROWS,
  UPLOAD_COLUMNS,
  UPLOAD_KINDS,
  type pagedQuerySchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { LEGAL_CASE_TYPES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError, type FieldError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { applyCaseActionInTx } from '../../workflow/index.ts';
import {
  defineWorkflowUpload,
  readUploadRequest,
  rowInvalid,
  type DownloadFile,
  type RowDone,
  type RowValues,
} from '../../workflow-uploads/index.ts';
import { findLegalCase } from '../cases.repository.ts';
import type { uploadPageSchema } from '../legal.schemas.ts';
import { LEGAL_CODE } from '../legal-constants.ts';
import { initiateAccountInTx } from './pool-cases.ts';
import { loadLegalSettings } from './settings.ts';

// File Upload: a spreadsheet of case initiations or hearing updates, on the shared workflow upload mechanism
// (workflow-uploads/workflow-upload.ts: the file checks, the `legal.upload` job with per-row transactions and
// checkpoint, the upload record and its errors CSV, the dashboard). The legal rows go through the same services as
// the screens: initiation through the pool's initiate, hearing updates through the workflow engine.

export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

const CASE_TYPES = LEGAL_CASE_TYPES.map(([code]) => code as string);
export const COURT_UPDATE_STAGE = 'COURT_CASE_UPDATE';

function uploadKind(value: string | undefined): UploadKind {
  if (!value) throw validationError('kind', MESSAGES.required);
  if (!(UPLOAD_KINDS as readonly string[]).includes(value)) {
    throw validationError('kind', `must be one of ${UPLOAD_KINDS.join(', ')}`);
  }
  return value as UploadKind;
}

/** An amount of at most 15 digits and 2 decimals (the case field's rule). */
function isAmount(value: string): boolean {
  const [whole = '', fraction, ...rest] = value.split('.');
  return rest.length === 0 && /^\d{1,15}$/.test(whole) && (fraction === undefined || /^\d{1,2}$/.test(fraction));
}

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

type UploadPayload = { kind: UploadKind; fileName: string };

/** The legal app's upload (LEGAL definition): its `legal.upload` job, dashboard, errors CSV and templates. */
const legalUploads = defineWorkflowUpload<UploadPayload>({
  definitionCode: LEGAL_CODE,
  job: 'legal.upload',
  payload: z.object({ kind: z.enum(UPLOAD_KINDS), fileName: z.string() }),
  audit: { action: 'legal.upload', entity: 'legal_upload' },
  columns: (payload) => UPLOAD_COLUMNS[payload.kind],
  applyRow: (job, ctx, values, done) =>
    job.payload.kind === 'CASE_INITIATION'
      ? initiateRow(job.deps, ctx, values, done)
      : hearingRow(job.deps, ctx, values, done),
  filePrefix: 'legal-upload',
  showsStage: false,
  maxRows: MAX_UPLOAD_ROWS,
});

/**
 * Bulk upload as a background job on the shared bulk-upload mechanism (jobs/bulk-upload.ts): the upload record is
 * created with the job at the request, each row counts in it in the row's own transaction, and a job that fails for
 * good leaves it INTERRUPTED with the rows it applied.
 */
export const legalUploadJob = legalUploads.job;

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
  const upload = await readUploadRequest(readUpload, 'field kind');
  const kind = uploadKind(upload.fields.kind);
  return legalUploads.start(deps, ctx, { payload: { kind }, file: upload.file });
}

/** GET /api/legal/uploads — the upload dashboard of the subtree, newest first. */
export async function listUploads(
  deps: AppDeps,
  input: { ctx: UnitContext; query: PagedQuery },
): Promise<z.infer<typeof uploadPageSchema>> {
  // The records of this definition were written with the legal kinds only.
  return (await legalUploads.list(deps, input)) as z.infer<typeof uploadPageSchema>;
}

/** GET /api/legal/uploads/:id/errors — the row errors of an upload as CSV (row, field, message). */
export function uploadErrorsCsv(deps: AppDeps, input: { ctx: UnitContext; uploadId: number }): Promise<DownloadFile> {
  return legalUploads.errorsCsv(deps, input);
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
export function uploadTemplate(kind: UploadKind): Promise<DownloadFile> {
  return legalUploads.template({
    payload: { kind },
    name: kind.toLowerCase().replace(/_/g, '-'),
    sheet: kind,
    example: EXAMPLE_ROWS[kind],
  });
}
