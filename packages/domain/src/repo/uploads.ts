import { z } from 'zod';
import { pagedReplySchema, uploadErrorSchema, UPLOAD_STATUSES } from '../legal/contracts.ts';
import { pageParam, pageSizeParam } from '../numeric-params.ts';
import { stageFormFields, type StageDefinition, type WorkflowDefinition } from '../workflow/definition.ts';
import { REPO_WORKFLOW_CODES, type RepoWorkflowCode } from './contracts.ts';

// Repossession and SARFAESI File Upload (issue 15, spec §2.5), on the shared workflow upload mechanism:
//   POST /api/repo/:code/uploads (multipart: kind, stage, file)   FILE_UPLOAD_REPO_SAUTH / SARF_UPLOAD_DASH_SAUTH
//   GET  /api/repo/:code/uploads             the upload dashboard of the definition (paged)
//   GET  /api/repo/:code/uploads/kinds       the kinds and the stages the user may update, with their columns
//   GET  /api/repo/:code/uploads/template    an XLSX of a kind's (and stage's) columns
//   GET  /api/repo/:code/uploads/:id/errors  the row errors as CSV
// A stage update needs the stage's own authority too.

export const REPO_UPLOAD_KINDS = ['INITIATION', 'STAGE_UPDATE'] as const;
export type RepoUploadKind = (typeof REPO_UPLOAD_KINDS)[number];

/** The upload authority of each definition's File Upload screen. */
export const REPO_UPLOAD_AUTHORITY: Record<RepoWorkflowCode, 'FILE_UPLOAD_REPO_SAUTH' | 'SARF_UPLOAD_DASH_SAUTH'> = {
  REPOSSESSION: 'FILE_UPLOAD_REPO_SAUTH',
  SARFAESI: 'SARF_UPLOAD_DASH_SAUTH',
};

/** The action a stage update applies: the stage's submit (or, at a maker stage without one, its recommend). */
export function stageUpdateAction(stage: StageDefinition): 'submit' | 'recommend' | null {
  if (stage.actions.some((action) => action.name === 'submit')) return 'submit';
  if (stage.actions.some((action) => action.name === 'recommend') && !stage.actions.some((a) => a.isCheckerAction)) {
    return 'recommend';
  }
  return null;
}

/** The stages a file may update: those with a submit (maker) action. */
export function uploadStages(definition: WorkflowDefinition): StageDefinition[] {
  return definition.stages.filter((stage) => stageUpdateAction(stage) !== null);
}

/** The columns of an initiation file: the account number, then the initial stage's fields. */
export function initiationColumns(definition: WorkflowDefinition): string[] {
  const initial = definition.stages.find((stage) => stage.code === definition.initialStage);
  return ['accountNo', ...(initial ? initial.fields.map((field) => field.name) : [])];
}

/** The columns of a stage update file: the case number, then the stage's fields (its own, then its actions'). */
export function stageUpdateColumns(stage: StageDefinition): string[] {
  return ['caseNo', ...stageFormFields(stage).map((field) => field.name)];
}

export const repoUploadParamsSchema = z.object({ code: z.enum(REPO_WORKFLOW_CODES) });

export const repoUploadsQuerySchema = z
  .object({
    q: z.string().trim().max(60).optional(),
    status: z.enum(UPLOAD_STATUSES).optional(),
    pageSize: pageSizeParam,
    page: pageParam,
  })
  .strict();

export const repoUploadTemplateQuerySchema = z
  .object({ kind: z.enum(REPO_UPLOAD_KINDS), stage: z.string().min(1).max(60).optional() })
  .strict();

export const repoUploadRowSchema = z.object({
  uploadId: z.number(),
  kind: z.enum(REPO_UPLOAD_KINDS),
  /** the stage a STAGE_UPDATE file moved its cases from */
  stageCode: z.string().nullable(),
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  totalRows: z.number(),
  okRows: z.number(),
  failedRows: z.number(),
  jobId: z.number().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type RepoUploadRow = z.infer<typeof repoUploadRowSchema>;
export const repoUploadReplySchema = repoUploadRowSchema.extend({ errors: z.array(uploadErrorSchema) });
export type RepoUploadReply = z.infer<typeof repoUploadReplySchema>;
export const repoUploadPageSchema = pagedReplySchema(repoUploadRowSchema);
export type RepoUploadPage = z.infer<typeof repoUploadPageSchema>;

export const repoUploadKindsSchema = z.object({
  /** the initiation file's columns; null when the user lacks the initial stage's authority */
  initiation: z.object({ stage: z.string(), labelKey: z.string(), columns: z.array(z.string()) }).nullable(),
  /** the stages the user holds the authority of, with their file's columns */
  stages: z.array(z.object({ stage: z.string(), labelKey: z.string(), columns: z.array(z.string()) })),
  maxRows: z.number(),
});
export type RepoUploadKinds = z.infer<typeof repoUploadKindsSchema>;

// Repossession File Download (/Repoapp/DownloadRepo, DASH_REPO_SAUTH):
//   GET /api/repo/downloads/cases?code=&stage=&state=&from=&to=   the cases of a definition in the acting unit's
//   subtree as XLSX (one column per case field), the file at once or (a large selection) a job whose result it is.

export const CASE_EXPORT_STATES = ['OPEN', 'CLOSED'] as const;

export const repoCaseExportQuerySchema = z
  .object({
    code: z.enum(REPO_WORKFLOW_CODES),
    /** the cases at this stage only */
    stage: z.string().min(1).max(60).optional(),
    /** open or closed cases only */
    state: z.enum(CASE_EXPORT_STATES).optional(),
    /** cases opened on or after this day */
    from: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
    /** cases opened on or before this day */
    to: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  })
  .strict();
export type RepoCaseExportQuery = z.infer<typeof repoCaseExportQuerySchema>;

/** The fixed columns of a case export; the definition's fields follow them, named as in the upload templates. */
export const CASE_EXPORT_COLUMNS = [
  'caseNo',
  'accountNo',
  'customerName',
  'stage',
  'status',
  'openedOn',
  'stageEnteredOn',
  'dueOn',
  'closedOn',
] as const;
