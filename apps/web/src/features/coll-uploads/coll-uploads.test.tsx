import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CollUploadReply, DownloadRow } from '@recovery-desk/domain/collections/uploads.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jobReply, jsonResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { legalSession, stubApi } from '../legal/test/legal-fixtures.ts';
import { CollectionsDownloadPage } from './download-page.tsx';
import { CollectionsUploadPage, collUploadFileProblem } from './upload-page.tsx';

function upload(patch: Partial<CollUploadReply> = {}): CollUploadReply {
  return {
    uploadId: 5,
    type: 'ALLOCATION',
    fileName: 'allocation.csv',
    status: 'REJECTED',
    totalRows: 3,
    appliedRows: 0,
    errorRows: 1,
    failure: null,
    jobId: 41,
    uploadedBy: 'Ops Mumbai',
    createdAt: '2026-03-31T09:15:00.000Z',
    finishedAt: '2026-03-31T09:15:09.000Z',
    errors: [{ row: 3, column: 'accountNo', message: 'Account LN1 is on allocation hold' }],
    ...patch,
  };
}

const page = <T,>(data: T[]) => ({ data, count: data.length, page: 1, pageSize: 25 });

function chooseFile(name: string) {
  const input = screen.getByTestId('coll-upload-form').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['accountNo\n'], name, { type: 'text/csv' })] } });
}

