import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ReportsPage } from './reports-page.tsx';

type Call = { method: string; url: string; body: unknown };

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const units = [
  { id: 4, code: 'RG-MUM', name: 'Mumbai Region' },
  { id: 9, code: 'BR-AND', name: 'Andheri Branch' },
];

const efficiency = {
  report: 'collectionEfficiency',
  businessDate: '2026-03-31',
  from: '2026-03-01',
  to: '2026-03-31',
  unit: units[0],
  units,
  truncated: false,
  rows: [
    {
      groupLabel: 'Current',
      groupCode: 'CURRENT',
      currency: 'INR',
      accounts: 12,
      demandMinor: 123456789,
      collectedMinor: 100000000,
      efficiencyBp: 8100,
    },
    {
      groupLabel: '1–30',
      groupCode: 'B1',
      currency: 'USD',
      accounts: 1,
      demandMinor: 0,
      collectedMinor: 10000,
      efficiencyBp: null,
    },
  ],
};

describe('Reports screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the report with its chart and table: amounts per currency in minor units, rates as percentages', async () => {
    stubFetch(() => jsonResponse(200, efficiency));
    renderWithProviders(<ReportsPage />, { path: '/collapp/reportGeneration' });
    const table = await screen.findByTestId('report-table');
    expect(within(table).getByText('₹12,34,567.89')).toBeTruthy();
    expect(within(table).getByText('$100.00')).toBeTruthy();
    expect(within(table).getByText('81 %')).toBeTruthy();
    const chart = screen.getByTestId('report-chart');
    expect(within(chart).getByRole('img', { name: 'Collection efficiency: chart' })).toBeTruthy();
    expect(within(chart).getAllByTestId('report-chart-bar')).toHaveLength(2);
    // the chart's text alternative: every value as a table
    const fallback = within(chart).getByTestId('report-chart-table');
    expect(within(fallback).getByText('Current (INR)')).toBeTruthy();
    expect(screen.getByTestId('report-period').textContent).toBe('01/03/2026 to 31/03/2026 · RG-MUM Mumbai Region');
  });

  it('applies the filters through the address and asks the server with them', async () => {
    const calls = stubFetch(() => jsonResponse(200, efficiency));
    renderWithProviders(<ReportsPage />, {
      path: '/collapp/reportGeneration',
      url: '/collapp/reportGeneration?report=collectionEfficiency&by=product',
    });
    await screen.findByTestId('report-table');
    // the report's own calls (the screen's collection targets section asks for its month too)
    const reportCalls = () => calls.filter((call) => call.url.startsWith('/api/collections/reports/'));
    expect(reportCalls()[0]!.url).toBe('/api/collections/reports/collectionEfficiency?by=product');
    fireEvent.change(screen.getByLabelText(/^Unit/), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText(/^DPD bucket/), { target: { value: 'B2' } });
    fireEvent.click(screen.getByTestId('report-apply'));
    await waitFor(() =>
      expect(reportCalls().at(-1)!.url).toBe(
        '/api/collections/reports/collectionEfficiency?unitId=9&bucket=B2&by=product',
      ),
    );
  });

  it('shows loading, then the server’s error with Retry, and the empty state', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom', request_id: 'r-1' })
        : jsonResponse(200, { ...efficiency, rows: [] }),
    );
    renderWithProviders(<ReportsPage />, { path: '/collapp/reportGeneration' });
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    const error = await screen.findByTestId('report-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: /retry/i }));
    expect((await screen.findByTestId('report-table-empty')).textContent).toContain(
      'Nothing to report for these filters.',
    );
    expect(screen.queryByTestId('report-chart')).toBeNull();
  });

  it('exports as a job and shows its progress', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST')
        return jsonResponse(202, jobReply({ id: 77, kind: 'reports.export', status: 'QUEUED' }));
      if (call.url.startsWith('/api/jobs/77'))
        return jsonResponse(200, jobReply({ id: 77, kind: 'reports.export', status: 'RUNNING', progressDone: 10000 }));
      return jsonResponse(200, efficiency);
    });
    renderWithProviders(<ReportsPage />, {
      path: '/collapp/reportGeneration',
      url: '/collapp/reportGeneration?report=collectionEfficiency&from=2026-03-01',
    });
    await screen.findByTestId('report-table');
    fireEvent.click(screen.getByTestId('report-export-xlsx'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/collections/reports/collectionEfficiency/export');
    expect(post.body).toEqual({ format: 'xlsx', query: { from: '2026-03-01' } });
    expect(await screen.findByText('Report export')).toBeTruthy();
  });
});
