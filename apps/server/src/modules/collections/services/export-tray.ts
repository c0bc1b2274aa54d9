import { z } from 'zod';
import { trayQuerySchema, type TrayQuery } from '@recovery-desk/domain/collections/contracts.ts';
import { findTray, type TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { languageFromHeader } from '@recovery-desk/i18n/language-codes.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
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
import { requireBusinessDate } from '../../organisation/index.ts';
import { countTrayRows, readTrayPage } from '../trays.repository.ts';
import { trayExportTable } from './tray-export-table.ts';
import { traySelection, traySort } from './tray-selection.ts';

/** A large tray export runs as a job (in the requester's language); its result is the file. */
export const trayExportJob = defineJob({
  kind: 'collections.tray_export',
  payload: z.object({
    tray: z.string(),
    query: trayQuerySchema,
    format: z.enum(['csv', 'xlsx']),
    language: z.string().optional(),
  }),
  needs: 'user',
  run: async ({ deps, ctx, payload, progress }) => {
    const tray = findTray(payload.tray);
    if (!tray) throw new Error(`unknown tray ${payload.tray}`);
    const file = await writeTrayExport(deps, {
      ctx: { ...jobUnitContext(ctx), language: languageFromHeader(payload.language) },
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
 * most EXPORT_ROW_CAP rows, in the user's language (tray-export-table.ts): the file at once up to
 * EXPORT_SYNC_MAX_ROWS rows, else a queued job (its result is the file). Text cells that a spreadsheet would read as a
 * formula are escaped. Audited when the file is written.
 */
export async function exportTray(
  deps: AppDeps,
  { ctx, tray, query, format }: { ctx: UnitContext; tray: TrayDefinition; query: TrayQuery; format: ExportFormat },
): Promise<ExportReply> {
  const selection = await traySelection(deps.db, ctx, tray, query);
  const count = await countTrayRows(deps.db, selection);
  checkExportSize(count, 'rows');
  if (exportRunsAsJob(deps, count)) {
    const payload = { tray: tray.key, query, format, ...(ctx.language ? { language: ctx.language } : {}) };
    return { job: await queueFileJob(deps, ctx, trayExportJob, payload) };
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
  const keyed = await readTrayPage(
    deps.db,
    selection,
    { ...sort, backward: false, limit: EXPORT_ROW_CAP },
    deps.trayNames,
  );
  const table = trayExportTable(
    tray,
    keyed.map(({ row }) => row),
    translatorOf(ctx),
  );
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  await progress?.(table.rows.length, Math.max(count, table.rows.length));

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
  return {
    fileName: `${tray.key}-${businessDate}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
    body,
    rows: table.rows.length,
  };
}
