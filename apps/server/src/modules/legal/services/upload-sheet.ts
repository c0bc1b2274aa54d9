import ExcelJS from 'exceljs';
import { AppError, validationError } from '../../../http/app-error.ts';

// Reading an uploaded spreadsheet: XLSX (a ZIP, recognised by 'PK\x03\x04') or CSV (UTF-8 text, RFC 4180), never
// judged by the file name. The result is the non-blank rows as text cells, each with its row number in the file.

export type SheetRow = { number: number; cells: string[] };
export type Sheet = { format: 'xlsx' | 'csv'; rows: SheetRow[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SHEET_CONTENT_TYPES = { xlsx: XLSX_TYPE, csv: 'text/csv; charset=utf-8' } as const;

function unsupported(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload an Excel workbook (.xlsx) or a CSV file (UTF-8).');
}

export async function readSheet(content: Buffer): Promise<Sheet> {
  if (ZIP_SIGNATURE.every((byte, index) => content[index] === byte))
    return { format: 'xlsx', rows: await readXlsx(content) };
  if (content.includes(0)) throw unsupported();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw unsupported();
  }
  return { format: 'csv', rows: parseCsv(text.replace(/^\uFEFF/, '')) };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return value.text;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

async function readXlsx(content: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw validationError('file', 'is not a readable Excel workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw validationError('file', 'has no worksheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value).trim());
    if (cells.some((cell) => cell !== '')) rows.push({ number: row.number, cells });
  });
  return rows;
}

/** RFC 4180: fields separated by commas, quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const endRow = () => {
    cells.push(field.trim());
    if (cells.some((cell) => cell !== '')) rows.push({ number: rowStart, cells });
    cells = [];
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      cells.push(field.trim());
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowStart = line;
    } else field += char;
  }
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

/** A workbook of one sheet: a bold header row, then the rows, every cell as text. */
export async function writeXlsx(name: string, header: readonly string[], rows: readonly string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  header.forEach((_, index) => {
    const column = sheet.getColumn(index + 1);
    column.numFmt = '@';
    column.width = 22;
  });
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
