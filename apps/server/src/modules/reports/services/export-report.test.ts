import { describe, expect, it } from 'vitest';
import { findReport } from '@recovery-desk/domain/reports/contracts.ts';
import { csvArrayLineWriter, csvLineWriter, csvRawLineWriter, minorTextToDecimal } from './export-report.ts';
import { reportRowMaker } from './run-report.ts';

describe('report export cells', () => {
  it('writes minor units as exact decimals without a float', () => {
    expect(minorTextToDecimal('0')).toBe('0.00');
    expect(minorTextToDecimal('5')).toBe('0.05');
    expect(minorTextToDecimal('100')).toBe('1.00');
    expect(minorTextToDecimal('123456789012345678')).toBe('1234567890123456.78');
    expect(minorTextToDecimal('-12345')).toBe('-123.45');
  });

  it('the raw CSV writer gives the same line as the report row writer (labels, amounts, rates, the formula guard)', () => {
    const report = findReport('collectionEfficiency')!;
    const raws = [
      {
        groupLabel: 'B2',
        groupKind: 'bucket',
        currency: 'INR',
        accounts: 3,
        demandMinor: '500000',
        collectedMinor: '200000',
        efficiencyBp: 4000,
      },
      {
        groupLabel: 'AUTO',
        groupKind: 'product',
        currency: 'USD',
        accounts: 1,
        demandMinor: '0',
        collectedMinor: '10000',
        efficiencyBp: null,
      },
      {
        groupLabel: '=cmd|x',
        groupKind: 'text',
        currency: 'INR',
        accounts: 1,
        demandMinor: '7',
        collectedMinor: '0',
        efficiencyBp: 0,
      },
      {
        groupLabel: 'Rao, "Ravi"',
        groupKind: 'text',
        currency: 'INR',
        accounts: 2,
        demandMinor: '-5',
        collectedMinor: '12',
        efficiencyBp: 12345,
      },
    ];
    for (const language of ['en', 'hi']) {
      const raw = csvRawLineWriter(report, language);
      const viaRow = csvLineWriter(report.columns);
      const makeRow = reportRowMaker(report, language);
      for (const row of raws) expect(raw(row)).toBe(viaRow(makeRow(row)));
      // the hot path: rows as arrays in the statement's column order, every value as PostgreSQL's text (or as the
      // PGlite driver parses it), a column the statement lacks read as empty
      const fields = [
        'efficiencyBp',
        'groupKind',
        'groupLabel',
        'currency',
        'accounts',
        'collectedMinor',
        'demandMinor',
      ];
      const asText = (value: unknown) => (value === null ? null : String(value));
      const arrays = csvArrayLineWriter(report, language, fields);
      for (const row of raws) {
        const values = fields.map((field) => (row as Record<string, unknown>)[field]);
        expect(arrays(values.map(asText))).toBe(viaRow(makeRow(row)));
        expect(arrays(values)).toBe(viaRow(makeRow(row)));
      }
      const withoutRate = csvArrayLineWriter(report, language, fields.slice(1));
      expect(withoutRate(fields.slice(1).map((field) => asText((raws[0] as Record<string, unknown>)[field])))).toBe(
        viaRow(makeRow({ ...raws[0], efficiencyBp: null })),
      );
    }
    expect(csvRawLineWriter(report, 'en')(raws[0]!)).toBe('31–60,INR,3,5000.00,2000.00,40\r\n');
    expect(csvRawLineWriter(report, 'en')(raws[2]!)).toBe("'=cmd|x,INR,1,0.07,0.00,0\r\n");
    expect(csvRawLineWriter(report, 'en')(raws[3]!)).toBe('"Rao, ""Ravi""",INR,2,-0.05,0.12,123.45\r\n');
  });
});
