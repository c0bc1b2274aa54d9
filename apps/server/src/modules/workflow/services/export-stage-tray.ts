import ExcelJS from 'exceljs';
import { z } from 'zod';
import { stageTrayQuerySchema, type CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import type { ColumnDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  EXPORT_ROW_CAP,
  exportRunsAsJob,
  jobUnitContext,
  queueFileJob,
  type ExportFile,
  type ExportFormat,
  type ExportReply,
  columnLabel,
  escapeFormula,
  toCsv,
  type Cell,
} from '../../exports/index.ts';
import { countStageTray, readStageTrayPage } from '../stage-tray.repository.ts';
import { caseRowOf, resolveStageTray, type StageTrayRequest } from './list-stage-tray.ts';

function cellOf(row: CaseRow & { npaFlag?: boolean }, column: ColumnDefinition): Cell {
  let value: unknown;
  if (column.source === 'field') value = row.fields[column.key];
  else if (column.key === 'makerUserId') value = row.makerName;
  else value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (column.type === 'number' && typeof value === 'number') return value;
  return String(value);
}

async function toXlsx(sheetName: string, columns: ColumnDefinition[], header: string[], rows: Cell[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  columns.forEach((column, index) => {
    if (column.type === 'money') sheet.getColumn(index + 1).numFmt = '#,##0.00';
  });
  for (const row of rows) {
    // Money goes in as a number so the sheet can sum it (display only; the exact decimal is in the CSV and API).
    sheet.addRow(
      row.map((cell, index) => {
        if (cell === null || typeof cell === 'number') return cell;
        const isMoney = columns[index]?.type === 'money' && cell.trim() !== '' && Number.isFinite(Number(cell));
        return isMoney ? Number(cell) : escapeFormula(cell);
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A large stage tray export runs as a job; its result is the file. */
export const stageExportJob = defineJob({
  kind: 'workflow.stage_export',
  payload: z.object({
    definitionCode: z.string(),
    stageCode: z.string(),
    query: stageTrayQuerySchema,
    format: z.enum(['csv', 'xlsx']),
  }),
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const file = await writeStageTrayExport(deps, { ...payload, ctx: jobUnitContext(ctx), progress });
    return { summary: { rows: file.rows, fileName: file.fileName }, file };
  },
});

/**
 * GET /api/workflow/:code/stages/:stage/cases/export — the current view of the stage tray (tab, view, filters, sort;
 * every page) with the stage's tray columns, as CSV or XLSX, at most EXPORT_ROW_CAP rows: the file at once up to
 * EXPORT_SYNC_MAX_ROWS, else a queued job whose result is the file. Cells a spreadsheet would read as a formula are
 * escaped. Audited when the file is written.
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
  const columns = stage.trayColumns
    .map((key) => definition.columns.find((column) => column.key === key))
    .filter((column): column is ColumnDefinition => column !== undefined);
  const header = columns.map((column) => columnLabel(column.labelKey));
  const cells = rows.map((row) => columns.map((column) => cellOf(row, column)));
  const { format } = request;
  const body =
    format === 'csv' ? Buffer.from(toCsv(header, cells), 'utf8') : await toXlsx(stage.code, columns, header, cells);
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
