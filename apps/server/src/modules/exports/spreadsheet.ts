import ExcelJS from 'exceljs';
import { formatAmount, type Currency } from '@recovery-desk/domain/money.ts';

// Export helpers: RFC 4180 CSV, one-sheet XLSX, and the formula-injection guard shared by both (OWASP "CSV
// injection"). Headers and cells come translated (tray-export-table.ts, stage-export-table.ts).

export type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that a spreadsheet could read as a formula gets a leading apostrophe. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : escapeFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line breaks, fields with a comma, quote or line break quoted, quotes doubled. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** How a column's cells are written: money as exact decimals (a number in XLSX, two decimals), numbers as numbers. */
export type ExportColumnKind = 'text' | 'number' | 'money';
export type ExportColumn = { header: string; kind: ExportColumnKind };
/**
 * A sheet as the user reads it: headers and cells already in the user's language. `rowCurrencies` is each row's
 * currency (its money cells get that currency's number format in XLSX; the Currency column says it in CSV).
 */
export type ExportTable = {
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: readonly (readonly Cell[])[];
  rowCurrencies?: readonly (string | null)[];
};

const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** A money column fits at least ₹99,99,99,999.00 (a crore-sized amount as the sheet shows it) and a little room. */
const MONEY_MIN_WIDTH = 18;

/**
 * The number format of a money cell in its currency, as the screens show it: INR with its symbol in lakh/crore
 * grouping (₹12,34,567.00), USD in western grouping ($1,234,567.00); another currency with its code.
 */
export function currencyNumberFormat(currency: string | null | undefined): string {
  if (currency === 'INR') {
    return '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';
  }
  if (currency === 'USD') return '"$"#,##0.00';
  return currency ? `"${currency} "#,##0.00` : '#,##0.00';
}

/** How long a cell reads in the sheet: money as formatted in its currency (symbol and grouping), else its text. */
function shownLength(cell: Cell, kind: ExportColumnKind, currency: string | null | undefined): number {
  if (cell === null || cell === undefined) return 0;
  const text = String(cell);
  if (kind !== 'money' || !Number.isFinite(Number(text))) return text.length;
  try {
    return formatAmount(text, (currency ?? 'USD') as Currency).length;
  } catch {
    return text.length + 4;
  }
}

/** Column widths (characters) wide enough for the header and the longest cell as the sheet shows it. */
export function columnWidths(table: ExportTable): number[] {
  return table.columns.map((column, index) => {
    let longest = column.header.length;
    table.rows.forEach((row, rowIndex) => {
      longest = Math.max(longest, shownLength(row[index] ?? null, column.kind, table.rowCurrencies?.[rowIndex]));
    });
    const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
    return column.kind === 'money' ? Math.max(width, MONEY_MIN_WIDTH) : width;
  });
}

export function tableToCsv(table: ExportTable): Buffer {
  return Buffer.from(
    toCsv(
      table.columns.map((column) => column.header),
      table.rows,
    ),
    'utf8',
  );
}

/**
 * One sheet: a bold header row, money as numbers in its row's currency format (₹ lakh/crore grouping, $ western),
 * text cells formula-escaped, widths to fit what the sheet shows.
 */
export async function tableToXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.sheetName);
  sheet.addRow(table.columns.map((column) => column.header)).font = { bold: true };
  const widths = columnWidths(table);
  table.columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = widths[index] ?? MIN_WIDTH;
    if (column.kind === 'money') sheetColumn.numFmt = '#,##0.00';
  });
  table.rows.forEach((row, rowIndex) => {
    // Money goes in as a number so the sheet can sum it (display only; the exact decimal is in the CSV and API).
    const added = sheet.addRow(
      row.map((cell, index) => {
        if (cell === null || typeof cell === 'number') return cell;
        const isMoney = table.columns[index]?.kind === 'money' && cell.trim() !== '' && Number.isFinite(Number(cell));
        return isMoney ? Number(cell) : escapeFormula(cell);
      }),
    );
    const format = currencyNumberFormat(table.rowCurrencies?.[rowIndex]);
    table.columns.forEach((column, index) => {
      if (column.kind === 'money') added.getCell(index + 1).numFmt = format;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const LABEL_OVERRIDES: Record<string, string> = {
  Dpd: 'DPD',
  DpdBucket: 'DPD Bucket',
  RequestId: 'Request ID',
  PtpStatus: 'PTP Status',
  CreditCardNo: 'Credit Card No.',
};

/** An English name from a translation key: 'TotalAmountOverdue' → 'Total Amount Overdue' (stored document names). */
export function columnLabel(labelKey: string): string {
  return LABEL_OVERRIDES[labelKey] ?? labelKey.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** The most rows one export holds; a larger view is refused (narrow the filters). */
export const EXPORT_ROW_CAP = 50_000;
export type ExportFormat = 'csv' | 'xlsx';
export type ExportFile = { fileName: string; contentType: string; body: Buffer };
