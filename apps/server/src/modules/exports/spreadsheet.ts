// Export helpers: RFC 4180 CSV and the formula-injection guard shared by CSV and XLSX (OWASP "CSV injection").

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

const LABEL_OVERRIDES: Record<string, string> = {
  Dpd: 'DPD',
  DpdBucket: 'DPD Bucket',
  RequestId: 'Request ID',
  PtpStatus: 'PTP Status',
  CreditCardNo: 'Credit Card No.',
};

/** An English column header from a translation key: 'TotalAmountOverdue' → 'Total Amount Overdue'. */
export function columnLabel(labelKey: string): string {
  return LABEL_OVERRIDES[labelKey] ?? labelKey.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** The most rows one export holds; a larger view is refused (narrow the filters). */
export const EXPORT_ROW_CAP = 50_000;
export type ExportFormat = 'csv' | 'xlsx';
export type ExportFile = { fileName: string; contentType: string; body: Buffer };
