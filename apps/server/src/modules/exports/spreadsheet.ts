import ExcelJS from 'exceljs';

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
/** A sheet as the user reads it: headers and cells already in the user's language. */
export type ExportTable = { sheetName: string; columns: readonly ExportColumn[]; rows: readonly (readonly Cell[])[] };

const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** 9,999,999,999,999,999.99 (the largest numeric(18,2) in the sheet's #,##0.00) and a little room. */
const MONEY_WIDTH = 26;

/** Column widths (characters) wide enough for the header and the longest cell; money always fits a full amount. */
export function columnWidths(table: ExportTable): number[] {
  return table.columns.map((column, index) => {
    let longest = column.header.length;
    for (const row of table.rows) {
      const cell = row[index];
      if (cell !== null && cell !== undefined) longest = Math.max(longest, String(cell).length);
    }
    const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
    return column.kind === 'money' ? Math.max(width, MONEY_WIDTH) : width;
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

/** One sheet: a bold header row, money as numbers with two decimals, text cells formula-escaped, widths to fit. */
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
  for (const row of table.rows) {
    // Money goes in as a number so the sheet can sum it (display only; the exact decimal is in the CSV and API).
    sheet.addRow(
      row.map((cell, index) => {
        if (cell === null || typeof cell === 'number') return cell;
        const isMoney = table.columns[index]?.kind === 'money' && cell.trim() !== '' && Number.isFinite(Number(cell));
        return isMoney ? Number(cell) : escapeFormula(cell);
      }),
    );
  }
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
