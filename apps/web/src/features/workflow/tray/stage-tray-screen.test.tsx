import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stageRouteOfList } from '../stage-routes.ts';
import { caseRow, caseView, definitionRoute, pdfResponse, stubApi, trayPage } from '../test/workflow-fixtures.ts';
import { StageTrayScreen } from './stage-tray-screen.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderTray(routeName: string, url = '') {
  const entry = stageRouteOfList(routeName)!;
  return renderWithProviders(
    <>
      <StageTrayScreen entry={entry} title="Tray" />
      <LocationProbe />
    </>,
    { path: entry.listRoute.path, url: `${entry.listRoute.path}${url}` },
  );
}

function search(): URLSearchParams {
  return new URLSearchParams(screen.getByTestId('location').textContent ?? '');
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

function toastMessages(): string[] {
  return toastStore.get().toasts.map((toast) => toast.message);
}

describe('StageTrayScreen', () => {
  beforeEach(() => {
    sessionStore.set(
      signedInSession({
        activeApp: 'legalapp',
        systemAuthorities: ['LEGAL_FILE_APP_SAUTH', 'LEGAL_NOTICE_SAUTH', 'LEGAL_WITHDRAWAL_SUATH', 'LEGAL_INIT_SAUTH'],
      }),
    );
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the four case tabs with their counts, Team View for an approval stage, and the stage columns', async () => {
    const api = stubApi([
      {
        match: /\/api\/workflow\/LEGAL\/stages\/FILING_APPROVAL\/cases\?/,
        reply: () =>
          jsonResponse(200, trayPage([caseRow(1), caseRow(2, { currency: 'USD', totalDueAmount: '1200.5' })])),
      },
    ]);
    renderTray('legalFilingApproval');
    const table = await screen.findByTestId('stage-tray-table');
    expect(queryOf(api.calls[0]!.url)).toEqual({ view: 'team', tab: 'pendingApproval', page: '1', pageSize: '25' });
    expect(screen.getByRole('radio', { name: 'Team View' })).toHaveProperty('checked', true);

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Pending Approval2', 'Approved4', 'Rejected1', 'Pushback2']);
    expect(screen.getByRole('tab', { name: /Pending Approval/ }).getAttribute('aria-selected')).toBe('true');

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual([
      'Case no',
      'Account no',
      'Customer name',
      'Product',
      'DPD',
      'Total due amount',
      'Case type',
      'Claim amount',
      'Status',
      'In stage since',
      'Due on',
      'Submitted by',
    ]);
    const first = within(table).getAllByTestId('stage-tray-row')[0]!;
    expect(within(first).getAllByText('₹2,50,000.00')).toHaveLength(2);
    expect(within(first).getByText('Cheque dishonour (§138 NI Act)')).toBeTruthy();
    expect(within(first).getByTestId('case-status').textContent).toBe('Recommended');
    expect(within(first).getByText('Priya Sharma')).toBeTruthy();
    expect(within(first).getByText('Auto')).toBeTruthy();
    expect(within(table).getByText('$1,200.50')).toBeTruthy();
  });

  it('keeps tab, view, sort and page in the address and asks the API for them', async () => {
    const api = stubApi([
      {
        match: /\/stages\/FILING_APPROVAL\/cases\?/,
        reply: () => jsonResponse(200, trayPage([caseRow(1)], { count: 60 })),
      },
    ]);
    renderTray('legalFilingApproval');
    await screen.findByTestId('stage-tray-table');

    fireEvent.click(screen.getByRole('tab', { name: /Rejected/ }));
    await waitFor(() => expect(search().get('tab')).toBe('rejected'));
    await waitFor(() => expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({ tab: 'rejected', page: '1' }));

    fireEvent.click(await screen.findByRole('radio', { name: 'My View' }));
    await waitFor(() => expect(search().get('view')).toBe('my'));

    fireEvent.click(await screen.findByTestId('sort-caseNo'));
    await waitFor(() => expect(search().get('sort')).toBe('caseNo'));
    expect(search().get('order')).toBe('asc');

    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1)!.url)).toEqual({
        view: 'my',
        tab: 'rejected',
        sort: 'caseNo',
        order: 'asc',
        page: '2',
        pageSize: '25',
      }),
    );
    expect(screen.getByTestId('pager-range').textContent).toBe('Showing 26–50 of 60');

    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '50' } });
    await waitFor(() => expect(search().get('pageSize')).toBe('50'));
    expect(search().get('page')).toBeNull();
  });

  it('validates the filters like the collections trays and applies them from page 1', async () => {
    const api = stubApi([
      { match: /\/stages\/FILING_APPROVAL\/cases\?/, reply: () => jsonResponse(200, trayPage([caseRow(1)])) },
    ]);
    renderTray('legalFilingApproval', '?page=3');
    await screen.findByTestId('stage-tray-table');

    fireEvent.change(screen.getByLabelText('DPD from'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('DPD to'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('DPD to must be at least DPD from')).toBeTruthy();
    expect(search().get('dpdFrom')).toBeNull();

    fireEvent.change(screen.getByLabelText('DPD to'), { target: { value: '365' } });
    fireEvent.change(screen.getByLabelText('Case type'), { target: { value: 'S138' } });
    fireEvent.click(screen.getByLabelText('Overdue only'));
    fireEvent.click(screen.getByLabelText('Personal'));
    fireEvent.change(screen.getByLabelText('Case no, account no or customer name'), { target: { value: 'Kulkarni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(search().get('dpdFrom')).toBe('90'));
    expect(Object.fromEntries(search())).toEqual({
      dpdFrom: '90',
      dpdTo: '365',
      products: 'PERSONAL',
      caseType: 'S138',
      overdueOnly: 'true',
      q: 'Kulkarni',
    });
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({
        dpdFrom: '90',
        dpdTo: '365',
        products: 'PERSONAL',
        caseType: 'S138',
        overdueOnly: 'true',
        q: 'Kulkarni',
        page: '1',
      }),
    );

    // Every applied filter is a chip, the stage tray's own ones included; removing one drops only it.
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
      .getAllByRole('listitem')
      .map((chip) => chip.textContent);
    expect(chips).toEqual(expect.arrayContaining([expect.stringContaining('Overdue only')]));
    expect(chips.some((chip) => chip?.includes('Case type'))).toBe(true);
    fireEvent.click(screen.getByTestId('remove-chip-caseType'));
    await waitFor(() => expect(search().get('caseType')).toBeNull());
    expect(search().get('overdueOnly')).toBe('true');
    fireEvent.click(screen.getByTestId('remove-chip-overdueOnly'));
    await waitFor(() => expect(search().get('overdueOnly')).toBeNull());
    expect(search().get('q')).toBe('Kulkarni');
  });

  it('opens a case in the tab named <screen>_tabView with its case and account ids', async () => {
    stubApi([{ match: /\/stages\/FILING_APPROVAL\/cases\?/, reply: () => jsonResponse(200, trayPage([caseRow(42)])) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderTray('legalFilingApproval');
    fireEvent.click(await screen.findByRole('button', { name: 'Open case LG-2026-00042' }));
    expect(open).toHaveBeenCalledWith('/legalFilingApproval/caseid/42/account/542', 'legalFilingApproval_tabView');
    expect(sessionStore.get().openTabs.map((tab) => tab.name)).toEqual(['legalFilingApproval_tabView']);
  });

  it('Initiate Legal carries the search view initiatelegal, opens in My View and opens the account detail', async () => {
    const api = stubApi([
      {
        match: /\/stages\/INITIATE\/cases\?/,
        reply: () => jsonResponse(200, trayPage([caseRow(5, { stage: 'INITIATE', status: 'Initiated' })])),
      },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderTray('initiateLegal');
    await screen.findByTestId('stage-tray-table');
    await waitFor(() => expect(search().get('searchView')).toBe('initiatelegal'));
    expect(queryOf(api.calls[0]!.url)).toMatchObject({ view: 'my' });
    fireEvent.click(screen.getByRole('button', { name: 'Open case LG-2026-00005' }));
    expect(open).toHaveBeenCalledWith('/legal/initiateLegal/account/505', 'initiateLegal_tabView');
  });

  it('Send Legal Notice: asks for a selection, then generates one PDF for the selected cases and reloads', async () => {
    const api = stubApi([
      {
        match: /\/stages\/NOTICE\/cases\?/,
        reply: () => jsonResponse(200, trayPage([caseRow(1, { stage: 'NOTICE' }), caseRow(2, { stage: 'NOTICE' })])),
      },
      { method: 'POST', match: /\/api\/legal\/notices$/, reply: () => pdfResponse('notices.pdf') },
    ]);
    const createObjectURL = vi.fn(() => 'blob:notices');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderTray('legalNotice');
    await screen.findByTestId('stage-tray-table');

    fireEvent.click(screen.getByRole('button', { name: 'Generate notices' }));
    expect(toastMessages()).toContain('please Select Id');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('Select LG-2026-00001'));
    fireEvent.click(screen.getByLabelText('Select LG-2026-00002'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    const loadsBefore = api.calls.filter((call) => call.method === 'GET').length;
    fireEvent.click(screen.getByRole('button', { name: 'Generate notices' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/legal/notices');
    expect(post.body).toEqual({ caseIds: [1, 2] });
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(loadsBefore));
    expect(toastMessages()).toContain('Notices generated: 2. The PDF has been downloaded.');
    await waitFor(() => expect(screen.getByText('0 selected')).toBeTruthy());
  });

  it('Withdrawal has no case screen: Review shows the case and its actions, and the manager rejects from the tray', async () => {
    const view = caseView({
      stage: 'WITHDRAWAL',
      fields: {
        caseType: 'S138',
        claimAmount: '250000.00',
        withdrawalReason: 'SETTLED',
        settlementReference: 'ST2026001',
        settlementAmount: '200000.00',
      },
      documents: ['settlementLetter'],
      returnStage: 'NOTICE',
      version: 9,
    });
    const api = stubApi([
      {
        match: /\/stages\/WITHDRAWAL\/cases\?/,
        reply: () => jsonResponse(200, trayPage([caseRow(41, { stage: 'WITHDRAWAL' })])),
      },
      { match: /\/api\/workflow\/cases\/41$/, reply: () => jsonResponse(200, view) },
      definitionRoute(),
      {
        method: 'POST',
        match: /\/api\/workflow\/cases\/41\/actions$/,
        reply: () =>
          jsonResponse(200, { ...view, case: { ...view.case, stage: 'NOTICE', status: 'Rejected', version: 10 } }),
      },
    ]);
    const open = vi.spyOn(window, 'open');
    renderTray('legalWithDrawal');
    await screen.findByTestId('stage-tray-table');
    expect(screen.queryByTestId('open-case')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Review case LG-2026-00041' }));
    const review = await screen.findByTestId('case-review');
    expect(await within(review).findByText('Settled')).toBeTruthy();
    expect(within(review).getByText('ST2026001')).toBeTruthy();
    expect(within(review).getByText('₹2,00,000.00')).toBeTruthy();
    expect((within(review).getByRole('button', { name: 'Approve withdrawal' }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    fireEvent.click(within(review).getByRole('button', { name: 'Reject withdrawal' }));
    const dialog = await screen.findByTestId('action-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Remarks/), { target: { value: 'Settlement cheque bounced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    await waitFor(() => expect(screen.queryByTestId('action-dialog')).toBeNull());
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      action: 'reject',
      version: 9,
      expectedStage: 'WITHDRAWAL',
      remarks: 'Settlement cheque bounced',
    });
    expect(toastMessages()).toContain('Reject withdrawal: the case is now at Send Legal Notice with status Rejected.');
    expect(open).not.toHaveBeenCalled();
  });

  it('exports the current view as CSV with its tab, view and filters', async () => {
    const api = stubApi([
      { match: /\/stages\/FILING_APPROVAL\/cases\?/, reply: () => jsonResponse(200, trayPage([caseRow(1)])) },
      { match: /\/stages\/FILING_APPROVAL\/cases\/export\?/, reply: () => pdfResponse('filing.csv') },
    ]);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    renderTray('legalFilingApproval', '?tab=pushback&dpdFrom=30&page=2');
    await screen.findByTestId('stage-tray-table');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('/export?'))).toBe(true));
    const exported = api.calls.find((call) => call.url.includes('/export?'))!;
    expect(queryOf(exported.url)).toEqual({ view: 'team', tab: 'pushback', dpdFrom: '30', format: 'csv' });
  });

  it('says when a tab is empty, and offers Retry when the tray cannot be loaded', async () => {
    let fail = true;
    stubApi([
      {
        match: /\/stages\/FILING_APPROVAL\/cases\?/,
        reply: () =>
          fail
            ? jsonResponse(500, { error_code: 'INTERNAL', detail: 'Database unavailable' })
            : jsonResponse(200, trayPage([])),
      },
    ]);
    renderTray('legalFilingApproval');
    const error = await screen.findByTestId('stage-tray-error');
    expect(within(error).getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    const empty = await screen.findByTestId('stage-tray-empty');
    expect(within(empty).getByText('There are no cases in this tab.')).toBeTruthy();
  });
});
