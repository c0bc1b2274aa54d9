import ExcelJS from 'exceljs';
import { z } from 'zod';
import { trayQuerySchema, type TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import { findTray, type TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
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
import { countTrayRows, readTrayPage, type AnyTrayRow } from '../trays.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { traySelection, traySort } from './tray-selection.ts';

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

/** A large tray export runs as a job; its result is the file. */
export const trayExportJob = defineJob({
  kind: 'collections.tray_export',
  payload: z.object({ tray: z.string(), query: trayQuerySchema, format: z.enum(['csv', 'xlsx']) }),
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const tray = findTray(payload.tray);
    if (!tray) throw new Error(`unknown tray ${payload.tray}`);
    const file = await writeTrayExport(deps, {
      ctx: jobUnitContext(ctx),
      tray,
      query: payload.query,
      format: payload.format,
      progress,
    });
    return { summary: { rows: file.rows, fileName: file.fileName }, file };
  },
});

/**
 * GET /api/collections/trays/:tray/export — the current view (filters, view, sort; every page) as CSV or XLSX, at
 * most EXPORT_ROW_CAP rows: the file at once up to EXPORT_SYNC_MAX_ROWS rows, else a queued job (its result is the
 * file). Text cells that a spreadsheet would read as a formula are escaped. Audited when the file is written.
 */
export async function exportTray(
  deps: AppDeps,
  { ctx, tray, query, format }: { ctx: UnitContext; tray: TrayDefinition; query: TrayQuery; format: ExportFormat },
): Promise<ExportReply> {
  const selection = await traySelection(deps.db, ctx, tray, query);
  const count = await countTrayRows(deps.db, selection);
  checkExportSize(count, 'rows');
  if (exportRunsAsJob(deps, count)) {
    return { job: await queueFileJob(deps, ctx, trayExportJob, { tray: tray.key, query, format }) };
  }
  return { file: await writeTrayExport(deps, { ctx, tray, query, format }) };
}

async function writeTrayExport(
  deps: AppDeps,
  {
    ctx,
    tray,
    query,
    format,
    progress,
  }: {
    ctx: UnitContext;
    tray: TrayDefinition;
    query: TrayQuery;
    format: ExportFormat;
    progress?: (done: number, total?: number) => Promise<void>;
  },
): Promise<ExportFile & { rows: number }> {
  const selection = await traySelection(deps.db, ctx, tray, query);
  const sort = traySort(tray, query);
  const [count, businessDate] = await Promise.all([countTrayRows(deps.db, selection), requireBusinessDate(deps.db)]);
  checkExportSize(count, 'rows');
  await progress?.(0, count);
  const keyed = await readTrayPage(deps.db, selection, { ...sort, backward: false, limit: EXPORT_ROW_CAP });
  const header = tray.columns.map((column) => columnLabel(column.labelKey));
  const rows = keyed.map(({ row }) => tray.columns.map((column) => cellOf(row, column.key, column.type)));
  const body = format === 'csv' ? Buffer.from(toCsv(header, rows), 'utf8') : await toXlsx(tray, header, rows);
  await progress?.(rows.length, Math.max(count, rows.length));

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
  return {
    fileName: `${tray.key}-${businessDate}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    body,
    rows: rows.length,
  };
}
