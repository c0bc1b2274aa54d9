import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TargetsSection } from './targets-section.tsx';

type Call = { method: string; url: string; body: unknown };

const row = (overrides: Record<string, unknown> = {}) => ({
  unitId: 7,
  unitCode: 'BR-AND',
  unitName: 'Andheri Branch',
  level: 'BRANCH',
  currency: 'INR',
  targetMinor: '250000000',
  version: 3,
  updatedBy: 'Meera Nair',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('Collection targets on the Reports screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the month’s targets and saves an edited one in paise with the version read', async () => {
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const call = {
          method: init?.method ?? 'GET',
          url: String(input),
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        };
        calls.push(call);
        if (call.method === 'PUT') return jsonResponse(200, row({ targetMinor: '300050000', version: 4 }));
        return jsonResponse(200, {
          month: '2025-11',
          rows: [
            row(),
            row({ unitId: 8, unitCode: 'BR-THN', unitName: 'Thane Branch', targetMinor: null, version: 0 }),
          ],
        });
      }),
    );
    renderWithProviders(<TargetsSection />);
    const table = await screen.findByTestId('targets-table');
    expect(calls[0]!.url).toBe('/api/collections/targets?month=2025-11');
    expect(within(table).getByText('No target of its own')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit the target of BR-AND in INR' }));
    const amount = await screen.findByRole('textbox', { name: /^Target of BR-AND in INR/ });
    expect((amount as HTMLInputElement).value).toContain('2500000');
    fireEvent.change(amount, { target: { value: '3000500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save target' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      unitId: 7,
      month: '2025-11',
      currency: 'INR',
      targetMinor: '300050000',
      version: 3,
    });
  });
});
