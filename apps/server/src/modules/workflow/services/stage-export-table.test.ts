import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { DICTIONARIES } from '@recovery-desk/i18n/languages.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import { stageExportTable } from './stage-export-table.ts';

const row: CaseRow = {
  caseId: 1,
  caseNo: 'LGL/2026/000001',
  accountId: 7,
  accountNo: 'LN0000000007',
  customerName: 'Asha Kulkarni',
  product: 'TWO_WHEELER',
  currency: 'INR',
  dpd: 120,
  totalDueAmount: '25000.00',
  unitCode: 'BR01',
  stage: 'INITIATE',
  status: 'Initiated',
  stageEnteredOn: '2026-03-31',
  dueOn: null,
  isOverdue: false,
  isClosed: false,
  makerUserId: null,
  makerName: null,
  assignedName: null,
  fields: { caseType: 'S138', claimAmount: '250000.00', returnMemoReceivedDate: '2026-01-09' },
  version: 1,
};

describe('stage tray export table', () => {
  const stage = LEGAL_DEFINITION.stages.find((candidate) => candidate.code === 'INITIATE')!;

  it('writes the screen’s headers and words in Hindi, with a currency column before the amounts', () => {
    const hi = DICTIONARIES.hi as Record<string, string>;
    const table = stageExportTable(LEGAL_DEFINITION, stage, [row], translator('hi'));
    const headers = table.columns.map((column) => column.header);
    expect(headers.slice(0, 3)).toEqual([hi.CaseNo, hi.AccountNo, hi.CustomerName]);
    const cell = (key: string) => table.rows[0]![headers.indexOf(hi[key]!)];
    expect(cell('Product')).toBe(hi.ProductTwoWheeler);
    expect(cell('CaseType')).toBe(hi.CaseTypeS138);
    expect(cell('Status')).toBe(hi.CaseStatusInitiated);
    expect(cell('ExportCurrency')).toBe('INR');
    expect(headers.indexOf(hi.ExportCurrency!)).toBe(headers.indexOf(hi.TotalDueAmount!) - 1);
    expect(cell('TotalDueAmount')).toBe('25000.00');
    expect(cell('ClaimAmount')).toBe('250000.00');
    expect(table.columns.filter((column) => column.kind === 'money')).toHaveLength(2);
    expect(table.rows[0]).not.toContain('S138');
    expect(table.rows[0]).not.toContain('TWO_WHEELER');
  });
});
