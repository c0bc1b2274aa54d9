import { Button } from '@mantine/core';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { definitionFields, type FieldDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { BUSINESS_DATE } from '../test/workflow-fixtures.ts';
import { CaseFieldsGrid } from './case-fields-grid.tsx';
import { changedValues, draftOf, mergedValues, requiredErrors, valueErrors, type FieldErrors } from './field-values.ts';

const ALL = definitionFields(LEGAL_DEFINITION);
const pick = (...names: string[]): FieldDefinition[] => names.map((name) => ALL.get(name)!);

/** The grid as the case form uses it: drafts over the case's fields, the engine's checks on "Check". */
function Harness({
  fields,
  initial = {},
  readOnly = [],
}: {
  fields: FieldDefinition[];
  initial?: CaseFields;
  readOnly?: string[];
}) {
  const [draft, setDraft] = useState(() => draftOf(fields, initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = mergedValues(fields, draft, initial);
  return (
    <>
      <CaseFieldsGrid
        fields={fields}
        draft={draft}
        values={values}
        onChange={(name, value) => setDraft((previous) => ({ ...previous, [name]: value }))}
        errors={errors}
        isEditable={(name) => !readOnly.includes(name)}
        idPrefix="test"
      />
      <Button
        onClick={() => setErrors({ ...valueErrors(fields, values, BUSINESS_DATE), ...requiredErrors(fields, values) })}
      >
        Check
      </Button>
      <output data-testid="changes">{JSON.stringify(changedValues(fields, draft, initial))}</output>
    </>
  );
}

function input(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function changes(): Record<string, unknown> {
  return JSON.parse(screen.getByTestId('changes').textContent ?? '{}') as Record<string, unknown>;
}

describe('CaseFieldsGrid (fields rendered from the definition)', () => {
  it('shows a field only while its `when` holds on the current values', () => {
    renderWithProviders(<Harness fields={pick('caseType', 'chequeNumber', 'mandateReference', 'debitAmount')} />);
    const caseType = input(/Case type/) as unknown as HTMLSelectElement;
    expect(caseType.options[0]!.textContent).toBe('Select Case type');
    expect(screen.queryByLabelText(/Cheque number/)).toBeNull();
    expect(screen.queryByLabelText(/Mandate reference/)).toBeNull();

    fireEvent.change(caseType, { target: { value: 'S138' } });
    expect(screen.getByLabelText(/Cheque number/)).toBeTruthy();
    expect(screen.queryByLabelText(/Mandate reference/)).toBeNull();

    fireEvent.change(caseType, { target: { value: 'S25' } });
    expect(screen.queryByLabelText(/Cheque number/)).toBeNull();
    expect(input(/Mandate reference/).required).toBe(true);
    expect(input(/Debit amount/).required).toBe(true);
  });

  it('checks values with the engine and shows its messages, required ones included', () => {
    renderWithProviders(
      <Harness
        fields={pick('caseType', 'chequeNumber', 'chequeDate', 'presentationDate')}
        initial={{ caseType: 'S138' }}
      />,
    );
    fireEvent.change(input(/Cheque number/), { target: { value: '123' } });
    fireEvent.change(input(/Cheque date/), { target: { value: '2026-01-10' } });
    fireEvent.change(input(/Presentation date/), { target: { value: '2026-01-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('This field requires a minimum length of 6')).toBeTruthy();
    expect(screen.getByText('Date should be on or after 10/01/2026')).toBeTruthy();

    fireEvent.change(input(/Presentation date/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
  });

  it('keeps digits only where a field takes numbers, and says why characters vanished', () => {
    renderWithProviders(
      <Harness fields={pick('caseType', 'chequeNumber', 'advocatePhone')} initial={{ caseType: 'S138' }} />,
    );
    fireEvent.change(input(/Cheque number/), { target: { value: '12a34' } });
    expect(input(/Cheque number/).value).toBe('1234');
    expect(screen.getByText('Only numbers are allowed')).toBeTruthy();

    fireEvent.change(input(/Advocate phone/), { target: { value: '+91 98200-12345 678 999' } });
    // Phone: digits only, at most 15.
    expect(input(/Advocate phone/).value).toBe('919820012345678');
    expect(input(/Advocate phone/).type).toBe('tel');
  });

  it('uppercases CNR and upperAlphaNum fields as typed and keeps letters and digits only', () => {
    renderWithProviders(<Harness fields={pick('caseType', 'mandateReference', 'cnr')} initial={{ caseType: 'S25' }} />);
    fireEvent.change(input(/Mandate reference/), { target: { value: 'utib-7000 12ab' } });
    expect(input(/Mandate reference/).value).toBe('UTIB700012AB');

    fireEvent.change(input(/CNR number/), { target: { value: 'mhmm-1100-1234-2026-99' } });
    expect(input(/CNR number/).value).toBe('MHMM110012342026');
    expect(changes()).toEqual({ mandateReference: 'UTIB700012AB', cnr: 'MHMM110012342026' });

    fireEvent.change(input(/CNR number/), { target: { value: 'MHMM11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('This field requires a minimum length of 16')).toBeTruthy();
  });

  it('amounts keep two decimals; yes/no and options are sent as typed values', () => {
    renderWithProviders(
      <Harness
        fields={pick('caseType', 'claimAmount', 'interimCompensationOrdered', 'interimCompensationAmount')}
        initial={{ caseType: 'S138' }}
      />,
    );
    fireEvent.change(input(/Claim amount/), { target: { value: '2,50,000.755' } });
    expect(input(/Claim amount/).value).toBe('250000.75');
    expect(screen.queryByLabelText(/Interim compensation amount/)).toBeNull();
    fireEvent.change(input(/Interim compensation ordered/), { target: { value: 'true' } });
    expect(screen.getByLabelText(/Interim compensation amount/)).toBeTruthy();
    expect(changes()).toEqual({ claimAmount: '250000.75', interimCompensationOrdered: true });
  });

  it('shows a field the user may not edit as read-only', () => {
    renderWithProviders(
      <Harness
        fields={pick('caseType', 'claimAmount')}
        initial={{ caseType: 'DRT', claimAmount: '2500000' }}
        readOnly={['caseType', 'claimAmount']}
      />,
    );
    expect((input(/Case type/) as unknown as HTMLSelectElement).disabled).toBe(true);
    expect(input(/Claim amount/).readOnly).toBe(true);
    expect(input(/Claim amount/).required).toBe(false);
    expect(input(/Claim amount/).value).toBe('2500000');
  });
});
