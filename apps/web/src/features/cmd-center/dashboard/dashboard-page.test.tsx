import { screen, within } from '@testing-library/react';
import type { DashboardReply } from '@recovery-desk/domain/command-center/dashboard.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CommandCenterDashboardPage } from './dashboard-page.tsx';

// The command-center dashboard against a stubbed API (the map's Leaflet side stubbed): the field force's counts, the
// coverage and the alerts (the day's shady findings among them), each figure a link to its screen, the frame without
// field data for a caller without the authority, and the error state.

vi.mock('../../../components/map/leaflet-map.ts', () => ({
  createLeafletMap: (_element: HTMLElement, _settings: unknown, onBasemap: (kind: string) => void) => {
    onBasemap('offline');
    return {
      update: () => undefined,
      select: () => undefined,
      draw: () => undefined,
      finishDrawing: () => undefined,
      clearDrawing: () => undefined,
      setPlayhead: () => undefined,
      basemap: () => 'offline',
      destroy: () => undefined,
    };
  },
}));

const FRAME = { date: '2026-11-20', timeZone: 'Asia/Kolkata', now: '2026-11-20T09:40:00.000Z' };
const FULL: DashboardReply = {
  ...FRAME,
  access: 'FULL',
  fieldForce: {
    total: 3,
    online: 1,
    unknown: 1,
    offline: 1,
    inactive: 2,
    thresholds: { onlineMinutes: 10, offlineMinutes: 60, inactiveMinutes: 30 },
    positions: [
      {
        userId: 7,
        fullName: 'Farhan Andheri',
        latitude: 19.1,
        longitude: 72.85,
        fixTime: '2026-11-20T09:39:00.000Z',
        battery: 12,
        status: 'ONLINE',
        inactive: false,
      },
    ],
  },
  coverage: {
    activeCollectors: 2,
    visits: 5,
    receipts: 3,
    amounts: [{ currency: 'INR', amount: '15000.00' }],
    distanceM: 12_400,
    accountsAllocated: 40,
    accountsVisited: 6,
  },
  alerts: { inactiveDevices: 2, sosEvents: 1, mockEvents: 1, lowBattery: 1, shady: 4 },
};

function stub(reply: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/map-settings') ? jsonResponse(200, { tileUrl: null, attribution: null }) : reply(),
    ),
  );
}

const link = (testId: string) => within(screen.getByTestId(testId)).getByRole('link');

describe('Command-center dashboard', () => {
  beforeEach(() => sessionStore.set(signedInSession({ systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the field force, the coverage and the alerts, each figure a link to its screen', async () => {
    stub(() => jsonResponse(200, FULL));
    renderWithProviders(<CommandCenterDashboardPage />, { path: '/cmdCenter', url: '/cmdCenter' });
    expect((await screen.findByTestId('cc-dash-online')).textContent).toBe('Online1');
    expect(link('cc-dash-online').getAttribute('href')).toBe('/cmdCenter/activeinactiveuser?status=ONLINE');
    expect(link('cc-dash-inactive').textContent).toBe('2');
    expect(link('cc-dash-receipts').textContent).toBe('3 · ₹15,000.00');
    expect(link('cc-dash-distance').textContent).toBe('12.4 km');
    expect(link('cc-dash-allocated').textContent).toBe('6 / 40');
    expect(link('cc-dash-alert-sos').getAttribute('href')).toBe('/cmdCenter/animateRouteTaken');
    expect(link('cc-dash-alert-shady').textContent).toBe('4');
    expect(screen.getByRole('link', { name: 'Farhan Andheri' }).getAttribute('href')).toBe(
      '/cmdCenter/animateRouteTaken?userId=7&date=2026-11-20',
    );
    expect(screen.getByText(/inactive after 30 min/)).toBeTruthy();
  });

  it('shows the frame without field data to a caller without the authority, and the error of a failed read', async () => {
    stub(() => jsonResponse(200, { ...FRAME, access: 'NO_AUTHORITY', fieldForce: null, coverage: null, alerts: null }));
    const first = renderWithProviders(<CommandCenterDashboardPage />, { path: '/cmdCenter', url: '/cmdCenter' });
    expect(await screen.findByTestId('cc-dash-no-authority')).toBeTruthy();
    expect(screen.queryByTestId('cc-dash-online')).toBeNull();
    first.unmount();

    vi.unstubAllGlobals();
    stub(() => jsonResponse(500, { code: 'INTERNAL', message: 'boom' }));
    renderWithProviders(<CommandCenterDashboardPage />, { path: '/cmdCenter', url: '/cmdCenter' });
    expect((await screen.findByRole('alert')).textContent).toContain('The data could not be loaded.');
  });
});
