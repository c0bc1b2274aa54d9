import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Agency } from '@recovery-desk/domain/secured-assets/agencies.ts';
import type { Yard } from '@recovery-desk/domain/secured-assets/yards.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { queryOf, stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession, repoSettingsReply } from '../test/repo-fixtures.ts';
import { RepoSettingsPage } from './repo-settings-page.tsx';

// Repossession Settings → Yards and Agencies (issue 15): the registers, their forms and the tab in the address.

const yard = (patch: Partial<Yard> = {}): Yard => ({
  id: 5,
  name: 'Pune Yard 1',
  address: 'Hadapsar, Pune',
  capacity: 1200,
  unitId: 11,
  unitName: 'Pune Camp Branch',
  active: true,
  ...patch,
});

const agency = (patch: Partial<Agency> = {}): Agency => ({
  id: 8,
  kind: 'REPOSSESSION',
  name: 'Shivneri Recovery Agency',
  registrationNo: 'RA-2024-17',
  validUntil: '2027-03-31',
  contact: 'Ravi Patil, 98200 00000',
  unitIds: [11],
  active: true,
  letter: null,
  usable: true,
  unusableReason: null,
  ...patch,
});

const settingsRoute = { match: /\/api\/repo\/settings$/, reply: () => jsonResponse(200, repoSettingsReply()) };

function renderAt(tab: string) {
  return renderWithProviders(<RepoSettingsPage />, { path: '/Repo/Settings', url: `/Repo/Settings?tab=${tab}` });
}

