import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoDashboardReply, repoSession } from '../test/repo-fixtures.ts';
import { RepoDownloadPage } from './repo-download-page.tsx';

describe('Repossession File Download', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('downloads the chosen cases as XLSX with the workflow, stage, state and date range', async () => {
    const api = stubApi([
      { match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardReply()) },
      {
        match: /\/api\/repo\/downloads\/cases\?/,
        reply: () =>
          new Response('x', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="repossession-cases.xlsx"' },
          }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<RepoDownloadPage />, { path: '/Repoapp/DownloadRepo' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Repossession File Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /CSV/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'RepoInitiate' } });
    fireEvent.change(screen.getByLabelText('Cases'), { target: { value: 'OPEN' } });
    fireEvent.change(screen.getByLabelText('Opened from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Opened to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: /XLSX/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const call = api.calls.find((entry) => entry.url.startsWith('/api/repo/downloads/cases'));
    expect(call?.url).toBe(
      '/api/repo/downloads/cases?code=REPOSSESSION&stage=RepoInitiate&state=OPEN&from=2026-03-01&to=2026-03-31',
    );
  });

  it('refuses a range that ends before it starts', async () => {
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardReply()) }]);
    renderWithProviders(<RepoDownloadPage />, { path: '/Repoapp/DownloadRepo' });
    fireEvent.change(await screen.findByLabelText('Opened from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Opened to'), { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('The end of the range is before its start.');
    expect(screen.queryByRole('button', { name: /XLSX/ })).toBeNull();
  });

  it('shows the error of the workflows', async () => {
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(500, { detail: 'boom' }) }]);
    renderWithProviders(<RepoDownloadPage />, { path: '/Repoapp/DownloadRepo' });
    expect(await screen.findByTestId('download-error', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
