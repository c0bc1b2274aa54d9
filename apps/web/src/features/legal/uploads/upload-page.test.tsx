import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jobReply, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { legalSession, pagedReply, stubApi, uploadReply, uploadRow } from '../test/legal-fixtures.ts';
import { LegalUploadPage, uploadFileProblem, MAX_UPLOAD_BYTES } from './upload-page.tsx';

function file(name: string, size = 100): File {
  const chosen = new File(['accountNo,caseType\n'], name, { type: 'text/csv' });
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
}

function chooseFile(chosen: File) {
  const input = screen.getByTestId('upload-form').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [chosen] } });
}

function renderUpload() {
  return renderWithProviders(<LegalUploadPage />, { path: '/legalapp/UploadLegal' });
}

describe('File Upload and upload dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('accepts .xlsx and .csv files up to the size limit', () => {
    expect(uploadFileProblem(null)).toBe('UploadingFileIsMandatory');
    expect(uploadFileProblem(file('cases.xlsx'))).toBeNull();
    expect(uploadFileProblem(file('HEARINGS.CSV'))).toBeNull();
    expect(uploadFileProblem(file('cases.pdf'))).toBe('UploadFileTypeNotAllowed');
    expect(uploadFileProblem(file('cases.csv', MAX_UPLOAD_BYTES + 1))).toBe('UploadTooLarge');
  });

  it("uploading without a file says 'please upload file first' and sends nothing", async () => {
    const api = stubApi([{ match: /\/api\/legal\/uploads\?/, reply: () => jsonResponse(200, pagedReply([])) }]);
    renderUpload();
    const form = screen.getByTestId('upload-form');
    fireEvent.change(within(form).getByLabelText(/Upload type/), { target: { value: 'CASE_INITIATION' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('please upload file first'));
    expect(within(form).getByText('Uploading Fileis Mandatory')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    // The expected columns of both kinds are listed.
    expect(within(form).getByText('accountNo, caseType, claimAmount, remarks')).toBeTruthy();
    expect(
      within(form).getByText('caseNo, hearingDate, courtStage, outcome, nextHearingDate, hearingNotes'),
    ).toBeTruthy();
  });

  it('uploads the file with its kind and shows the result with the row errors, then refreshes the dashboard', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/uploads\?/, reply: () => jsonResponse(200, pagedReply([uploadRow(1)])) },
      // The file is accepted as a job; its progress is polled until it is done, its result being the upload.
      {
        method: 'POST',
        match: /\/api\/legal\/uploads$/,
        reply: () => jsonResponse(202, jobReply({ status: 'QUEUED', progressDone: 0, progressTotal: null })),
      },
      {
        match: /\/api\/jobs\/41$/,
        reply: () => jsonResponse(200, jobReply({ progressDone: 3, progressTotal: 3, result: uploadReply() })),
      },
    ]);
    renderUpload();
    await screen.findByTestId('uploads-table');
    const form = screen.getByTestId('upload-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Upload type/), { target: { value: 'CASE_INITIATION' } });
    chooseFile(file('cases.xlsx'));
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    const result = await screen.findByTestId('upload-result');
    expect(within(screen.getByTestId('job-progress')).getByText('3 of 3')).toBeTruthy();
    expect(within(screen.getByTestId('job-progress')).getByText('Done')).toBeTruthy();
    expect(within(result).getByText('Completed with errors')).toBeTruthy();
    expect(within(result).getByText('Rows in the file: 3')).toBeTruthy();
    expect(within(result).getByText('Rows processed: 2')).toBeTruthy();
    expect(within(result).getByText('Rows with errors: 1')).toBeTruthy();
    const errors = within(result).getByTestId('upload-row-errors');
    expect(within(errors).getByText('caseType')).toBeTruthy();
    expect(within(errors).getByText('must be one of S138, S25, CIVIL_SUIT, ARBITRATION, DRT')).toBeTruthy();

    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/legal/uploads');
    const form2 = post?.body as FormData;
    expect(form2.get('kind')).toBe('CASE_INITIATION');
    expect((form2.get('file') as File).name).toBe('cases.xlsx');
    expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('2 of 3 rows processed, 1 failed.');
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/legal/uploads?')),
      ).toHaveLength(3),
    );
  });

  it('lists uploads and downloads the errors of one that had failed rows, and a template per kind', async () => {
    const api = stubApi([
      {
        match: /\/api\/legal\/uploads\?/,
        reply: () =>
          jsonResponse(
            200,
            pagedReply([uploadRow(1), uploadRow(2, { status: 'COMPLETED_WITH_ERRORS', failedRows: 4, okRows: 6 })]),
          ),
      },
      {
        match: /\/api\/legal\/uploads\/2\/errors$/,
        reply: () =>
          new Response('row,field,message', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="upload-2-errors.csv"' },
          }),
      },
      {
        match: /\/api\/legal\/uploads\/template\?kind=HEARING_UPDATE$/,
        reply: () => new Response('x', { status: 200 }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderUpload();
    const table = await screen.findByTestId('uploads-table');
    expect(within(table).getByText('10 / 6 / 4')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /Download the errors/ })).toHaveLength(1);
    expect(within(table).getByText('No errors')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Download the errors of cases-2.xlsx' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Hearing update template' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    expect(api.calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/legal/uploads/2/errors', '/api/legal/uploads/template?kind=HEARING_UPDATE']),
    );
  });
});
