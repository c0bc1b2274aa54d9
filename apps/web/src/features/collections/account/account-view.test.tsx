import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { accountView, DISPOSITIONS_REPLY, stubApi } from '../test/collections-fixtures.ts';
import { AccountView } from './account-view.tsx';

const ALL_TABS = [
  'Account',
  'Customer',
  'Address',
  'Contact',
  'CollateralDetails',
  'Payments',
  'LinkedAccounts',
  'Followup',
];
const readOnlyTabs = ALL_TABS.map((name) => ({ name, editable: false }));

function renderAccount(tab = '') {
  return renderWithProviders(<AccountView trayKey="telecaller" accountId="501" title="Telecaller Account" />, {
    path: '/collapp/telecaller/account/:accountid',
    url: `/collapp/telecaller/account/501${tab ? `?tab=${tab}` : ''}`,
  });
}

function stubAccount(view: unknown, extra: Parameters<typeof stubApi>[0] = []) {
  return stubApi([
    ...extra,
    { match: /\/api\/collections\/accounts\/501\?tray=telecaller$/, reply: () => jsonResponse(200, view) },
    { match: /\/api\/collections\/dispositions$/, reply: () => jsonResponse(200, DISPOSITIONS_REPLY) },
  ]);
}

describe('AccountView', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the header and the tabs in spec order, with the account fields of spec §3', async () => {
    stubAccount(accountView());
    renderAccount();
    const header = await screen.findByTestId('account-header');
    expect(within(header).getByText('AUTO00000501 · Ramesh Kulkarni')).toBeTruthy();
    expect(within(header).getByText('45 days (31–60)')).toBeTruthy();
    expect(within(header).getByText('SMA-1')).toBeTruthy();
    expect(within(header).getByText('₹29,000.00')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account',
      'Customer',
      'Address',
      'Contact',
      'Collateral Details',
      'Payments',
      'Linked Accounts',
      'Followup',
    ]);
    const fields = screen.getByTestId('account-fields');
    for (const label of ['Bounce reason', 'EMI amount', 'Disbursal date', 'Repayment mode', 'Delinquent flag']) {
      expect(within(fields).getByText(label)).toBeTruthy();
    }
    expect(within(fields).getByText('₹14,500.00')).toBeTruthy();
    expect(within(fields).getByText('48 months')).toBeTruthy();
  });

  it('hides tabs the authority does not list', async () => {
    stubAccount(
      accountView({
        tabs: [
          { name: 'Followup', editable: false },
          { name: 'Account', editable: false },
        ],
      }),
    );
    renderAccount();
    await screen.findByTestId('account-header');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Followup']);
  });

  it('a read-only Contact tab has no edit controls and says it is read only', async () => {
    stubAccount(accountView({ tabs: readOnlyTabs }));
    renderAccount('Contact');
    const panel = await screen.findByTestId('panel-Contact');
    expect(within(panel).getByText('9876543210')).toBeTruthy();
    expect(within(panel).getByTestId('read-only-badge').textContent).toBe('Read only');
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(panel).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('a read-only Followup tab shows the history but no follow-up form and no upload', async () => {
    stubAccount(accountView({ tabs: readOnlyTabs }));
    renderAccount('Followup');
    const panel = await screen.findByTestId('panel-Followup');
    expect(within(panel).getByTestId('read-only-badge')).toBeTruthy();
    expect(within(panel).getByTestId('follow-up-history')).toBeTruthy();
    expect(within(panel).getByText('No answer')).toBeTruthy();
    expect(within(panel).queryByTestId('follow-up-form')).toBeNull();
    expect(within(panel).queryByTestId('upload-form')).toBeNull();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('an editable Followup tab has the form, and a saved follow-up reloads the history', async () => {
    let saved = false;
    const newEntry = { ...accountView().followUps[0]!, id: 902, dispositionCode: 'PTP', remarks: 'Will pay Friday' };
    stubApi([
      {
        match: /\/accounts\/501\?tray=telecaller$/,
        reply: () => jsonResponse(200, accountView(saved ? { followUps: [newEntry, ...accountView().followUps] } : {})),
      },
      { match: /\/dispositions$/, reply: () => jsonResponse(200, DISPOSITIONS_REPLY) },
      {
        method: 'POST',
        match: /\/accounts\/501\/follow-ups\?tray=telecaller$/,
        reply: () => {
          saved = true;
          return jsonResponse(200, { followUp: newEntry, ptp: null });
        },
      },
    ]);
    renderAccount('Followup');
    const form = await screen.findByTestId('follow-up-form');
    expect(screen.queryByTestId('read-only-badge')).toBeNull();
    await waitFor(() => expect(within(form).getAllByRole('option', { name: /Promise to pay/ })).toHaveLength(1));
    fireEvent.change(within(form).getByLabelText(/^Contact mode/), { target: { value: 'INBOUND' } });
    fireEvent.change(within(form).getByLabelText(/^Disposition/), { target: { value: 'RNR' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save follow-up' }));
    expect(await screen.findByText('Will pay Friday')).toBeTruthy();
  });

  it('edits a contact with its version; a stale version says someone else changed it and reloads', async () => {
    let loads = 0;
    const api = stubApi([
      {
        match: /\/accounts\/501\?tray=telecaller$/,
        reply: () => {
          loads += 1;
          return jsonResponse(200, accountView());
        },
      },
      {
        method: 'PATCH',
        match: /\/accounts\/501\/contacts\/21\?tray=telecaller$/,
        reply: () => jsonResponse(409, { error_code: 'STALE_VERSION', detail: 'The record was changed' }),
      },
    ]);
    renderAccount('Contact');
    const panel = await screen.findByTestId('panel-Contact');
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit contact 9876543210' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Phone or mobile/), { target: { value: '98-7654-3211' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 4, phone: '9876543211' });
    await waitFor(() => expect(toastStore.get().toasts[0]?.title).toBe('Record changed'));
    expect(toastStore.get().toasts[0]?.message).toMatch(/^Someone else changed this record/);
    await waitFor(() => expect(loads).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('validates the address PIN with the spec rules: digits only, exactly 6', async () => {
    const api = stubAccount(accountView());
    renderAccount('Address');
    const panel = await screen.findByTestId('panel-Address');
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit the Residence address' }));
    const dialog = await screen.findByRole('dialog');
    const pin = within(dialog).getByLabelText(/^PIN code/) as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '40a05' } });
    expect(pin.value).toBe('4005');
    expect(within(dialog).getByText('Only numbers are allowed')).toBeTruthy();
    fireEvent.blur(pin);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field requires a minimum length of 6')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('an account outside the acting unit says so (404)', async () => {
    stubApi([
      {
        match: /\/accounts\/501\?tray=telecaller$/,
        reply: () => jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Account not found' }),
      },
    ]);
    renderAccount();
    const error = await screen.findByTestId('account-error');
    expect(error.textContent).toContain('This account is not in the scope of your acting unit');
  });
});
