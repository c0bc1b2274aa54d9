import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { translatorOf } from '../../../http/request-context.ts';
import { EXPORT_ROW_CAP, tableToCsv, tableToXlsx, type ExportFile, type ExportFormat } from '../../exports/index.ts';
import { countStageTray, readStageTrayPage } from '../stage-tray.repository.ts';
import { caseRowOf, resolveStageTray, type StageTrayRequest } from './list-stage-tray.ts';
import { stageExportTable } from './stage-export-table.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET /api/workflow/:code/stages/:stage/cases/export — the current view of the stage tray (tab, view, filters, sort;
 * every page) with the stage's tray columns in the user's language (stage-export-table.ts), as CSV or XLSX, at most
 * EXPORT_ROW_CAP rows. Cells a spreadsheet would read as a formula are escaped. Audited.
 */
export async function exportStageTray(
  deps: AppDeps,
  request: StageTrayRequest & { format: ExportFormat },
): Promise<ExportFile> {
  const { definition, stage, selection, sort, businessDate } = await resolveStageTray(deps.db, request);
  const counts = await countStageTray(deps.db, selection);
  const count = counts[selection.tab];
  if (count > EXPORT_ROW_CAP) {
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `This view has ${count} cases; an export holds at most ${EXPORT_ROW_CAP}. Narrow the filters and export again.`,
    );
  }
  const rows = (await readStageTrayPage(deps.db, selection, sort, { limit: EXPORT_ROW_CAP, offset: 0 })).map((row) =>
    caseRowOf(row, businessDate),
  );
  const table = stageExportTable(definition, stage, rows, translatorOf(request.ctx));
  const { format } = request;
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);

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
  return { fileName: `${slug}-${selection.tab}-${businessDate}.${format}`, contentType: CONTENT_TYPES[format], body };
}
