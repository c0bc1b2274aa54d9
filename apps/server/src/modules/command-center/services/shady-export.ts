import { shadyMeasureWords, type ShadyExportQuery } from '@recovery-desk/domain/command-center/shady-report.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import type { Currency } from '@recovery-desk/i18n/format.ts';
import type { AppDeps } from '../../../deps.ts';
import { translatorOf, type UnitContext } from '../../../http/request-context.ts';
import {
  checkExportSize,
  EXPORT_CONTENT_TYPES,
  tableToCsv,
  tableToXlsx,
  type ExportFile,
  type ExportTable,
} from '../../exports/index.ts';
import { filterFindings, shadyFindings } from './shady-findings.ts';

/**
 * GET /api/cmd-center/shady/export — the report's findings under the screen's filters as CSV or XLSX through the
 * exports module (formula guard, money formats, the row cap); rule, severity and what was measured in words.
 */
export async function exportShadyReport(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: ShadyExportQuery },
): Promise<ExportFile> {
  const { rows: all, timeZone } = await shadyFindings(deps, { ctx, query });
  const { filtered: rows } = filterFindings(all, query);
  checkExportSize(rows.length, 'rows');
  const tx = translatorOf(ctx);
  const { tr } = tx;
  const words = (row: (typeof rows)[number]) => {
    const { key, values } = shadyMeasureWords(row.rule, row.measured);
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      params[name] =
        name === 'amountMinor'
          ? tx.amount((value / 100).toFixed(2), row.receipt.currency as Currency)
          : name === 'count'
            ? value
            : tx.number(value);
    }
    return tr(key, key, params);
  };
  const table: ExportTable = {
    sheetName:
      query.report === 'TIME'
        ? tr('CcShadyTimeTitle', 'Shady Transaction Time')
        : tr('CcShadyLocTitle', 'Shady Transaction Location'),
    columns: [
      { header: tr('CcShadyColTime', 'Time'), kind: 'text' },
      { header: tr('CcShadyColReceipt', 'Receipt no'), kind: 'text' },
      { header: tr('CcShadyColCollector', 'Collector'), kind: 'text' },
      { header: tr('CcShadyColAccount', 'Account'), kind: 'text' },
      { header: tr('CcShadyColCustomer', 'Customer'), kind: 'text' },
      { header: tr('CcShadyColAmount', 'Amount'), kind: 'money' },
      { header: tr('CcShadyColCurrency', 'Currency'), kind: 'text' },
      { header: tr('CcShadyColMode', 'Mode'), kind: 'text' },
      { header: tr('CcShadyColRule', 'Rule'), kind: 'text' },
      { header: tr('CcShadyColSeverity', 'Severity'), kind: 'text' },
      { header: tr('CcShadyColMeasured', 'What was measured'), kind: 'text' },
      { header: tr('CcShadyColBasis', 'Basis'), kind: 'text' },
    ],
    rows: rows.map((row) => [
      tx.dateTime(row.receipt.time, timeZone),
      row.receipt.receiptNo,
      row.collector.fullName,
      row.account.accountNo,
      row.customer.name,
      Number(row.receipt.amountMinor) / 100,
      row.receipt.currency,
      tr(`ReceiptMode${row.receipt.mode}`, row.receipt.mode),
      valueLabel('shadyRule', row.rule, tr),
      valueLabel('severity', row.severity, tr),
      words(row),
      valueLabel('shadyBasis', row.basis, tr),
    ]),
    rowCurrencies: rows.map((row) => row.receipt.currency),
  };
  const body = query.format === 'csv' ? tableToCsv(table) : await tableToXlsx(table);
  const name = query.report === 'TIME' ? 'shady-time' : 'shady-location';
  return {
    fileName: `${name}-${query.from}-${query.to}.${query.format}`,
    contentType: EXPORT_CONTENT_TYPES[query.format],
    body,
  };
}
