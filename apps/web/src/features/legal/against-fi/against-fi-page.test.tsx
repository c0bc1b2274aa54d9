import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fiMatter, legalSession, pagedReply, queryOf, stubApi } from '../test/legal-fixtures.ts';
import { LegalAgainstFiPage } from './against-fi-page.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(search = '') {
  return renderWithProviders(
    <>
      <LegalAgainstFiPage />
      <LocationProbe />
    </>,
    { path: '/legal/legalAgainstFI', url: `/legal/legalAgainstFI${search}` },
  );
}

const listGets = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/legal/against-fi?'));

describe('Legal Against Financial Institutions', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists matters page by page with the search and status of the address', async () => {
    const api = stubApi([
      {
        match: /\/api\/legal\/against-fi\?/,
        reply: () =>
          jsonResponse(
            200,
            pagedReply([fiMatter(1), fiMatter(2, { status: 'DISPOSED', outcome: 'Dismissed' })], {
              count: 60,
              page: 2,
            }),
          ),
      },
    ]);
    renderPage('?q=Anil&status=OPEN&page=2');
    const table = await screen.findByTestId('fi-table');
    expect(queryOf(listGets(api)[0]!.url)).toEqual({ q: 'Anil', status: 'OPEN', page: '2', pageSize: '25' });
    expect(within(table).getAllByText('Consumer commission')).toHaveLength(2);
    expect(within(table).getAllByText('₹2,50,000.00')).toHaveLength(2);
    expect(within(table).getByText('Disposed')).toBeTruthy();
    expect(within(table).getByText('Dismissed')).toBeTruthy();
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 26–50 of 60');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(new URLSearchParams(screen.getByTestId('location').textContent ?? '').get('page')).toBe('3'),
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DISPOSED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('location').textContent ?? ''))).toEqual({
        q: 'Anil',
        status: 'DISPOSED',
      }),
    );
  });

  it('adding a matter needs the mandatory fields and a filing date that is not in the future', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/against-fi\?/, reply: () => jsonResponse(200, pagedReply([])) },
      { method: 'POST', match: /\/api\/legal\/against-fi$/, reply: () => jsonResponse(201, fiMatter(9)) },
    ]);
    renderPage();
    expect(await screen.findByTestId('fi-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add matter' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add matter' }));
    expect((await within(dialog).findByTestId('fi-add-incomplete')).textContent).toBe('Please fill mandatory fields');
    expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThanOrEqual(4);

    fireEvent.change(within(dialog).getByLabelText(/Petitioner name/), { target: { value: 'Anil Deshmukh' } });
    fireEvent.change(within(dialog).getByLabelText(/Forum/), { target: { value: 'BANKING_OMBUDSMAN' } });
    fireEvent.change(within(dialog).getByLabelText(/Filed on/), { target: { value: '2025-12-01' } });
    fireEvent.change(within(dialog).getByLabelText(/Subject of the matter/), {
      target: { value: 'Complaint about recovery calls' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Claim amount/), { target: { value: '1500.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add matter' }));
    expect(await within(dialog).findByText('Date should be on or before 03/11/2025')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Filed on/), { target: { value: '2025-10-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add matter' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('Matter FI-2025-0009 has been added.'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      petitionerName: 'Anil Deshmukh',
      forum: 'BANKING_OMBUDSMAN',
      filedOn: '2025-10-15',
      currency: 'INR',
      subject: 'Complaint about recovery calls',
      claimAmount: '1500.5',
    });
  });

  it('a disposed matter needs its outcome; the update is sent with the row version', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/against-fi\?/, reply: () => jsonResponse(200, pagedReply([fiMatter(1)])) },
      { method: 'PATCH', match: /\/api\/legal\/against-fi\/1$/, reply: () => jsonResponse(200, fiMatter(1)) },
    ]);
    renderPage();
    await screen.findByTestId('fi-table');
    fireEvent.click(screen.getByRole('button', { name: 'Update matter FI-2025-0001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'DISPOSED' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save update' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Outcome/), { target: { value: 'Complaint dismissed' } });
    fireEvent.change(within(dialog).getByLabelText('Next hearing date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save update' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('Matter FI-2025-0001 has been updated.'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      version: 3,
      status: 'DISPOSED',
      nextHearingDate: null,
      outcome: 'Complaint dismissed',
    });
  });

  it('a stale version says the matter changed and reloads the list', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/against-fi\?/, reply: () => jsonResponse(200, pagedReply([fiMatter(1)])) },
      {
        method: 'PATCH',
        match: /\/api\/legal\/against-fi\/1$/,
        reply: () => jsonResponse(409, { error_code: 'STALE_VERSION', detail: 'stale' }),
      },
    ]);
    renderPage();
    await screen.findByTestId('fi-table');
    fireEvent.click(screen.getByRole('button', { name: 'Update matter FI-2025-0001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Advocate/), { target: { value: 'Adv. R. Kulkarni' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save update' }));
    expect((await within(dialog).findByTestId('fi-update-error')).textContent).toBe(
      'Someone else changed this record. The latest version has been loaded; check it and try again.',
    );
    await waitFor(() => expect(listGets(api)).toHaveLength(2));
  });
});
