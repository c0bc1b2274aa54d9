import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from '@recovery-desk/domain/command-center/settings.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CommandCenterSettingsPage } from './settings-page.tsx';

// Command Center Settings against a stubbed API: the groups with each value's bounds and default, the severity table
// following the thresholds as typed, a save with the version read, a value out of bounds refused before sending, and
// the error state when the settings cannot be read.

type Call = { method: string; url: string; body: unknown };

function stub(reply: (method: string) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      return reply(method);
    }),
  );
  return calls;
}

const REPLY = {
  settings: DEFAULT_COMMAND_CENTER_SETTINGS,
  defaults: DEFAULT_COMMAND_CENTER_SETTINGS,
  version: 3,
  updatedAt: '2026-11-20T06:00:00.000Z',
  updatedBy: 'Command Centre West',
};

describe('Command Center Settings', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ systemAuthorities: ['LEGAL_SETTINGS_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the groups and the severity table, follows the thresholds typed, saves with the version read', async () => {
    const calls = stub((method) => jsonResponse(200, method === 'PUT' ? { ...REPLY, version: 4 } : REPLY));
    renderWithProviders(<CommandCenterSettingsPage />, { path: '/cmdCenter/settings', url: '/cmdCenter/settings' });
    const form = await screen.findByTestId('cc-settings-form');
    for (const group of ['Tracking', 'Stops and idle time', 'Customer geofence', 'Retention'])
      expect(within(form).getByText(group)).toBeTruthy();
    expect(within(form).getByText('From 7 to 730; default 90.')).toBeTruthy();
    expect(screen.getByText(/Last saved by Command Centre West/)).toBeTruthy();

    const table = screen.getByTestId('cc-severity-table');
    const far = within(table).getByRole('rowheader', { name: 'Receipt far from the customer' }).closest('tr')!;
    expect(far.textContent).toContain('Distance (metres): more than 2,000');
    expect(far.textContent).toContain('Arukus field-fraud guidance');
    fireEvent.change(within(form).getByLabelText(/^A receipt is far from the customer beyond/), {
      target: { value: '800' },
    });
    await waitFor(() => expect(far.textContent).toContain('Distance (metres): more than 3,200'));

    fireEvent.change(within(form).getByLabelText(/^Positions are kept for/), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toMatch(/\/api\/cmd-center\/settings$/);
    expect(put.body).toEqual({ ...DEFAULT_COMMAND_CENTER_SETTINGS, shadyFarM: 800, retentionDays: 120, version: 3 });
  });

  it('refuses a value out of bounds before sending it', async () => {
    const calls = stub(() => jsonResponse(200, REPLY));
    renderWithProviders(<CommandCenterSettingsPage />, { path: '/cmdCenter/settings', url: '/cmdCenter/settings' });
    const form = await screen.findByTestId('cc-settings-form');
    fireEvent.change(within(form).getByLabelText(/^Geofence radius around the address/), { target: { value: '250' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(/at most 200/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says so when the settings cannot be read', async () => {
    stub(() => jsonResponse(503, { error_code: 'UNAVAILABLE', detail: 'The database is not reachable.' }));
    renderWithProviders(<CommandCenterSettingsPage />, { path: '/cmdCenter/settings', url: '/cmdCenter/settings' });
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
  });
});
