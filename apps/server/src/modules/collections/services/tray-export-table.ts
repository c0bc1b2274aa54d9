import type { TrayColumn, TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { Translator } from '@recovery-desk/i18n/translator.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import { columnLabel, type Cell, type ExportColumn, type ExportTable } from '../../exports/index.ts';
import type { AnyTrayRow } from '../trays.repository.ts';

// A collections tray as a sheet in the user's language, from the tray's own column definitions (trays.ts, which the
// screen renders too): the screen's column headers (the same dictionary keys), every coded value through the
// column's value-label kind (`valueLabel`, the function the screen's cells call: product HOME → Home, bucket
// B2 → 31–60, statuses, reasons), amounts as exact decimals with a Currency column before them, dates as ISO
// YYYY-MM-DD (a spreadsheet reads them in any language).

type Column = ExportColumn & { cell: (row: AnyTrayRow) => Cell };

function raw(row: AnyTrayRow, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** One value as the tray's cell shows it. */
function shown(translate: Translator, column: TrayColumn, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  const words = (code: string) =>
    column.labels ? valueLabel(column.labels, code, (key, fallback) => translate.tr(key, fallback)) : code;
  if (Array.isArray(value)) {
    const list = value.map((entry) => words(String(entry)));
    return list.length === 0 ? null : list.join(', ');
  }
  if (typeof value === 'boolean') return translate.t(value ? 'Yes' : 'No');
  const text = String(value);
  switch (column.type) {
    case 'number':
      return typeof value === 'number' ? value : text;
    case 'money':
      return text;
    case 'date':
      return text.slice(0, 10);
    case 'datetime':
      return text;
    case 'bucket':
    case 'status':
    case 'text':
      return words(text);
  }
}

export function trayExportColumns(tray: TrayDefinition, translate: Translator): Column[] {
  const columns: Column[] = [];
  for (const column of tray.columns) {
    if (column.type === 'money' && !columns.some((existing) => existing.kind === 'money')) {
      columns.push({
        header: translate.t('ExportCurrency'),
        kind: 'text',
        cell: (row) => (typeof raw(row, 'currency') === 'string' ? (raw(row, 'currency') as string) : null),
      });
    }
    columns.push({
      // A key no dictionary holds yet reads as English words from the key ('NpaFlag' → 'Npa Flag').
      header: translate.tr(column.labelKey, columnLabel(column.labelKey)),
      kind: column.type === 'money' ? 'money' : column.type === 'number' ? 'number' : 'text',
      cell: (row) => shown(translate, column, raw(row, column.key)),
    });
  }
  return columns;
}

/** The rows of a tray as a translated sheet. */
export function trayExportTable(tray: TrayDefinition, rows: readonly AnyTrayRow[], translate: Translator): ExportTable {
  const columns = trayExportColumns(tray, translate);
  return {
    sheetName: tray.key,
    columns: columns.map(({ header, kind }) => ({ header, kind })),
    rows: rows.map((row) => columns.map((column) => column.cell(row))),
    rowCurrencies: rows.map((row) => {
      const currency = raw(row, 'currency');
      return typeof currency === 'string' ? currency : null;
    }),
  };
}
