import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ValuationsReply } from '@recovery-desk/domain/secured-assets/valuations.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { AssetValuationsTab } from './widgets/asset-valuations.tsx';

// The Valuations tab: the policy and the empty state, a valuation sent in paise, the suggested reserve price taken
// into the case at FPR allocation, and the load error.

const view = { case: { caseId: 7, version: 3 } } as unknown as CaseView;

function reply(patch: Partial<ValuationsReply> = {}): ValuationsReply {
  return {
    caseId: 7,
    definitionCode: 'REPOSSESSION',
    stage: 'CaptureValDtl',
    currency: 'INR',
    editable: true,
    policy: { required: 2, reason: 'REPO_HIGH_OUTSTANDING', thresholdMinor: 100_000_000 },
    valuations: [],
    derived: null,
    suggestedReserveMinor: null,
    reservePriceMinor: null,
    atReserveStage: false,
    ...patch,
  };
}

const valuation = {
  id: 11,
  valuerName: 'Shree Valuers',
  valuationDate: '2026-06-29',
  marketValueMinor: 41_000_000,
  realisableValueMinor: 38_000_050,
  distressValueMinor: 35_000_000,
  reportReference: 'SV/17',
  currency: 'INR',
  createdByUserId: 3,
  updatedAt: '2026-06-29T10:00:00.000Z',
};

const render = (canAct = true, onReload = vi.fn()) =>
  renderWithProviders(
    <AssetValuationsTab view={view} definition={REPOSSESSION_DEFINITION} canAct={canAct} onReload={onReload} />,
  );

describe('the Valuations tab', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the policy and the empty state, and adds a valuation in paise', async () => {
    const onReload = vi.fn();
    const api = stubApi([
      { match: /\/valuations$/, reply: () => jsonResponse(200, reply()) },
      {
        method: 'POST',
        match: /\/api\/secured-assets\/cases\/7\/valuations$/,
        reply: () =>
          jsonResponse(
            200,
            reply({
              valuations: [valuation],
              derived: {
                marketValueMinor: 41_000_000,
                realisableValueMinor: 38_000_050,
                distressValueMinor: 35_000_000,
                valuationDate: '2026-06-29',
              },
            }),
          ),
      },
    ]);
    render(true, onReload);
    expect(await screen.findByTestId('valuations-empty')).toBeTruthy();
    expect(screen.getByTestId('valuation-policy').textContent).toContain('Valuations required: 2');
    expect(screen.getByTestId('valuation-policy').textContent).toContain('₹10,00,000.00');

    fireEvent.change(screen.getByLabelText(/Valuer or agency/), { target: { value: 'Shree Valuers' } });
    fireEvent.change(screen.getByLabelText(/Valuation date/), { target: { value: '29-06-2026' } });
    fireEvent.change(screen.getByLabelText(/Market value/), { target: { value: '410000' } });
    fireEvent.change(screen.getByLabelText(/Realisable value/), { target: { value: '380000.5' } });
    fireEvent.change(screen.getByLabelText(/Distress value/), { target: { value: '350000' } });
    fireEvent.change(screen.getByLabelText(/Report reference/), { target: { value: 'SV/17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save valuation' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      valuerName: 'Shree Valuers',
      valuationDate: '2026-06-29',
      marketValueMinor: 41_000_000,
      realisableValueMinor: 38_000_050,
      distressValueMinor: 35_000_000,
      reportReference: 'SV/17',
    });
    expect(await screen.findByTestId('valuation-11')).toBeTruthy();
    expect(screen.getByTestId('valuation-11').textContent).toContain('₹3,80,000.50');
    expect(onReload).toHaveBeenCalled();
  });

  it('suggests the lowest realisable value as the reserve price and saves it into the case', async () => {
    const onReload = vi.fn();
    const api = stubApi([
      {
        match: /\/valuations$/,
        reply: () =>
          jsonResponse(
            200,
            reply({
              stage: 'FprAllocation',
              editable: false,
              valuations: [valuation],
              derived: {
                marketValueMinor: 41_000_000,
                realisableValueMinor: 38_000_050,
                distressValueMinor: 35_000_000,
                valuationDate: '2026-06-29',
              },
              suggestedReserveMinor: 38_000_050,
              atReserveStage: true,
            }),
          ),
      },
      { method: 'POST', match: /\/api\/workflow\/cases\/7\/fields$/, reply: () => jsonResponse(200, {}) },
    ]);
    render(true, onReload);
    expect((await screen.findByTestId('reserve-suggested')).textContent).toContain('₹3,80,000.50');
    expect(screen.getByTestId('reserve-current').textContent).toBe('No reserve price is set on the case yet.');
    expect(screen.queryByTestId('valuation-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use the suggested reserve price' }));
    await waitFor(() => expect(api.calls.some((call) => call.url.endsWith('/fields'))).toBe(true));
    expect(api.calls.find((call) => call.url.endsWith('/fields'))?.body).toEqual({
      version: 3,
      fields: { reservePrice: '380000.50' },
    });
  });

  it('says so when the valuations cannot be loaded', async () => {
    stubApi([{ match: /\/valuations$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }) }]);
    render(false);
    expect(await screen.findByText('The valuations could not be loaded')).toBeTruthy();
  });
});
