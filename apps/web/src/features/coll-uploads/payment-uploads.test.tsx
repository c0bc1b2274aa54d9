import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollUploadReply } from '@recovery-desk/domain/collections/uploads.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { legalSession, stubApi } from '../legal/test/legal-fixtures.ts';
import { collUploadSummary } from './labels.ts';
import { CollectionsUploadPage } from './upload-page.tsx';

// The payment types of File Upload (bank statement and NACH results) in the upload form: their columns and templates,
// the type sent with the file, and the rows' errors by row and column.

const nachReply = (patch: Partial<CollUploadReply> = {}): CollUploadReply => ({
  uploadId: 9,
  type: 'NACH',
  fileName: 'nach-results.csv',
  status: 'REJECTED',
  totalRows: 2,
  appliedRows: 0,
  errorRows: 1,
  failure: null,
  jobId: 77,
  uploadedBy: 'Deepak Joshi',
  createdAt: '2026-03-31T09:15:00.000Z',
  finishedAt: '2026-03-31T09:15:04.000Z',
  errors: [{ row: 3, column: 'returnReasonCode', message: 'is required when the status is BOUNCED' }],
  ...patch,
});

describe('payment uploads in the File Upload form', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession({ activeApp: 'collapp' }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('offers the bank statement and NACH types with their columns and templates, and sends the chosen type', async () => {
    const api = stubApi([
      {
        match: /\/api\/collections\/uploads\?/,
        reply: () => jsonResponse(200, { data: [], count: 0, page: 1, pageSize: 25 }),
      },
      {
        method: 'POST',
        match: /\/api\/collections\/uploads$/,
        reply: () =>
          jsonResponse(202, jobReply({ id: 77, kind: 'collections.upload', status: 'QUEUED', progressDone: 0 })),
      },
      {
        match: /\/api\/jobs\/77$/,
        reply: () =>
          jsonResponse(
            200,
            jobReply({ id: 77, kind: 'collections.upload', progressDone: 2, progressTotal: 2, result: nachReply() }),
          ),
      },
      {
        match: /\/api\/collections\/uploads\/template\?type=NACH&format=csv/,
        reply: () => new Response('accountNo,umrn\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<CollectionsUploadPage />, { path: '/collapp/upload' });
    const form = await screen.findByTestId('coll-upload-form');
    const columns = within(form).getByTestId('coll-upload-columns');
    expect(within(columns).getByText('valueDate, amount, reference, narration')).toBeTruthy();
    expect(
      within(columns).getByText('accountNo, umrn, presentationDate, amount, status, returnReasonCode'),
    ).toBeTruthy();
    expect(
      within(form).getByRole('button', { name: 'Bank statement (credits for reconciliation) template as XLSX' }),
    ).toBeTruthy();
    const nachCsv = within(form).getByRole('button', {
      name: 'NACH results (auto-debit payments and bounces) template as CSV',
    });
    fireEvent.click(nachCsv);
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.includes('template?type=NACH&format=csv'))).toBe(true),
    );

    const type = within(form).getByLabelText(/^Upload type/);
    expect(within(type).getByRole('option', { name: 'Bank statement (credits for reconciliation)' })).toBeTruthy();
    await user.selectOptions(type, 'NACH');
    const input = form.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [new File(['accountNo\n'], 'nach-results.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    const result = await screen.findByTestId('coll-upload-result');
    expect(within(result).getByText('Rejected: nothing applied')).toBeTruthy();
    const errors = within(result).getByTestId('coll-upload-row-errors');
    expect(within(errors).getByText('returnReasonCode')).toBeTruthy();
    expect(within(errors).getByText('is required when the status is BOUNCED')).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    expect((post!.body as FormData).get('type')).toBe('NACH');
  });

  it('summarises an applied bank statement on the Upload Dashboard with its counts', () => {
    const t = ((key: string, values?: Record<string, unknown>) =>
      key === 'CollUploadDashboardSummary'
        ? `${String(values?.status)} ${String(values?.applied)}/${String(values?.total)}`
        : key) as never;
    const job = jobReply({
      kind: 'collections.upload',
      result: nachReply({
        type: 'BANK_STATEMENT',
        status: 'APPLIED',
        appliedRows: 3,
        totalRows: 3,
        errorRows: 0,
        errors: [],
      }),
    });
    expect(collUploadSummary(t, job)).toBe('CollUploadStatusApplied 3/3');
  });
});
