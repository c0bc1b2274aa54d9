import ExcelJS from 'exceljs';
import type { TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  columnLabel,
  EXPORT_ROW_CAP,
  escapeFormula,
  toCsv,
  type Cell,
  type ExportFile,
  type ExportFormat,
} from '../../exports/index.ts';
import { countTrayRows, readTrayPage, type AnyTrayRow } from '../trays.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { traySelection, traySort } from './tray-selection.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function cellOf(row: AnyTrayRow, key: string, type: string): Cell {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join('; ');
  if (type === 'number' && typeof value === 'number') return value;
  return String(value);
}

async function toXlsx(tray: TrayDefinition, header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(tray.key);
  sheet.addRow(header).font = { bold: true };
  tray.columns.forEach((column, index) => {
    if (column.type === 'money') sheet.getColumn(index + 1).numFmt = '#,##0.00';
  });
  for (const row of rows) {
    // Money goes in as a number so the sheet can sum it (display only; the exact decimal is in the CSV and API).
    sheet.addRow(
      row.map((cell, index) => {
        if (cell === null || typeof cell === 'number') return cell;
        return tray.columns[index]?.type === 'money' ? Number(cell) : escapeFormula(cell);
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * GET /api/collections/trays/:tray/export — the current view (filters, view, sort; every page) as CSV or XLSX,
 * at most EXPORT_ROW_CAP rows. Text cells that a spreadsheet would read as a formula are escaped. Audited.
 */
export async function exportTray(
  deps: AppDeps,
  { ctx, tray, query, format }: { ctx: UnitContext; tray: TrayDefinition; query: TrayQuery; format: ExportFormat },
): Promise<ExportFile> {
  const selection = await traySelection(deps.db, ctx, tray, query);
  const sort = traySort(tray, query);
  const [count, businessDate] = await Promise.all([countTrayRows(deps.db, selection), requireBusinessDate(deps.db)]);
  if (count > EXPORT_ROW_CAP) {
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `This view has ${count} rows; an export holds at most ${EXPORT_ROW_CAP}. Narrow the filters and export again.`,
    );
  }
  const keyed = await readTrayPage(deps.db, selection, { ...sort, backward: false, limit: EXPORT_ROW_CAP });
  const header = tray.columns.map((column) => columnLabel(column.labelKey));
  const rows = keyed.map(({ row }) => tray.columns.map((column) => cellOf(row, column.key, column.type)));
  const body = format === 'csv' ? Buffer.from(toCsv(header, rows), 'utf8') : await toXlsx(tray, header, rows);

  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'collections.export',
      entity: 'tray',
      entityId: tray.key,
      after: {
        format,
        rows: rows.length,
        view: selection.scope.view,
        searchView: selection.searchView || null,
        filters: selection.filters,
        sort: sort.sort,
        order: sort.order,
      },
    }),
  );
  return { fileName: `${tray.key}-${businessDate}.${format}`, contentType: CONTENT_TYPES[format], body };
}
