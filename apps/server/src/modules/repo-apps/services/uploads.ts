import { z } from 'zod';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import {
  initiationColumns,
  REPO_UPLOAD_KINDS,
  stageUpdateAction,
  stageUpdateColumns,
  uploadStages,
  type RepoUploadKind,
  type RepoUploadKinds,
  type RepoUploadPage,
} from '@recovery-desk/domain/repo/uploads.ts';
import type { FieldValue } from '@recovery-desk/domain/workflow/case-fields.ts';
import {
  findStage,
  stageFormFields,
  type FieldDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError, type FieldError } from '../../../http/app-error.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { activeDefinition, actorAuthorities, applyCaseActionInTx, startCaseInTx } from '../../workflow/index.ts';
import {
  defineWorkflowUpload,
  MAX_WORKFLOW_UPLOAD_ROWS,
  readUploadRequest,
  rowInvalid,
  type DownloadFile,
  type PagedUploadQuery,
  type RowDone,
  type RowValues,
  type WorkflowUpload,
} from '../../workflow-uploads/index.ts';
import { findAccountIdByNo, findCaseByNo } from '../initiation.repository.ts';

// Repossession and SARFAESI File Upload (issue 15), on the shared workflow upload mechanism (workflow-uploads/):
// - INITIATION: rows of an account number and the initial stage's fields; each starts a case through the same
//   service as the initiate screen (startCaseInTx: account in the acting unit's subtree, one open case per account,
//   the fields checked by the definition);
// - STAGE_UPDATE: the user picks a stage they hold the authority of; rows of a case number and that stage's fields;
//   each applies the stage's submit action through the workflow engine (applyCaseActionInTx: every field and date
//   rule, document requirement and effect applies), refused when the case is not at that stage.
// The file's columns come from the definition's active version at the request and travel in the job's payload, so a
// resumed job reads the file exactly as the request checked it.

type RepoUploadPayload = {
  kind: RepoUploadKind;
  /** the stage a STAGE_UPDATE moves its cases from (the initial stage for INITIATION) */
  stage: string;
  /** the action a STAGE_UPDATE applies */
  action: string | null;
  columns: string[];
  /** the definition version the columns were read from */
  definitionVersion: number;
  fileName: string;
};

const payloadSchema = z.object({
  kind: z.enum(REPO_UPLOAD_KINDS),
  stage: z.string(),
  action: z.string().nullable(),
  columns: z.array(z.string()).min(1),
  definitionVersion: z.number(),
  fileName: z.string(),
});

/** A cell as a field value: yes/no answers as booleans (true, false, yes, no in any case), the rest as text. */
function fieldValue(field: FieldDefinition | undefined, text: string): FieldValue {
  if (field?.type === 'boolean') {
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === 'yes') return true;
    if (lower === 'false' || lower === 'no') return false;
  }
  return text;
}

/** The row's filled cells (other than the key column) as the stage's field values. */
function rowFields(fieldsOf: readonly FieldDefinition[], columns: readonly string[], values: RowValues) {
  const byName = new Map(fieldsOf.map((field) => [field.name, field]));
  const fields: Record<string, FieldValue> = {};
  for (const column of columns.slice(1)) {
    const text = values[column] ?? '';
    if (text !== '') fields[column] = fieldValue(byName.get(column), text);
  }
  return fields;
}

async function initiateRow(
  deps: AppDeps,
  ctx: UnitContext,
  code: RepoWorkflowCode,
  payload: RepoUploadPayload,
  values: RowValues,
  done: RowDone,
): Promise<number[]> {
  return withTransaction(deps.db, async (tx) => {
    const definition = await activeDefinition(tx, code);
    const initial = findStage(definition, definition.initialStage)!;
    const problems: FieldError[] = [];
    if (!values.accountNo) problems.push({ field: 'accountNo', message: MESSAGES.required });
    for (const field of initial.fields) {
      if (field.required && !field.when && payload.columns.includes(field.name) && !values[field.name]) {
        problems.push({ field: field.name, message: MESSAGES.required });
      }
    }
    if (problems.length > 0) throw rowInvalid(problems);
    const accountId = await findAccountIdByNo(tx, { accountNo: values.accountNo!, unitPath: ctx.actingUnit.path });
    if (accountId === undefined) {
      throw rowInvalid([{ field: 'accountNo', message: `Account ${values.accountNo} not found in your units` }]);
    }
    await startCaseInTx(tx, deps, ctx, {
      definitionCode: code,
      accountId,
      fields: rowFields(initial.fields, payload.columns, values),
    });
    await done(tx);
    return [];
  });
}

