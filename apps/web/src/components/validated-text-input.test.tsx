import { MESSAGES, type InputRule } from '@recovery-desk/domain/validation.ts';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SelectField } from './select-field.tsx';
import { ValidatedTextInput } from './validated-text-input.tsx';

function Harness({
  rules,
  uppercase,
  type,
  initial = '',
  serverErrors,
}: {
  rules: InputRule[];
  uppercase?: boolean;
  type?: 'text' | 'date';
  initial?: string;
  serverErrors?: { field: string; message: string }[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ValidatedTextInput
        label="Field"
        name="field"
        value={value}
        onChange={setValue}
        rules={rules}
        uppercase={uppercase}
        type={type}
        serverErrors={serverErrors}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

function field(): HTMLInputElement {
  return screen.getByLabelText(/Field/) as HTMLInputElement;
}

function typeInto(text: string) {
  fireEvent.change(field(), { target: { value: text } });
}

function errorText(): string | null {
  const id = field().getAttribute('aria-describedby') ?? '';
  const texts = id
    .split(' ')
    .map((part) => document.getElementById(part)?.textContent ?? '')
    .filter(Boolean);
  return texts.length > 0 ? texts.join(' ') : null;
}

describe('ValidatedTextInput (spec §5 rules, exact English messages)', () => {
  it('required: shows the message after blur', () => {
    renderWithProviders(<Harness rules={[{ kind: 'required' }]} />);
    expect(errorText()).toBeNull();
    fireEvent.blur(field());
    expect(errorText()).toBe(MESSAGES.required);
    expect(field().required).toBe(true);
  });

  it('email', () => {
    renderWithProviders(<Harness rules={[{ kind: 'email' }]} />);
    typeInto('asha@');
    fireEvent.blur(field());
    expect(errorText()).toBe('Invalid email address');
    typeInto('asha@example.in');
    expect(errorText()).toBeNull();
  });

  it('minimum length', () => {
    renderWithProviders(<Harness rules={[{ kind: 'minLength', length: 4 }]} />);
    typeInto('abc');
    fireEvent.blur(field());
    expect(errorText()).toBe('This field requires a minimum length of 4');
  });

  it('maximum length rejects the extra input and says why', () => {
    renderWithProviders(<Harness rules={[{ kind: 'maxLength', length: 5 }]} />);
    typeInto('abcdefgh');
    expect(screen.getByTestId('value').textContent).toBe('abcde');
    expect(errorText()).toBe('This field requires a maximum length of 5');
  });

  it('name', () => {
    renderWithProviders(<Harness rules={[{ kind: 'name' }]} />);
    typeInto('Asha  Rao1');
    fireEvent.blur(field());
    expect(errorText()).toBe('Name should contain only alphabets with one space in between');
  });

  it('character', () => {
    renderWithProviders(<Harness rules={[{ kind: 'character' }]} />);
    typeInto('abc1');
    fireEvent.blur(field());
    expect(errorText()).toBe('Only characters are allowed');
  });

  it('number strips non-digits', () => {
    renderWithProviders(<Harness rules={[{ kind: 'number' }]} />);
    typeInto('12a3-4');
    expect(screen.getByTestId('value').textContent).toBe('1234');
    expect(errorText()).toBe('Only numbers are allowed');
  });

  it('phone strips non-digits and truncates to 15', () => {
    renderWithProviders(<Harness rules={[{ kind: 'phone' }]} />);
    typeInto('+91 98765-43210 1234567');
    expect(screen.getByTestId('value').textContent).toBe('919876543210123');
  });

  it('upperAlphaNum uppercases and strips', () => {
    renderWithProviders(<Harness rules={[{ kind: 'upperAlphaNum' }]} />);
    typeInto('ab12');
    expect(screen.getByTestId('value').textContent).toBe('AB12');
    expect(errorText()).toBeNull();
    typeInto('ab-12');
    expect(screen.getByTestId('value').textContent).toBe('AB12');
    expect(errorText()).toBe('Only capital letters and numbers are allowed');
  });

  it('amount keeps digits only', () => {
    renderWithProviders(<Harness rules={[{ kind: 'amount' }]} />);
    typeInto('1,25,000');
    expect(screen.getByTestId('value').textContent).toBe('125000');
    expect(errorText()).toBe('Only numbers are allowed');
  });

  it('dates: minimum, maximum, past and future', () => {
    const { unmount } = renderWithProviders(
      <Harness type="date" initial="2025-01-01" rules={[{ kind: 'dateMin', min: '2025-02-01' }]} />,
    );
    fireEvent.blur(field());
    expect(errorText()).toBe('Date should be on or after 01/02/2025');
    unmount();
    const second = renderWithProviders(
      <Harness type="date" initial="2025-03-01" rules={[{ kind: 'dateMax', max: '2025-02-01' }]} />,
    );
    fireEvent.blur(field());
    expect(errorText()).toBe('Date should be on or before 01/02/2025');
    second.unmount();
    const third = renderWithProviders(
      <Harness type="date" initial="2025-11-03" rules={[{ kind: 'datePast', today: '2025-11-03' }]} />,
    );
    fireEvent.blur(field());
    expect(errorText()).toBe('Date should be in the past');
    third.unmount();
    renderWithProviders(
      <Harness type="date" initial="2025-11-03" rules={[{ kind: 'dateFuture', today: '2025-11-03' }]} />,
    );
    fireEvent.blur(field());
    expect(errorText()).toBe('Date should be in the future');
  });

  it('trims and collapses spaces on blur', () => {
    renderWithProviders(<Harness rules={[]} />);
    typeInto('  Asha   Rao  ');
    fireEvent.blur(field());
    expect(screen.getByTestId('value').textContent).toBe('Asha Rao');
  });

  it('the uppercase directive uppercases as typed', () => {
    renderWithProviders(<Harness rules={[]} uppercase />);
    typeInto('mh12ab');
    expect(screen.getByTestId('value').textContent).toBe('MH12AB');
  });

  it('shows a server field error under the field with the matching label or name', () => {
    renderWithProviders(<Harness rules={[]} serverErrors={[{ field: 'Field', message: 'Already used' }]} />);
    expect(errorText()).toBe('Already used');
  });
});

describe('SelectField', () => {
  it("offers the placeholder option 'Select <label>'", () => {
    renderWithProviders(
      <SelectField
        label="Acting Unit"
        name="unit"
        value=""
        onChange={() => undefined}
        options={[{ value: '1', label: 'Pune' }]}
      />,
    );
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select Acting Unit', 'Pune']);
  });
});
