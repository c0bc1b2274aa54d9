import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AllocationStatusPage } from './allocation-status-page.tsx';
import { MapAllocationPage } from './map-allocation-page.tsx';

// Map Based Allocation and its Status against a stubbed API, with the map's Leaflet side replaced (jsdom has no
// layout): select by pincode, pick an assignee, preview (per assignee and the skipped with reasons), confirm and get
// the link to the batch; the status screen's batches and a batch's items with outcome and reason; the error state.

vi.mock('../../../components/map/leaflet-map.ts', () => ({
  createLeafletMap: (_element: HTMLElement, _settings: unknown, onBasemap: (kind: string) => void) => {
    onBasemap('offline');
    const none = () => undefined;
    return {
      update: none,
      select: none,
      draw: none,
      finishDrawing: none,
      clearDrawing: none,
      setPlayhead: none,
      basemap: () => 'offline',
      destroy: none,
    };
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

const point = (accountId: number, blocked: string | null, pincode: string) => ({
  accountId,
  accountNo: `LN${accountId}`,
  customer: `Customer ${accountId}`,
  pincode,
  latitude: 19 + accountId / 100,
  longitude: 72.8,
  dpd: 40,
  bucket: 'B2',
  product: 'PERSONAL',
  overdueMinor: '500000',
  currency: 'INR',
  allocatedTo: null,
  blocked,
});

const BATCH = {
  id: 7,
  batchNo: 'MAB-000007',
  mode: 'PROXIMITY',
  status: 'PARTIAL',
  totalCount: 2,
  allocatedCount: 1,
  skippedCount: 1,
  failedCount: 0,
  createdBy: { id: 3, name: 'Command Centre West' },
  createdAt: '2026-11-27T06:00:00.000Z',
  startedAt: '2026-11-27T06:00:00.000Z',
  finishedAt: '2026-11-27T06:00:00.000Z',
};

describe('Map Based Allocation', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('selects by pincode, previews the plan with the skipped and their reasons, confirms and links the batch', async () => {
    const calls = stub([
      {
        match: /\/api\/cmd-center\/allocation\/accounts/,
        reply: () =>
          jsonResponse(200, {
            total: 3,
            points: [point(1, null, '400001'), point(2, 'HELD', '400001'), point(3, null, '400002')],
            clusters: [],
            clustered: false,
          }),
      },
      {
        match: /\/api\/cmd-center\/allocation\/assignees/,
        reply: () =>
          jsonResponse(200, {
            capacity: 400,
            users: [{ id: 11, name: 'Ravi Field', username: 'ravi', load: 12 }],
            agencies: [],
          }),
      },
      {
        method: 'POST',
        match: /\/api\/cmd-center\/allocation\/plan/,
        reply: () =>
          jsonResponse(200, {
            mode: 'PROXIMITY',
            total: 2,
            overdueMinor: '1000000',
            assignees: [
              {
                key: 'user:11',
                userId: 11,
                agencyId: null,
                name: 'Ravi Field',
                base: null,
                capacity: 400,
                load: 12,
                planned: 1,
              },
            ],
            allocations: [{ accountId: 1, accountNo: 'LN1', assignee: 'user:11', distanceM: 1200 }],
            skipped: [{ accountId: 2, accountNo: 'LN2', reason: 'HELD' }],
          }),
      },
      { method: 'POST', match: /\/api\/cmd-center\/allocation\/batches/, reply: () => jsonResponse(201, BATCH) },
    ]);
    renderWithProviders(<MapAllocationPage />, { path: '/cmdCenter/mapBasedAllocation' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Map Based Allocation' })).toBeTruthy();
    expect(screen.getByText('Cannot be allocated')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Select by pincodes'), { target: { value: '400001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(screen.getByTestId('cc-alloc-selection').textContent).toContain('Selected accounts: 2'));
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByLabelText('Ravi Field (holds 12 of 400)'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const plan = await screen.findByTestId('cc-alloc-plan');
    expect(within(plan).getByText('To allocate: 1; skipped: 1.')).toBeTruthy();
    expect(within(plan).getByText('On allocation hold')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('/allocation/plan'));
    expect(sent?.body).toEqual({ accountIds: [1, 2], assignees: [{ userId: 11 }], mode: 'PROXIMITY' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm allocation' }));
    const done = await screen.findByTestId('cc-alloc-done');
    expect(done.textContent).toContain('Batch MAB-000007 created: 1 allocated, 1 skipped.');
    expect(within(done).getByRole('link', { name: 'See its status' }).getAttribute('href')).toBe(
      '/cmdCenter/mapBasedAllocationStatus?batch=7',
    );
  });

  it('says when the accounts cannot be loaded', async () => {
    stub([
      {
        match: /\/api\/cmd-center\/allocation\/accounts/,
        reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'Boom' }),
      },
    ]);
    renderWithProviders(<MapAllocationPage />, { path: '/cmdCenter/mapBasedAllocation' });
    expect(await screen.findByText('The accounts could not be loaded.')).toBeTruthy();
  });
});

describe('Map Based Allocation Status', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ systemAuthorities: ['ACTIVE_INACTIVE_SAUTH'] }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the batches and shows a batch’s items with outcome and reason, filtered by outcome', async () => {
    const calls = stub([
      {
        match: /\/api\/cmd-center\/allocation\/batches\/7/,
        reply: () =>
          jsonResponse(200, {
            batch: BATCH,
            items: [
              {
                accountId: 2,
                accountNo: 'LN2',
                assignee: null,
                outcome: 'SKIPPED',
                reason: 'MARKED',
                distanceM: null,
              },
            ],
            total: 1,
            page: 1,
            pageSize: 50,
          }),
      },
      {
        match: /\/api\/cmd-center\/allocation\/batches/,
        reply: () => jsonResponse(200, { rows: [BATCH], total: 1, page: 1, pageSize: 50 }),
      },
    ]);
    renderWithProviders(<AllocationStatusPage />, {
      path: '/cmdCenter/mapBasedAllocationStatus',
      url: '/cmdCenter/mapBasedAllocationStatus?batch=7',
    });
    const list = await screen.findByRole('table', { name: 'Allocation batches' });
    expect(within(list).getByText('Partly done')).toBeTruthy();
    expect(within(list).getByText('2: 1 allocated, 1 skipped, 0 failed')).toBeTruthy();
    const batch = await screen.findByTestId('cc-alloc-batch');
    expect(within(batch).getByText('Marked fraud or deceased')).toBeTruthy();
    expect(within(batch).getByRole('cell', { name: 'Skipped' })).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/allocation/batches/7'))).toBe(true);
  });
});
