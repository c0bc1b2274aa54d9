import type { TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import { EXPORT_ROW_CAP, tableToCsv, tableToXlsx, type ExportFile, type ExportFormat } from '../../exports/index.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { countTrayRows, readTrayPage } from '../trays.repository.ts';
import { trayExportTable } from './tray-export-table.ts';
import { traySelection, traySort } from './tray-selection.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET /api/collections/trays/:tray/export — the current view (filters, view, sort; every page) as CSV or XLSX,
 * at most EXPORT_ROW_CAP rows, in the user's language (tray-export-table.ts). Text cells that a spreadsheet would read
 * as a formula are escaped. Audited.
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
  const table = trayExportTable(
    tray,
    keyed.map(({ row }) => row),
    translatorOf(ctx),
  );
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);

  await withTransaction(deps.db, (tx) =>
    emitAudit(tx, ctx, {
      action: 'collections.export',
      entity: 'tray',
      entityId: tray.key,
      after: {
        format,
        rows: table.rows.length,
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
