import ExcelJS from 'exceljs';

// Writing the legal upload templates. Uploaded files are read by the shared reader, src/uploads/sheet-reader.ts.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SHEET_CONTENT_TYPES = { xlsx: XLSX_TYPE, csv: 'text/csv; charset=utf-8' } as const;

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
