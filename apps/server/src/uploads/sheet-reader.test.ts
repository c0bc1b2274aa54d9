import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetXml, workbookOf } from '../../test/support/workbooks.ts';
import { AppError } from '../http/app-error.ts';
import { parseCsv, readSheet } from './sheet-reader.ts';

// The one reader of uploaded spreadsheets: what it reads from Excel's and our own files, and the limits it applies
// while reading (rows, unpacked size, cell length), each refused as a 400 on the field `file` naming the problem.

async function refusal(promise: Promise<unknown>): Promise<{ status: number; field?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) {
      return { status: error.httpStatus, field: error.fields?.[0]?.field, message: error.fields?.[0]?.message ?? '' };
    }
    throw error;
  }
  throw new Error('the file was accepted');
}

async function excelWorkbook(fill: (sheet: ExcelJS.Worksheet) => void, sharedStrings = true): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Upload'));
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: sharedStrings }));
}

describe('the upload reader', () => {
  it('reads an exceljs workbook: shared strings, numbers, dates, booleans, formulas, blank rows skipped', async () => {
    const content = await excelWorkbook((sheet) => {
      sheet.addRow(['accountNo', 'amount', 'hearingDate', 'flag', 'sum']);
      sheet.addRow(['LN001', 250000.5, new Date(Date.UTC(2026, 3, 20)), true, { formula: 'B2*2', result: 500001 }]);
      sheet.addRow([]);
      sheet.addRow(['  LN002  ', '', '', false]);
      sheet.getCell('C2').numFmt = 'dd-mm-yyyy';
    });
    const sheet = await readSheet(content, { maxRows: 10 });
    expect(sheet.format).toBe('xlsx');
    expect(sheet.header).toEqual({ number: 1, cells: ['accountNo', 'amount', 'hearingDate', 'flag', 'sum'] });
    expect(sheet.rows).toEqual([
      { number: 2, cells: ['LN001', '250000.5', '2026-04-20', 'true', '500001'] },
      { number: 4, cells: ['LN002', '', '', 'false'] },
    ]);
    const inline = await excelWorkbook((s) => s.addRow(['a', 'b']), false);
    expect((await readSheet(inline, { maxRows: 10 })).header?.cells).toEqual(['a', 'b']);
  });

  it('stops at the row limit: one row more than the limit is refused, naming the limit', async () => {
    const rows = (count: number) => [['h'], ...Array.from({ length: count }, (_, i) => [`r${i}`])];
    expect((await readSheet(workbookOf(sheetXml(rows(5))), { maxRows: 5 })).rows).toHaveLength(5);
    expect(await refusal(readSheet(workbookOf(sheetXml(rows(6))), { maxRows: 5 }))).toEqual({
      status: 400,
      field: 'file',
      message: 'holds more than 5 rows; upload at most 5 at a time',
    });
    const csv = Buffer.from(
      rows(6)
        .map((row) => row.join(','))
        .join('\n'),
    );
    expect((await refusal(readSheet(csv, { maxRows: 5 }))).message).toBe(
      'holds more than 5 rows; upload at most 5 at a time',
    );
  });

  it('refuses a cell longer than 32,767 characters, in a shared string, an inline string or a CSV field', async () => {
    const long = 'A'.repeat(1_000_000);
    const shared = await excelWorkbook((sheet) => sheet.addRow(['header', long]));
    expect(shared.length).toBeLessThan(60_000);
    expect(await refusal(readSheet(shared, { maxRows: 10 }))).toEqual({
      status: 400,
      field: 'file',
      message: 'has a cell longer than 32767 characters',
    });
    const inline = workbookOf(sheetXml([['h'], [long]]));
    expect((await refusal(readSheet(inline, { maxRows: 10 }))).message).toBe('has a cell longer than 32767 characters');
    const csv = Buffer.from(`h\n${'B'.repeat(40_000)}\n`);
    expect((await refusal(readSheet(csv, { maxRows: 10 }))).message).toBe(
      'row 2 has a cell longer than 32767 characters',
    );
    expect((await readSheet(workbookOf(sheetXml([['h'], ['C'.repeat(32_767)]])), { maxRows: 10 })).rows).toHaveLength(
      1,
    );
  });

  it('caps the unpacked size: by the sizes the ZIP declares, and by the bytes inflated when they lie', async () => {
    const rows = [['h'], ['v']];
    const declared = workbookOf(sheetXml(rows), [
      { name: 'xl/media/image1.png', content: 'x', declaredSize: 2_000_000 },
    ]);
    expect(await refusal(readSheet(declared, { maxRows: 10, maxUncompressedBytes: 1_048_576 }))).toEqual({
      status: 400,
      field: 'file',
      message: 'unpacks to more than 1 MB; upload a smaller workbook (one sheet of plain rows)',
    });
    // The directory says 100 bytes; the worksheet inflates to about 1.5 MB (padding after each row).
    const padded = [['h'], ...Array.from({ length: 14 }, () => ['v'])];
    const lying = workbookOf(sheetXml(padded, { padding: 100_000 }), [], 100);
    expect((await refusal(readSheet(lying, { maxRows: 10, maxUncompressedBytes: 1_048_576 }))).message).toContain(
      'unpacks to more than 1 MB',
    );
    expect((await readSheet(lying, { maxRows: 20 })).rows).toHaveLength(14);
  });

  it('refuses what is not a spreadsheet: a broken ZIP (400) and text that is not UTF-8 (415)', async () => {
    const broken = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40, 1)]);
    expect(await refusal(readSheet(broken, { maxRows: 10 }))).toMatchObject({ status: 400, field: 'file' });
    expect((await refusal(readSheet(Buffer.from('a,b\r\nCaf\xe9,1', 'latin1'), { maxRows: 10 }))).status).toBe(415);
  });

  it('parses CSV by RFC 4180 (quotes, doubled quotes, line breaks in fields)', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",z')).toEqual([
      { number: 1, cells: ['a', 'b'] },
      { number: 2, cells: ['x, y', 'say "hi"'] },
      { number: 4, cells: ['multi\nline', 'z'] },
    ]);
  });
});
