import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isValidSortKey, splitMoneyKey } from './keyset-cursor.ts';

const dpdDesc = { sort: 'dpd', order: 'desc', keyType: 'int' } as const;

describe('tray cursors', () => {
  it('round-trips the sort, key and id as URL-safe text', () => {
    const cursor = encodeCursor({ sort: 'customerName', order: 'asc', key: 'Ánanya “Rao”/+=', id: 42 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, { sort: 'customerName', order: 'asc', keyType: 'text' })).toEqual({
      sort: 'customerName',
      order: 'asc',
      key: 'Ánanya “Rao”/+=',
      id: 42,
    });
  });

  it('refuses a cursor made for another sort or order', () => {
    const cursor = encodeCursor({ sort: 'dpd', order: 'desc', key: '12', id: 7 });
    expect(decodeCursor(cursor, dpdDesc)).toMatchObject({ key: '12', id: 7 });
    expect(decodeCursor(cursor, { ...dpdDesc, order: 'asc' })).toBeNull();
    expect(decodeCursor(cursor, { sort: 'bucket', order: 'desc', keyType: 'int' })).toBeNull();
  });

  it('refuses malformed cursors and keys that do not fit their type', () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const raw of [
      '',
      'not base64 !',
      forge({ k: 1 }),
      forge(['dpd', 'desc', 12, 7]),
      forge(['dpd', 'desc', '12']),
    ]) {
      expect(decodeCursor(raw, dpdDesc), raw).toBeNull();
    }
    for (const id of [0, -1, 1.5, '7', Number.MAX_SAFE_INTEGER + 2]) {
      expect(decodeCursor(forge(['dpd', 'desc', '12', id]), dpdDesc)).toBeNull();
    }
    expect(decodeCursor(forge(['dpd', 'desc', '12 or 1=1', 7]), dpdDesc)).toBeNull();
  });

  it('validates keys per type so a forged key never reaches a SQL cast', () => {
    expect(isValidSortKey('int', '-15')).toBe(true);
    expect(isValidSortKey('int', '99999999999')).toBe(false);
    expect(isValidSortKey('bigint', '1711843200000000')).toBe(true);
    expect(isValidSortKey('numeric', '162750.75')).toBe(true);
    expect(isValidSortKey('numeric', '1e5')).toBe(false);
    expect(isValidSortKey('date', '2026-03-31')).toBe(true);
    expect(isValidSortKey('date', '0001-01-01')).toBe(true);
    expect(isValidSortKey('date', '2026-02-30')).toBe(false);
    expect(isValidSortKey('date', '31-03-2026')).toBe(false);
    expect(isValidSortKey('text', 'any name')).toBe(true);
    expect(isValidSortKey('text', 'nul\u0000byte')).toBe(false);
  });

  it('a money key carries its currency: USD:5927.59, never a bare amount', () => {
    const moneyAsc = { sort: 'totalAmountOverdue', order: 'asc', keyType: 'money' } as const;
    const cursor = encodeCursor({ sort: 'totalAmountOverdue', order: 'asc', key: 'USD:5927.59', id: 9 });
    expect(decodeCursor(cursor, moneyAsc)).toMatchObject({ key: 'USD:5927.59', id: 9 });
    expect(splitMoneyKey('INR:153281.15')).toEqual({ currency: 'INR', amount: '153281.15' });
    for (const key of ['5927.59', 'usd:1', 'USD:', 'USD:1.2.3', 'USD:1; drop', 'INR:-']) {
      expect(isValidSortKey('money', key), key).toBe(false);
    }
  });
});
