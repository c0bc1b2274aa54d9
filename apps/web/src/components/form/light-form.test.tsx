import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LightForm, LightSubmitButton, LightTextField, useLightForm, type LightFieldSpec } from './light-form.tsx';

type Field = 'user' | 'code';
const FIELDS: Record<Field, LightFieldSpec> = {
  user: { required: true, trim: true, rules: [{ kind: 'maxLength', length: 8 }] },
  code: { trim: true, rules: [{ kind: 'number' }, { kind: 'minLength', length: 4 }] },
};

function Form({ onSubmit }: { onSubmit: (values: Record<Field, string>) => Promise<void> }) {
  const form = useLightForm(FIELDS, { user: '', code: '' });
  return (
    <LightForm form={form} onSubmit={onSubmit}>
      <LightTextField form={form} name="user" label="User" />
      <LightTextField form={form} name="code" label="Code" inputMode="numeric" />
      <LightSubmitButton form={form}>Send</LightSubmitButton>
    </LightForm>
  );
}

describe('the form kit’s light form', () => {
  it('checks the §5 rules on submit, focuses the first invalid field, then checks again as the user types', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^Code/), '12');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByLabelText(/^User/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.id).toBe('field-user');
    await user.type(screen.getByLabelText(/^User/), 'asha');
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true');
  });

  it('submits the values trimmed, once at a time, with the button disabled while it runs', async () => {
    const user = userEvent.setup();
    let finish = () => undefined as void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^User/), ' asha ');
    await user.type(screen.getByLabelText(/^Code/), '12a34');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ user: 'asha', code: '1234' });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
