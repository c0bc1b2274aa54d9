import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { keysetPage, legalSession, poolRow, queryOf, stubApi } from '../test/legal-fixtures.ts';
import { LegalPoolPage } from './pool-page.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPool(search = '?searchView=legalEligible') {
  return renderWithProviders(
    <>
      <LegalPoolPage />
      <LocationProbe />
    </>,
    { path: '/legal/legalPool', url: `/legal/legalPool${search}` },
  );
}

function address(): URLSearchParams {
  return new URLSearchParams(screen.getByTestId('location').textContent ?? '');
}

const poolGets = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/legal/pool?'));

describe('Legal Eligible Pool', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('opens in Team View with the search view legalEligible in the address and asks the pool API', async () => {
    const api = stubApi([
      {
        match: /\/api\/legal\/pool\?/,
        reply: () => jsonResponse(200, keysetPage([poolRow(1), poolRow(2, { currency: 'USD', assetClass: 'SMA-2' })])),
      },
    ]);
    renderPool('');
    const table = await screen.findByTestId('pool-table');
    expect(address().get('searchView')).toBe('legalEligible');
    // The search view names the screen in the address; the pool API takes the tray query without it.
    expect(queryOf(poolGets(api)[0]!.url)).toEqual({ view: 'team', pageSize: '25', direction: 'first' });
    expect(within(table).getByText('₹25,000.00')).toBeTruthy();
    expect(within(table).getByText('$25,000.00')).toBeTruthy();
    expect(within(table).getByText('SMA-2')).toBeTruthy();
    expect(within(table).getAllByText('BR-PUNE-01')).toHaveLength(2);
    expect(within(table).getAllByText('91–180')).toHaveLength(2);
    expect(screen.getByTestId('tray-range').textContent).toBe('Showing 1–2 of 2');
    expect((screen.getByRole('radio', { name: 'Team View' }) as HTMLInputElement).checked).toBe(true);
  });

  it('applies DPD, overdue and product filters to the address and the request', async () => {
    const api = stubApi([{ match: /\/api\/legal\/pool\?/, reply: () => jsonResponse(200, keysetPage([poolRow(1)])) }]);
    renderPool();
    await screen.findByTestId('pool-table');
    fireEvent.change(screen.getByLabelText('DPD from'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('DPD to'), { target: { value: '365' } });
    fireEvent.change(screen.getByLabelText('Overdue from'), { target: { value: '5000' } });
    fireEvent.click(screen.getByLabelText('Personal'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(address().get('dpdFrom')).toBe('90'));
    expect(Object.fromEntries(address())).toMatchObject({
      searchView: 'legalEligible',
      dpdTo: '365',
      overdueFrom: '5000',
      products: 'PERSONAL',
    });
    await waitFor(() => expect(poolGets(api)).toHaveLength(2));
    expect(queryOf(poolGets(api)[1]!.url)).toMatchObject({
      view: 'team',
      dpdFrom: '90',
      dpdTo: '365',
      overdueFrom: '5000',
      products: 'PERSONAL',
      direction: 'first',
    });
    fireEvent.click(screen.getByRole('radio', { name: 'My View' }));
    await waitFor(() => expect(address().get('view')).toBe('my'));
  });

  it("says 'please Select Id' when Initiate Legal or Not fit for legal is pressed with nothing selected", async () => {
    const api = stubApi([{ match: /\/api\/legal\/pool\?/, reply: () => jsonResponse(200, keysetPage([poolRow(1)])) }]);
    renderPool();
    await screen.findByTestId('pool-table');
    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Initiate Legal' }));
    expect(toastStore.get().toasts.map((toast) => toast.message)).toEqual(['please Select Id']);
    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Not fit for legal' }));
    expect(toastStore.get().toasts).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('initiates legal for the selected accounts with a case type, toasts the case numbers and reloads the pool', async () => {
    const api = stubApi([
      {
        match: /\/api\/legal\/pool\?/,
        reply: () => jsonResponse(200, keysetPage([poolRow(1), poolRow(2), poolRow(3)])),
      },
      {
        method: 'POST',
        match: /\/api\/legal\/pool\/initiate$/,
        reply: () =>
          jsonResponse(201, {
            cases: [
              { caseId: 11, caseNo: 'LC-2025-000011', accountId: 1 },
              { caseId: 12, caseNo: 'LC-2025-000012', accountId: 3 },
            ],
          }),
      },
    ]);
    renderPool();
    await screen.findByTestId('pool-table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select AUTO00000001 · Customer 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select AUTO00000003 · Customer 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Initiate Legal' }));
    const dialog = await screen.findByRole('dialog');
    // The case type is mandatory.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initiate Legal' }));
    expect((await within(dialog).findByTestId('initiate-missing')).textContent).toBe('Please fill mandatory fields');
    expect(within(dialog).getByText('This field is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Case type/), { target: { value: 'S138' } });
    fireEvent.change(within(dialog).getByLabelText('Remarks'), { target: { value: 'Cheque bounced twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initiate Legal' }));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe('Legal cases created: LC-2025-000011, LC-2025-000012'),
    );
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ accountIds: [1, 3], caseType: 'S138', remarks: 'Cheque bounced twice' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(poolGets(api)).toHaveLength(2));
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it("shows the server's detail when an account is not eligible or already has an open case", async () => {
    stubApi([
      { match: /\/api\/legal\/pool\?/, reply: () => jsonResponse(200, keysetPage([poolRow(1)])) },
      {
        method: 'POST',
        match: /\/api\/legal\/pool\/initiate$/,
        reply: () =>
          jsonResponse(409, {
            error_code: 'CASE_ALREADY_OPEN',
            detail: 'Account AUTO00000001 already has an open legal case LC-2025-000009.',
          }),
      },
    ]);
    renderPool();
    await screen.findByTestId('pool-table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Initiate Legal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Case type/), { target: { value: 'CIVIL_SUIT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initiate Legal' }));
    expect((await within(dialog).findByTestId('initiate-error')).textContent).toBe(
      'Account AUTO00000001 already has an open legal case LC-2025-000009.',
    );
  });

  it('marks accounts not fit for legal only with remarks', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/pool\?/, reply: () => jsonResponse(200, keysetPage([poolRow(1), poolRow(2)])) },
      { method: 'POST', match: /\/api\/legal\/pool\/decline$/, reply: () => jsonResponse(200, { declined: 2 }) },
    ]);
    renderPool();
    await screen.findByTestId('pool-table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Not fit for legal' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not fit for legal' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Remarks/), {
      target: { value: 'Borrower deceased, estate pending' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not fit for legal' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('2 accounts marked not fit for legal.'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      accountIds: [1, 2],
      remarks: 'Borrower deceased, estate pending',
    });
  });

  it('opens an account in the tab named legalPool_tabView', async () => {
    stubApi([{ match: /\/api\/legal\/pool\?/, reply: () => jsonResponse(200, keysetPage([poolRow(42)])) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderPool();
    fireEvent.click(await screen.findByRole('button', { name: /Open account AUTO00000042/ }));
    expect(open).toHaveBeenCalledWith('/legal/legalPool/account/42', 'legalPool_tabView');
    expect(sessionStore.get().openTabs.map((tab) => tab.name)).toEqual(['legalPool_tabView']);
  });

  it('shows an empty pool, and a failed load with Retry', async () => {
    let fail = true;
    stubApi([
      {
        match: /\/api\/legal\/pool\?/,
        reply: () =>
          fail
            ? jsonResponse(500, { error_code: 'INTERNAL', detail: 'Database unavailable' })
            : jsonResponse(200, keysetPage([])),
      },
    ]);
    renderPool();
    const error = await screen.findByTestId('pool-error');
    expect(within(error).getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('pool-empty')).textContent).toContain(
      'No account in this view meets the legal pool rule.',
    );
  });
});
