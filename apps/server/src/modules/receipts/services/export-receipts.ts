import type { ReceiptListQuery } from '@recovery-desk/domain/receipts/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  EXPORT_ROW_CAP,
  tableToCsv,
  tableToXlsx,
  type ExportFile,
  type ExportFormat,
  type ExportTable,
} from '../../exports/index.ts';
import { countReceipts, listReceipts } from '../receipt-lists.repository.ts';
import { auditReceiptExport, RECEIPT_LISTS } from './receipt-services.ts';

/**
 * GET /api/receipts/export — the Receipt Viewer's current filters as CSV or XLSX through the exports module (formula
 * guard, money formats, the row cap). Written at once (the viewer's filters keep it small; above the cap: narrow).
 */
export async function exportReceipts(
  deps: AppDeps,
  {
    ctx,
    query,
    format,
  }: { ctx: UnitContext; query: Omit<ReceiptListQuery, 'page' | 'pageSize'>; format: ExportFormat },
): Promise<ExportFile> {
  const filters = { ...query, unitPath: ctx.actingUnit.path, statuses: RECEIPT_LISTS.viewer.statuses };
  const count = await countReceipts(deps.db, filters);
  checkExportSize(count, 'rows');
  const rows = await listReceipts(deps.db, filters, { limit: EXPORT_ROW_CAP, offset: 0 });
  const { tr } = translatorOf(ctx);
  const table: ExportTable = {
    sheetName: tr('ReceiptViewer', 'Receipt Viewer'),
    columns: [
      { header: tr('ReceiptDate', 'Date'), kind: 'text' },
      { header: tr('ReceiptType', 'Type'), kind: 'text' },
      { header: tr('ReceiptBook', 'Book'), kind: 'text' },
      { header: tr('ReceiptNo', 'No'), kind: 'text' },
      { header: tr('AccountNo', 'Account No'), kind: 'text' },
      { header: tr('CustomerName', 'Customer Name'), kind: 'text' },
      { header: tr('Amount', 'Amount'), kind: 'money' },
      { header: tr('Currency', 'Currency'), kind: 'text' },
      { header: tr('ReceivedBy', 'Received by'), kind: 'text' },
      { header: tr('ReceivedUnit', 'Received unit'), kind: 'text' },
      { header: tr('FundTransferNo', 'Fund transfer number'), kind: 'text' },
      { header: tr('Status', 'Status'), kind: 'text' },
    ],
    rows: rows.map((row) => [
      row.receivedOn,
      tr(`ReceiptMode${row.mode}`, row.mode),
      row.bookNo,
      row.receiptNo,
      row.accountNo,
      row.customerName,
      row.amount,
      row.currency,
      row.receivedBy,
      row.receivedUnit,
      row.reference,
      tr(`ReceiptStatus${row.status}`, row.status),
    ]),
    rowCurrencies: rows.map((row) => row.currency),
  };
  const body = format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  await auditReceiptExport(deps, ctx, { format, rows: rows.length, filters: query });
  const businessDate = await requireBusinessDate(deps.db);
  return { fileName: `receipts-${businessDate}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], body };
}
