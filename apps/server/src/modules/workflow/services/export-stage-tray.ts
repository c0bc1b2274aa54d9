import ExcelJS from 'exceljs';
import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import type { ColumnDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  columnLabel,
  EXPORT_ROW_CAP,
  escapeFormula,
  toCsv,
  type Cell,
  type ExportFile,
  type ExportFormat,
} from '../../exports/index.ts';
import { countStageTray, readStageTrayPage } from '../stage-tray.repository.ts';
import { caseRowOf, resolveStageTray, type StageTrayRequest } from './list-stage-tray.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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

/**
 * GET /api/workflow/:code/stages/:stage/cases/export — the current view of the stage tray (tab, view, filters, sort;
 * every page) with the stage's tray columns, as CSV or XLSX, at most EXPORT_ROW_CAP rows. Cells a spreadsheet would
 * read as a formula are escaped. Audited.
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
  const columns = stage.trayColumns
    .map((key) => definition.columns.find((column) => column.key === key))
    .filter((column): column is ColumnDefinition => column !== undefined);
  const header = columns.map((column) => columnLabel(column.labelKey));
  const cells = rows.map((row) => columns.map((column) => cellOf(row, column)));
  const { format } = request;
  const body =
    format === 'csv' ? Buffer.from(toCsv(header, cells), 'utf8') : await toXlsx(stage.code, columns, header, cells);

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
