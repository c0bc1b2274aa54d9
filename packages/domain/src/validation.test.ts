import { describe, expect, it } from 'vitest';
import { MESSAGES, normalizeSpaces, sanitizeInput, validateInput } from './validation.ts';

describe('input rules (spec §5)', () => {
  it.each([
    ['', [{ kind: 'required' as const }], 'This field is required'],
    ['a@b', [{ kind: 'email' as const }], 'Invalid email address'],
    ['ab', [{ kind: 'minLength' as const, length: 3 }], 'This field requires a minimum length of 3'],
    ['abcd', [{ kind: 'maxLength' as const, length: 3 }], 'This field requires a maximum length of 3'],
    ['Ravi  Kumar', [{ kind: 'name' as const }], 'Name should contain only alphabets with one space in between'],
    ['Ravi1', [{ kind: 'character' as const }], 'Only characters are allowed'],
    ['12a', [{ kind: 'number' as const }], 'Only numbers are allowed'],
    ['ab-1', [{ kind: 'upperAlphaNum' as const }], 'Only capital letters and numbers are allowed'],
    ['1.5', [{ kind: 'amount' as const }], 'Only numbers are allowed'],
    ['2026-01-01', [{ kind: 'dateMin' as const, min: '2026-02-01' }], 'Date should be on or after 2026-02-01'],
    ['2026-03-01', [{ kind: 'dateMax' as const, max: '2026-02-01' }], 'Date should be on or before 2026-02-01'],
    ['2026-11-21', [{ kind: 'datePast' as const, today: '2026-11-21' }], 'Date should be in the past'],
    ['2026-11-21', [{ kind: 'dateFuture' as const, today: '2026-11-21' }], 'Date should be in the future'],
  ])('%s breaks %j with the exact message', (value, rules, message) => {
    expect(validateInput(value, rules)).toBe(message);
  });

  it('accepts valid values and leaves optional empty values alone', () => {
    expect(validateInput('ravi@example.in', [{ kind: 'required' }, { kind: 'email' }])).toBeNull();
    expect(validateInput('Ravi Kumar', [{ kind: 'name' }])).toBeNull();
    expect(validateInput('', [{ kind: 'email' }])).toBeNull();
    expect(validateInput('2026-11-20', [{ kind: 'datePast', today: '2026-11-21' }])).toBeNull();
  });

  it('rewrites typed input the way the rules say', () => {
    expect(sanitizeInput('98a-76 5', [{ kind: 'number' }])).toBe('98765');
    expect(sanitizeInput('+91 98765-43210 12345', [{ kind: 'phone' }])).toBe('919876543210123');
    expect(sanitizeInput('mh12-ab 1234', [{ kind: 'upperAlphaNum' }])).toBe('MH12AB1234');
    expect(sanitizeInput('abcdef', [{ kind: 'maxLength', length: 4 }])).toBe('abcd');
  });

  it('trims and collapses spaces on blur', () => {
    expect(normalizeSpaces('  Ravi   Kumar  ')).toBe('Ravi Kumar');
  });

  it('keeps the spec spelling of the mismatch message', () => {
    expect(MESSAGES.passwordMismatch).toBe('New Password , Confirm Password is not Match');
  });
});
