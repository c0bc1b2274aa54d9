import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShadyFindingRow, ShadyReply } from '@recovery-desk/domain/command-center/shady-report.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ShadyLocationReportPage, ShadyTimeReportPage } from './shady-report-page.tsx';

// The shady transaction reports against a stubbed API: one screen for both reports (the report is the query's
// parameter), the severity chips with words and counts, the measured values in words, the map beside for the
// selected row, the route replay link, the export with the filters, and the loading, empty and error states.

function row(extra: Partial<ShadyFindingRow> & Pick<ShadyFindingRow, 'rule' | 'measured'>): ShadyFindingRow {
  return {
    key: `1-${extra.rule}`,
    severity: 'RED',
    basis: 'ARUKUS',
    report: 'LOCATION',
    receipt: {
      id: 1,
      receiptNo: 'RCP-0001',
      amountMinor: '250000',
      currency: 'INR',
      mode: 'CASH',
      status: 'VERIFIED',
      time: '2026-11-20T08:00:00.000Z',
      place: { latitude: 19.14, longitude: 72.88 },
      accuracyM: 10,
      mock: false,
      depositedAt: null,
    },
    account: { id: 7, accountNo: 'LN-777' },
    customer: { id: 9, name: 'Asha Rao', place: { latitude: 19.119, longitude: 72.846 } },
    collector: { id: 42, username: 'fc.andheri', fullName: 'Field Andheri' },
    date: '2026-11-20',
    visits: [],
    stops: [
      { latitude: 19.12, longitude: 72.85, startTime: '2026-11-20T07:00:00.000Z', endTime: '2026-11-20T07:20:00.000Z' },
    ],
    relatedReceiptNos: [],
    ...extra,
  };
}

function reply(report: 'TIME' | 'LOCATION', rows: ShadyFindingRow[]): ShadyReply {
  return {
    report,
    from: '2026-11-14',
    to: '2026-11-20',
    timeZone: 'Asia/Kolkata',
    geofenceRadiusM: 150,
    severityCounts: {
      RED: rows.filter((r) => r.severity === 'RED').length,
      AMBER: rows.filter((r) => r.severity === 'AMBER').length,
      YELLOW: rows.filter((r) => r.severity === 'YELLOW').length,
    },
    ruleCounts: [],
    total: rows.length,
    page: 1,
    pageSize: 25,
    rows,
  };
}

function stub(answer: (url: string) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return answer(String(input));
    }),
  );
  return urls;
}

describe('Shady transaction reports', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('Location: chips with words and counts, measured words, the map beside for the selected row, replay link', async () => {
    const rows = [
      row({ rule: 'FAR_FROM_CUSTOMER', measured: { distanceM: 3240 } }),
      row({
        key: '2-MOCK_LOCATION',
        rule: 'MOCK_LOCATION',
        severity: 'AMBER',
        measured: { mock: 0, locationMissing: 1 },
      }),
    ];
    const urls = stub((url) =>
      url.includes('/api/cmd-center/shady') ? jsonResponse(200, reply('LOCATION', rows)) : jsonResponse(200, {}),
    );
    renderWithProviders(<ShadyLocationReportPage />, {
      path: '/cmdCenter/shadyTransactionLoc',
      url: '/cmdCenter/shadyTransactionLoc',
    });
    expect(await screen.findByRole('heading', { name: 'Shady Transaction Location' })).toBeTruthy();
    const grid = await screen.findByTestId('shady-grid');
    expect(urls.some((url) => url.includes('report=LOCATION'))).toBe(true);
    const chips = screen.getByTestId('shady-chips');
    expect(within(chips).getByRole('button', { name: 'Red: 1' })).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Amber: 1' })).toBeTruthy();
    expect(within(grid).getByText('3.2 km from the customer’s address or visit')).toBeTruthy();
    expect(within(grid).getByText('Taken without a location')).toBeTruthy();
    expect(within(grid).getByText('Receipt far from the customer')).toBeTruthy();
    const replay = within(grid).getAllByRole('link', { name: 'Route replay' })[0]!;
    expect(replay.getAttribute('href')).toBe('/cmdCenter/animateRouteTaken?userId=42&date=2026-11-20');

    expect(screen.getByText(/Select a row to show the receipt/)).toBeTruthy();
    fireEvent.click(within(grid).getAllByRole('button', { name: 'RCP-0001' })[0]!);
    const map = screen.getByTestId('shady-map');
    fireEvent.click(await within(map).findByRole('button', { name: 'Show as a table' }));
    const places = within(map).getByRole('table', { name: 'Map of the selected finding: table' });
    expect(within(places).getByText('Address of Asha Rao')).toBeTruthy();
    expect(within(places).getByText('Receipt RCP-0001')).toBeTruthy();
    expect(within(places).getAllByText('Stop').length).toBeGreaterThan(0);

    fireEvent.click(within(chips).getByRole('button', { name: 'Red: 1' }));
    await waitFor(() => expect(urls.some((url) => url.includes('severity=RED'))).toBe(true));
  });

  it('Time: the same screen asks for the TIME report and words the minutes after hours; export sends the filters', async () => {
    const rows = [
      row({
        rule: 'OUTSIDE_HOURS',
        basis: 'RBI_2022',
        report: 'TIME',
        severity: 'YELLOW',
        measured: { minutesOutside: 42, localMinutes: 1182 },
      }),
    ];
    const urls = stub((url) =>
      url.includes('/export')
        ? new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv' } })
        : jsonResponse(200, reply('TIME', rows)),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<ShadyTimeReportPage />, {
      path: '/cmdCenter/shadyTimeReport',
      url: '/cmdCenter/shadyTimeReport',
    });
    expect(await screen.findByRole('heading', { name: 'Shady Transaction Time' })).toBeTruthy();
    const grid = await screen.findByTestId('shady-grid');
    expect(within(grid).getByText('42 min after 19:00')).toBeTruthy();
    expect(urls.some((url) => url.includes('report=TIME'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(urls.some((url) => url.includes('/api/cmd-center/shady/export?report=TIME'))).toBe(true),
    );
    expect(urls.find((url) => url.includes('/export'))).toContain('format=csv');
  });

  it('shows the empty state, and the error state when the report cannot be read', async () => {
    stub(() => jsonResponse(200, reply('TIME', [])));
    const first = renderWithProviders(<ShadyTimeReportPage />, {
      path: '/cmdCenter/shadyTimeReport',
      url: '/cmdCenter/shadyTimeReport',
    });
    expect(await screen.findByTestId('shady-empty')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    stub(() => jsonResponse(500, { code: 'INTERNAL', message: 'boom' }));
    renderWithProviders(<ShadyTimeReportPage />, {
      path: '/cmdCenter/shadyTimeReport',
      url: '/cmdCenter/shadyTimeReport',
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The report could not be loaded.')).toBeTruthy();
  });
});
