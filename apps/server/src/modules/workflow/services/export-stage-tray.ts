import { z } from 'zod';
import { stageTrayQuerySchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { languageFromHeader } from '@recovery-desk/i18n/language-codes.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { translatorOf } from '../../../http/request-context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  EXPORT_ROW_CAP,
  exportRunsAsJob,
  jobUnitContext,
  queueFileJob,
  tableToCsv,
  tableToXlsx,
  type ExportFile,
  type ExportFormat,
  type ExportReply,
} from '../../exports/index.ts';
import { countStageTray, readStageTrayPage } from '../stage-tray.repository.ts';
import { caseRowOf, resolveStageTray, type StageTrayRequest } from './list-stage-tray.ts';
import { stageExportTable } from './stage-export-table.ts';

/** A large stage tray export runs as a job (in the requester's language); its result is the file. */
export const stageExportJob = defineJob({
  kind: 'workflow.stage_export',
  payload: z.object({
    definitionCode: z.string(),
    stageCode: z.string(),
    query: stageTrayQuerySchema,
    format: z.enum(['csv', 'xlsx']),
    language: z.string().optional(),
  }),
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const { language, ...request } = payload;
    const file = await writeStageTrayExport(deps, {
      ...request,
      ctx: { ...jobUnitContext(ctx), language: languageFromHeader(language) },
      progress,
    });
    return { summary: { rows: file.rows, fileName: file.fileName }, file };
  },
});

/**
 * GET /api/workflow/:code/stages/:stage/cases/export — the current view of the stage tray (tab, view, filters, sort;
 * every page) with the stage's tray columns in the user's language (stage-export-table.ts), as CSV or XLSX, at most
 * EXPORT_ROW_CAP rows: the file at once up to EXPORT_SYNC_MAX_ROWS, else a queued job whose result is the file. Cells a
 * spreadsheet would read as a formula are escaped. Audited when the file is written.
 */
export async function exportStageTray(
  deps: AppDeps,
  request: StageTrayRequest & { format: ExportFormat },
): Promise<ExportReply> {
  const { selection } = await resolveStageTray(deps.db, request);
  const count = (await countStageTray(deps.db, selection))[selection.tab];
  checkExportSize(count, 'cases');
  if (exportRunsAsJob(deps, count)) {
    const payload = {
      definitionCode: request.definitionCode,
      stageCode: request.stageCode,
      query: request.query,
      format: request.format,
      ...(request.ctx.language ? { language: request.ctx.language } : {}),
    };
    return { job: await queueFileJob(deps, request.ctx, stageExportJob, payload) };
  }
  return { file: await writeStageTrayExport(deps, request) };
}

async function writeStageTrayExport(
  deps: AppDeps,
  request: StageTrayRequest & { format: ExportFormat; progress?: (done: number, total?: number) => Promise<void> },
): Promise<ExportFile & { rows: number }> {
  const { definition, stage, selection, sort, businessDate } = await resolveStageTray(deps.db, request);
  const count = (await countStageTray(deps.db, selection))[selection.tab];
  checkExportSize(count, 'cases');
  await request.progress?.(0, count);
  const rows = (await readStageTrayPage(deps.db, selection, sort, { limit: EXPORT_ROW_CAP, offset: 0 })).map((row) =>
    caseRowOf(row, businessDate),
  );
  const table = stageExportTable(definition, stage, rows, translatorOf(request.ctx));
  const { format } = request;
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  await request.progress?.(rows.length, Math.max(count, rows.length));
  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, request.ctx, {
      action: 'workflow.export',
      entity: 'stage_tray',
      entityId: `${definition.code}/${stage.code}`,
      after: {
        format,
        rows: rows.length,
        tab: selection.tab,
        view: selection.view,
        filters: selection.filters,
        sort: request.query.sort ?? 'dueOn',
        order: request.query.order ?? 'asc',
      },
    }),
  );
  const slug = `${definition.code}-${stage.code}`.toLowerCase();
  return {
    fileName: `${slug}-${selection.tab}-${businessDate}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    body,
    rows: rows.length,
  };
}
