import { describe, expect, it } from 'vitest';
import { fieldDefinitionSchema, type FieldDefinition } from './definition.ts';
import { validateFieldValue, validateFields } from './field-validation.ts';

const TODAY = '2026-03-20';
const f = (input: unknown): FieldDefinition => fieldDefinitionSchema.parse(input);

describe('field values by type', () => {
  it.each([
    [{ name: 'a', labelKey: 'A', type: 'amount' }, '1500.50', null],
    [{ name: 'a', labelKey: 'A', type: 'amount' }, '1500.505', 'Only numbers are allowed'],
    [{ name: 'a', labelKey: 'A', type: 'amount' }, 1500, 'Only numbers are allowed'],
    [{ name: 'n', labelKey: 'N', type: 'number' }, 12, null],
    [{ name: 'n', labelKey: 'N', type: 'number' }, -3, 'Only numbers are allowed'],
    [{ name: 'n', labelKey: 'N', type: 'number' }, '12a', 'Only numbers are allowed'],
    [{ name: 'd', labelKey: 'D', type: 'date' }, '2026-02-30', 'Enter a valid date (YYYY-MM-DD)'],
    [{ name: 'b', labelKey: 'B', type: 'boolean' }, 'yes', 'Choose yes or no'],
    [{ name: 'b', labelKey: 'B', type: 'boolean' }, false, null],
    [
      { name: 's', labelKey: 'S', type: 'select', options: [{ value: 'X', labelKey: 'X' }] },
      'Y',
      'Select a value from the list',
    ],
    [{ name: 'c', labelKey: 'C', type: 'cnr' }, 'MHMM110012342026', null],
    [{ name: 'c', labelKey: 'C', type: 'cnr' }, 'MHMM1100123420261', 'This field requires a maximum length of 16'],
    [{ name: 'e', labelKey: 'E', type: 'email' }, 'a@b', 'Invalid email address'],
    [{ name: 'p', labelKey: 'P', type: 'phone' }, '98200123456789012', 'Only numbers are allowed'],
    [{ name: 't', labelKey: 'T', type: 'text' }, 42, 'Enter a valid value'],
    [{ name: 't', labelKey: 'T', type: 'text' }, 'x'.repeat(201), 'This field requires a maximum length of 200'],
  ])('%j with %j → %s', (field, value, message) => {
    expect(validateFieldValue(f(field), value, {}, TODAY)).toBe(message);
  });

  it('leaves empty values to the required check', () => {
    expect(
      validateFieldValue(f({ name: 'd', labelKey: 'D', type: 'date', required: true }), '  ', {}, TODAY),
    ).toBeNull();
    expect(validateFieldValue(f({ name: 'd', labelKey: 'D', type: 'date' }), null, {}, TODAY)).toBeNull();
  });
});

describe('field rules', () => {
  const date = (rules: unknown[]) => f({ name: 'd', labelKey: 'D', type: 'date', rules });

  it('notFuture and future are judged against the business date', () => {
    expect(validateFieldValue(date([{ kind: 'notFuture' }]), '2026-03-20', {}, TODAY)).toBeNull();
    expect(validateFieldValue(date([{ kind: 'notFuture' }]), '2026-03-21', {}, TODAY)).toBe(
      'Date should be on or before 2026-03-20',
    );
    expect(validateFieldValue(date([{ kind: 'future' }]), '2026-03-20', {}, TODAY)).toBe(
      'Date should be in the future',
    );
  });

  it('compares with another date field plus an offset, and skips while that field is empty', () => {
    const rule = [{ kind: 'onOrBeforeField', field: 'chequeDate', offsetMonths: 3 }];
    expect(validateFieldValue(date(rule), '2026-04-30', { chequeDate: '2026-01-31' }, TODAY)).toBeNull();
    expect(validateFieldValue(date(rule), '2026-05-01', { chequeDate: '2026-01-31' }, TODAY)).toBe(
      'Date should be on or before 2026-04-30',
    );
    expect(validateFieldValue(date(rule), '2030-01-01', {}, TODAY)).toBeNull();
    const after = [{ kind: 'onOrAfterField', field: 'hearingDate', offsetDays: 1 }];
    expect(validateFieldValue(date(after), '2026-03-10', { hearingDate: '2026-03-10' }, TODAY)).toBe(
      'Date should be on or after 2026-03-11',
    );
  });

  it('minAmount compares exact decimals, and only under its condition', () => {
    const claim = f({
      name: 'claim',
      labelKey: 'Claim',
      type: 'amount',
      rules: [{ kind: 'minAmount', amount: '2000000', when: { field: 'caseType', in: ['DRT'] } }],
    });
    expect(validateFieldValue(claim, '1999999.99', { caseType: 'DRT' }, TODAY)).toBe(
      'Amount should be at least 2000000',
    );
    expect(validateFieldValue(claim, '2000000.00', { caseType: 'DRT' }, TODAY)).toBeNull();
    expect(validateFieldValue(claim, '100.00', { caseType: 'S138' }, TODAY)).toBeNull();
  });

  it('the static rules are the spec rules with their messages', () => {
    const text = (rules: unknown[]) => f({ name: 't', labelKey: 'T', type: 'text', rules });
    expect(validateFieldValue(text([{ kind: 'name' }]), 'Ravi  Kumar', {}, TODAY)).toBe(
      'Name should contain only alphabets with one space in between',
    );
    expect(validateFieldValue(text([{ kind: 'upperAlphaNum' }]), 'ab-1', {}, TODAY)).toBe(
      'Only capital letters and numbers are allowed',
    );
    expect(validateFieldValue(text([{ kind: 'minLength', length: 6 }]), '12345', {}, TODAY)).toBe(
      'This field requires a minimum length of 6',
    );
  });

  it('validateFields reports one error per broken field', () => {
    const fields = [
      f({ name: 'a', labelKey: 'A', type: 'amount' }),
      f({ name: 'b', labelKey: 'B', type: 'date', rules: [{ kind: 'notFuture' }] }),
      f({ name: 'c', labelKey: 'C', type: 'text' }),
    ];
    expect(validateFields(fields, { a: 'abc', b: '2027-01-01', c: 'fine' }, TODAY)).toEqual([
      { field: 'a', message: 'Only numbers are allowed' },
      { field: 'b', message: 'Date should be on or before 2026-03-20' },
    ]);
  });
});
