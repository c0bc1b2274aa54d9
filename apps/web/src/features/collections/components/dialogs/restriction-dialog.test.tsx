import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../../lib/session-store.ts';
import { signedInSession } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { RestrictionDialog } from './restriction-dialog.tsx';

// A hold or suppression may end by itself: the start dialog takes an optional date after the business date
// (2025-11-03 in the session fixture), which the API stores as `expiresOn` (the server refuses one on or before the
// business date with a 400 naming `expiresOn`, shown at the field by the form kit).

describe('Restriction dialog', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.set(signedInSession()));
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  const open = (onSubmit: () => Promise<unknown>) =>
    renderWithProviders(
      <RestrictionDialog
        kind="suppressions"
        action="START"
        subject="LN0001 · Ravi Kumar"
        onSubmit={onSubmit}
        onDone={() => undefined}
        onClose={() => undefined}
      />,
    );

  it('sends an end date after the business date', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => ({}));
    open(onSubmit);
    await user.type(await screen.findByLabelText(/^Reason/), 'Customer in hospital');
    const endsOn = screen.getByLabelText(/^Ends on \(optional\)/);
    fireEvent.change(endsOn, { target: { value: '10/11/2025' } });
    fireEvent.blur(endsOn);
    await user.click(screen.getByRole('button', { name: 'Start suppression' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toMatchObject({
      action: 'START',
      reason: 'Customer in hospital',
      expiresOn: '2025-11-10',
    });
  });

  it('has no end date when a restriction is ended', async () => {
    renderWithProviders(
      <RestrictionDialog
        kind="holds"
        action="END"
        subject="LN0001 · Ravi Kumar"
        onSubmit={async () => ({})}
        onDone={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByLabelText(/^Reason/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Ends on/)).toBeNull();
  });
});
