import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed-args.ts';

describe('npm run seed arguments', () => {
  it('reads accounts (with digit separators), business date, seed and batch size', () => {
    expect(parseSeedArgs({ accounts: '1000000' })).toEqual({ accounts: 1_000_000 });
    expect(parseSeedArgs({ accounts: '1_000_000' })).toEqual({ accounts: 1_000_000 });
    expect(parseSeedArgs({ accounts: '10,00,000' })).toEqual({ accounts: 1_000_000 });
    expect(parseSeedArgs({ accounts: '0', 'business-date': '2026-03-31', seed: '42', 'batch-size': '50000' })).toEqual({
      accounts: 0,
      businessDate: '2026-03-31',
      seed: 42,
      batchSize: 50_000,
    });
    expect(parseSeedArgs({})).toEqual({});
  });

  it('refuses what is not a whole number in range, naming the option', () => {
    expect(() => parseSeedArgs({ accounts: '-5' })).toThrow(/--accounts must be a whole number/);
    expect(() => parseSeedArgs({ accounts: '1e6' })).toThrow(/--accounts must be a whole number/);
    expect(() => parseSeedArgs({ accounts: '' })).toThrow(/--accounts/);
    expect(() => parseSeedArgs({ accounts: '60000000' })).toThrow(/--accounts must be between/);
    expect(() => parseSeedArgs({ seed: 'abc' })).toThrow(/--seed/);
    expect(() => parseSeedArgs({ 'batch-size': '10' })).toThrow(/--batch-size must be between 1000/);
  });

  it('refuses a business date that is not a calendar date', () => {
    expect(() => parseSeedArgs({ 'business-date': '2026-02-30' })).toThrow(/--business-date must be a date/);
    expect(() => parseSeedArgs({ 'business-date': 'today' })).toThrow(/--business-date/);
  });
});
