import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RouteReplayPage } from './route-page.tsx';

// Animated Route Taken against a stubbed API (the map's Leaflet side stubbed, as in map-view.test.tsx): the collector
// and day from the address, the totals, what the filters dropped, the timeline beside the player — a click on a line
// moves the scrubber there — play / pause, the mock-location flag, the customers' geofences, the collector picker's
// server-side search, and the empty and error states.

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

const USERS = {
  date: '2026-11-20',
  timeZone: 'Asia/Kolkata',
  total: 1,
  page: 1,
  pageSize: 100,
  rows: [
    {
      userId: 7,
      username: 'fc.andheri',
      fullName: 'Farhan Andheri',
      unitCode: 'MUM-AND',
      device: null,
      lastSeenAt: null,
      lastPosition: null,
      battery: null,
      positionsOfDay: 4,
    },
  ],
};

const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`; // UTC; India time is 5:30 ahead

const ROUTE = {
  user: { id: 7, username: 'fc.andheri', fullName: 'Farhan Andheri' },
  date: '2026-11-20',
  timeZone: 'Asia/Kolkata',
  fixes: [
    { time: at('04:00'), latitude: 19.1, longitude: 72.85 },
    { time: at('04:20'), latitude: 19.1, longitude: 72.85 },
    { time: at('04:30'), latitude: 19.12, longitude: 72.86 },
    { time: at('05:00'), latitude: 19.12, longitude: 72.86 },
  ],
  stops: [{ startTime: at('04:00'), endTime: at('04:20'), durationS: 1200, latitude: 19.1, longitude: 72.85 }],
  trips: [{ startTime: at('04:20'), endTime: at('04:30'), durationS: 600, distanceM: 2500, maxSpeedKmh: 30 }],
  events: [
    { type: 'VISIT', time: at('04:05'), latitude: 19.1, longitude: 72.85, ref: 'LN0001', mock: false },
    { type: 'RECEIPT', time: at('04:40'), latitude: 19.12, longitude: 72.86, ref: 'RC-9', mock: true },
  ],
  totals: { distanceM: 2500, movingS: 600, stoppedS: 1200 },
  dropped: { invalid: 0, duplicate: 0, future: 0, inaccurate: 3, outlier: 1 },
  truncated: false,
  geofences: {
    radiusM: 150,
    customers: [
      { customerId: 31, customerName: 'Ravi Kumar', accountNo: 'LN0001', latitude: 19.1, longitude: 72.85 },
      { customerId: 32, customerName: 'Sita Devi', accountNo: null, latitude: 19.12, longitude: 72.86 },
    ],
  },
};

function stub(route: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.includes('/api/map-settings')) return jsonResponse(200, { tileUrl: null, attribution: null });
      if (url.includes('/api/cmd-center/field-users')) return jsonResponse(200, USERS);
      return route();
    }),
  );
  return urls;
}

const URL_OF_DAY = '/cmdCenter/animateRouteTaken?userId=7&date=2026-11-20';

describe('Animated Route Taken', () => {
  beforeEach(() => sessionStore.set(signedInSession({ systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('replays the day of the address: totals, dropped, timeline, seek by a click, play and pause, mock flagged', async () => {
    const urls = stub(() => jsonResponse(200, ROUTE));
    renderWithProviders(<RouteReplayPage />, { path: '/cmdCenter/animateRouteTaken', url: URL_OF_DAY });
    const totals = await screen.findByTestId('cc-route-totals');
    expect(urls.some((url) => url.includes('/api/cmd-center/route?userId=7&date=2026-11-20'))).toBe(true);
    expect(totals.textContent).toContain('2.5 km');
    expect(totals.textContent).toContain('0:20');
    expect(screen.getByTestId('cc-route-dropped').textContent).toBe('Left out by the filters: inaccurate 3, jumps 1');
    expect(screen.getByTestId('cc-route-mock-alert')).toBeTruthy();

    const timeline = screen.getByTestId('cc-route-timeline');
    const rows = within(timeline)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(rows).toEqual([
      'Stop 1 · 0:20 Stop · 09:30–09:50',
      'Visit LN0001 Event · 09:35',
      'Trip of 2.5 km Trip · 09:50–10:00 · 0:10',
      'Receipt RC-9 mock locationEvent · 10:10',
    ]);

    const scrubber = screen.getByTestId('cc-route-player-scrubber') as HTMLInputElement;
    expect(Number(scrubber.value)).toBe(Date.parse(at('04:00')));
    fireEvent.click(screen.getByTestId('cc-route-item-event-1'));
    await waitFor(() => expect(Number(scrubber.value)).toBe(Date.parse(at('04:40'))));
    expect(screen.getByTestId('cc-route-item-event-1').getAttribute('aria-current')).toBe('step');

    const play = screen.getByTestId('cc-route-player-play');
    fireEvent.click(play);
    expect(play.textContent).toBe('Pause');
    fireEvent.click(play);
    expect(play.textContent).toBe('Play');
  });

  it('says so when the day has no positions, asks for a collector first, and shows the error of a failed read', async () => {
    stub(() =>
      jsonResponse(200, {
        ...ROUTE,
        fixes: [],
        stops: [],
        trips: [],
        events: [],
        geofences: { radiusM: 150, customers: [] },
      }),
    );
    const first = renderWithProviders(<RouteReplayPage />, { path: '/cmdCenter/animateRouteTaken', url: URL_OF_DAY });
    expect((await screen.findByTestId('cc-route-empty')).textContent).toBe('No positions that day.');
    first.unmount();

    const second = renderWithProviders(<RouteReplayPage />, {
      path: '/cmdCenter/animateRouteTaken',
      url: '/cmdCenter/animateRouteTaken',
    });
    expect(await screen.findByText('Choose a collector to replay the route of the day.')).toBeTruthy();
    second.unmount();

    vi.unstubAllGlobals();
    stub(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'No field user with this id in your units.' }));
    renderWithProviders(<RouteReplayPage />, { path: '/cmdCenter/animateRouteTaken', url: URL_OF_DAY });
    expect((await screen.findByRole('alert')).textContent).toContain('The data could not be loaded.');
  });

  it('lists the geofences of the customers visited with the settings’ radius, beside the stops and events', async () => {
    stub(() => jsonResponse(200, ROUTE));
    renderWithProviders(<RouteReplayPage />, { path: '/cmdCenter/animateRouteTaken', url: URL_OF_DAY });
    expect((await screen.findByTestId('cc-route-geofences')).textContent).toBe(
      'Circles: the geofences of the 2 customers visited that day (radius 150 m).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByRole('table', { name: /: table$/ });
    const geofences = within(table)
      .getAllByRole('row')
      .filter((row) => row.textContent?.startsWith('Geofence'))
      .map((row) => row.textContent);
    expect(geofences).toEqual(['GeofenceRavi Kumar · LN0001 (radius 150 m)——', 'GeofenceSita Devi (radius 150 m)——']);
  });

  it('searches the server for a collector beyond the first page, and replays the one picked', async () => {
    const urls: string[] = [];
    const zoya = { ...USERS.rows[0]!, userId: 99, username: 'fc.zoya', fullName: 'Zoya Khan' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        if (url.includes('/api/map-settings')) return jsonResponse(200, { tileUrl: null, attribution: null });
        if (url.includes('/api/cmd-center/field-users')) {
          const q = new URL(url, 'http://localhost').searchParams.get('q');
          return jsonResponse(200, q === 'zoya' ? { ...USERS, total: 1, rows: [zoya] } : { ...USERS, total: 120 });
        }
        return jsonResponse(200, { ...ROUTE, user: { id: 99, username: 'fc.zoya', fullName: 'Zoya Khan' } });
      }),
    );
    renderWithProviders(<RouteReplayPage />, {
      path: '/cmdCenter/animateRouteTaken',
      url: '/cmdCenter/animateRouteTaken?date=2026-11-20',
    });
    expect(
      await screen.findByText('Showing 1 of 120 collectors: type a name or username to find the others.'),
    ).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Collector' });
    act(() => picker.focus()); // typed by a person: the picker has the focus
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'zoya' } });
    await waitFor(() => expect(urls).toContain('/api/cmd-center/field-users?pageSize=50&q=zoya'));
    fireEvent.click(await screen.findByRole('option', { name: 'Zoya Khan (fc.zoya)' }));
    await screen.findByTestId('cc-route-totals');
    expect(urls.some((url) => url.includes('/api/cmd-center/route?userId=99&date=2026-11-20'))).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Collector' }) as HTMLInputElement).value).toBe('Zoya Khan (fc.zoya)');
  });
});
