import { describe, expect, it } from 'vitest';
import {
  INDIAN_MOBILE,
  PAN,
  PIN_CODE,
  SqlRandom,
  VEHICLE_REGISTRATION,
  arrayLiteral,
  assertIsoDate,
  balanceAfter,
  batchRanges,
  cumulativeThresholds,
  emi,
  intLiteral,
  layered,
  textLiteral,
  weightedCase,
} from './book-sql.ts';

describe('SQL literals', () => {
  it('quotes strings by doubling single quotes', () => {
    expect(textLiteral("D'Souza")).toBe("'D''Souza'");
    expect(textLiteral('')).toBe("''");
    expect(() => textLiteral('a\0b')).toThrow(/NUL/);
  });

  it('accepts only safe integers', () => {
    expect(intLiteral(42)).toBe('42');
    expect(intLiteral(-7)).toBe('-7');
    expect(intLiteral(12345678901234567890n)).toBe('12345678901234567890');
    expect(() => intLiteral(1.5)).toThrow(/not an integer/);
    expect(() => intLiteral(Number.NaN)).toThrow(/not an integer/);
  });

  it('builds typed one-based arrays with nulls', () => {
    expect(arrayLiteral(['a', "b'c", null], 'text')).toBe("ARRAY['a','b''c',NULL]::text[]");
    expect(arrayLiteral([1, null, 3], 'int')).toBe('ARRAY[1,NULL,3]::int[]');
    expect(arrayLiteral([19.1, 72.8], 'float8')).toBe('ARRAY[19.1,72.8]::float8[]');
    expect(() => arrayLiteral([], 'int')).toThrow(/empty/);
    expect(() => arrayLiteral([1.5], 'int')).toThrow(/not an integer/);
    expect(() => arrayLiteral([Number.POSITIVE_INFINITY], 'float8')).toThrow(/not a number/);
  });

  it('validates ISO calendar dates', () => {
    expect(assertIsoDate('2026-03-31')).toBe('2026-03-31');
    expect(assertIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(() => assertIsoDate('2026-02-30')).toThrow(/must be a date/);
    expect(() => assertIsoDate('2026-13-01')).toThrow(/must be a date/);
    expect(() => assertIsoDate('2026-00-10')).toThrow(/must be a date/);
    expect(() => assertIsoDate('31-03-2026', 'businessDate')).toThrow(/businessDate must be a date/);
    expect(() => assertIsoDate("2026-03-31'; drop table accounts; --")).toThrow(/must be a date/);
  });
});

describe('SqlRandom', () => {
  it('hashes the expression with a salt offset by the seed', () => {
    const r = new SqlRandom(7);
    expect(r.rand('id', 3)).toBe('((hashint8extended((id)::int8, 7003::int8) & 2147483647)::float8 / 2147483648.0)');
    expect(new SqlRandom(0).rand('id', 3)).toContain('3::int8');
    expect(r.int('id', 1, 6)).toBe(`floor(${r.rand('id', 1)} * (6))::int`);
  });

  it('picks from literal lists one-based and builds digits and letters', () => {
    const r = new SqlRandom(1);
    expect(r.pick(['A', 'B'], 'x', 2)).toBe(`(ARRAY['A','B']::text[])[1 + ${r.int('x', 2, 2)}]`);
    expect(r.digits('x', 4, 6)).toContain(", 6, '0')");
    expect(r.letter('x', 5)).toBe(`chr(65 + ${r.int('x', 5, 26)})`);
  });

  it('refuses seeds and salts that could collide or overflow', () => {
    expect(() => new SqlRandom(-1)).toThrow(/seed/);
    expect(() => new SqlRandom(1.5)).toThrow(/seed/);
    const r = new SqlRandom(1);
    expect(() => r.rand('x', 1000)).toThrow(/salt/);
    expect(() => r.rand('x', -1)).toThrow(/salt/);
    expect(() => r.digits('x', 1, 16)).toThrow(/digits/);
  });
});

describe('weights', () => {
  it('turns weights into cumulative thresholds ending at exactly 1', () => {
    expect(cumulativeThresholds([55, 18, 10, 9, 5, 3])).toEqual([0.55, 0.73, 0.83, 0.92, 0.97, 1]);
    expect(cumulativeThresholds([1, 1, 1])[2]).toBe(1);
    expect(() => cumulativeThresholds([])).toThrow();
    expect(() => cumulativeThresholds([0, 0])).toThrow();
    expect(() => cumulativeThresholds([1, -1])).toThrow();
  });

  it('chooses among values by weight with a CASE, skipping zero weights', () => {
    expect(
      weightedCase('r', [
        ["'A'", 50],
        ["'B'", 0],
        ["'C'", 50],
      ]),
    ).toBe("(case when r < 0.5 then 'A' else 'C' end)");
    expect(weightedCase('r', [["'only'", 3]])).toBe("'only'");
  });
});

describe('loan maths', () => {
  it('computes the level EMI (checked against the standard formula values)', () => {
    // ₹10 lakh at 8.5% for 20 years: ₹8,678.23 a month
    expect(emi(1_000_000, 8.5, 240)).toBeCloseTo(8678.23, 2);
    // ₹5 lakh car loan at 9% for 60 months: ₹10,379.18
    expect(emi(500_000, 9, 60)).toBeCloseTo(10379.18, 2);
    // no-cost EMI: principal spread evenly
    expect(emi(30_000, 0, 6)).toBe(5000);
    expect(() => emi(1000, 10, 0)).toThrow(/months/);
  });

  it('amortises the balance to zero over the tenure', () => {
    expect(balanceAfter(1_000_000, 8.5, 240, 0)).toBeCloseTo(1_000_000, 6);
    expect(balanceAfter(1_000_000, 8.5, 240, 240)).toBeCloseTo(0, 6);
    expect(balanceAfter(30_000, 0, 6, 3)).toBe(15_000);
    // interest-heavy start: after a year of a 20-year loan most of the principal is still owed
    expect(balanceAfter(1_000_000, 8.5, 240, 12)).toBeGreaterThan(970_000);
    // the balance after k instalments equals principal grown by interest minus the instalments paid, grown
    const p = 500_000;
    const monthly = 9 / 1200;
    const e = emi(p, 9, 60);
    let balance = p;
    for (let k = 0; k < 10; k += 1) balance = balance * (1 + monthly) - e;
    expect(balanceAfter(p, 9, 60, 10)).toBeCloseTo(balance, 4);
  });
});

describe('batching and layering', () => {
  it('covers the range in half-open batches', () => {
    expect(batchRanges(250_000, 100_000)).toEqual([
      { start: 0, end: 100_000 },
      { start: 100_000, end: 200_000 },
      { start: 200_000, end: 250_000 },
    ]);
    expect(batchRanges(0, 10)).toEqual([]);
    expect(batchRanges(10, 10)).toEqual([{ start: 0, end: 10 }]);
    expect(() => batchRanges(10, 0)).toThrow(/batch size/);
    expect(() => batchRanges(-1, 10)).toThrow(/total/);
  });

  it('nests each level over the previous one behind an optimisation fence', () => {
    const query = layered('select 1 as a', [{ b: 'a + 1' }, { c: 'b * 2' }]);
    expect(query).toBe(
      'select l1.*,\n    b * 2 as c\n  from (select l0.*,\n    a + 1 as b\n  from (select 1 as a) l0 offset 0) l1 offset 0',
    );
  });
});

describe('format rules', () => {
  it('knows Indian mobiles, PANs, PIN codes and vehicle registrations', () => {
    expect(INDIAN_MOBILE.test('9876543210')).toBe(true);
    expect(INDIAN_MOBILE.test('5876543210')).toBe(false);
    expect(INDIAN_MOBILE.test('987654321')).toBe(false);
    expect(PAN.test('ABCPK1234Z')).toBe(true);
    expect(PAN.test('ABCXK1234Z')).toBe(false);
    expect(PAN.test('ABCPK12345')).toBe(false);
    expect(PIN_CODE.test('400069')).toBe(true);
    expect(PIN_CODE.test('040069')).toBe(false);
    expect(VEHICLE_REGISTRATION.test('MH12AB1234')).toBe(true);
    expect(VEHICLE_REGISTRATION.test('DL3CAB1234')).toBe(true);
    expect(VEHICLE_REGISTRATION.test('MH12-AB-1234')).toBe(false);
  });
});
