import ExcelJS from 'exceljs';
import { formatAmount } from '@recovery-desk/domain/money.ts';
import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  columnWidths,
  currencyNumberFormat,
  escapeFormula,
  tableToCsv,
  tableToXlsx,
  toCsv,
  type ExportTable,
} from './spreadsheet.ts';

describe('export helpers', () => {
  it('escapes every cell a spreadsheet could read as a formula', () => {
    for (const value of ['=1+2', '+91 98', '-2+3', '@SUM(A1)', '\tTAB', '\rCR']) {
      expect(escapeFormula(value)).toBe(`'${value}`);
    }
    for (const value of ['Ravi Kumar', '12=12', '', "'quoted"]) {
      expect(escapeFormula(value)).toBe(value);
    }
  });

  it('writes RFC 4180 CSV: CRLF, quoting of commas, quotes and line breaks, empty nulls', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', null],
          [7, '=cmd'],
        ],
      ),
    ).toBe('A,B\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n7,\'=cmd\r\n');
    expect(toCsv(['Only'], [])).toBe('Only\r\n');
  });

  it('labels columns from their translation keys', () => {
    expect(columnLabel('TotalAmountOverdue')).toBe('Total Amount Overdue');
    expect(columnLabel('DelinquentAccount')).toBe('Delinquent Account');
    expect(columnLabel('Dpd')).toBe('DPD');
    expect(columnLabel('CreditCardNo')).toBe('Credit Card No.');
  });
});

describe('translated export tables', () => {
  const table: ExportTable = {
    sheetName: 'telecaller',
    columns: [
      { header: 'खाता', kind: 'text' },
      { header: 'Currency', kind: 'text' },
      { header: 'Total amount overdue', kind: 'money' },
    ],
    rows: [
      ['LN0000000001', 'INR', '1234567.50'],
      ['=cmd', null, null],
      ['LN0000000002', 'USD', '5927.59'],
    ],
    rowCurrencies: ['INR', null, 'USD'],
  };

  it('sizes columns to the header and the longest cell as the sheet shows it (money with symbol and grouping)', () => {
    const [account, currency, amount] = columnWidths(table);
    expect(account).toBe(14);
    expect(currency).toBe(10);
    // 'Total amount overdue' (20) is longer than ₹12,34,567.50 (13): the header decides, plus room.
    expect(amount).toBe(22);
    const wide = columnWidths({
      sheetName: 'wide',
      columns: [
        { header: 'A', kind: 'text' },
        { header: 'B', kind: 'text' },
        { header: 'Due', kind: 'money' },
      ],
      rows: [['x', 'INR', '99999999999.00']],
      rowCurrencies: ['INR'],
    });
    expect(wide[2]).toBe(formatAmount('99999999999.00', 'INR').length + 2);
  });

  it('gives every money cell its row currency format: ₹ in lakh/crore grouping, $ in western grouping', () => {
    expect(currencyNumberFormat('USD')).toBe('"$"#,##0.00');
    expect(currencyNumberFormat('INR')).toContain('"₹"##\\,##\\,##0.00');
    expect(currencyNumberFormat(null)).toBe('#,##0.00');
  });

  it('writes XLSX with the widths, money as numbers with two decimals, and text formula-escaped', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await tableToXlsx(table)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('telecaller')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'खाता', 'Currency', 'Total amount overdue']);
    expect(sheet.getColumn(3).width).toBe(columnWidths(table)[2]);
    expect(sheet.getRow(2).getCell(3).value).toBe(1234567.5);
    expect(sheet.getRow(2).getCell(3).numFmt).toContain('"₹"');
    expect(sheet.getRow(4).getCell(3).value).toBe(5927.59);
    expect(sheet.getRow(4).getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(3).getCell(1).value).toBe("'=cmd");
    expect(tableToCsv(table).toString('utf8')).toBe(
      "खाता,Currency,Total amount overdue\r\nLN0000000001,INR,1234567.50\r\n'=cmd,,\r\nLN0000000002,USD,5927.59\r\n",
    );
  });
});
