import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { AgencyPicker } from './widgets/agency-picker.tsx';

// The agency picker: the usable valuation agencies of the register offered at Valuation Agency Allocation, the chosen
// one's name saved into the stage's agency field; nothing offered without the stage's authority or without agencies.

const view = {
  case: { caseId: 7, version: 4, definitionCode: 'REPOSSESSION', stage: 'ValuationAgcAllocation', fields: {} },
} as unknown as CaseView;

const agency = (id: number, name: string, usable: boolean, letter: string | null = null) => ({
  id,
  kind: 'VALUATION',
  name,
  registrationNo: `EMP/V/${id}`,
  validUntil: '2027-03-31',
  contact: 'desk@example.com',
  unitIds: [2],
  active: usable,
  letter: letter === null ? null : { documentId: 40 + id, fileName: letter, uploadedAt: '2026-06-01T05:00:00Z' },
  usable,
  unusableReason: usable ? null : 'INACTIVE',
});

const render = (canAct = true, onReload = vi.fn()) =>
  renderWithProviders(
    <AgencyPicker view={view} definition={REPOSSESSION_DEFINITION} canAct={canAct} onReload={onReload} />,
  );

describe('the agency picker', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('offers the usable agencies of the stage’s kind and fills the agency field', async () => {
    const onReload = vi.fn();
    const api = stubApi([
      {
        match: /\/api\/secured-assets\/agencies\?kind=VALUATION&usable=true$/,
        reply: () =>
          jsonResponse(200, {
            businessDate: '2026-06-30',
            agencies: [agency(1, 'Autovalue Pvt Ltd', true), agency(2, 'Lapsed Valuers', false)],
          }),
      },
      { method: 'POST', match: /\/api\/workflow\/cases\/7\/fields$/, reply: () => jsonResponse(200, {}) },
    ]);
    render(true, onReload);
    const select = await screen.findByLabelText('Agency from the register');
    expect(select.textContent).toContain('Autovalue Pvt Ltd (EMP/V/1, valid until ');
    expect(select.textContent).not.toContain('Lapsed Valuers');
    fireEvent.change(select, { target: { value: 'Autovalue Pvt Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this agency' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: 4,
      fields: { valuationAgency: 'Autovalue Pvt Ltd' },
    });
  });

  it('downloads the chosen agency’s authorisation letter on file', async () => {
    const api = stubApi([
      {
        match: /\/api\/secured-assets\/agencies\?kind=VALUATION&usable=true$/,
        reply: () =>
          jsonResponse(200, {
            businessDate: '2026-06-30',
            agencies: [agency(1, 'Autovalue Pvt Ltd', true, 'autovalue-letter.pdf'), agency(3, 'Kulkarni', true)],
          }),
      },
      {
        match: /\/api\/secured-assets\/agencies\/1\/letter$/,
        reply: () => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
      },
    ]);
    const createObjectURL = vi.fn(() => 'blob:letter');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    render();
    const select = await screen.findByLabelText('Agency from the register');
    fireEvent.change(select, { target: { value: 'Kulkarni' } });
    expect(screen.queryByTestId('agency-picker-letter')).toBeNull();
    fireEvent.change(select, { target: { value: 'Autovalue Pvt Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download autovalue-letter.pdf' }));
    await waitFor(() => expect(api.calls.some((call) => call.url.endsWith('/agencies/1/letter'))).toBe(true));
  });

  it('says so when no agency of the kind is empanelled, and offers nothing without the authority', async () => {
    stubApi([
      {
        match: /\/api\/secured-assets\/agencies/,
        reply: () => jsonResponse(200, { businessDate: '2026-06-30', agencies: [] }),
      },
    ]);
    const first = render();
    expect(await screen.findByTestId('agency-picker-empty')).toBeTruthy();
    first.unmount();
    render(false);
    expect(screen.queryByTestId('agency-picker')).toBeNull();
    expect(screen.queryByTestId('agency-picker-empty')).toBeNull();
  });
});
