import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Process } from '@recovery-desk/domain/processes/contracts.ts';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProcessesPage } from './processes-page.tsx';

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

const process = (overrides: Partial<Process>): Process => ({
  code: 'mail.retry',
  mode: 'INTERVAL',
  enabled: true,
  everyMinutes: null,
  timeOfDay: null,
  version: 0,
  updatedAt: null,
  updatedBy: null,
  live: false,
  canRunNow: true,
  lastRuns: [],
  ...overrides,
});

const catalogue = () => ({
  timeZone: 'Asia/Kolkata',
  rows: [
    process({
      code: 'collections.day_start',
      mode: 'DAILY',
      enabled: false,
      timeOfDay: '06:00',
      lastRuns: [jobReply({ id: 7, kind: 'collections.day_start', status: 'DONE' })],
    }),
    process({ code: 'mail.retry', everyMinutes: 15, version: 2, updatedBy: 'Asha Ops' }),
    process({
      code: 'retention.purge',
      mode: 'DAILY',
      timeOfDay: '02:00',
      lastRuns: [jobReply({ id: 9, kind: 'retention.purge', status: 'FAILED', error: 'disk full' })],
    }),
    process({ code: 'collections.tray_export', mode: 'ON_DEMAND', enabled: false, canRunNow: false }),
    process({
      code: 'reports.daily_pack',
      mode: 'DAILY',
      timeOfDay: '07:00',
      lastRuns: [jobReply({ id: 11, kind: 'reports.daily_pack', status: 'DONE' })],
    }),
  ],
});

describe('Schedule Process screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists each process with its schedule, status and last run; on-demand ones have no Run now', async () => {
    stubFetch(() => jsonResponse(200, catalogue()));
    renderWithProviders(<ProcessesPage />);
    const table = await screen.findByTestId('processes');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Day start');
    expect(rows[1]!.textContent).toContain('Daily at 06:00 (Asia/Kolkata)');
    expect(rows[1]!.textContent).toContain('Schedule off');
    expect(rows[2]!.textContent).toContain('Every 15 min');
    expect(rows[2]!.textContent).toContain('Changed by Asha Ops');
    expect(rows[3]!.textContent).toContain('Data retention');
    expect(rows[3]!.textContent).toContain('Failed');
    expect(within(rows[4]!).queryByRole('button', { name: /Run now/ })).toBeNull();
    expect(rows[4]!.textContent).toContain('When a user starts it from its screen');
    // the "reports" process: the daily report pack, on schedule at 07:00, with Run now
    expect(rows[5]!.textContent).toContain('Daily report pack');
    expect(rows[5]!.textContent).toContain('Daily at 07:00 (Asia/Kolkata)');
    expect(rows[5]!.textContent).toContain('On schedule');
    expect(within(rows[5]!).getByRole('button', { name: 'Run now: Daily report pack' })).toBeTruthy();
  });

  it('runs a process now, and says why the server refused a second run', async () => {
    let runs = 0;
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/processes/mail.retry/run') {
        runs += 1;
        return runs === 1
          ? jsonResponse(202, jobReply({ id: 50, kind: 'mail.retry', status: 'QUEUED' }))
          : jsonResponse(409, {
              error_code: 'ACTION_NOT_ALLOWED',
              detail: 'mail.retry is already queued or running; wait for it to end before running it again.',
            });
      }
      return jsonResponse(200, catalogue());
    });
    renderWithProviders(<ProcessesPage />);
    const button = await screen.findByRole('button', { name: 'Run now: Mail retries' });
    fireEvent.click(button);
    await waitFor(() => expect(toastStore.get().toasts.some((toast) => toast.message === 'Run queued')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Run now: Mail retries' }));
    await waitFor(() =>
      expect(toastStore.get().toasts.some((toast) => /already queued or running/.test(toast.message))).toBe(true),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('edits a schedule on the form kit: checks the time before sending, then saves it', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        return jsonResponse(200, process({ code: 'retention.purge', mode: 'DAILY', timeOfDay: '03:30', version: 1 }));
      }
      return jsonResponse(200, catalogue());
    });
    renderWithProviders(<ProcessesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit schedule: Data retention' }));
    const form = await screen.findByTestId('schedule-form');
    const time = within(form).getByLabelText(/Time of day/);
    fireEvent.change(time, { target: { value: '3:30pm' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByText('Give the time as HH:MM (24-hour)')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(time, { target: { value: '03:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/processes/retention.purge/schedule');
    expect(put.body).toEqual({ enabled: true, timeOfDay: '03:30', version: 0 });
  });

  it('shows a process’s runs with duration, outcome and log', async () => {
    stubFetch((call) => {
      if (call.url.startsWith('/api/processes/retention.purge/runs')) {
        return jsonResponse(200, {
          rows: [
            jobReply({ id: 9, kind: 'retention.purge', status: 'FAILED', error: 'disk full', userFullName: null }),
            jobReply({ id: 8, kind: 'retention.purge', result: { idempotencyKeys: 3 } }),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        });
      }
      return jsonResponse(200, catalogue());
    });
    renderWithProviders(<ProcessesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Runs: Data retention' }));
    const runs = await screen.findByTestId('process-runs');
    const rows = within(runs).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Scheduler');
    expect(rows[1]!.textContent).toContain('8 s');
    expect(rows[1]!.textContent).toContain('disk full');
    expect(rows[2]!.textContent).toContain('{"idempotencyKeys":3}');
  });

  it('shows an error with a way to try again', async () => {
    stubFetch(() => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }));
    renderWithProviders(<ProcessesPage />);
    const error = await screen.findByTestId('processes-error');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
