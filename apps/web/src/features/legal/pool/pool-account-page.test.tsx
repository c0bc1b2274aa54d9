import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { legalSession, poolAccount, stubApi } from '../test/legal-fixtures.ts';
import { LegalPoolAccountPage } from './pool-account-page.tsx';

function renderAccount(id = 501) {
  return renderWithProviders(<LegalPoolAccountPage />, {
    path: '/legal/legalPool/account/:accountid',
    url: `/legal/legalPool/account/${id}`,
  });
}

describe('Legal Eligible Pool account', () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows an eligible account with its summary and bounced cheques, and initiates legal for it', async () => {
    let initiated = false;
    const api = stubApi([
      {
        match: /\/api\/legal\/pool\/accounts\/501$/,
        reply: () =>
          jsonResponse(
            200,
            initiated
              ? poolAccount({
                  ineligibility: ['PoolReasonOpenCase'],
                  openCase: { caseId: 90, caseNo: 'LC-2025-000090', stage: 'INITIATE', status: 'Initiated' },
                })
              : poolAccount(),
          ),
      },
      {
        method: 'POST',
        match: /\/api\/legal\/pool\/initiate$/,
        reply: () => {
          initiated = true;
          return jsonResponse(201, { cases: [{ caseId: 90, caseNo: 'LC-2025-000090', accountId: 501 }] });
        },
      },
    ]);
    renderAccount();
    const summary = await screen.findByTestId('pool-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Legal Eligible Pool Account: AUTO00000501');
    expect(within(summary).getByText('Ramesh Kulkarni')).toBeTruthy();
    expect(within(summary).getByText('₹4,50,000.00')).toBeTruthy();
    expect(within(summary).getByText('Pune Camp Branch (BR-PUNE-01)')).toBeTruthy();
    const cheques = screen.getByTestId('pool-cheques');
    expect(within(cheques).getByText('004512')).toBeTruthy();
    expect(within(cheques).getByText('State Bank of India')).toBeTruthy();
    expect(screen.getByTestId('pool-eligible')).toBeTruthy();

    const form = screen.getByTestId('initiate-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Initiate Legal' }));
    expect(await within(form).findByText('Please fill mandatory fields')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Case type/), { target: { value: 'S138' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Initiate Legal' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('Legal cases created: LC-2025-000090'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ accountIds: [501], caseType: 'S138' });
    // The account is reloaded: it now has its open case and can no longer be initiated.
    expect(await screen.findByTestId('pool-open-case')).toBeTruthy();
    expect(
      (within(screen.getByTestId('initiate-form')).getByRole('button', { name: 'Initiate Legal' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('lists why an account is not eligible, disables both forms and opens the open case in initiateLegal_tabView', async () => {
    stubApi([
      {
        match: /\/api\/legal\/pool\/accounts\/501$/,
        reply: () =>
          jsonResponse(
            200,
            poolAccount({
              ineligibility: ['PoolReasonDpd', 'PoolReasonOpenCase'],
              openCase: { caseId: 90, caseNo: 'LC-2025-000090', stage: 'FILING_APPROVAL', status: 'Recommended' },
              cheques: [],
            }),
          ),
      },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderAccount();
    const reasons = await screen.findByTestId('pool-ineligible');
    expect(within(reasons).getByText('The days past due are below the minimum of the pool rule.')).toBeTruthy();
    expect(within(reasons).getByText('The account already has an open legal case.')).toBeTruthy();
    expect(screen.getByText('No bounced cheques recorded for this account.')).toBeTruthy();

    const initiate = within(screen.getByTestId('initiate-form')).getByRole('button', { name: 'Initiate Legal' });
    const decline = within(screen.getByTestId('decline-form')).getByRole('button', { name: 'Not fit for legal' });
    expect((initiate as HTMLButtonElement).disabled).toBe(true);
    expect((decline as HTMLButtonElement).disabled).toBe(true);
    expect(initiate.getAttribute('aria-describedby')).toBe('pool-ineligible');
    expect(screen.getAllByText('Not available: the account is not eligible (see Eligibility).')).toHaveLength(2);

    const openCase = screen.getByTestId('pool-open-case');
    expect(within(openCase).getByText('LC-2025-000090')).toBeTruthy();
    expect(within(openCase).getByText('Recommended')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open case LC-2025-000090' }));
    expect(open).toHaveBeenCalledWith('/legal/initiateLegal/account/501', 'initiateLegal_tabView');
  });

  it('says when the account is outside the acting unit', async () => {
    stubApi([
      {
        match: /\/api\/legal\/pool\/accounts\/9$/,
        reply: () => jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Not found' }),
      },
    ]);
    renderAccount(9);
    expect(
      await screen.findByText('This account is not in the scope of your acting unit, or it does not exist.'),
    ).toBeTruthy();
  });
});