describe('Repossession Settings tabs', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('opens the tab the address names and switches tabs with the keyboard', async () => {
    stubApi([settingsRoute, { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: [] }) }]);
    renderAt('yards');
    expect(await screen.findByTestId('yards-empty')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Yards' }).getAttribute('aria-selected')).toBe('true');
    const yardsTab = screen.getByRole('tab', { name: 'Yards' });
    yardsTab.focus();
    fireEvent.keyDown(yardsTab, { key: 'ArrowLeft' });
    expect(await screen.findByTestId('settings-REPOSSESSION')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Timelines' }).getAttribute('aria-selected')).toBe('true');
  });

  describe('Yards', () => {
    it('lists the yards with their unit, capacity and status', async () => {
      stubApi([
        {
          match: /\/api\/secured-assets\/yards$/,
          reply: () => jsonResponse(200, { yards: [yard(), yard({ id: 6, name: 'Old Yard', active: false })] }),
        },
      ]);
      renderAt('yards');
      const row = await screen.findByTestId('yard-row-5');
      expect(within(row).getByText('Pune Camp Branch')).toBeTruthy();
      expect(within(row).getByText('1,200')).toBeTruthy();
      expect(within(row).getByText('Active')).toBeTruthy();
      expect(within(screen.getByTestId('yard-row-6')).getByText('Inactive')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reactivate Old Yard' })).toBeTruthy();
    });

    it('checks the form by the contract, then shows the field the server refuses and sends the yard', async () => {
      const api = stubApi([
        { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: [] }) },
        {
          method: 'POST',
          match: /\/api\/secured-assets\/yards$/,
          reply: () =>
            jsonResponse(400, {
              error_code: 'VALIDATION',
              detail: 'unitId: must be the acting unit or a unit below it',
              fields: [{ field: 'unitId', message: 'must be the acting unit or a unit below it' }],
            }),
        },
      ]);
      renderAt('yards');
      fireEvent.click(await screen.findByTestId('add-yard'));
      const form = await screen.findByTestId('yard-form');
      fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Chakan Yard' } });
      fireEvent.change(within(form).getByLabelText(/^Address/), { target: { value: 'MIDC Chakan' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save yard' }));
      await waitFor(() =>
        expect(
          within(form)
            .getByLabelText(/^Capacity/)
            .getAttribute('aria-invalid'),
        ).toBe('true'),
      );
      expect(within(form).getByText('Please fill mandatory fields')).toBeTruthy();
      expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

      fireEvent.change(within(form).getByLabelText(/^Capacity/), { target: { value: '40' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save yard' }));
      expect(await within(form).findByText(/must be the acting unit or a unit below it/)).toBeTruthy();
      const post = api.calls.find((call) => call.method === 'POST');
      expect(post?.body).toEqual({
        name: 'Chakan Yard',
        address: 'MIDC Chakan',
        capacity: 40,
        unitId: 11,
        active: true,
      });
    });

    it("offers the units of the acting subtree that the server lists, beyond the user's own", async () => {
      stubApi([
        { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: [] }) },
        {
          match: /\/api\/secured-assets\/register-units$/,
          reply: () =>
            jsonResponse(200, {
              units: [
                { id: 11, code: 'BR-PNQ', name: 'Pune Camp Branch', level: 'BRANCH' },
                { id: 12, code: 'BR-HDP', name: 'Hadapsar Branch', level: 'BRANCH' },
              ],
            }),
        },
      ]);
      renderAt('yards');
      fireEvent.click(await screen.findByTestId('add-yard'));
      const form = await screen.findByTestId('yard-form');
      const unit = within(form).getByLabelText(/^Unit/);
      await waitFor(() => expect(within(unit).getByRole('option', { name: 'BR-HDP · Hadapsar Branch' })).toBeTruthy());
      fireEvent.change(unit, { target: { value: '12' } });
      expect((unit as HTMLSelectElement).value).toBe('12');
    });

    it('edits a yard and keeps it active', async () => {
      let stored = [yard()];
      const api = stubApi([
        { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: stored }) },
        {
          method: 'PUT',
          match: /\/api\/secured-assets\/yards\/5$/,
          reply: () => {
            stored = [yard({ capacity: 1500 })];
            return jsonResponse(200, { yards: stored });
          },
        },
      ]);
      renderAt('yards');
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Pune Yard 1' }));
      const form = await screen.findByTestId('yard-form');
      fireEvent.change(within(form).getByLabelText(/^Capacity/), { target: { value: '1500' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save yard' }));
      await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('The yard Pune Yard 1 has been saved.'));
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        name: 'Pune Yard 1',
        address: 'Hadapsar, Pune',
        capacity: 1500,
        unitId: 11,
        active: true,
      });
      expect(await within(screen.getByTestId('yard-row-5')).findByText('1,500')).toBeTruthy();
    });

    it('deactivates a yard only after the confirmation', async () => {
      let stored = [yard()];
      const api = stubApi([
        { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: stored }) },
        {
          method: 'PUT',
          match: /\/api\/secured-assets\/yards\/5$/,
          reply: () => {
            stored = [yard({ active: false })];
            return jsonResponse(200, { yards: stored });
          },
        },
      ]);
      renderAt('yards');
      fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Pune Yard 1' }));
      expect(await screen.findByText('Deactivate Pune Yard 1?')).toBeTruthy();
      expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
      fireEvent.click(screen.getByTestId('confirm-active'));
      expect(await within(screen.getByTestId('yard-row-5')).findByText('Inactive')).toBeTruthy();
      expect((api.calls.find((call) => call.method === 'PUT')?.body as { active: boolean }).active).toBe(false);
    });

    it('says when the yards cannot be loaded and offers a retry', async () => {
      stubApi([
        {
          match: /\/api\/secured-assets\/yards$/,
          reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }),
        },
      ]);
      renderAt('yards');
      const error = await screen.findByTestId('yards-error');
      expect(within(error).getByText('The yards could not be loaded')).toBeTruthy();
      expect(within(error).getByRole('button')).toBeTruthy();
    });
  });

  describe('Agencies', () => {
    const yardsRoute = { match: /\/api\/secured-assets\/yards$/, reply: () => jsonResponse(200, { yards: [yard()] }) };

    it('lists the agencies, marks one past its empanelment and filters by kind in the address', async () => {
      const api = stubApi([
        yardsRoute,
        {
          match: /\/api\/secured-assets\/agencies/,
          reply: () =>
            jsonResponse(200, {
              businessDate: '2026-11-27',
              agencies: [
                agency(),
                agency({ id: 9, name: 'Lapsed Valuers', kind: 'VALUATION', validUntil: '2026-01-31' }),
              ],
            }),
        },
      ]);
      renderAt('agencies');
      const row = await screen.findByTestId('agency-row-8');
      expect(within(row).getByText('Repossession')).toBeTruthy();
      expect(within(row).getByText('RA-2024-17')).toBeTruthy();
      expect(within(row).queryByTestId('agency-expired')).toBeNull();
      const lapsed = screen.getByTestId('agency-row-9');
      expect(within(lapsed).getByText('Valuation')).toBeTruthy();
      expect(within(lapsed).getByTestId('agency-expired').textContent).toBe('Expired');

      fireEvent.change(screen.getByLabelText('Show agencies of kind'), { target: { value: 'VALUATION' } });
      await waitFor(() =>
        expect(api.calls.some((call) => call.url.includes('/agencies') && queryOf(call.url).kind === 'VALUATION')).toBe(
          true,
        ),
      );
    });

    it('flags a repossession agency without its authorisation letter, files one and offers the filed one', async () => {
      let stored: Agency[] = [
        agency({ letter: null, usable: false, unusableReason: 'NO_LETTER' }),
        agency({ id: 9, name: 'Kulkarni Valuers', kind: 'VALUATION' }),
      ];
      const filed = {
        documentId: 77,
        fileName: 'shivneri-letter.pdf',
        uploadedAt: '2026-11-27T06:30:00Z',
      };
      const api = stubApi([
        yardsRoute,
        {
          match: /\/api\/secured-assets\/agencies/,
          reply: () => jsonResponse(200, { businessDate: '2026-11-27', agencies: stored }),
        },
        {
          method: 'POST',
          match: /\/api\/secured-assets\/agencies\/8\/letter$/,
          reply: () => {
            stored = [agency({ letter: filed }), stored[1]!];
            return jsonResponse(200, { businessDate: '2026-11-27', agencies: stored });
          },
        },
      ]);
      renderAt('agencies');
      const row = await screen.findByTestId('agency-row-8');
      expect(within(row).getByTestId('agency-letter-missing').textContent).toBe('Not on file');
      expect(within(row).getByText('Required: a repossession agency cannot be allocated without it')).toBeTruthy();
      // A valuation agency needs no letter: shown as missing, not as required.
      expect(within(screen.getByTestId('agency-row-9')).queryByText(/^Required/)).toBeNull();

      const input = within(row).getByTestId('agency-letter-8').querySelector('input[type="file"]');
      expect(input).toBeTruthy();
      const file = new File([new Uint8Array([37, 80, 68, 70])], 'shivneri-letter.pdf', { type: 'application/pdf' });
      fireEvent.change(input!, { target: { files: [file] } });
      await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
      const posted = api.calls.find((call) => call.method === 'POST')!;
      expect((posted.body as FormData).get('file')).toBeInstanceOf(File);
      expect(await within(row).findByRole('button', { name: 'Download shivneri-letter.pdf' })).toBeTruthy();
      expect(within(row).queryByTestId('agency-letter-missing')).toBeNull();
      expect(within(row).getByRole('button', { name: 'Replace: Shivneri Recovery Agency' })).toBeTruthy();
    });

    it('refuses an agency without a registration no., then adds it with the units chosen', async () => {
      let stored: Agency[] = [];
      const api = stubApi([
        yardsRoute,
        {
          match: /\/api\/secured-assets\/agencies/,
          reply: () => jsonResponse(200, { businessDate: '2026-11-27', agencies: stored }),
        },
        {
          method: 'POST',
          match: /\/api\/secured-assets\/agencies$/,
          reply: () => {
            stored = [agency({ id: 12, name: 'Deccan Auctions', kind: 'AUCTION' })];
            return jsonResponse(200, { businessDate: '2026-11-27', agencies: stored });
          },
        },
      ]);
      renderAt('agencies');
      expect(await screen.findByTestId('agencies-empty')).toBeTruthy();
      fireEvent.click(screen.getByTestId('add-agency'));
      const form = await screen.findByTestId('agency-form');
      fireEvent.change(within(form).getByLabelText(/^Kind/), { target: { value: 'AUCTION' } });
      fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Deccan Auctions' } });
      fireEvent.change(within(form).getByLabelText(/^Empanelled until/), { target: { value: '2027-06-30' } });
      fireEvent.change(within(form).getByLabelText(/^Contact/), { target: { value: 'S. Kulkarni' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save agency' }));
      await waitFor(() =>
        expect(
          within(form)
            .getByLabelText(/^Registration no\./)
            .getAttribute('aria-invalid'),
        ).toBe('true'),
      );
      expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

      fireEvent.change(within(form).getByLabelText(/^Registration no\./), { target: { value: 'AU-77' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save agency' }));
      expect(await screen.findByTestId('agency-row-12')).toBeTruthy();
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        kind: 'AUCTION',
        name: 'Deccan Auctions',
        registrationNo: 'AU-77',
        validUntil: '2027-06-30',
        contact: 'S. Kulkarni',
        unitIds: [11],
        active: true,
      });
    });

    it('edits and deactivates an agency', async () => {
      let stored = [agency()];
      const api = stubApi([
        yardsRoute,
        {
          match: /\/api\/secured-assets\/agencies$/,
          reply: () => jsonResponse(200, { businessDate: '2026-11-27', agencies: stored }),
        },
        {
          method: 'PUT',
          match: /\/api\/secured-assets\/agencies\/8$/,
          reply: () => {
            const body = api.calls.at(-1)?.body as Agency;
            stored = [agency({ contact: body.contact, active: body.active })];
            return jsonResponse(200, { businessDate: '2026-11-27', agencies: stored });
          },
        },
      ]);
      renderAt('agencies');
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Shivneri Recovery Agency' }));
      const form = await screen.findByTestId('agency-form');
      fireEvent.change(within(form).getByLabelText(/^Contact/), { target: { value: 'Desk 020-1234' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save agency' }));
      expect(await within(screen.getByTestId('agency-row-8')).findByText('Desk 020-1234')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Deactivate Shivneri Recovery Agency' }));
      fireEvent.click(await screen.findByTestId('confirm-active'));
      expect(await within(screen.getByTestId('agency-row-8')).findByText('Inactive')).toBeTruthy();
      const puts = api.calls.filter((call) => call.method === 'PUT');
      expect(puts.map((call) => (call.body as { active: boolean }).active)).toEqual([true, false]);
      expect((puts[0]?.body as { unitIds: number[] }).unitIds).toEqual([11]);
    });

    it('says when the agencies cannot be loaded', async () => {
      stubApi([
        yardsRoute,
        {
          match: /\/api\/secured-assets\/agencies/,
          reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }),
        },
      ]);
      renderAt('agencies');
      expect(
        within(await screen.findByTestId('agencies-error')).getByText('The agencies could not be loaded'),
      ).toBeTruthy();
    });
  });
});
