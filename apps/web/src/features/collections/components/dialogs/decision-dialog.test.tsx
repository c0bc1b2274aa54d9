import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { DecisionDialog } from './decision-dialog.tsx';

function renderDialog(decision: 'approve' | 'reject') {
  const onSubmit = vi.fn((_input: unknown) => Promise.resolve({}));
  const onDone = vi.fn();
  renderWithProviders(
    <DecisionDialog
      decision={decision}
      subject="Escalation #7"
      version={3}
      onSubmit={onSubmit}
      onDone={onDone}
      onClose={vi.fn()}
    />,
  );
  return { onSubmit, onDone };
}

describe('DecisionDialog', () => {
  it('a reject needs remarks (issue 12), and sends them trimmed with the version', async () => {
    const { onSubmit, onDone } = renderDialog('reject');
    const remarks = screen.getByLabelText(/^Remarks/) as HTMLTextAreaElement;
    expect(remarks.required).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(remarks.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(remarks));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(remarks, { target: { value: '  Borrower paid in full  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ version: 3, remarks: 'Borrower paid in full' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('reject'));
  });

  it('an approve may leave the remarks empty', async () => {
    const { onSubmit } = renderDialog('approve');
    expect((screen.getByLabelText(/^Remarks/) as HTMLTextAreaElement).required).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ version: 3 });
  });
});
