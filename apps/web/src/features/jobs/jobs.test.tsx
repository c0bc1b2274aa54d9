import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobProgress } from '../../components/job-progress.tsx';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UploadDashboardPage } from './upload-dashboard-page.tsx';

type Reply = () => Response;

/** A fetch that answers by URL; a URL with several replies gives them in turn (the last one repeats). */
function stubFetch(routes: [RegExp, Reply[]][]) {
  const calls: string[] = [];
  const served = new Map<RegExp, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const route = routes.find(([pattern]) => pattern.test(url));
      if (!route) return jsonResponse(404, { error_code: 'NOT_FOUND', detail: `no fake route for ${url}` });
      const index = served.get(route[0]) ?? 0;
      served.set(route[0], index + 1);
      return route[1][Math.min(index, route[1].length - 1)]!();
    }),
  );
  return calls;
}

function stubDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  return createObjectURL;
}

const pdf = () =>
  new Response('%PDF-1.7', {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="notices.pdf"' },
  });

describe('background jobs on the web', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the progress of a running job, then its end with the download of its file', async () => {
    const calls = stubFetch([
      [/\/api\/jobs\/41\/result$/, [pdf]],
      [
        /\/api\/jobs\/41$/,
        [
          () =>
            jsonResponse(
              200,
              jobReply({ kind: 'legal.notices', status: 'RUNNING', progressDone: 2, progressTotal: 5 }),
            ),
          () =>
            jsonResponse(
              200,
              jobReply({ kind: 'legal.notices', progressDone: 5, progressTotal: 5, resultFileName: 'notices.pdf' }),
            ),
        ],
      ],
    ]);
    const createObjectURL = stubDownloads();
    const finished = vi.fn();
    renderWithProviders(<JobProgress jobId={41} title="Legal notices" onFinished={finished} from="test" />);

    const box = await screen.findByTestId('job-progress');
    await waitFor(() => expect(within(box).getByText('2 of 5')).toBeTruthy());
    expect(within(box).getByText('Running')).toBeTruthy();
    expect(within(box).getByRole('progressbar', { name: 'Legal notices' }).getAttribute('aria-valuenow')).toBe('40');
    expect(finished).not.toHaveBeenCalled();

    // The bar polls until the job ends; then it stops and offers the file.
    const download = await within(box).findByRole('button', { name: 'Download notices.pdf' }, { timeout: 5000 });
    expect(within(box).getByText('Done')).toBeTruthy();
    expect(within(box).getByText('5 of 5')).toBeTruthy();
    expect(finished).toHaveBeenCalledTimes(1);
    fireEvent.click(download);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls).toContain('/api/jobs/41/result');
  });

  it('shows why a job failed', async () => {
    stubFetch([
      [
        /\/api\/jobs\/41$/,
        [() => jsonResponse(200, jobReply({ status: 'FAILED', attempts: 3, error: 'The ledger did not answer' }))],
      ],
    ]);
    renderWithProviders(<JobProgress jobId={41} title="Legal file upload" from="test" />);
    expect((await screen.findByTestId('job-error')).textContent).toBe('The ledger did not answer');
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('lists every job of the unit with kind, who, status, progress, error and the result download', async () => {
    const calls = stubFetch([
      [/\/api\/jobs\/dashboard\/41\/result$/, [pdf]],
      [
        /\/api\/jobs\/dashboard\?/,
        [
          () =>
            jsonResponse(200, {
              data: [
                jobReply({ kind: 'legal.notices', resultFileName: 'notices.pdf' }),
                jobReply({
                  id: 40,
                  kind: 'collections.day_start',
                  status: 'FAILED',
                  userFullName: 'Dina Operator',
                  progressDone: 0,
                  progressTotal: 1,
                  attempts: 3,
                  error: 'The organisation is not set up yet (no business date).',
                }),
                jobReply({ id: 39, kind: 'mail.retry', userId: null, userFullName: null, unitCode: null }),
              ],
              count: 3,
              page: 1,
              pageSize: 25,
            }),
        ],
      ],
    ]);
    const createObjectURL = stubDownloads();
    renderWithProviders(<UploadDashboardPage />, { path: '/collapp/UploadDashboard' });
    expect(screen.getByTestId('jobs-loading')).toBeTruthy();
    const table = await screen.findByTestId('jobs-table');
    expect(within(table).getByText('Legal notices')).toBeTruthy();
    expect(within(table).getByText('Day start')).toBeTruthy();
    expect(within(table).getByText('Mail retries')).toBeTruthy();
    expect(within(table).getByText('Dina Operator')).toBeTruthy();
    expect(within(table).getByText('System (scheduled)')).toBeTruthy();
    expect(within(table).getByText('The organisation is not set up yet (no business date).')).toBeTruthy();
    expect(within(table).getByText('3 / 3')).toBeTruthy();
    expect(within(table).getByText('0 of 1')).toBeTruthy();
    expect(screen.getByText('Upload Dashboard', { selector: 'h1' })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Download notices.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls).toContain('/api/jobs/dashboard/41/result');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'FAILED' } });
    await waitFor(() => expect(calls.some((url) => url.includes('status=FAILED'))).toBe(true));
  });

  it('says when no job matches, and when the list cannot be loaded', async () => {
    stubFetch([[/\/api\/jobs\/dashboard\?/, [() => jsonResponse(200, { data: [], count: 0, page: 1, pageSize: 25 })]]]);
    const empty = renderWithProviders(<UploadDashboardPage />, { path: '/collapp/UploadDashboard' });
    expect((await screen.findByTestId('jobs-empty')).textContent).toBe('No jobs match.');
    empty.unmount();

    stubFetch([
      [/\/api\/jobs\/dashboard\?/, [() => jsonResponse(403, { error_code: 'AUTHORITY_MISSING', detail: 'No.' })]],
    ]);
    renderWithProviders(<UploadDashboardPage />, { path: '/collapp/UploadDashboard' });
    const error = await screen.findByTestId('jobs-error');
    expect(within(error).getByText('You are not allowed to do this in the acting unit.')).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
