import { TRAYS } from '@recovery-desk/domain/collections/trays.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import type { AnyTrayRow } from '../trays.repository.ts';
import { trayExportTable } from './tray-export-table.ts';

const telecaller = TRAYS.find((tray) => tray.key === 'telecaller')!;
const ptpDeviation = TRAYS.find((tray) => tray.key === 'ptpDeviation')!;

const accountRow = (patch: Record<string, unknown>) =>
  ({
    accountId: 1,
    accountNo: 'LN1',
    customerName: 'Asha Rao',
    product: 'HOME',
    currency: 'USD',
    dpd: 400,
    bucket: 'B6',
    cardNo: null,
    totalBalanceOutstanding: '5927.59',
    totalAmountOverdue: '1200.00',
    lastContactedBy: null,
    lastActionDate: '2026-03-01',
    nextActionDate: null,
    allocatedTo: 'Ravi',
    ...patch,
  }) as unknown as AnyTrayRow;

describe('tray export tables', () => {
  it('write what the screen shows: words for codes (Home, 365+, 31–60), a Currency column, each row’s currency', () => {
    const table = trayExportTable(
      telecaller,
      [accountRow({}), accountRow({ accountNo: 'LN2', currency: 'INR', bucket: 'B2', product: 'AUTO' })],
      translator('en'),
    );
    const headers = table.columns.map((column) => column.header);
    const at = (header: string, row: number) => table.rows[row]![headers.indexOf(header)];
    expect(headers.indexOf('Currency')).toBe(headers.indexOf('Total balance outstanding') - 1);
    expect(at('Product', 0)).toBe('Home');
    expect(at('DPD bucket', 0)).toBe('365+');
    expect(at('DPD bucket', 1)).toBe('31–60');
    expect(at('Currency', 0)).toBe('USD');
    expect(at('Currency', 1)).toBe('INR');
    expect(at('Total balance outstanding', 0)).toBe('5927.59');
    expect(table.rowCurrencies).toEqual(['USD', 'INR']);
  });

  it('say statuses and deviation reasons in the user’s language (Hindi)', () => {
    const row = {
      ptpId: 3,
      accountId: 1,
      accountNo: 'LN1',
      customerName: 'Asha',
      currency: 'INR',
      dpd: 12,
      bucket: 'CURRENT',
      promisedDate: '2026-04-01',
      promisedAmount: '5000.00',
      ptpStatus: 'OPEN',
      deviationStatus: 'PENDING',
      deviationReasons: ['BEYOND_HORIZON'],
      capturedBy: 'Ravi',
      referredTo: null,
    } as unknown as AnyTrayRow;
    const hi = translator('hi');
    const table = trayExportTable(ptpDeviation, [row], hi);
    const cells = table.rows[0]!;
    expect(cells).toContain(hi.t('StatusOpen'));
    expect(cells).toContain(hi.t('DeviationBeyondHorizon'));
    expect(cells).toContain(hi.t('BucketCurrent'));
    expect(cells).not.toContain('OPEN');
    expect(cells).not.toContain('BEYOND_HORIZON');
  });
});
