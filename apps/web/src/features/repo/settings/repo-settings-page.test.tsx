import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession, repoSettingsReply } from '../test/repo-fixtures.ts';
import { RepoSettingsPage } from './repo-settings-page.tsx';

describe('Repossession Settings', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('sends a changed timeline with the version read; the toast names the version new cases start on', async () => {
    let stored = repoSettingsReply();
    const api = stubApi([
      { match: /\/api\/repo\/settings$/, reply: () => jsonResponse(200, stored) },
      {
        method: 'PUT',
        match: /\/api\/repo\/settings\/REPOSSESSION$/,
        reply: () => {
          stored = repoSettingsReply({ repoVersion: 1, repoDefinitionVersion: 2 });
          return jsonResponse(200, stored);
        },
      },
    ]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings' });
    const repo = await screen.findByTestId('settings-REPOSSESSION');
    expect(within(screen.getByTestId('settings-SARFAESI')).getByLabelText(/§13\(2\) notice period/)).toBeTruthy();
    fireEvent.change(within(repo).getByLabelText(/Valuation after yard-in/), { target: { value: '10' } });
    fireEvent.click(within(repo).getByRole('button', { name: 'Save timelines' }));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe(
        'The timelines have been saved. New cases now start on version 2.',
      ),
    );
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      timelines: { ...repoSettingsReply().workflows[0]!.timelines, valuationDays: 10 },
      version: 0,
    });
    expect(await screen.findByText('Definition version 2')).toBeTruthy();
  });

  it('refuses a value out of bounds and sends nothing', async () => {
    const api = stubApi([{ match: /\/api\/repo\/settings$/, reply: () => jsonResponse(200, repoSettingsReply()) }]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings' });
    const sarf = await screen.findByTestId('settings-SARFAESI');
    fireEvent.change(within(sarf).getByLabelText(/§13\(2\) notice period/), { target: { value: '0' } });
    fireEvent.click(within(sarf).getByRole('button', { name: 'Save timelines' }));
    expect(await within(sarf).findByText('Enter a whole number from 1 to 365')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