async function stageUpdateRow(
  deps: AppDeps,
  ctx: UnitContext,
  code: RepoWorkflowCode,
  payload: RepoUploadPayload,
  values: RowValues,
  done: RowDone,
): Promise<number[]> {
  if (!values.caseNo) throw rowInvalid([{ field: 'caseNo', message: MESSAGES.required }]);
  return withDocumentTransaction(deps.db, async (tx) => {
    const found = await findCaseByNo(tx, {
      caseNo: values.caseNo!,
      definitionCode: code,
      unitPath: ctx.actingUnit.path,
    });
    if (!found) throw rowInvalid([{ field: 'caseNo', message: `Case ${values.caseNo} not found in your units` }]);
    if (found.isClosed || found.stage !== payload.stage) {
      const where = found.isClosed ? 'closed' : `at ${found.stage}`;
      throw rowInvalid([{ field: 'caseNo', message: `Case ${found.caseNo} is ${where}, not at ${payload.stage}` }]);
    }
    const definition = await activeDefinition(tx, code);
    const stage = findStage(definition, payload.stage);
    const applied = await applyCaseActionInTx(tx, deps, ctx, {
      caseId: found.caseId,
      input: {
        action: payload.action as 'submit',
        version: found.version,
        expectedStage: payload.stage,
        fields: rowFields(stage ? stageFormFields(stage) : [], payload.columns, values),
      },
    });
    await done(tx);
    return applied.mailIds;
  });
}

function defineRepoUpload(code: RepoWorkflowCode): WorkflowUpload<RepoUploadPayload> {
  const name = code.toLowerCase();
  return defineWorkflowUpload<RepoUploadPayload>({
    definitionCode: code,
    job: `${name}.upload`,
    payload: payloadSchema,
    audit: { action: `${name}.upload`, entity: 'workflow_upload' },
    columns: (payload) => payload.columns,
    stageOf: (payload) => (payload.kind === 'STAGE_UPDATE' ? payload.stage : null),
    applyRow: (job, ctx, values, done) =>
      job.payload.kind === 'INITIATION'
        ? initiateRow(job.deps, ctx, code, job.payload, values, done)
        : stageUpdateRow(job.deps, ctx, code, job.payload, values, done),
    filePrefix: `${name}-upload`,
    showsStage: true,
  });
}

export const REPO_UPLOADS: Record<RepoWorkflowCode, WorkflowUpload<RepoUploadPayload>> = {
  REPOSSESSION: defineRepoUpload('REPOSSESSION'),
  SARFAESI: defineRepoUpload('SARFAESI'),
};
/** Background job kinds (listed in src/jobs/registry.ts). */
export const repossessionUploadJob = REPO_UPLOADS.REPOSSESSION.job;
export const sarfaesiUploadJob = REPO_UPLOADS.SARFAESI.job;

function uploadKind(value: string | undefined): RepoUploadKind {
  if (!value) throw validationError('kind', MESSAGES.required);
  if (!(REPO_UPLOAD_KINDS as readonly string[]).includes(value)) {
    throw validationError('kind', `must be one of ${REPO_UPLOAD_KINDS.join(', ')}`);
  }
  return value as RepoUploadKind;
}

type Choice = Omit<RepoUploadPayload, 'fileName'>;

/**
 * What a file of this kind (and stage) is, for this user: the stage, action and columns from the active definition.
 * Initiation needs the initial stage's authority, a stage update the stage's (403 otherwise, naming it).
 */
async function resolveChoice(
  deps: AppDeps,
  ctx: UnitContext,
  code: RepoWorkflowCode,
  kind: RepoUploadKind,
  stageCode: string | undefined,
): Promise<Choice> {
  const { definition, authorities } = await withTransaction(deps.db, async (tx) => {
    const active = await activeDefinition(tx, code);
    return { definition: active, authorities: await actorAuthorities(tx, ctx, active.app) };
  });
  if (kind === 'INITIATION') {
    const initial = findStage(definition, definition.initialStage)!;
    requireAuthority(authorities, initial.authority);
    return {
      kind,
      stage: initial.code,
      action: null,
      columns: initiationColumns(definition),
      definitionVersion: definition.version,
    };
  }
  if (!stageCode) throw validationError('stage', MESSAGES.required);
  const stage = uploadStages(definition).find((candidate) => candidate.code === stageCode);
  if (!stage) {
    throw validationError('stage', `must be a stage of ${code} with a submit action`);
  }
  requireAuthority(authorities, stage.authority);
  return {
    kind,
    stage: stage.code,
    action: stageUpdateAction(stage),
    columns: stageUpdateColumns(stage),
    definitionVersion: definition.version,
  };
}

