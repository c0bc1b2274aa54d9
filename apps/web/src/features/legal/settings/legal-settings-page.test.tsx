import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { legalSession, settingsReply, stubApi } from '../test/legal-fixtures.ts';
import { LegalSettingsPage } from './legal-settings-page.tsx';

function renderSettings() {
  return renderWithProviders(<LegalSettingsPage />, { path: '/legal/settings' });
}

function input(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

const SAVE = { name: 'Save settings' };

describe('Legal Settings', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('loads the pool rule, every timeline with its statute, the definition version and the templates', async () => {
    stubApi([{ match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, settingsReply()) }]);
    renderSettings();
    await screen.findByTestId('settings-form');
    expect(input(/Minimum DPD/).value).toBe('90');
    expect(input(/Minimum total overdue/).value).toBe('5000.00');
    expect((screen.getByLabelText('NPA') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('SMA-2') as HTMLInputElement).checked).toBe(false);
    expect(input(/Days to send the demand notice/).value).toBe('30');
    expect(screen.getByText(/§138\(b\) NI Act and §25 PSS Act/)).toBeTruthy();
    expect(input(/DRT minimum claim/).value).toBe('2000000');
    expect(screen.getByTestId('definition-version').textContent).toBe('Definition version 2');
    expect(screen.getByTestId('timelines-note').textContent).toContain('publishes version 3 of the legal workflow');
    const s138 = screen.getByTestId('template-S138');
    expect((within(s138).getByLabelText(/Title of the/) as HTMLInputElement).value).toContain('Section 138');
  });

  it('saves a pool rule change with the version, leaving the timelines out', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, settingsReply()) },
      {
        method: 'PUT',
        match: /\/api\/legal\/settings$/,
        reply: () => jsonResponse(200, settingsReply({ version: 5 })),
      },
    ]);
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.click(screen.getByRole('button', SAVE));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('Nothing has changed.'));

    fireEvent.change(input(/Minimum DPD/), { target: { value: '120' } });
    fireEvent.click(screen.getByLabelText('SMA-2'));
    fireEvent.click(screen.getByRole('button', SAVE));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = api.calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.version).toBe(4);
    expect(body.poolRule).toMatchObject({ minDpd: 120, assetClasses: ['SMA-2', 'NPA'], minOverdue: '5000.00' });
    expect(body).not.toHaveProperty('timelines');
    expect(body).not.toHaveProperty('templates');
    await waitFor(() =>
      expect(toastStore.get().toasts.map((toast) => toast.message)).toContain('The legal settings have been saved.'),
    );
  });

  it('a timelines change is sent and the toast names the definition version new cases start on', async () => {
    let stored = settingsReply();
    const api = stubApi([
      { match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, stored) },
      {
        method: 'PUT',
        match: /\/api\/legal\/settings$/,
        reply: () => {
          stored = settingsReply({ version: 5, definitionVersion: 3 });
          return jsonResponse(200, stored);
        },
      },
    ]);
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.change(input(/Approval turnaround/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', SAVE));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe(
        'The legal settings have been saved. New cases now start on version 3 of the legal workflow.',
      ),
    );
    const body = api.calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.timelines).toMatchObject({
      approvalSlaDays: 5,
      noticeDaysFromReturnMemo: 30,
      drtMinimumClaim: '2000000',
    });
    expect(await screen.findByText('Definition version 3')).toBeTruthy();
  });

  it('refuses invalid values with the spec messages and sends nothing', async () => {
    const api = stubApi([{ match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, settingsReply()) }]);
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.change(input(/Minimum DPD/), { target: { value: '' } });
    fireEvent.change(input(/Days the drawer has to pay/), { target: { value: '400' } });
    // An amount takes at most its currency's two decimals as typed.
    fireEvent.change(input(/Minimum total overdue/), { target: { value: '50.123' } });
    expect(input(/Minimum total overdue/).value).toBe('50.12');
    fireEvent.change(input(/DRT minimum claim/), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('NPA'));
    fireEvent.click(screen.getByRole('tab', { name: /ECS \/ NACH dishonour/ }));
    const body = within(await screen.findByTestId('template-S25')).getByLabelText(/Text of the/);
    fireEvent.change(body, { target: { value: 'Dear {{customerName}}, pay {{penalty}}.' } });
    fireEvent.click(screen.getByRole('button', SAVE));
    expect(await screen.findByTestId('settings-invalid')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Enter a whole number from 1 to 365')).toBeTruthy();
    expect(screen.getByText('Choose at least one asset class')).toBeTruthy();
    expect(screen.getByText('Unknown placeholders: {{penalty}}. Use only the placeholders listed below.')).toBeTruthy();
    expect(within(screen.getByRole('tab', { name: /ECS \/ NACH dishonour/ })).getByText('Has errors')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('inserts a placeholder chip into the template body and shows a server error on that body', async () => {
    const api = stubApi([
      { match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, settingsReply()) },
      {
        method: 'PUT',
        match: /\/api\/legal\/settings$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'templates.1.body: the notice must name the mandate',
            fields: [{ field: 'templates.1.body', message: 'the notice must name the mandate' }],
          }),
      },
    ]);
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.click(screen.getByRole('tab', { name: /ECS \/ NACH dishonour/ }));
    const body = within(await screen.findByTestId('template-S25')).getByLabelText(/Text of the/) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Pay within  days.' } });
    body.setSelectionRange(11, 11);
    fireEvent.click(within(screen.getByTestId('placeholders-S25')).getByRole('button', { name: '{{paymentDays}}' }));
    expect(body.value).toBe('Pay within {{paymentDays}} days.');

    // Another template is on show when the server names the S25 body: the screen turns to it.
    fireEvent.click(screen.getByRole('tab', { name: /Cheque dishonour/ }));
    fireEvent.click(screen.getByRole('button', SAVE));
    const template = await screen.findByTestId('template-S25');
    expect(await within(template).findByText('the notice must name the mandate')).toBeTruthy();
    expect(screen.getByTestId('settings-save-error').textContent).toBe('Correct the marked fields and save again.');
    const sent = api.calls.find((call) => call.method === 'PUT')?.body as {
      templates: { caseType: string; body: string }[];
    };
    expect(sent.templates[1]).toMatchObject({ caseType: 'S25', body: 'Pay within {{paymentDays}} days.' });
  });

  it('a version conflict says so and reloads the stored settings', async () => {
    let version = 4;
    const api = stubApi([
      { match: /\/api\/legal\/settings$/, reply: () => jsonResponse(200, settingsReply({ version })) },
      {
        method: 'PUT',
        match: /\/api\/legal\/settings$/,
        reply: () => {
          version = 6;
          return jsonResponse(409, {
            error_code: 'STALE_VERSION',
            detail: 'The settings changed since you read them.',
          });
        },
      },
    ]);
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.change(input(/Minimum DPD/), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', SAVE));
    await waitFor(() =>
      expect(toastStore.get().toasts[0]?.message).toBe(
        'Someone else saved the legal settings in the meantime. The latest settings have been loaded; make your changes again.',
      ),
    );
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(input(/Minimum DPD/).value).toBe('90'));
  });

  it('a failed load offers Retry', async () => {
    stubApi([
      {
        match: /\/api\/legal\/settings$/,
        reply: () => jsonResponse(403, { error_code: 'AUTHORITY_MISSING', detail: 'x' }),
      },
    ]);
    renderSettings();
    const error = await screen.findByTestId('settings-error');
    expect(within(error).getByText('You are not allowed to do this in the acting unit.')).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
