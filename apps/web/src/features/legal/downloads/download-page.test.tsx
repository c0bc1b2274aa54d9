import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { documentRow, legalSession, pagedReply, queryOf, stubApi } from '../test/legal-fixtures.ts';
import { LegalDownloadPage } from './download-page.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderDownload(search = '') {
  return renderWithProviders(
    <>
      <LegalDownloadPage />
      <LocationProbe />
    </>,
    { path: '/legalapp/downloadLegal', url: `/legalapp/downloadLegal${search}` },
  );
}

const listGets = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.url.startsWith('/api/legal/documents?'));

describe('File Download', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists the case documents with the filters of the address and downloads one through the workflow endpoint', async () => {
    const api = stubApi([
      {
        match: /\/api\/legal\/documents\?/,
        reply: () =>
          jsonResponse(
            200,
            pagedReply([
              documentRow(1),
              documentRow(2, {
                code: 'NOTICE',
                documentName: '',
                fileName: 'notice-LC-2025-000077.pdf',
                isGenerated: true,
                sizeBytes: 2_400_000,
              }),
            ]),
          ),
      },
      {
        match: /\/api\/workflow\/cases\/77\/documents\/2\/content$/,
        reply: () =>
          new Response('%PDF', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="notice-LC-2025-000077.pdf"' },
          }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:doc');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderDownload('?code=NOTICE&from=2025-10-01&to=2025-11-03');
    const table = await screen.findByTestId('documents-table');
    expect(queryOf(listGets(api)[0]!.url)).toEqual({
      code: 'NOTICE',
      from: '2025-10-01',
      to: '2025-11-03',
      page: '1',
      pageSize: '25',
    });
    expect(within(table).getByText('Loan agreement')).toBeTruthy();
    expect(within(table).getByText('Generated legal notices')).toBeTruthy();
    expect(within(table).getByText('Generated notice')).toBeTruthy();
    expect(within(table).getByText('240 KB')).toBeTruthy();
    expect(within(table).getByText('2.3 MB')).toBeTruthy();
    expect(within(table).getAllByText('Initiated')).toHaveLength(2);
    expect((screen.getByLabelText('Document') as HTMLSelectElement).value).toBe('NOTICE');

    fireEvent.click(within(table).getByRole('button', { name: 'Download LC-2025-000077 notice-LC-2025-000077.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.map((call) => call.url)).toContain('/api/workflow/cases/77/documents/2/content');
  });

  it('applies a search and a document code, and refuses a reversed date range', async () => {
    const api = stubApi([{ match: /\/api\/legal\/documents\?/, reply: () => jsonResponse(200, pagedReply([])) }]);
    renderDownload();
    expect((await screen.findByTestId('documents-empty')).textContent).toContain('No case documents yet.');
    fireEvent.change(screen.getByLabelText('Case no, account no or customer'), { target: { value: 'LC-2025' } });
    fireEvent.change(screen.getByLabelText('Document'), { target: { value: 'returnMemo' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-11-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Date should be on or after 01/11/2025')).toBeTruthy();
    expect(listGets(api)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-11-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(listGets(api)).toHaveLength(2));
    expect(queryOf(listGets(api)[1]!.url)).toMatchObject({
      q: 'LC-2025',
      code: 'returnMemo',
      from: '2025-11-01',
      to: '2025-11-03',
    });
    expect((await screen.findByTestId('documents-empty')).textContent).toContain('No documents match these filters.');
  });

  it('a failed load says what went wrong and offers Retry', async () => {
    stubApi([
      {
        match: /\/api\/legal\/documents\?/,
        reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'Quote request id r-1 to support.' }),
      },
    ]);
    renderDownload();
    const error = await screen.findByTestId('documents-error');
    expect(within(error).getByText('Quote request id r-1 to support.')).toBeTruthy();
  });
});