function requireAuthority(authorities: readonly string[], authority: string): void {
  if (!authorities.includes(authority)) {
    throw new AppError('AUTHORITY_MISSING', `This needs the authority ${authority} in this unit.`);
  }
}

/**
 * POST /api/repo/:code/uploads (multipart: kind, stage for STAGE_UPDATE, file) — checks the choice (kind, stage and
 * its authority) and the file (format, header, row count), then queues the definition's upload job with it and
 * creates the upload record (PROCESSING): 202, the job; its result is the upload record with its row errors.
 */
export async function processRepoUpload(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; readUpload: () => Promise<Upload> },
): Promise<Job> {
  const upload = await readUploadRequest(input.readUpload, 'fields kind and stage');
  const kind = uploadKind(upload.fields.kind);
  const choice = await resolveChoice(deps, input.ctx, input.code, kind, upload.fields.stage || undefined);
  return REPO_UPLOADS[input.code].start(deps, input.ctx, { payload: choice, file: upload.file });
}

/** GET /api/repo/:code/uploads — the definition's upload dashboard of the subtree, newest first. */
export async function listRepoUploads(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; query: PagedUploadQuery },
): Promise<RepoUploadPage> {
  return (await REPO_UPLOADS[input.code].list(deps, input)) as RepoUploadPage;
}

/** GET /api/repo/:code/uploads/:id/errors — the row errors of an upload as CSV. */
export function repoUploadErrorsCsv(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; uploadId: number },
): Promise<DownloadFile> {
  return REPO_UPLOADS[input.code].errorsCsv(deps, input);
}

/** GET /api/repo/:code/uploads/kinds — the initiation columns and the stages the user may update, with columns. */
export async function repoUploadKinds(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode },
): Promise<RepoUploadKinds> {
  const { definition, authorities } = await withTransaction(deps.db, async (tx) => {
    const active = await activeDefinition(tx, input.code);
    return { definition: active, authorities: await actorAuthorities(tx, input.ctx, active.app) };
  });
  const initial = findStage(definition, definition.initialStage)!;
  return {
    initiation: authorities.includes(initial.authority)
      ? { stage: initial.code, labelKey: initial.labelKey, columns: initiationColumns(definition) }
      : null,
    stages: uploadStages(definition)
      .filter((stage) => authorities.includes(stage.authority))
      .map((stage) => ({ stage: stage.code, labelKey: stage.labelKey, columns: stageUpdateColumns(stage) })),
    maxRows: MAX_WORKFLOW_UPLOAD_ROWS,
  };
}

/** An example cell per field type, for the template's second row. */
function exampleOf(definition: WorkflowDefinition, column: string): string {
  if (column === 'accountNo') return 'LN0000012345';
  if (column === 'caseNo') return `${definition.code === 'SARFAESI' ? 'SRF' : 'REP'}/2026/000123`;
  const field = [...definition.stages.flatMap((stage) => stageFormFields(stage))].find((f) => f.name === column);
  switch (field?.type) {
    case 'date':
      return '2026-03-10';
    case 'amount':
      return '250000.00';
    case 'number':
      return '1';
    case 'boolean':
      return 'true';
    case 'select':
      return field.options?.[0]?.value ?? '';
    default:
      return '';
  }
}

/** GET /api/repo/:code/uploads/template?kind=&stage= — an XLSX with the columns and one example row. */
export async function repoUploadTemplate(
  deps: AppDeps,
  input: { ctx: UnitContext; code: RepoWorkflowCode; kind: RepoUploadKind; stage?: string | undefined },
): Promise<DownloadFile> {
  const choice = await resolveChoice(deps, input.ctx, input.code, input.kind, input.stage);
  const definition = await activeDefinition(deps.db, input.code);
  const example = Object.fromEntries(choice.columns.map((column) => [column, exampleOf(definition, column)]));
  const name = input.kind === 'INITIATION' ? 'initiation' : `stage-${choice.stage}`;
  return REPO_UPLOADS[input.code].template({ payload: choice, name, sheet: choice.stage, example });
}
