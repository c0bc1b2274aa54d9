import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountActivityPage } from './account-activity-page.tsx';
import { ActiveUsersPage } from './active-users-page.tsx';
import { IdleReportPage } from './idle-report-page.tsx';
import { TimeSpentPage } from './time-spent-page.tsx';

// The activity screens against a stubbed API (the map's Leaflet side stubbed, as jsdom lays nothing out): each
// screen's loading, rows, empty and error states, its filters sent as the query, the export and the map beside.

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
/** The names of the files handed to the browser's download manager (web tests share one module graph per worker, so
 * the download is observed at the anchor's click rather than by mocking the save-file module). */
const saved: string[] = [];

type Handler = (url: URL) => Response | undefined;
function stub(handler: Handler) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      if (url.pathname === '/api/map/settings') return jsonResponse(200, { tileUrl: null, attribution: null });
      if (url.pathname === '/api/cmd-center/field-users') {
        return jsonResponse(200, {
          date: '2026-11-20',
          timeZone: 'Asia/Kolkata',
          total: 0,
          page: 1,
          pageSize: 100,
          rows: [],
        });
      }
      return handler(url) ?? jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Not here.' });
    }),
  );
  return urls;
}

const USER = {
  userId: 7,
  username: 'fc.andheri',
  fullName: 'Santosh Jadhav',
  unitCode: 'BR-AND',
  status: 'ONLINE',
  inactive: false,
  lastSeenAt: '2026-11-20T06:00:00.000Z',
  lastPosition: { fixTime: '2026-11-20T06:00:00.000Z', latitude: 19.12, longitude: 72.85 },
  battery: 80,
  device: { deviceId: 'phone-1', platform: 'android', appVersion: '1.0' },
  day: { positions: 120, visits: 3, receipts: 2, stops: 4, distanceKm: 12.5 },
};
const ACTIVE = {
  date: '2026-11-20',
  timeZone: 'Asia/Kolkata',
  asOf: '2026-11-20T06:05:00.000Z',
  counts: { ALL: 2, ONLINE: 1, UNKNOWN: 0, OFFLINE: 1, INACTIVE: 1 },
  total: 2,
  page: 1,
  pageSize: 25,
  rows: [
    USER,
    {
      ...USER,
      userId: 8,
      username: 'fc.silent',
      fullName: 'Meena Rao',
      status: 'OFFLINE',
      inactive: true,
      lastSeenAt: null,
      lastPosition: null,
      battery: null,
      device: null,
      day: { positions: 0, visits: 0, receipts: 0, stops: 0, distanceKm: 0 },
    },
  ],
};

