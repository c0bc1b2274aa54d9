import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_SECURED_TEMPLATES,
  SECURED_PLACEHOLDERS,
  type SecuredTemplatesReply,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { RepoSettingsPage } from './repo-settings-page.tsx';

function templatesReply(edited: Partial<Record<string, { title: string; body: string }>> = {}): SecuredTemplatesReply {
  return {
    templates: DEFAULT_SECURED_TEMPLATES.map((template) => {
      const change = edited[template.kind];
      return change
        ? { kind: template.kind, ...change, isDefault: false }
        : { kind: template.kind, title: template.title, body: template.body, isDefault: true };
    }),
    placeholders: [...SECURED_PLACEHOLDERS],
  };
}

const SALE_LETTER = 'Repossession: sale letter to the buyer';

describe('Repossession Settings — Templates', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists every document, edits one with a placeholder and saves only the changed template', async () => {
    let stored = templatesReply();
    const api = stubApi([
      { match: /\/api\/secured-assets\/templates$/, reply: () => jsonResponse(200, stored) },
      {
        method: 'PUT',
        match: /\/api\/secured-assets\/templates$/,
        reply: () => {
          stored = templatesReply({ REPO_SALE_LETTER: { title: 'Sale letter', body: 'To {{buyerName}}' } });
          return jsonResponse(200, stored);
        },
      },
    ]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings', url: '/Repo/Settings?tab=templates' });
    const list = await screen.findByRole('tablist', { name: 'Documents' });
    expect(within(list).getAllByRole('tab')).toHaveLength(DEFAULT_SECURED_TEMPLATES.length);
    expect(within(list).getByRole('tab', { name: /SARFAESI: e-auction sale notice, Appendix IV-A/ })).toBeTruthy();

    fireEvent.click(within(list).getByRole('tab', { name: new RegExp(SALE_LETTER) }));
    const panel = await screen.findByTestId('template-REPO_SALE_LETTER');
    fireEvent.change(within(panel).getByLabelText(new RegExp(`^Title: ${SALE_LETTER}`)), {
      target: { value: 'Sale letter' },
    });
    const body = within(panel).getByLabelText(new RegExp(`^Text: ${SALE_LETTER}`)) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'To ' } });
    body.setSelectionRange(3, 3);
    fireEvent.click(
      within(screen.getByTestId('placeholders-REPO_SALE_LETTER')).getByRole('button', { name: '{{buyerName}}' }),
    );
    await waitFor(() => expect(body.value).toBe('To {{buyerName}}'));

    fireEvent.click(screen.getByRole('button', { name: 'Save templates' }));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe(
        'The templates have been saved. Documents generated from now on use them.',
      ),
    );
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      templates: [{ kind: 'REPO_SALE_LETTER', title: 'Sale letter', body: 'To {{buyerName}}' }],
    });
    expect(await within(screen.getByRole('tab', { name: new RegExp(SALE_LETTER) })).findByText('Edited')).toBeTruthy();
  });

  it('refuses an unknown placeholder on its field and shows the server field error on the template sent', async () => {
    const api = stubApi([
      { match: /\/api\/secured-assets\/templates$/, reply: () => jsonResponse(200, templatesReply()) },
      {
        method: 'PUT',
        match: /\/api\/secured-assets\/templates$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'templates.0.title: too long for the letterhead',
            fields: [{ field: 'templates.0.title', message: 'too long for the letterhead' }],
          }),
      },
    ]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings', url: '/Repo/Settings?tab=templates' });
    fireEvent.click(await screen.findByRole('tab', { name: /SARFAESI: e-auction sale notice/ }));
    const panel = await screen.findByTestId('template-SARF_AUCTION_NOTICE');
    const body = within(panel).getByLabelText(/^Text: SARFAESI: e-auction sale notice/);
    fireEvent.change(body, { target: { value: 'Lot {{lotNumber}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save templates' }));
    expect(await within(panel).findByText(/\{\{lotNumber\}\}/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    // the server's error names the first template sent (the only changed one): it shows on that template's field
    fireEvent.change(body, { target: { value: 'Lot {{lotNo}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save templates' }));
    expect(await within(panel).findByText('too long for the letterhead')).toBeTruthy();
  });

  it('restores the built-in text and previews the draft with sample values, the PDF from the server', async () => {
    const api = stubApi([
      {
        match: /\/api\/secured-assets\/templates$/,
        reply: () => jsonResponse(200, templatesReply({ REPO_SALE_LETTER: { title: 'Old', body: 'Old text' } })),
      },
      {
        method: 'POST',
        match: /\/api\/secured-assets\/templates\/preview$/,
        reply: () =>
          new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
      },
    ]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings', url: '/Repo/Settings?tab=templates' });
    fireEvent.click(await screen.findByRole('tab', { name: new RegExp(SALE_LETTER) }));
    const panel = await screen.findByTestId('template-REPO_SALE_LETTER');
    fireEvent.click(within(panel).getByRole('button', { name: 'Restore the built-in text' }));
    const builtIn = DEFAULT_SECURED_TEMPLATES.find((template) => template.kind === 'REPO_SALE_LETTER')!;
    expect((within(panel).getByLabelText(new RegExp(`^Text: ${SALE_LETTER}`)) as HTMLTextAreaElement).value).toBe(
      builtIn.body,
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('template-preview');
    expect(within(preview).getByText('Sale letter: sale of the repossessed vehicle')).toBeTruthy();
    expect(within(preview).getByText(/for a consideration of Rs\. 39,50,000\.00/)).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Download the preview' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'REPO_SALE_LETTER',
      title: builtIn.title,
      body: builtIn.body,
    });
  });

  it('says so when the templates cannot be loaded', async () => {
    stubApi([
      { match: /\/api\/secured-assets\/templates$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL' }) },
    ]);
    renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings', url: '/Repo/Settings?tab=templates' });
    expect(await screen.findByTestId('templates-error')).toBeTruthy();
    expect(screen.getByText('The templates could not be loaded')).toBeTruthy();
  });
});
