import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RepoUploadKinds, RepoUploadReply, RepoUploadRow } from '@recovery-desk/domain/repo/uploads.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jobReply, jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { pagedReply, stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { RepossessionUploadPage, SarfaesiUploadPage } from './repo-upload-page.tsx';

const KINDS: RepoUploadKinds = {
  initiation: { stage: 'RepoInitiate', labelKey: 'RepossessionInitiate', columns: ['accountNo', 'registrationNo'] },
  stages: [
    { stage: 'RepoInitiate', labelKey: 'RepossessionInitiate', columns: ['caseNo', 'registrationNo'] },
    { stage: 'Notice', labelKey: 'Notice', columns: ['caseNo', 'noticeDate', 'noticeMode'] },
  ],
  maxRows: 1000,
};

function row(id: number, patch: Partial<RepoUploadRow> = {}): RepoUploadRow {
  return {
    uploadId: id,
    kind: 'INITIATION',
    stageCode: null,
    fileName: `cases-${id}.xlsx`,
    status: 'COMPLETED',
    totalRows: 4,
    okRows: 4,
    failedRows: 0,
    jobId: 40 + id,
    uploadedBy: 'Ganesh Pawar',
    createdAt: '2026-03-31T09:15:00.000Z',
    ...patch,
  };
}

function reply(): RepoUploadReply {
  return {
    ...row(9, { status: 'COMPLETED_WITH_ERRORS', totalRows: 2, okRows: 1, failedRows: 1 }),
    errors: [{ row: 3, field: 'accountNo', message: 'Account LN1 not found in your units' }],
  };
}

function chooseFile(name: string) {
  const input = screen.getByTestId('upload-form').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['accountNo\n'], name, { type: 'text/csv' })] } });
}

describe('Repossession and SARFAESI File Upload', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(repoSession({ systemAuthorities: ['FILE_UPLOAD_REPO_SAUTH', 'SARF_UPLOAD_DASH_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('offers initiation and the stages the user holds, uploads a stage update and shows its row errors', async () => {
    const api = stubApi([
      { match: /\/api\/repo\/REPOSSESSION\/uploads\/kinds$/, reply: () => jsonResponse(200, KINDS) },
      {
        match: /\/api\/repo\/REPOSSESSION\/uploads\?/,
        reply: () =>
          jsonResponse(
            200,
            pagedReply([
              row(1),
              row(2, { kind: 'STAGE_UPDATE', stageCode: 'Notice', status: 'FAILED', okRows: 0, failedRows: 4 }),
            ]),
          ),
      },
      {
        method: 'POST',
        match: /\/api\/repo\/REPOSSESSION\/uploads$/,
        reply: () =>
          jsonResponse(202, jobReply({ kind: 'repossession.upload', status: 'QUEUED', progressTotal: null })),
      },
      {
        match: /\/api\/jobs\/41$/,
        reply: () =>
          jsonResponse(
            200,
            jobReply({ kind: 'repossession.upload', progressDone: 2, progressTotal: 2, result: reply() }),
          ),
      },
    ]);
    renderWithProviders(<RepossessionUploadPage />, { path: '/Repoapp/UploadRepo' });
    expect(screen.getByRole('heading', { level: 1, name: 'Repossession File Upload' })).toBeTruthy();
    const table = await screen.findByTestId('uploads-table');
    expect(within(table).getByText('Case initiation')).toBeTruthy();
    expect(within(table).getByText('Stage update: Notice')).toBeTruthy();
    expect(within(table).getByText('4 / 0 / 4')).toBeTruthy();

    const form = screen.getByTestId('upload-form');
    expect(within(form).getByText('caseNo, noticeDate, noticeMode')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Upload type/), { target: { value: 'STAGE_UPDATE:Notice' } });
    chooseFile('notices.xlsx');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));

    const result = await screen.findByTestId('upload-result');
    expect(within(result).getByText('Rows with errors: 1')).toBeTruthy();
    expect(within(result).getByText('Account LN1 not found in your units')).toBeTruthy();
    const post = api.calls.find((call) => call.method === 'POST');
    const body = post?.body as FormData;
    expect(body.get('kind')).toBe('STAGE_UPDATE');
    expect(body.get('stage')).toBe('Notice');
    expect((body.get('file') as File).name).toBe('notices.xlsx');
    await waitFor(() =>
      expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('1 of 2 rows processed, 1 failed.'),
    );
  });

  it('says so when the user may upload no kind, and shows an empty SARFAESI dashboard', async () => {
    stubApi([
      {
        match: /\/api\/repo\/SARFAESI\/uploads\/kinds$/,
        reply: () => jsonResponse(200, { initiation: null, stages: [], maxRows: 1000 }),
      },
      { match: /\/api\/repo\/SARFAESI\/uploads\?/, reply: () => jsonResponse(200, pagedReply([])) },
    ]);
    renderWithProviders(<SarfaesiUploadPage />, { path: '/Sarfaesi/UploadRepo' });
    expect(await screen.findByTestId('upload-kinds-empty')).toBeTruthy();
    expect(await screen.findByTestId('uploads-empty')).toBeTruthy();
  });

  it('shows the error of the kinds with a retry', async () => {
    stubApi([
      { match: /\/api\/repo\/REPOSSESSION\/uploads\/kinds$/, reply: () => jsonResponse(500, { detail: 'boom' }) },
      { match: /\/api\/repo\/REPOSSESSION\/uploads\?/, reply: () => jsonResponse(200, pagedReply([])) },
    ]);
    renderWithProviders(<RepossessionUploadPage />, { path: '/Repoapp/UploadRepo' });
    const error = await screen.findByTestId('upload-kinds-error', {}, { timeout: 10_000 });
    expect(within(error).getByText('The upload types could not be loaded.')).toBeTruthy();
  });
});
