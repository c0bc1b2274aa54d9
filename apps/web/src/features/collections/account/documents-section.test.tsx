import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AccountViewData } from '../api/collections-api.ts';
import { accountView, stubApi } from '../test/collections-fixtures.ts';
import { documentFileProblem, DocumentsSection, MAX_DOCUMENT_BYTES } from './documents-section.tsx';

function file(name: string, type: string, size: number): File {
  const chosen = new File(['x'], name, { type });
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
}

describe('documents', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('accepts PDF, PNG and JPG up to 5 MB', () => {
    expect(documentFileProblem(null)).toBe('PleaseUploadFileFirst');
    expect(documentFileProblem(file('receipt.pdf', 'application/pdf', 1000))).toBeNull();
    expect(documentFileProblem(file('photo.jpg', 'image/jpeg', MAX_DOCUMENT_BYTES))).toBeNull();
    expect(documentFileProblem(file('big.png', 'image/png', MAX_DOCUMENT_BYTES + 1))).toBe('FileTooLarge');
    expect(documentFileProblem(file('notes.docx', 'application/msword', 10))).toBe('FileTypeNotAllowed');
  });

  it("uploading without a file says 'please upload file first' and sends nothing", async () => {
    const api = stubApi([]);
    const view = accountView() as unknown as AccountViewData;
    renderWithProviders(<DocumentsSection view={view} trayKey="telecaller" isEditable onUploaded={vi.fn()} />);
    const form = screen.getByTestId('upload-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('please upload file first'));
    expect(within(form).getByText('please upload file first')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('lists the documents with a download for each', async () => {
    const api = stubApi([
      {
        match: /\/accounts\/501\/documents\/8\?tray=telecaller$/,
        reply: () =>
          new Response('pdf', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="r.pdf"' } }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:doc');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const view = {
      ...accountView(),
      documents: [{ id: 8, fileName: 'r.pdf', documentName: 'Receipt', category: 'PAYMENT_PROOF', remark: null }],
    } as unknown as AccountViewData;
    renderWithProviders(<DocumentsSection view={view} trayKey="telecaller" isEditable={false} onUploaded={vi.fn()} />);
    const table = screen.getByTestId('documents-table');
    expect(within(table).getByText('Payment proof')).toBeTruthy();
    expect(screen.queryByTestId('upload-form')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Download Receipt' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls[0]?.url).toBe('/api/collections/accounts/501/documents/8?tray=telecaller');
  });
});
