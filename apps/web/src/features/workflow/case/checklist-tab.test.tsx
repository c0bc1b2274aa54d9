import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseView, pdfResponse, stubApi } from '../test/workflow-fixtures.ts';
import { ChecklistTab, fileProblem, groupChecklist, MAX_DOCUMENT_BYTES } from './checklist-tab.tsx';

function file(name: string, type: string, size = 100): File {
  const chosen = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
}

const NOTICE_CASE = () =>
  caseView({
    stage: 'NOTICE',
    status: 'Approved',
    fields: { caseType: 'S138', noticeMode: 'SPEED_POST' },
    documents: ['loanAgreement', 'noticeCopy'],
  });

function renderChecklist(options: { canUpload?: boolean; missing?: string[]; onUploaded?: () => void } = {}) {
  const onUploaded = options.onUploaded ?? vi.fn();
  const view = NOTICE_CASE();
  renderWithProviders(
    <ChecklistTab
      view={view}
      definition={LEGAL_DEFINITION}
      canUpload={options.canUpload ?? true}
      missing={new Set(options.missing ?? [])}
      onUploaded={onUploaded}
    />,
  );
  return { view, onUploaded };
}

function fileInputOf(form: HTMLElement): HTMLInputElement {
  return form.querySelector<HTMLInputElement>('input[type="file"]')!;
}

describe('Document Checklist', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ activeApp: 'legalapp', systemAuthorities: ['LEGAL_NOTICE_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('accepts PDF, PNG and JPG files up to 5 MB', () => {
    expect(fileProblem(null)).toBe('PleaseUploadFileFirst');
    expect(fileProblem(file('memo.pdf', 'application/pdf'))).toBeNull();
    expect(fileProblem(file('big.png', 'image/png', MAX_DOCUMENT_BYTES + 1))).toBe('FileTooLarge');
    expect(fileProblem(file('notes.docx', 'application/msword'))).toBe('FileTypeNotAllowed');
  });

  it('groups the items by stage, current stage first, with required/optional, applies and uploaded flags', () => {
    renderChecklist();
    const groups = groupChecklist(NOTICE_CASE(), LEGAL_DEFINITION).map((group) => group.stage);
    expect(groups[0]).toBe('NOTICE');
    expect(groups.slice(1)).toEqual(['INITIATE', 'TEAM_TRAY', 'CASE_FILING', 'COURT_CASE_UPDATE', 'WITHDRAWAL']);

    const sections = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(sections[0]).toBe('Send Legal Notice');
    const notice = screen.getByTestId('checklist-item-noticeCopy');
    expect(within(notice).getByText('Copy of the demand notice')).toBeTruthy();
    expect(within(notice).getByText('Uploaded')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Download noticeCopy scan' })).toBeTruthy();
    const email = screen.getByTestId('checklist-item-emailDeliveryProof');
    expect(within(email).getByText('Does not apply to this case')).toBeTruthy();
    expect(within(email).queryByRole('button', { name: /^Upload/ })).toBeNull();
    const orderSheet = screen.getByTestId('checklist-item-orderSheet');
    expect(within(orderSheet).getByText('Optional')).toBeTruthy();
    const receipt = screen.getByTestId('checklist-item-postalReceipt');
    expect(within(receipt).getByText('Required')).toBeTruthy();
    expect(within(receipt).getByText('Not uploaded')).toBeTruthy();
  });

  it("marks a required item an action found missing with 'Uploading Fileis Mandatory'", () => {
    renderChecklist({ missing: ['postalReceipt'] });
    const receipt = screen.getByTestId('checklist-item-postalReceipt');
    expect(within(receipt).getByTestId('document-mandatory').textContent).toBe('Uploading Fileis Mandatory');
    expect(within(screen.getByTestId('checklist-item-noticeCopy')).queryByTestId('document-mandatory')).toBeNull();
  });

  it("uploading without a file says 'please upload file first' and sends nothing", async () => {
    const api = stubApi([]);
    renderChecklist();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Postal receipt' }));
    const form = await screen.findByTestId('upload-form-postalReceipt');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('please upload file first'));
    expect(within(form).getByText('please upload file first')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('uploads the file with its checklist code, document name and remark', async () => {
    const api = stubApi([
      {
        method: 'POST',
        match: /\/api\/workflow\/cases\/41\/documents$/,
        reply: () => jsonResponse(201, { documentId: 77 }),
      },
    ]);
    const { onUploaded } = renderChecklist();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Postal receipt' }));
    const form = await screen.findByTestId('upload-form-postalReceipt');
    expect((within(form).getByLabelText('Document name') as HTMLInputElement).value).toBe('Postal receipt');
    fireEvent.change(fileInputOf(form), { target: { files: [file('receipt.pdf', 'application/pdf')] } });
    fireEvent.change(within(form).getByLabelText('Remark'), { target: { value: 'Speed post receipt' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    const body = api.calls[0]!.body as FormData;
    expect(api.calls[0]!.method).toBe('POST');
    expect(body.get('code')).toBe('postalReceipt');
    expect(body.get('documentName')).toBe('Postal receipt');
    expect(body.get('remark')).toBe('Speed post receipt');
    expect((body.get('file') as File).name).toBe('receipt.pdf');
    await waitFor(() =>
      expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('The document has been uploaded.'),
    );
  });

  it('another document needs a name and goes up with the code OTHER', async () => {
    const api = stubApi([
      { method: 'POST', match: /\/documents$/, reply: () => jsonResponse(201, { documentId: 78 }) },
    ]);
    renderChecklist();
    fireEvent.click(screen.getByRole('button', { name: 'Upload another document' }));
    const form = await screen.findByTestId('upload-form-OTHER');
    fireEvent.change(fileInputOf(form), { target: { files: [file('letter.jpg', 'image/jpeg')] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('This field is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/Document name/), { target: { value: 'Borrower letter' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0]!.body as FormData).get('code')).toBe('OTHER');
  });

  it('downloads a document with the user’s auth; no upload controls for users who cannot act', async () => {
    const api = stubApi([
      { match: /\/api\/workflow\/cases\/41\/documents\/901\/content$/, reply: () => pdfResponse('n.pdf') },
    ]);
    const createObjectURL = vi.fn(() => 'blob:doc');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderChecklist({ canUpload: false });
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download noticeCopy scan' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls[0]!.url).toBe('/api/workflow/cases/41/documents/901/content');
  });
});
