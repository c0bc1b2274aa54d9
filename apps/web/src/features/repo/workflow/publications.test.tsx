import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicationsReply } from '@recovery-desk/domain/secured-assets/publications.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { PublicationsTab, scanProblem } from './widgets/publications.tsx';

// The Publications tab: what Rule 8(2) still asks for, the recorded papers with their scans, removing one, the form
// (a vernacular paper needs its language; the scan uploaded under the stage's code, then the paper recorded naming
// it), the scan's type and size checked, and the read-only view after the stage.

const view = { case: { caseId: 7, version: 3 } } as unknown as CaseView;
const scan = { documentId: 41, fileName: 'toi.pdf', mimeType: 'application/pdf', sizeBytes: 2048 };
const english = {
  id: 5,
  purpose: 'POSSESSION_NOTICE' as const,
  newspaper: 'Times of India',
  language: 'ENGLISH' as const,
  vernacularLanguage: null,
  edition: 'Pune',
  publishedOn: '2026-04-12',
  scan,
};

function reply(patch: Partial<PublicationsReply> = {}): PublicationsReply {
  return {
    caseId: 7,
    stage: 'PossessionDtlCapture',
    purpose: 'POSSESSION_NOTICE',
    editable: true,
    scanCode: 'possessionPublication',
    publications: [english],
    missing: ['twoPapers', 'vernacular'],
    ...patch,
  };
}

const render = (canAct = true, onReload = vi.fn()) =>
  renderWithProviders(
    <PublicationsTab view={view} definition={SARFAESI_DEFINITION} canAct={canAct} onReload={onReload} />,
  );

describe('the Publications tab', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('says what is missing, lists the papers and removes one', async () => {
    const onReload = vi.fn();
    const api = stubApi([
      { match: /\/publications$/, reply: () => jsonResponse(200, reply()) },
      {
        method: 'DELETE',
        match: /\/api\/secured-assets\/cases\/7\/publications\/5$/,
        reply: () => jsonResponse(200, reply({ publications: [], missing: ['twoPapers', 'english', 'vernacular'] })),
      },
    ]);
    render(true, onReload);
    const status = await screen.findByTestId('publications-status');
    expect(status.textContent).toContain('at least two newspapers');
    expect(status.textContent).toContain('in the vernacular');
    const table = screen.getByTestId('publications-POSSESSION_NOTICE');
    expect(within(table).getByText('Times of India')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Download the scan of Times of India' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Remove the publication in Times of India' }));
    expect(await screen.findByTestId('publications-empty-POSSESSION_NOTICE')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(onReload).toHaveBeenCalled();
  });

  it('uploads the scan under the stage code, then records the vernacular paper naming it', async () => {
    const user = userEvent.setup();
    const uploaded = {
      documents: [
        { ...scan, code: 'possessionPublication' },
        { ...scan, documentId: 42, fileName: 'lokmat.png', code: 'possessionPublication' },
      ],
    };
    const api = stubApi([
      { match: /\/publications$/, reply: () => jsonResponse(200, reply()) },
      { method: 'POST', match: /\/api\/workflow\/cases\/7\/documents$/, reply: () => jsonResponse(200, uploaded) },
      {
        method: 'POST',
        match: /\/api\/secured-assets\/cases\/7\/publications$/,
        reply: () => jsonResponse(200, reply({ missing: [] })),
      },
    ]);
    render();
    const form = await screen.findByTestId('publication-form');
    await user.type(within(form).getByLabelText(/^Newspaper/), 'Lokmat');
    await user.selectOptions(within(form).getByLabelText(/^Language/), 'VERNACULAR');
    fireEvent.click(within(form).getByRole('button', { name: 'Add the publication' }));
    // a vernacular paper needs its language, and every paper its scan: nothing is sent
    await waitFor(() =>
      expect(
        within(form)
          .getByLabelText(/^Vernacular language/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText(/^Vernacular language/), 'Marathi');
    await user.type(within(form).getByLabelText(/^Edition/), 'Pune');
    const date = within(form).getByLabelText(/^Publication date/);
    fireEvent.change(date, { target: { value: '12/04/2026' } });
    fireEvent.blur(date);
    const input = form.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['png'], 'lokmat.png', { type: 'image/png' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the publication' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/publications'))).toBe(true),
    );
    const posted = api.calls.find((call) => call.method === 'POST' && call.url.endsWith('/publications'))!;
    expect(posted.body).toEqual({
      purpose: 'POSSESSION_NOTICE',
      newspaper: 'Lokmat',
      language: 'VERNACULAR',
      vernacularLanguage: 'Marathi',
      edition: 'Pune',
      publishedOn: '2026-04-12',
      scanDocumentId: 42,
    });
    expect((await screen.findByTestId('publications-status')).textContent).toContain('English and a vernacular');
  });

  it('checks a scan’s type and size before uploading it', () => {
    expect(scanProblem(null)).toBe('RepoPubScanRequired');
    expect(scanProblem(new File(['x'], 'page.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(scanProblem(new File(['x'], 'page.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(scanProblem(new File(['x'], 'page.docx', { type: 'application/msword' }))).toBe('RepoPubScanWrongType');
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'page.pdf', { type: 'application/pdf' });
    expect(scanProblem(large)).toBe('RepoPubScanTooLarge');
  });

  it('shows the papers read-only once the case has left the stage, and the load error', async () => {
    stubApi([
      {
        match: /\/publications$/,
        reply: () =>
          jsonResponse(200, reply({ stage: 'AssetDtlCapture', purpose: null, editable: false, missing: [] })),
      },
    ]);
    render();
    expect(await screen.findByText('Publications are recorded at the stage of their notice.')).toBeTruthy();
    expect(screen.getByText('Times of India')).toBeTruthy();
    expect(screen.queryByTestId('publication-form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove the publication/ })).toBeNull();
  });

  it('says when the publications cannot be loaded', async () => {
    stubApi([{ match: /\/publications$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'down' }) }]);
    render();
    expect(await screen.findByText('The publications could not be loaded')).toBeTruthy();
  });
});