beforeEach(() => {
  sessionStore.set(signedInSession({ activeApp: 'cmdcenter', systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] }));
  toastStore.set({ toasts: [], developerMode: false });
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('Active Inactive Users', () => {
  it('lists the users with their status, filters by status, links the route, exports, and maps the positions', async () => {
    const urls = stub((url) => {
      if (url.pathname === '/api/cmd-center/active-users') return jsonResponse(200, ACTIVE);
      if (url.pathname === '/api/cmd-center/active-users/export') {
        return new Response('a,b\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      }
      return undefined;
    });
    renderWithProviders(<ActiveUsersPage />, {
      path: '/cmdCenter/activeinactiveuser',
      url: '/cmdCenter/activeinactiveuser?date=2026-11-20',
    });
    const table = await screen.findByTestId('cc-active-users-table');
    expect(within(table).getByText('Santosh Jadhav')).toBeTruthy();
    expect(within(table).getAllByText('Online').length).toBeGreaterThan(0);
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(screen.getByTestId('cc-updated-at').textContent).toMatch(/^Updated at/);
    expect(screen.getByTestId('cc-active-users-map')).toBeTruthy();
    const route = within(table).getAllByRole('link', { name: 'Open route' })[0]!;
    expect(route.getAttribute('href')).toBe('/cmdCenter/animateRouteTaken?userId=7&date=2026-11-20');

    const chips = screen.getByTestId('cc-status-chips');
    expect(within(chips).getByRole('button', { name: 'Offline (1)' })).toBeTruthy();
    fireEvent.click(within(chips).getByRole('button', { name: 'Inactive (1)' }));
    await waitFor(() =>
      expect(
        urls.some((url) => url.pathname.endsWith('/active-users') && url.searchParams.get('status') === 'INACTIVE'),
      ).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['active-users-2026-11-20.csv']));
    const exported = urls.find((url) => url.pathname.endsWith('/active-users/export'))!;
    expect(exported.searchParams.get('format')).toBe('csv');
    expect(exported.searchParams.get('status')).toBe('INACTIVE');
  });

  it('says when the list cannot be loaded, and when no user matches', async () => {
    stub((url) =>
      url.pathname === '/api/cmd-center/active-users'
        ? url.searchParams.get('q') === 'nobody'
          ? jsonResponse(200, {
              ...ACTIVE,
              counts: { ALL: 0, ONLINE: 0, UNKNOWN: 0, OFFLINE: 0, INACTIVE: 0 },
              total: 0,
              rows: [],
            })
          : jsonResponse(500, { error_code: 'INTERNAL', detail: 'Broken.' })
        : undefined,
    );
    renderWithProviders(<ActiveUsersPage />, {
      path: '/cmdCenter/activeinactiveuser',
      url: '/cmdCenter/activeinactiveuser',
    });
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No field users match.')).toBeTruthy();
  });
});

const SPELL = {
  date: '2026-11-20',
  from: '2026-11-20T06:00:00.000Z',
  to: '2026-11-20T06:45:00.000Z',
  minutes: 45,
  latitude: 19.12,
  longitude: 72.85,
  customer: { customerId: 3, customerName: 'Asha Patil', accountId: 41, accountNo: 'LN0041' },
};

describe('Idle Time Report', () => {
  it('sends the filters, lists the spells with totals and the customer’s account link, and maps them', async () => {
    const urls = stub((url) =>
      url.pathname === '/api/cmd-center/idle-report'
        ? jsonResponse(200, {
            from: '2026-11-18',
            to: '2026-11-20',
            timeZone: 'Asia/Kolkata',
            minMinutes: 30,
            users: [
              { userId: 7, username: 'fc.andheri', fullName: 'Santosh Jadhav', spells: [SPELL], totalMinutes: 45 },
            ],
          })
        : undefined,
    );
    renderWithProviders(<IdleReportPage />, {
      path: '/cmdCenter/idealTimeReport',
      url: '/cmdCenter/idealTimeReport?from=2026-11-18&to=2026-11-20&minMinutes=30',
    });
    const table = await screen.findByTestId('cc-idle-table');
    expect(within(table).getByText('Asha Patil')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'LN0041' }).getAttribute('href')).toBe(
      '/cmdCenter/activeinactiveuser/account/41',
    );
    expect(within(screen.getByTestId('cc-idle-totals')).getByText('45')).toBeTruthy();
    expect(screen.getByTestId('cc-idle-map')).toBeTruthy();
    const sent = urls.find((url) => url.pathname === '/api/cmd-center/idle-report')!;
    expect(Object.fromEntries(sent.searchParams)).toEqual({ from: '2026-11-18', to: '2026-11-20', minMinutes: '30' });
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeTruthy();
  });

  it('shows the empty state, and the server’s refusal of a bad range', async () => {
    stub((url) =>
      url.pathname === '/api/cmd-center/idle-report'
        ? url.searchParams.get('to') === '2026-12-31'
          ? jsonResponse(400, {
              error_code: 'VALIDATION',
              detail: 'to: must be at most 31 days after from',
              fields: [{ field: 'to', message: 'must be at most 31 days after from' }],
            })
          : jsonResponse(200, {
              from: '2026-11-20',
              to: '2026-11-20',
              timeZone: 'Asia/Kolkata',
              minMinutes: 30,
              users: [],
            })
        : undefined,
    );
    renderWithProviders(<IdleReportPage />, {
      path: '/cmdCenter/idealTimeReport',
      url: '/cmdCenter/idealTimeReport?from=2026-11-20&to=2026-11-20',
    });
    expect(await screen.findByText('No idle spells in this range.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy();
  });
});

describe('Time Spent Report', () => {
  it('lists the dwell per customer, lists the selected rows’ visits, and maps the customers', async () => {
    stub((url) =>
      url.pathname === '/api/cmd-center/time-spent-report'
        ? jsonResponse(200, {
            from: '2026-11-20',
            to: '2026-11-20',
            timeZone: 'Asia/Kolkata',
            geofenceRadiusM: 150,
            users: [
              {
                userId: 7,
                username: 'fc.andheri',
                fullName: 'Santosh Jadhav',
                totalDwellMinutes: 25,
                customers: [
                  {
                    customerId: 3,
                    customerName: 'Asha Patil',
                    accountId: 41,
                    accountNo: 'LN0041',
                    latitude: 19.12,
                    longitude: 72.85,
                    visits: 2,
                    dwellMinutes: 25,
                    firstEnter: '2026-11-20T05:00:00.000Z',
                    lastLeave: '2026-11-20T07:00:00.000Z',
                    visitList: [
                      { enter: '2026-11-20T05:00:00.000Z', leave: '2026-11-20T05:15:00.000Z', dwellMinutes: 15 },
                      { enter: '2026-11-20T06:50:00.000Z', leave: '2026-11-20T07:00:00.000Z', dwellMinutes: 10 },
                    ],
                  },
                ],
              },
            ],
          })
        : undefined,
    );
    renderWithProviders(<TimeSpentPage />, {
      path: '/cmdCenter/timeSpentReport',
      url: '/cmdCenter/timeSpentReport?from=2026-11-20&to=2026-11-20',
    });
    const table = await screen.findByTestId('cc-time-spent-table');
    expect(within(table).getByText('Asha Patil')).toBeTruthy();
    expect(within(table).getByText('25')).toBeTruthy();
    expect(screen.getByText(/150 m around the address/)).toBeTruthy();
    expect(screen.getByTestId('cc-time-spent-map')).toBeTruthy();
    expect(screen.queryByTestId('cc-time-spent-visits')).toBeNull();
    fireEvent.click(within(table).getByRole('checkbox', { name: /Santosh Jadhav Asha Patil/ }));
    const visits = await screen.findByTestId('cc-time-spent-visits');
    expect(within(visits).getByText('15')).toBeTruthy();
    expect(within(visits).getByText('10')).toBeTruthy();
  });
});

describe('an account’s field activity', () => {
  it('shows the holder, the geofence, the visits and receipts with their places', async () => {
    stub((url) =>
      url.pathname === '/api/cmd-center/accounts/41/field-activity'
        ? jsonResponse(200, {
            account: {
              id: 41,
              accountNo: 'LN0041',
              customerName: 'Asha Patil',
              allocatedTo: { userId: 7, fullName: 'Santosh Jadhav' },
              location: { latitude: 19.12, longitude: 72.85 },
            },
            from: '2026-10-22',
            to: '2026-11-20',
            timeZone: 'Asia/Kolkata',
            geofenceRadiusM: 150,
            visitEvents: [
              {
                userId: 7,
                fullName: 'Santosh Jadhav',
                time: '2026-11-20T05:00:00.000Z',
                latitude: 19.12,
                longitude: 72.85,
                mock: false,
              },
            ],
            geofenceVisits: [
              {
                userId: 7,
                fullName: 'Santosh Jadhav',
                enter: '2026-11-20T05:00:00.000Z',
                leave: '2026-11-20T05:20:00.000Z',
                dwellMinutes: 20,
              },
            ],
            receipts: [
              {
                receiptNo: 'E1001',
                receivedBy: 'Santosh Jadhav',
                time: '2026-11-20T05:10:00.000Z',
                amountMinor: '500000',
                currency: 'INR',
                latitude: null,
                longitude: null,
              },
            ],
          })
        : undefined,
    );
    renderWithProviders(<AccountActivityPage />, {
      path: '/cmdCenter/activeinactiveuser/account/:accountid',
      url: '/cmdCenter/activeinactiveuser/account/41',
    });
    expect((await screen.findByTestId('cc-account-summary')).textContent).toBe(
      'Account LN0041 of Asha Patil, held by Santosh Jadhav.',
    );
    expect(screen.getByText(/150 m around the address/)).toBeTruthy();
    expect(within(screen.getByTestId('cc-account-geofence-visits')).getByText('20')).toBeTruthy();
    const receipts = screen.getByTestId('cc-account-receipts');
    expect(within(receipts).getByText('E1001')).toBeTruthy();
    expect(within(receipts).getByText('No position')).toBeTruthy();
    expect(within(receipts).getByText(/5,000\.00/)).toBeTruthy();
    expect(screen.getByTestId('cc-account-map')).toBeTruthy();
  });

  it('says so when the account is not in the user’s units', async () => {
    stub(() => undefined);
    renderWithProviders(<AccountActivityPage />, {
      path: '/cmdCenter/activeinactiveuser/account/:accountid',
      url: '/cmdCenter/activeinactiveuser/account/99',
    });
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy();
  });
});
