import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  CASE_EXPORT_COLUMNS,
  repoCaseExportQuerySchema,
  type RepoCaseExportQuery,
} from '@recovery-desk/domain/repo/uploads.ts';
import { definitionFields, findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  escapeFormula,
  exportRunsAsJob,
  jobUnitContext,
  queueFileJob,
  type ExportFile,
  type ExportReply,
} from '../../exports/index.ts';
import { activeDefinition } from '../../workflow/index.ts';
import { countCasesForExport, readCasesForExport, type CaseExportFilter } from '../initiation.repository.ts';

// Repossession File Download (/Repoapp/DownloadRepo, DASH_REPO_SAUTH): the cases of a workflow (REPOSSESSION or
// SARFAESI) in the acting unit's subtree, optionally of one stage, open or closed, opened within a date range, as
// XLSX written by exceljs's streaming WorkbookWriter in batches of cases (keyset paging), with the case's own columns
// and one column per field of the definition (named as in the upload templates, so a file can be edited and uploaded
// back as a stage update). Up to the sync limit the file is the reply; a larger selection is a `repo.case_export`
// job whose result is the file (the jobs mechanism reports its progress). Audited when the file is written.

const BATCH = 500;

export const repoCaseExportJob = defineJob({
  kind: 'repo.case_export',
  payload: z.object({ query: repoCaseExportQuerySchema }),
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const file = await writeCaseExport(deps, jobUnitContext(ctx), payload.query, progress);
    return { summary: { rows: file.rows, fileName: file.fileName }, file };
  },
});

async function filterOf(deps: AppDeps, ctx: UnitContext, query: RepoCaseExportQuery): Promise<CaseExportFilter> {
  if (query.from && query.to && query.from > query.to) throw validationError('to', 'must be on or after from');
  if (query.stage) {
    const definition = await activeDefinition(deps.db, query.code);
    if (!findStage(definition, query.stage)) throw validationError('stage', `must be a stage of ${query.code}`);
  }
  return {
    definitionCode: query.code,
    unitPath: ctx.actingUnit.path,
    stage: query.stage,
    state: query.state,
    from: query.from,
    to: query.to,
  };
}

/** GET /api/repo/downloads/cases — the file, or (a large selection) the queued job that writes it. */
export async function exportRepoCases(
  deps: AppDeps,
  input: { ctx: UnitContext; query: RepoCaseExportQuery },
): Promise<ExportReply> {
  const filter = await filterOf(deps, input.ctx, input.query);
  const count = await countCasesForExport(deps.db, filter);
  checkExportSize(count, 'cases');
  if (exportRunsAsJob(deps, count)) {
    return { job: await queueFileJob(deps, input.ctx, repoCaseExportJob, { query: input.query }) };
  }
  return { file: await writeCaseExport(deps, input.ctx, input.query) };
}

const cellOf = (value: unknown): string | number | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  return escapeFormula(String(value));
};

async function writeCaseExport(
  deps: AppDeps,
  ctx: UnitContext,
  query: RepoCaseExportQuery,
  progress?: (done: number, total?: number) => Promise<void>,
): Promise<ExportFile & { rows: number }> {
  const filter = await filterOf(deps, ctx, query);
  const total = await countCasesForExport(deps.db, filter);
  checkExportSize(total, 'cases');
  const definition = await activeDefinition(deps.db, query.code);
  const fieldNames = [...definitionFields(definition).keys()];
  const businessDate = await requireBusinessDate(deps.db);

  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(query.code);
  sheet.columns = [...CASE_EXPORT_COLUMNS, ...fieldNames].map((header) => ({
    header,
    width: Math.max(12, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  await progress?.(0, total);
  let written = 0;
  let afterId = 0;
  for (;;) {
    const batch = await readCasesForExport(deps.db, { ...filter, afterId, limit: BATCH });
    if (batch.length === 0) break;
    for (const row of batch) {
      sheet
        .addRow([
          ...CASE_EXPORT_COLUMNS.map((column) => cellOf(row[column])),
          ...fieldNames.map((name) => cellOf(row.fields[name])),
        ])
        .commit();
    }
    written += batch.length;
    afterId = batch.at(-1)!.id;
    await progress?.(written, Math.max(total, written));
    if (batch.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
  await ended;

  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'repo.case_export',
      entity: 'workflow_cases',
      entityId: query.code,
      after: { ...query, rows: written },
    }),
  );
  const parts = [query.code, query.stage, query.state].filter(Boolean).join('-').toLowerCase();
  return {
    fileName: `${parts}-cases-${businessDate}.xlsx`,
    contentType: EXPORT_CONTENT_TYPES.xlsx,
    body: Buffer.concat(chunks),
    rows: written,
  };
}
