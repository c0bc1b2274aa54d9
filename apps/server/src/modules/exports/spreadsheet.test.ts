import { describe, expect, it } from 'vitest';
import { columnLabel, escapeFormula, toCsv } from './spreadsheet.ts';

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
