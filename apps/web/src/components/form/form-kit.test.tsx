import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../lib/http-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import {
  AmountField,
  CheckboxField,
  DateField,
  FormErrors,
  MoneyInput,
  NumberField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from './index.ts';

const schema = z
  .object({
    code: z.string().trim().min(1).max(10),
    name: z.string().trim().min(3).max(40),
    amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
    count: z.number().int().positive().optional(),
    kind: z.enum(['A', 'B']),
    when: z.iso.date().optional(),
    remarks: z.string().trim().min(1, 'is required').max(50),
    agreed: z.boolean(),
  })
  .strict();
type Output = z.output<typeof schema>;

function Harness({
  onSubmit,
  ruleOnName = false,
}: {
  onSubmit: (values: Output) => Promise<unknown> | void;
  ruleOnName?: boolean;
}) {
  const form = useZodForm(schema, {
    code: '',
    name: '',
    amount: '',
    kind: undefined,
    remarks: '',
    agreed: false,
  });
  return (
    <ZodForm form={form} onSubmit={onSubmit} aria-label="Harness form">
      <TextField name="code" label="Code" uppercase rules={[{ kind: 'upperAlphaNum' }]} />
      <TextField name="name" label="Customer Name" rules={ruleOnName ? [{ kind: 'name' }] : []} />
      <AmountField name="amount" label="Amount" currency="INR" />
      <NumberField name="count" label="Count" />
      <SelectField
        name="kind"
        label="Kind"
        options={[
          { value: 'A', label: 'Kind A' },
          { value: 'B', label: 'Kind B' },
        ]}
      />
      <DateField name="when" label="When" />
      <TextareaField name="remarks" label="Remarks" maxLength={50} />
      <CheckboxField name="agreed" label="Agreed" />
      <FormErrors />
      <SubmitButton>Save</SubmitButton>
    </ZodForm>
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Code'), 'ab12');
  await user.type(input('Customer Name'), 'Asha Rao');
  await user.type(input('Amount'), '1250.5');
  await user.selectOptions(input('Kind'), 'B');
  await user.type(input('Remarks'), 'Spoke to the borrower');
}

describe('the form kit', () => {
  it('shows each invalid field its message, marks it aria-invalid and focuses the first one', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.type(input('Customer Name'), 'Al');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(document.activeElement).toBe(input('Code')));
    expect(input('Code').getAttribute('aria-invalid')).toBe('true');
    expect(input('Customer Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field requires a minimum length of 3')).toBeTruthy();
    // required by the schema: the spec's message, also where the schema wrote its own 'is required'
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(4);
    expect(input('Count').getAttribute('aria-invalid')).not.toBe('true');
    // spec §5: a submit with a mandatory field empty says so in the form's alert
    expect(screen.getByRole('alert').textContent).toBe('Please fill mandatory fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the schema output: trimmed, uppercased, amounts as exact decimal strings, ids as numbers', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillValid(user);
    await user.type(input('Count'), '4x2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      code: 'AB12',
      name: 'Asha Rao',
      amount: '1250.5',
      count: 42,
      kind: 'B',
      remarks: 'Spoke to the borrower',
      agreed: false,
    });
  });

  it('trims and collapses spaces on blur, and applies the §5 rule of a field with its message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={vi.fn()} ruleOnName />);
    await user.type(input('Customer Name'), '  Asha   Rao ');
    await user.tab();
    expect(input('Customer Name').value).toBe('Asha Rao');

    await user.clear(input('Customer Name'));
    await user.type(input('Customer Name'), 'Asha9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name should contain only alphabets with one space in between')).toBeTruthy();
  });

  it('says why typed characters vanished and keeps an amount to the currency minor units', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    await user.type(input('Amount'), '12a.345');
    expect(input('Amount').value).toBe('12.34');
    expect(screen.getByText('Only numbers are allowed')).toBeTruthy();
    expect(screen.getByText('Amount in INR')).toBeTruthy();
  });

  it('places the server 400 field errors on the fields they name (fields.<name>, <name> or the label)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new HttpError(400, {
          error_code: 'VALIDATION',
          detail: 'Invalid input',
          fields: [
            { field: 'fields.remarks', message: 'Remarks are needed for a reject' },
            { field: 'customer name', message: 'Name is on the block list' },
            { field: 'fields.unknownThing', message: 'Something else is wrong' },
          ],
        }),
      ),
    );
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Remarks are needed for a reject')).toBeTruthy();
    expect(screen.getByText('Name is on the block list')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Something else is wrong');
    expect(input('Remarks').getAttribute('aria-invalid')).toBe('true');
    // the first field the server named, in page order
    expect(document.activeElement).toBe(input('Customer Name'));
  });

  it('submits once while a submit runs, with the button disabled until it ends', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    const form = screen.getByRole('form', { name: 'Harness form' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('marks the fields the schema requires', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    expect(input('Code').required).toBe(true);
    expect(input('Count').required).toBe(false);
    expect(input('When').required).toBe(false);
  });

  it('one money input: USD takes cents, every currency its minor units, an unknown currency the most any has', async () => {
    const user = userEvent.setup();
    function Money({ currency }: { currency?: string }) {
      const [value, setValue] = useState('');
      return <MoneyInput label={`Money ${currency ?? 'any'}`} value={value} onChange={setValue} currency={currency} />;
    }
    renderWithProviders(
      <>
        <Money currency="USD" />
        <Money />
      </>,
    );
    await user.type(input('Money USD'), '5927.599');
    expect(input('Money USD').value).toBe('5927.59');
    expect(screen.getByText('Only numbers are allowed')).toBeTruthy();
    expect(input('Money USD').inputMode).toBe('decimal');
    await user.type(input('Money any'), '1,500.50');
    expect(input('Money any').value).toBe('1500.50');
  });

  it('an amount field with a maximum refuses more before submit, naming the maximum in its currency', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    function Capped() {
      const form = useZodForm(z.object({ amount: z.string() }), { amount: '' });
      return (
        <ZodForm form={form} onSubmit={onSubmit}>
          <AmountField
            name="amount"
            label="Promise"
            currency="USD"
            max={{ amount: '5927.59', messageKey: 'PtpAboveTotalDue' }}
          />
          <SubmitButton>Save</SubmitButton>
        </ZodForm>
      );
    }
    renderWithProviders(<Capped />);
    await user.type(input('Promise'), '5927.60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A promise cannot be more than the total due amount $5,927.59.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input('Promise'));
    await user.type(input('Promise'), '5927.59');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ amount: '5927.59' });
  });
});
