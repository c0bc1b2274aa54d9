import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PvrCaseDetail, WorkPlanReply } from '@recovery-desk/domain/field/contracts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HeatMapPage, PvrCaseDetailPage } from './pvr-pages.tsx';
import { WorkPlanPage } from './work-plan-page.tsx';

// The work plan and PVR screens against a stubbed API, with the map's Leaflet side replaced (jsdom has no layout):
// the map component still reads the tile settings, says when it shows the offline basemap and offers its table.

const drawn: unknown[] = [];
vi.mock('../../components/map/leaflet-map.ts', () => ({
  createLeafletMap: (
    _element: HTMLElement,
    settings: { tileUrl: string | null },
    onBasemap: (kind: string) => void,
  ) => {
    onBasemap(settings.tileUrl ? 'tiles' : 'offline');
    return { update: (data: unknown) => drawn.push(data), basemap: () => 'offline', destroy: () => undefined };
  },
}));

type Call = { method: string; url: string; body: unknown };

function stub(routes: { method?: string; match: RegExp; reply: () => Response }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      if (url.includes('/api/map-settings')) return jsonResponse(200, { tileUrl: null, attribution: null });
      const route = routes.find((item) => (item.method ?? 'GET') === method && item.match.test(url));
      return route ? route.reply() : jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Not found' });
    }),
  );
  return calls;
}

const visit = (id: number, patch: Partial<WorkPlanReply['visits'][number]> = {}) => ({
  id,
  accountId: 100 + id,
  accountNo: `PL00${id}`,
  customerName: `Borrower ${id}`,
  address: 'Flat 4, Sai Darshan, Andheri West, Mumbai',
  seq: id,
  priority: 'HIGH' as const,
  target: '12500.00',
  collected: null,
  currency: 'INR',
  latitude: 19.12 + id / 100,
  longitude: 72.85,
  legKm: 1.2,
  status: 'PLANNED' as const,
  remarks: null,
  visitedAt: null,
  dpd: 45,
  version: 1,
  ...patch,
});

const PLAN: WorkPlanReply = {
  date: '2025-11-03',
  user: { id: 7, fullName: 'Santosh Jadhav' },
  editable: true,
  plan: { id: 3, startLatitude: 19.1197, startLongitude: 72.8468, version: 4 },
  visits: [visit(1, { status: 'PAID', collected: '12500.00' }), visit(2), visit(3, { priority: 'LOW' })],
  totals: [{ currency: 'INR', target: '37500.00', collected: '12500.00' }],
};

