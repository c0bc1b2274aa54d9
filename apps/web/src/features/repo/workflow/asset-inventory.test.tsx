import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InventoryReply } from '@recovery-desk/domain/secured-assets/inventory.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { REPOSSESSION_INVENTORY, SARFAESI_INVENTORY } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { AssetInventoryTab, photoProblem } from './widgets/asset-inventory.tsx';

// The Inventory tab: what is missing, the vehicle captured and sent whole (numbers as numbers, lines), a photo's type
// and size checked before upload, the read-only view after the stage (a property, with its area in the user's
// number format), and the load error.

const view = { case: { caseId: 7, version: 3 } } as unknown as CaseView;

function reply(patch: Partial<InventoryReply> = {}): InventoryReply {
  return {
    caseId: 7,
    definitionCode: 'REPOSSESSION',
    stage: 'AssetDtlCapture',
    kind: 'VEHICLE',
    editable: true,
    photoCode: 'repossessionPhotos',
    inventory: null,
    photos: [],
    missing: ['inventory', 'photos'],
    ...patch,
  };
}

const render = (canAct = true, onReload = vi.fn()) =>
  renderWithProviders(
    <AssetInventoryTab view={view} definition={REPOSSESSION_DEFINITION} canAct={canAct} onReload={onReload} />,
  );

describe('the Inventory tab', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('says what is missing and saves the vehicle with its lines', async () => {
    const onReload = vi.fn();
    const saved = reply({
      inventory: { kind: 'VEHICLE', ...REPOSSESSION_INVENTORY, updatedAt: '2026-06-30T10:00:00.000Z' },
      missing: ['photos'],
    });
    const api = stubApi([
      { match: /\/inventory$/, reply: () => jsonResponse(200, reply()) },
      { method: 'PUT', match: /\/api\/secured-assets\/cases\/7\/inventory$/, reply: () => jsonResponse(200, saved) },
    ]);
    render(true, onReload);
    expect((await screen.findByTestId('inventory-status')).textContent).toContain('asset details are not captured');
    expect(screen.getByTestId('inventory-status').textContent).toContain('at least one photo');
    expect(screen.getByTestId('inventory-photos-empty')).toBeTruthy();

    const vehicle = REPOSSESSION_INVENTORY.vehicle!;
    fireEvent.change(screen.getByLabelText(/Registration no/), { target: { value: 'mh12ab1234' } });
    fireEvent.change(screen.getByLabelText(/Make and model/), { target: { value: vehicle.makeModel } });
    fireEvent.change(screen.getByLabelText(/Chassis no/), { target: { value: vehicle.chassisNo } });
    fireEvent.change(screen.getByLabelText(/Engine no/), { target: { value: vehicle.engineNo } });
    fireEvent.change(screen.getByLabelText(/Odometer/), { target: { value: '45210' } });
    fireEvent.change(screen.getByLabelText(/Fuel level/), { target: { value: 'QUARTER' } });
    fireEvent.change(screen.getByLabelText(/^Condition/), { target: { value: 'GOOD' } });
    fireEvent.click(screen.getByLabelText('Keys handed over'));
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.change(screen.getByLabelText(/^Item/), { target: { value: 'Spare wheel' } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the inventory' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      vehicle: { ...vehicle },
      property: null,
      items: [{ item: 'Spare wheel', quantity: 1, condition: 'GOOD' }],
      remarks: null,
    });
    await waitFor(() => expect(screen.getByTestId('inventory-status').textContent).not.toContain('asset details'));
    expect(onReload).toHaveBeenCalled();
  });

  it('shows the server’s field errors beside their fields', async () => {
    stubApi([
      { match: /\/inventory$/, reply: () => jsonResponse(200, reply()) },
      {
        method: 'PUT',
        match: /\/inventory$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'vehicle.odometerKm: must be whole kilometres',
            fields: [{ field: 'vehicle.odometerKm', message: 'must be whole kilometres' }],
          }),
      },
    ]);
    render();
    fireEvent.change(await screen.findByLabelText(/Odometer/), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the inventory' }));
    expect(await screen.findByText('must be whole kilometres')).toBeTruthy();
  });

  it('checks a photo’s type and size before uploading it', () => {
    expect(photoProblem(new File(['x'], 'front.png', { type: 'image/png' }))).toBeNull();
    expect(photoProblem(new File(['x'], 'scan.pdf', { type: 'application/pdf' }))).toBe('RepoInvPhotoWrongType');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(photoProblem(big)).toBe('RepoInvPhotoTooLarge');
  });

  it('shows a captured property read-only after the stage', async () => {
    stubApi([
      {
        match: /\/inventory$/,
        reply: () =>
          jsonResponse(
            200,
            reply({
              definitionCode: 'SARFAESI',
              stage: 'ValAgencyAllocation',
              kind: 'PROPERTY',
              editable: false,
              photoCode: 'propertyPhotos',
              inventory: { kind: 'PROPERTY', ...SARFAESI_INVENTORY, updatedAt: '2026-06-30T10:00:00.000Z' },
              missing: [],
            }),
          ),
      },
    ]);
    render(true);
    const details = await screen.findByTestId('inventory-details');
    expect(details.textContent).toContain('980 sq ft');
    expect(details.textContent).toContain('Locked');
    expect(screen.getByText(/Read-only/)).toBeTruthy();
    expect(screen.getByTestId('inventory-items').textContent).toContain('Fittings (fans, lights)');
    expect(screen.queryByTestId('inventory-form')).toBeNull();
    expect(screen.queryByTestId('inventory-photo-input')).toBeNull();
  });

  it('says so when the inventory cannot be loaded', async () => {
    stubApi([{ match: /\/inventory$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }) }]);
    render(false);
    expect(await screen.findByText('The inventory could not be loaded')).toBeTruthy();
  });
});
