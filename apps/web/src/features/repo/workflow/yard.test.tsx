import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CaseYardReply } from '@recovery-desk/domain/secured-assets/yards.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { YardTab } from './widgets/yard.tsx';

// The Yard tab: the vehicle not in a yard, its yard-in with a yard of the register (inactive yards not offered), the
// stay shown with its yard-out form, and the case reloaded so its yard fields follow.

const view = { case: { caseId: 7, version: 3, isClosed: false } } as unknown as CaseView;
const none: CaseYardReply = { caseId: 7, current: null, stays: [] };
const stay = {
  id: 3,
  yardId: 21,
  yardName: 'Pune Yard 2',
  inDate: '2026-06-29',
  condition: 'GOOD',
  outDate: null,
  outReason: null,
};
const yards = {
  yards: [
    { id: 21, name: 'Pune Yard 2', address: 'MIDC', capacity: 40, unitId: 2, unitName: 'Pune Region', active: true },
    { id: 22, name: 'Old Yard', address: 'Hadapsar', capacity: 10, unitId: 2, unitName: 'Pune Region', active: false },
  ],
};

const render = (canAct = true, onReload = vi.fn()) =>
  renderWithProviders(<YardTab view={view} definition={REPOSSESSION_DEFINITION} canAct={canAct} onReload={onReload} />);

describe('the Yard tab', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('records the yard-in with a registered yard, then offers the yard-out', async () => {
    const onReload = vi.fn();
    const api = stubApi([
      { match: /\/cases\/7\/yard$/, reply: () => jsonResponse(200, none) },
      { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, yards) },
      {
        method: 'POST',
        match: /\/cases\/7\/yard-in$/,
        reply: () => jsonResponse(200, { caseId: 7, current: stay, stays: [stay] }),
      },
    ]);
    render(true, onReload);
    expect((await screen.findByTestId('yard-current')).textContent).toBe('The vehicle is not in a yard.');
    const select = await screen.findByLabelText(/Yard \(from the register\)/);
    expect(select.textContent).toContain('Pune Yard 2');
    expect(select.textContent).not.toContain('Old Yard');
    fireEvent.change(select, { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText(/Yard-in date/), { target: { value: '29-06-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record yard-in' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      yardId: 21,
      inDate: '2026-06-29',
      condition: 'GOOD',
    });
    await waitFor(() => expect(screen.getByTestId('yard-current').textContent).toContain('In Pune Yard 2 since'));
    expect(screen.getByTestId('yard-out-form')).toBeTruthy();
    expect(onReload).toHaveBeenCalled();
  });

  it('shows the stays read-only without the stage’s authority', async () => {
    stubApi([
      { match: /\/cases\/7\/yard$/, reply: () => jsonResponse(200, { caseId: 7, current: stay, stays: [stay] }) },
    ]);
    render(false);
    expect((await screen.findByTestId('yard-stays')).textContent).toContain('still in the yard');
    expect(screen.queryByTestId('yard-in-form')).toBeNull();
    expect(screen.queryByTestId('yard-out-form')).toBeNull();
  });

  it('says so when no active yard serves the unit, and when the record cannot be loaded', async () => {
    stubApi([
      { match: /\/cases\/7\/yard$/, reply: () => jsonResponse(200, none) },
      { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: [] }) },
    ]);
    const first = render();
    expect(await screen.findByTestId('yard-none')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    stubApi([
      { match: /\/cases\/7\/yard$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }) },
    ]);
    render();
    expect(await screen.findByText('The yard record could not be loaded')).toBeTruthy();
  });
});
