import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DayStartPage } from './day-start-page.tsx';

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

const runs = (overrides: Record<string, unknown> = {}) => ({
  businessDate: '2026-03-31',
  running: false,
  rows: [
    jobReply({
      id: 12,
      kind: 'collections.day_start',
      status: 'FAILED',
      progressDone: 1,
      progressTotal: 3,
      error: 'Day start of 2026-03-30 failed: ledger feed missing',
    }),
    jobReply({
      id: 11,
      kind: 'collections.day_start',
      result: { businessDate: '2026-03-28', days: [{ businessDate: '2026-03-28' }] },
    }),
  ],
  total: 2,
  bom: null,
  page: 1,
  pageSize: 25,
  ...overrides,
});

const pending = (data: unknown[] = []) => ({
  data,
  count: data.length,
  page: 1,
  pageSize: 25,
  tabCounts: { pending: data.length, approved: 0, rejected: 0, pushback: 0 },
});

describe('Day Start screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the business date and the runs: a failed one with its reason, retried and sent for force completion', async () => {
    const calls = stubFetch((call) => {
      if (call.url.includes('/day-start/runs/12/retry'))
        return jsonResponse(202, jobReply({ id: 12, status: 'QUEUED' }));
      if (call.url.startsWith('/api/collections/day-start/runs')) return jsonResponse(200, runs());
      if (call.method === 'POST' && call.url.startsWith('/api/approvals/DAY_START_FORCE_COMPLETION/requests')) {
        return jsonResponse(200, {});
      }
      if (call.url.startsWith('/api/approvals/DAY_START_FORCE_COMPLETION/requests'))
        return jsonResponse(200, pending());
      return jsonResponse(404, { error_code: 'NOT_FOUND', detail: call.url });
    });
    renderWithProviders(<DayStartPage />);

    const table = await screen.findByTestId('day-start-runs');
    expect(screen.getByTestId('day-start-business-date').textContent).toContain('Business date');
    const failed = within(table).getByText('Day start of 2026-03-30 failed: ledger feed missing').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('1 of 3')).toBeTruthy();
    expect(within(table).getByText('28/03/2026')).toBeTruthy();
    expect(screen.getByTestId('force-requests-empty')).toBeTruthy();

    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/collections/day-start/runs/12/retry')).toBe(true));

    fireEvent.click(within(failed).getByRole('button', { name: 'Request Force Completion' }));
    fireEvent.change(within(failed).getByLabelText(/Reason/), { target: { value: 'no' } });
    fireEvent.click(within(failed).getByRole('button', { name: 'Send request' }));
    expect(await within(failed).findByText('Give a reason of at least 5 characters.')).toBeTruthy();
    fireEvent.change(within(failed).getByLabelText(/Reason/), { target: { value: 'Feed restored by hand' } });
    fireEvent.click(within(failed).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url === '/api/approvals/DAY_START_FORCE_COMPLETION/requests')?.body,
      ).toEqual({
        subjectId: 12,
        payload: { reason: 'Feed restored by hand' },
      }),
    );
  });

  it('changes the business date, and shows the field error the server names', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/collections/day-start/business-date') {
        return jsonResponse(400, {
          error_code: 'VALIDATION',
          detail: 'businessDate: must be after the business date 2026-03-31',
          fields: [{ field: 'businessDate', message: 'must be after the business date 2026-03-31' }],
        });
      }
      if (call.url.startsWith('/api/collections/day-start/runs'))
        return jsonResponse(200, runs({ rows: [], total: 0 }));
      return jsonResponse(200, pending());
    });
    renderWithProviders(<DayStartPage />);
    expect(await screen.findByTestId('day-start-empty')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Change Business Date' })[0]!);
    expect(await screen.findByText('Choose the new business date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/New business date/), { target: { value: '2026-03-30' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Change Business Date' })[0]!);
    expect(await screen.findByText('must be after the business date 2026-03-31')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/collections/day-start/business-date')?.body).toEqual({
      businessDate: '2026-03-30',
    });
  });

  it('lets a second user approve a pending force completion', async () => {
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/collections/day-start/runs')) return jsonResponse(200, runs());
      if (call.method === 'POST') return jsonResponse(200, {});
      return jsonResponse(
        200,
        pending([
          {
            id: 5,
            flowCode: 'DAY_START_FORCE_COMPLETION',
            subjectType: 'JOB',
            subjectId: 12,
            subjectLabel: null,
            status: 'PENDING',
            level: 1,
            levels: 1,
            decision: null,
            makerUserId: 9,
            makerName: 'Asha Operator',
            amount: null,
            currency: null,
            payload: { reason: 'Feed restored by hand' },
            remarks: null,
            version: 1,
            createdAt: '2026-03-31T10:00:00.000Z',
            decidedAt: null,
          },
        ]),
      );
    });
    renderWithProviders(<DayStartPage />);
    const requests = await screen.findByTestId('force-requests');
    expect(within(requests).getByText('Asha Operator')).toBeTruthy();
    fireEvent.click(within(requests).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/approvals/DAY_START_FORCE_COMPLETION/requests/5/approve')?.body).toEqual(
        {
          version: 1,
        },
      ),
    );
  });

  it('tells why a second start is refused while a run is live', async () => {
    stubFetch((call) => {
      if (call.url === '/api/collections/day-start/business-date') {
        return jsonResponse(409, {
          error_code: 'ACTION_NOT_ALLOWED',
          detail: 'A day start is already queued or running. Wait for it to finish before starting another.',
        });
      }
      if (call.url.startsWith('/api/collections/day-start/runs')) return jsonResponse(200, runs());
      return jsonResponse(200, pending());
    });
    renderWithProviders(<DayStartPage />);
    await screen.findByTestId('day-start-runs');
    fireEvent.change(screen.getByLabelText(/New business date/), { target: { value: '2026-04-02' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Change Business Date' })[0]!);
    await waitFor(() =>
      expect(toastStore.get().toasts.map((toast) => toast.message)).toContain(
        'A day start is already queued or running. Wait for it to finish before starting another.',
      ),
    );
  });

  it('shows the BOM snapshot by bucket and takes it again on BOM Refresh', async () => {
    const bom = {
      month: '2026-03-01',
      takenOn: '2026-03-01',
      rows: [{ bucket: 'B1', currency: 'INR', accounts: 1200, principalOutstandingMinor: '58300050' }],
    };
    const calls = stubFetch((call) => {
      if (call.url === '/api/collections/day-start/bom-refresh') return jsonResponse(200, bom);
      if (call.url.startsWith('/api/collections/day-start/runs')) return jsonResponse(200, runs({ bom }));
      return jsonResponse(200, pending());
    });
    renderWithProviders(<DayStartPage />);
    const table = await screen.findByTestId('bom-snapshot');
    expect(within(table).getByText('B1')).toBeTruthy();
    expect(within(table).getByText('1,200')).toBeTruthy();
    expect(within(table).getByText('₹5,83,000.50')).toBeTruthy();
    expect(screen.getByTestId('bom-taken').textContent).toContain('01/03/2026');
    fireEvent.click(screen.getByRole('button', { name: 'BOM Refresh' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/collections/day-start/bom-refresh')).toBe(true),
    );
  });

  it('names the step a failed run stopped at, and closes card cycles on Cycle Refresh', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/collections/day-start/cycle-refresh') {
        return jsonResponse(200, { businessDate: '2026-03-31', statements: 42 });
      }
      if (call.url.startsWith('/api/collections/day-start/runs')) {
        return jsonResponse(
          200,
          runs({
            rows: [
              jobReply({
                id: 21,
                kind: 'collections.day_start',
                status: 'FAILED',
                progressDone: 8,
                progressTotal: 10,
                error: 'Day start of 2026-03-30 failed at ALLOCATION: allocation service unavailable',
              }),
            ],
            total: 1,
          }),
        );
      }
      return jsonResponse(200, pending());
    });
    renderWithProviders(<DayStartPage />);
    expect((await screen.findByTestId('day-start-step-21')).textContent).toBe('Step: Rule-based allocation');
    fireEvent.click(screen.getByRole('button', { name: 'Cycle Refresh' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/collections/day-start/cycle-refresh')).toBe(true),
    );
    await waitFor(() =>
      expect(toastStore.get().toasts.some((toast) => toast.message === 'Statements closed for 31/03/2026: 42')).toBe(
        true,
      ),
    );
  });

  it('shows an error with a way to try again', async () => {
    stubFetch(() => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }));
    renderWithProviders(<DayStartPage />);
    const error = await screen.findByTestId('day-start-error');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
