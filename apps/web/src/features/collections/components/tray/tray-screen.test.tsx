import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../../lib/session-store.ts';
import { toastStore } from '../../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { accountRow, page, stubApi } from '../../test/collections-fixtures.ts';
import { TrayScreen } from './tray-screen.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderTray(key: string, url: string) {
  const tray = findTray(key)!;
  return renderWithProviders(
    <>
      <TrayScreen tray={tray} title="Tray" />
      <LocationProbe />
    </>,
    { path: '/collapp/tray', url: `/collapp/tray${url}` },
  );
}

function search(): URLSearchParams {
  return new URLSearchParams(screen.getByTestId('location').textContent ?? '');
}

const ME = { id: 7, username: 'mgr', full_name: 'Vikram Desai', email: 'v@example.test', is_demo_outbox_reader: false };

describe('TrayScreen', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ userDetails: ME }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('asks the API with the filters of the address and shows money, bucket and product in words', async () => {
    const api = stubApi([
      {
        match: /\/api\/collections\/trays\/telecaller\?/,
        reply: () =>
          jsonResponse(200, page([accountRow(1), accountRow(2, { currency: 'USD', bucket: 'B3', product: 'HOME' })])),
      },
    ]);
    renderTray('telecaller', '?dpdFrom=31&dpdTo=60&products=AUTO');
    const table = await screen.findByTestId('tray-table');
    const query = new URL(api.calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ view: 'my', dpdFrom: '31', dpdTo: '60', products: 'AUTO' });
    expect(within(table).getByText('₹25,000.00')).toBeTruthy();
    expect(within(table).getByText('$25,000.00')).toBeTruthy();
    expect(within(table).getByText('31–60')).toBeTruthy();
    expect(within(table).getByText('Home')).toBeTruthy();
    for (const header of within(table).getAllByRole('columnheader')) expect(header.getAttribute('scope')).toBe('col');
    expect(screen.getByTestId('tray-range').textContent).toBe('Showing 1–2 of 2');
    // The filter form shows what the address holds.
    expect((screen.getByLabelText('DPD from') as HTMLInputElement).value).toBe('31');
    expect((screen.getByLabelText('Auto') as HTMLInputElement).checked).toBe(true);
  });

  it('applies valid filters into the address from the first page, and refuses a reversed range with a message', async () => {
    stubApi([{ match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([accountRow(1)])) }]);
    renderTray('telecaller', '?direction=next&cursor=abc&from=26');
    await screen.findByTestId('tray-table');

    fireEvent.change(screen.getByLabelText('DPD from'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('DPD to'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('DPD to must be at least DPD from')).toBeTruthy();
    expect(search().get('dpdFrom')).toBeNull();

    fireEvent.change(screen.getByLabelText('DPD to'), { target: { value: '120' } });
    fireEvent.click(screen.getByLabelText('Personal'));
    fireEvent.change(screen.getByLabelText('Account no or customer name'), { target: { value: 'Kulkarni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(search().get('dpdFrom')).toBe('90'));
    expect(Object.fromEntries(search())).toEqual({ dpdFrom: '90', dpdTo: '120', products: 'PERSONAL', q: 'Kulkarni' });
  });

  it('switching to Team View and sorting a column are kept in the address', async () => {
    stubApi([{ match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([accountRow(1)])) }]);
    renderTray('telecaller', '');
    await screen.findByTestId('tray-table');
    fireEvent.click(screen.getByRole('radio', { name: 'Team View' }));
    await waitFor(() => expect(search().get('view')).toBe('team'));
    fireEvent.click(screen.getByTestId('sort-dpd'));
    await waitFor(() => expect(search().get('sort')).toBe('dpd'));
    expect(search().get('order')).toBe('asc');
    const header = screen.getByTestId('sort-dpd').closest('th');
    await waitFor(() => expect(header?.getAttribute('aria-sort')).toBe('ascending'));
  });

  it('an empty result under filters says so and offers Clear filters', async () => {
    stubApi([{ match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([])) }]);
    renderTray('telecaller', '?dpdFrom=400&q=zzz');
    const empty = await screen.findByTestId('tray-empty');
    expect(within(empty).getByText('No accounts match these filters')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().toString()).toBe(''));
  });

  it('a failed load shows the error with Retry, which loads again', async () => {
    let fail = true;
    stubApi([
      {
        match: /\/trays\/telecaller\?/,
        reply: () =>
          fail
            ? jsonResponse(500, { error_code: 'INTERNAL', detail: 'Database unavailable' })
            : jsonResponse(200, page([accountRow(1)])),
      },
    ]);
    renderTray('telecaller', '');
    const error = await screen.findByTestId('tray-error');
    expect(within(error).getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('tray-table')).toBeTruthy();
  });

  it('opens an account in the tab named <tray>_tabView', async () => {
    stubApi([{ match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([accountRow(42)])) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderTray('telecaller', '');
    const opener = await screen.findByRole('button', { name: /Open account AUTO00000042/ });
    fireEvent.click(opener);
    expect(open).toHaveBeenCalledWith('/collapp/telecaller/account/42', 'telecaller_tabView');
    expect(sessionStore.get().openTabs.map((tab) => tab.name)).toEqual(['telecaller_tabView']);
  });

  it('opens an account from the keyboard (Enter on the focused account number)', async () => {
    stubApi([{ match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([accountRow(42)])) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderTray('telecaller', '');
    const opener = await screen.findByRole('button', { name: /Open account AUTO00000042/ });
    opener.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(open).toHaveBeenCalledWith('/collapp/telecaller/account/42', 'telecaller_tabView');
  });

  it('exports the current view (view, filters, sort; no page position) and saves it under the server name', async () => {
    const api = stubApi([
      {
        match: /\/trays\/telecaller\/export\?/,
        reply: () =>
          new Response('a,b\n', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="telecaller-2026-11-21.csv"' },
          }),
      },
      { match: /\/trays\/telecaller\?/, reply: () => jsonResponse(200, page([accountRow(1)])) },
    ]);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderTray('telecaller', '?view=team&dpdFrom=31&sort=dpd&order=desc&direction=next&cursor=abc&from=26');
    await screen.findByTestId('tray-table');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['telecaller-2026-11-21.csv']));
    const exported = api.calls.find((call) => call.url.includes('/export?'))!;
    expect(Object.fromEntries(new URL(exported.url, 'http://x').searchParams)).toEqual({
      view: 'team',
      dpdFrom: '31',
      sort: 'dpd',
      order: 'desc',
      format: 'csv',
    });
  });

  it('field collector referrals open the case/account detail with the PTP as case', async () => {
    const ptp = {
      ptpId: 9,
      accountId: 42,
      accountNo: 'AUTO00000042',
      customerName: 'Ramesh',
      currency: 'INR',
      dpd: 70,
      bucket: 'B3',
      promisedDate: '2025-11-10',
      promisedAmount: '15000.00',
      ptpStatus: 'BROKEN',
      deviationStatus: 'NONE',
      deviationReasons: [],
      capturedBy: 'Priya',
      capturedByUserId: 3,
      referredTo: 'Santosh',
      version: 2,
    };
    stubApi([{ match: /\/trays\/fieldCollectorPtpReferralList\?/, reply: () => jsonResponse(200, page([ptp])) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderTray('fieldCollectorPtpReferralList', '');
    fireEvent.click(await screen.findByRole('button', { name: /Open account AUTO00000042/ }));
    expect(open).toHaveBeenCalledWith(
      '/collapp/fieldCollectorPtpReferralList/case/9/account/42',
      'fieldCollectorPtpReferralList_tabView',
    );
  });

  it('shows each extra view as a tab with its count, and the row actions of the open view', async () => {
    const escalation = {
      escalationId: 5,
      accountId: 42,
      accountNo: 'AUTO00000042',
      customerName: 'Ramesh',
      currency: 'INR',
      dpd: 95,
      bucket: 'B4',
      totalAmountOverdue: '40000.00',
      escalationReason: 'Broken PTP',
      escalationStatus: 'OPEN',
      raisedOn: '2025-10-30',
      allocatedTo: 'Priya',
      version: 1,
    };
    stubApi([
      {
        match: /searchView=historicEscalation/,
        reply: () => jsonResponse(200, { ...page([]), count: 3, pageSize: 10 }),
      },
      { match: /\/trays\/escalcases\?/, reply: () => jsonResponse(200, page([escalation], { count: 7 })) },
    ]);
    renderTray('escalcases', '');
    await screen.findByTestId('tray-table');
    await waitFor(() => expect(screen.getByTestId('view-count-historicEscalation').textContent).toBe('3'));
    expect(screen.getByTestId('view-count-currentEscalation').textContent).toBe('7');
    expect(screen.getByRole('tab', { name: /Current Escalation/ }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['Approve', 'Reject', 'Reallocate']) expect(screen.getByRole('button', { name })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    // Focus moves into the dialog, onto its first field.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Remarks/)));

    fireEvent.click(screen.getByRole('tab', { name: /Historic Escalation/ }));
    await waitFor(() => expect(search().get('searchView')).toBe('historicEscalation'));
  });

  it("manual allocation: nothing selected says 'Select accounts for Allocation'; a selection is allocated", async () => {
    const api = stubApi([
      { match: /\/trays\/manualalloc\?/, reply: () => jsonResponse(200, page([accountRow(1), accountRow(2)])) },
      {
        match: /\/assignees\?for=manualalloc/,
        reply: () =>
          jsonResponse(200, {
            users: [{ id: 31, name: 'Priya Sharma', username: 'tc.andheri', unitCode: 'BR-AND' }],
            agencies: [{ id: 4, name: 'Western Recoveries', code: 'AG-W' }],
          }),
      },
      {
        method: 'POST',
        match: /\/api\/collections\/allocations$/,
        reply: () => jsonResponse(200, { allocated: 1, accountIds: [2], to: 'Priya Sharma' }),
      },
    ]);
    renderTray('manualalloc', '');
    await screen.findByTestId('tray-table');
    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('Select accounts for Allocation'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /Select AUTO00000002/ }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    const dialog = await screen.findByRole('dialog');
    const userSelect = await within(dialog).findByLabelText(/User to assign/);
    fireEvent.change(userSelect, { target: { value: '31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ accountIds: [2], toUserId: 31 });
    await waitFor(() => expect(toastStore.get().toasts.at(-1)?.message).toBe('1 account allocated.'));
  });

  it('allocation hold: Start hold needs a listed reason; a held account offers End hold', async () => {
    const api = stubApi([
      {
        match: /\/trays\/allocationHold\?/,
        reply: () => jsonResponse(200, page([accountRow(1), accountRow(2, { isOnHold: true })])),
      },
      {
        method: 'POST',
        match: /\/accounts\/1\/holds$/,
        reply: () =>
          jsonResponse(200, { restriction: {}, account: { id: 1, isOnHold: true, isSuppressed: false, version: 2 } }),
      },
    ]);
    renderTray('allocationHold', '');
    const rows = await screen.findAllByTestId('tray-row');
    expect(within(rows[1]!).getByRole('button', { name: 'End hold' })).toBeTruthy();
    expect(within(rows[1]!).getByText('On hold')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Start hold' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start hold' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Complaint pending' } });
    fireEvent.change(within(dialog).getByLabelText('Remarks'), { target: { value: 'Ombudsman ref 42' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start hold' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        action: 'START',
        reason: 'Complaint pending',
        remarks: 'Ombudsman ref 42',
      }),
    );
    await waitFor(() =>
      expect(toastStore.get().toasts.at(-1)?.message).toMatch(/^Allocation hold started for AUTO00000001/),
    );
  });

  it('re-allocation approval: the maker sees a disabled Approve saying why; others can approve', async () => {
    const request = (id: number, makerUserId: number) => ({
      requestId: id,
      accountCount: 2,
      accountNos: 'AUTO1, AUTO2',
      toName: 'Rahul Patil',
      reason: 'Workload balance',
      maker: makerUserId === ME.id ? 'Vikram Desai' : 'Neha Kulkarni',
      makerUserId,
      requestStatus: 'PENDING',
      createdAt: '2025-11-03T05:00:00.000Z',
      version: 1,
    });
    stubApi([
      {
        match: /\/trays\/manualReAllocListApproval\?/,
        reply: () => jsonResponse(200, page([request(1, 7), request(2, 8)])),
      },
    ]);
    renderTray('manualReAllocListApproval', '');
    const rows = await screen.findAllByTestId('tray-row');
    const own = within(rows[0]!).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(within(rows[0]!).getByText('You made this request')).toBeTruthy();
    expect(document.getElementById(own.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You made this request',
    );
    expect((within(rows[1]!).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(rows[1]!).queryByText('You made this request')).toBeNull();
  });
});