describe('field work screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    drawn.length = 0;
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the plan in route order beside the map, with totals, and marks a visit', async () => {
    const calls = stub([
      { match: /\/api\/field\/work-plan\?/, reply: () => jsonResponse(200, PLAN) },
      {
        match: /\/api\/field\/work-plans\/team/,
        reply: () =>
          jsonResponse(200, {
            date: '2025-11-03',
            rows: [
              {
                planId: 3,
                userId: 7,
                fullName: 'Santosh Jadhav',
                unitCode: 'BR-AND',
                visits: 3,
                done: 1,
                totals: [{ currency: 'INR', target: '37500.00', collected: '12500.00' }],
              },
            ],
          }),
      },
      {
        method: 'POST',
        match: /\/api\/field\/work-plan\/visits\/2\/status$/,
        reply: () =>
          jsonResponse(200, {
            ...PLAN,
            visits: [PLAN.visits[0], visit(2, { status: 'PTP', version: 2 }), PLAN.visits[2]],
          }),
      },
    ]);
    renderWithProviders(<WorkPlanPage />, { path: '/collapp/workPlanDtl', url: '/collapp/workPlanDtl' });
    const rows = await screen.findAllByTestId('plan-visit-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['PL001', 'PL002', 'PL003']);
    expect(screen.getByText('1 of 3 visits made')).toBeTruthy();
    expect(await screen.findByTestId('plan-map-offline')).toBeTruthy();
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.at(-1)).toMatchObject({ route: true, start: { latitude: 19.1197, longitude: 72.8468 } });
    expect((drawn.at(-1) as { points: { order: number }[] }).points.map((point) => point.order)).toEqual([1, 2, 3]);

    // the map's table shows the same stops
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(screen.getByRole('table', { name: 'Route map: table' })).toBeTruthy();

    // a paid visit needs the amount collected; a promise does not
    fireEvent.click(screen.getByRole('button', { name: 'Mark visit: PL002' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Status/), { target: { value: 'PAID' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Status/), { target: { value: 'PTP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ status: 'PTP', version: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  const pvrCase = (patch: Partial<PvrCaseDetail> = {}): PvrCaseDetail => ({
    id: 9,
    caseNo: 'PVR-000009',
    accountId: 41,
    accountNo: 'HL0041',
    customerName: 'Pratik Thakkar',
    product: 'HOME',
    dpd: 75,
    propertyAddress: 'Flat 279, Gokul Dham, Vile Parle East, Mumbai',
    status: 'DELEGATED',
    assignee: 'Santosh Jadhav',
    dueDate: '2025-11-10',
    openedAt: '2025-11-03T05:30:00.000Z',
    latitude: 19.1,
    longitude: 72.85,
    version: 2,
    reason: 'Pre-legal check',
    collateral: '3 BHK flat',
    collateralValue: '1815859.00',
    currency: 'INR',
    openedBy: 'Anita Gokhale',
    assigneeKind: 'USER',
    visit: null,
    review: null,
    photos: [],
    events: [{ action: 'OPEN', actor: 'Anita Gokhale', remarks: 'Pre-legal check', at: '2025-11-03T05:30:00.000Z' }],
    can: { delegate: true, capture: true, review: false },
    ...patch,
  });

  it('checks the geotag before sending a visit, and shows the case at the PVR Case Details route', async () => {
    const calls = stub([{ match: /\/api\/pvr\/cases\/9\?accountId=41/, reply: () => jsonResponse(200, pvrCase()) }]);
    renderWithProviders(<PvrCaseDetailPage />, {
      path: '/collapp/PVRCaseDtl/caseid/:caseid/account/:accountid',
      url: '/collapp/PVRCaseDtl/caseid/9/account/41',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'PVR Case Details: PVR-000009' })).toBeTruthy();
    const form = screen.getByTestId('pvr-capture-form');
    fireEvent.change(within(form).getByLabelText(/^Latitude/), { target: { value: '95' } });
    fireEvent.change(within(form).getByLabelText(/^Longitude/), { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record visit' }));
    expect(await within(form).findByText('must be a latitude from -90 to 90')).toBeTruthy();
    expect(within(form).getByText('must be a longitude from -180 to 180')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.queryByTestId('pvr-review')).toBeNull();
  });

  it('offers the review to a second user and says when a case is not in the unit', async () => {
    stub([
      {
        match: /\/api\/pvr\/cases\/9\?accountId=41/,
        reply: () =>
          jsonResponse(
            200,
            pvrCase({
              status: 'CAPTURED',
              can: { delegate: false, capture: false, review: true },
              visit: {
                visitedAt: '2025-11-03T04:30:00.000Z',
                latitude: 19.1002,
                longitude: 72.8498,
                distanceM: 30,
                occupancy: 'TENANTED',
                condition: 'FAIR',
                personMet: null,
                remarks: 'Let to a tenant',
                capturedBy: 'Santosh Jadhav',
              },
            }),
          ),
      },
    ]);
    const first = renderWithProviders(<PvrCaseDetailPage />, {
      path: '/collapp/PVRCaseDtl/caseid/:caseid/account/:accountid',
      url: '/collapp/PVRCaseDtl/caseid/9/account/41',
    });
    expect(await screen.findByTestId('pvr-review')).toBeTruthy();
    expect(screen.getByTestId('pvr-visit').textContent).toContain('30 m from the property on record');
    expect(screen.getByTestId('pvr-visit').textContent).toContain('Tenanted');
    fireEvent.click(within(screen.getByTestId('pvr-review')).getByRole('button', { name: 'Send back' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    first.unmount();

    renderWithProviders(<PvrCaseDetailPage />, {
      path: '/collapp/PVRCaseDtl/caseid/:caseid/account/:accountid',
      url: '/collapp/PVRCaseDtl/caseid/10/account/41',
    });
    expect(await screen.findByText('There is no such PVR case in your unit.')).toBeTruthy();
  });

  it('draws the heat map’s density cells and lists them', async () => {
    stub([
      {
        match: /\/api\/pvr\/heat-map\?layer=awaiting/,
        reply: () =>
          jsonResponse(200, {
            layer: 'awaiting',
            cells: [
              { latitude: 19.125, longitude: 72.855, count: 4 },
              { latitude: 19.215, longitude: 72.975, count: 1 },
            ],
            total: 5,
            unplaced: 2,
          }),
      },
    ]);
    renderWithProviders(<HeatMapPage />, { path: '/collapp/heatMap', url: '/collapp/heatMap' });
    expect(
      await screen.findByText('Accounts awaiting a visit: 5. Places on the map: 2. Not geocoded: 2.'),
    ).toBeTruthy();
    await waitFor(() => expect((drawn.at(-1) as { density?: unknown[] } | undefined)?.density).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    const table = screen.getByTestId('heat-cells');
    expect(within(table).getByText('19.125, 72.855')).toBeTruthy();
  });
});