describe('collections File Upload and File Download', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession({ activeApp: 'collapp' }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('accepts .xlsx and .csv files up to 20 MB', () => {
    const big = new File(['x'], 'a.csv');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    expect(collUploadFileProblem(null)).toBe('UploadingFileIsMandatory');
    expect(collUploadFileProblem(new File(['x'], 'a.XLSX'))).toBeNull();
    expect(collUploadFileProblem(new File(['x'], 'a.pdf'))).toBe('CollUploadFileType');
    expect(collUploadFileProblem(big)).toBe('CollUploadTooLarge');
  });

  it('uploads the file, follows its job and shows the errors by row and column; nothing applied', async () => {
    const api = stubApi([
      { match: /\/api\/collections\/uploads\?/, reply: () => jsonResponse(200, page([upload()])) },
      {
        method: 'POST',
        match: /\/api\/collections\/uploads$/,
        reply: () => jsonResponse(202, jobReply({ kind: 'collections.upload', status: 'QUEUED', progressDone: 0 })),
      },
      {
        match: /\/api\/jobs\/41$/,
        reply: () =>
          jsonResponse(
            200,
            jobReply({ kind: 'collections.upload', progressDone: 3, progressTotal: 3, result: upload() }),
          ),
      },
    ]);
    renderWithProviders(<CollectionsUploadPage />, { path: '/collapp/upload' });
    const table = await screen.findByTestId('coll-uploads-table');
    expect(within(table).getByText('Total 3, applied 0, with errors 1')).toBeTruthy();
    const form = screen.getByTestId('coll-upload-form');
    expect(within(form).getByText('accountNo, collectorUsername, agencyCode, reason')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Allocation template as XLSX' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Allocation template as CSV' })).toBeTruthy();
    chooseFile('allocation.csv');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    const result = await screen.findByTestId('coll-upload-result');
    expect(within(result).getByText('Rejected: nothing applied')).toBeTruthy();
    expect(within(result).getByText('Rows applied: 0 of 3. Rows with errors: 1.')).toBeTruthy();
    const errors = within(result).getByTestId('coll-upload-row-errors');
    expect(within(errors).getByText('accountNo')).toBeTruthy();
    expect(within(errors).getByText('Account LN1 is on allocation hold')).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'Error report' })).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect((post!.body as FormData).get('type')).toBe('ALLOCATION');
    await waitFor(() => expect(toastStore.get().toasts[0]?.title).toBe('The upload has finished.'));
  });

  it('offers the follow-up, PTP and contact-update types with their columns and templates, and sends the type chosen', async () => {
    const api = stubApi([
      { match: /\/api\/collections\/uploads\?/, reply: () => jsonResponse(200, page([])) },
      {
        match: /\/api\/collections\/uploads\/template/,
        reply: () => new Response('accountNo\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      },
      {
        method: 'POST',
        match: /\/api\/collections\/uploads$/,
        reply: () => jsonResponse(202, jobReply({ kind: 'collections.upload', status: 'QUEUED', progressDone: 0 })),
      },
      {
        match: /\/api\/jobs\/41$/,
        reply: () =>
          jsonResponse(
            200,
            jobReply({
              kind: 'collections.upload',
              progressDone: 2,
              progressTotal: 2,
              result: upload({
                type: 'PTP',
                status: 'APPLIED',
                totalRows: 2,
                appliedRows: 2,
                errorRows: 0,
                errors: [],
              }),
            }),
          ),
      },
    ]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<CollectionsUploadPage />, { path: '/collapp/upload' });
    const form = await screen.findByTestId('coll-upload-form');
    const select = within(form).getByLabelText(/Upload type/) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Follow-ups and dispositions', 'Promises to pay (PTP)', 'Contact updates']),
    );
    const columns = within(form).getByTestId('coll-upload-columns');
    expect(within(columns).getByText('Columns of Promises to pay (PTP):')).toBeTruthy();
    expect(
      within(columns).getByText(
        'accountNo, promisedAmount, promisedDate, mode, contactDate, contactTime, personContacted, remarks, callingWindowOverride, deviationReason',
      ),
    ).toBeTruthy();
    expect(
      within(columns).getByText(/^accountNo, dispositionCode, contactMode, contactDate, contactTime/),
    ).toBeTruthy();
    expect(within(columns).getByText(/^accountNo, contactType, category, level, newValue/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Contact updates template as CSV' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.endsWith('/uploads/template?type=CONTACT_UPDATE&format=csv'))).toBe(
        true,
      ),
    );

    fireEvent.change(select, { target: { value: 'PTP' } });
    chooseFile('promises.csv');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.method === 'POST'),
        form.textContent ?? '',
      ).toBe(true),
    );
    const result = await screen.findByTestId('coll-upload-result', {}, { timeout: 10_000 });
    expect(within(result).getByText('Applied')).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    expect((post!.body as FormData).get('type')).toBe('PTP');
  });

  it('shows the empty and error states of the upload list', async () => {
    stubApi([{ match: /\/api\/collections\/uploads\?/, reply: () => jsonResponse(200, page([])) }]);
    const view = renderWithProviders(<CollectionsUploadPage />, { path: '/collapp/upload' });
    expect(await screen.findByTestId('coll-uploads-empty')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    stubApi([
      {
        match: /\/api\/collections\/uploads\?/,
        reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }),
      },
    ]);
    renderWithProviders(<CollectionsUploadPage />, { path: '/collapp/upload' });
    expect(await screen.findByTestId('coll-uploads-error', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('lists generated files with who, when and expiry; expired ones are not offered; the filter is in the URL', async () => {
    const row = (jobId: number, patch: Partial<DownloadRow> = {}): DownloadRow => ({
      jobId,
      kind: 'collections.tray_export',
      fileName: `tray-${jobId}.xlsx`,
      generatedBy: 'Ops Mumbai',
      unitCode: 'BR-AND',
      generatedAt: '2026-03-30T09:15:00.000Z',
      expiresAt: '2026-04-29T09:15:00.000Z',
      expired: false,
      ...patch,
    });
    const api = stubApi([
      {
        match: /\/api\/collections\/downloads\?/,
        reply: () =>
          jsonResponse(200, {
            ...page([
              row(1),
              row(2, { expired: true }),
              row(3, {
                kind: 'reports.export',
                fileName: 'collectionEfficiency-ZN-W-2026-03-01-2026-03-30.csv',
                generatedBy: null,
                unitCode: 'ZN-W',
              }),
            ]),
            retentionDays: 30,
          }),
      },
    ]);
    renderWithProviders(<CollectionsDownloadPage />, { path: '/collapp/download' });
    const table = await screen.findByTestId('downloads-table');
    expect(within(table).getByRole('button', { name: 'Download tray-1.xlsx' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Download tray-2.xlsx' })).toBeNull();
    expect(within(table).getByText('Expired')).toBeTruthy();
    expect(within(table).getAllByText('Ops Mumbai')).toHaveLength(2);
    // a file of the scheduled report pack: made by the system, downloadable
    const packRow = within(table).getByText('collectionEfficiency-ZN-W-2026-03-01-2026-03-30.csv').closest('tr')!;
    expect(within(packRow).getByText('System (scheduled)')).toBeTruthy();
    expect(within(packRow).getByText('Report export')).toBeTruthy();
    expect(
      within(packRow).getByRole('button', { name: 'Download collectionEfficiency-ZN-W-2026-03-01-2026-03-30.csv' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Show expired files'));
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('expired=include'))).toBe(true));
  });
});
