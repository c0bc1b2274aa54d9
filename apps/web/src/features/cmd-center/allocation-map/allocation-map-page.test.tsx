import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AllocationMapReply } from '@recovery-desk/domain/command-center/allocation-map.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AllocationMapPage } from './allocation-map-page.tsx';

// The collections Allocation Map against a stubbed API: the legend names the collectors and the marker shapes in
// words, the per-collector table shows allocated, paid and the amount taken in the user's formats, the map's table
// lists accounts and receipts with paid / not paid, the filters in the address go into the request, and the empty,
// truncated and error states.

const PATH = '/collapp/allocationMap';

const REPLY: AllocationMapReply = {
  from: '2026-11-20',
  to: '2026-11-20',
  collectors: [
    {
      userId: 7,
      fullName: 'Farhan Andheri',
      allocated: 12,
      paid: 3,
      amounts: [{ currency: 'INR', amount: '15000.00' }],
    },
    { userId: 9, fullName: 'Meera Bandra', allocated: 4, paid: 0, amounts: [] },
  ],
  accounts: [
    {
      accountId: 1,
      accountNo: 'LN-0001',
      customerName: 'Asha Rao',
      bucket: 'B2',
      collectorId: 7,
      latitude: 19.1,
      longitude: 72.85,
      paid: true,
    },
    {
      accountId: 2,
      accountNo: 'LN-0002',
      customerName: 'Vikram Shah',
      bucket: 'B1',
      collectorId: 9,
      latitude: 19.2,
      longitude: 72.9,
      paid: false,
    },
    {
      accountId: 3,
      accountNo: 'LN-0003',
      customerName: 'No Place',
      bucket: 'B1',
      collectorId: 9,
      latitude: null,
      longitude: null,
      paid: false,
    },
  ],
  receipts: [
    {
      receiptNo: 'RCP-0001',
      accountNo: 'LN-0001',
      collectorId: 7,
      amount: '15000.00',
      currency: 'INR',
      time: '2026-11-20T06:30:00.000Z',
      latitude: 19.101,
      longitude: 72.851,
      mock: true,
    },
  ],
  truncated: false,
};

function stub(reply: (url: string) => Response): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/map-settings')) return jsonResponse(200, { tileUrl: null, attribution: null });
      urls.push(url);
      return reply(url);
    }),
  );
  return urls;
}

describe('Allocation Map', () => {
  beforeEach(() => sessionStore.set(signedInSession({ systemAuthorities: ['RECEIPT_VIEWER_SAUTH'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the legend in words, the per-collector figures and the points with paid or not paid', async () => {
    const urls = stub(() => jsonResponse(200, REPLY));
    renderWithProviders(<AllocationMapPage />, { path: PATH, url: `${PATH}?from=2026-11-20&to=2026-11-20` });
    expect(await screen.findByRole('heading', { name: 'Allocation Map', level: 1 })).toBeTruthy();
    const legend = await screen.findByTestId('cc-am-legend');
    expect(within(legend).getByText('Farhan Andheri')).toBeTruthy();
    expect(within(legend).getByText('Meera Bandra')).toBeTruthy();
    expect(within(legend).getByText('Ring: an account not paid in the range')).toBeTruthy();
    expect(within(legend).getByText('Square: a receipt, where it was taken')).toBeTruthy();

    const table = screen.getByTestId('cc-am-table');
    const farhan = within(table).getByText('Farhan Andheri').closest('tr')!;
    expect([...farhan.querySelectorAll('td,th')].map((cell) => cell.textContent)).toEqual([
      'Farhan Andheri',
      '12',
      '3',
      '₹15,000.00',
    ]);
    const meera = within(table).getByText('Meera Bandra').closest('tr')!;
    expect([...meera.querySelectorAll('td,th')].map((cell) => cell.textContent)).toEqual([
      'Meera Bandra',
      '4',
      '0',
      '0',
    ]);
    expect(screen.getByTestId('cc-am-unplaced').textContent).toBe(
      'Not on the map (no recorded place): accounts 1, receipts 0.',
    );
    expect(screen.queryByTestId('cc-am-truncated')).toBeNull();

    const map = await screen.findByTestId('cc-am-map');
    fireEvent.click(await within(map).findByRole('button', { name: 'Show as a table' }));
    expect(within(map).getByText('LN-0001 · Asha Rao · Farhan Andheri · Paid')).toBeTruthy();
    expect(within(map).getByText('LN-0002 · Vikram Shah · Meera Bandra · Not paid')).toBeTruthy();
    expect(
      within(map).getByText(
        /^Receipt RCP-0001 for account LN-0001 · Farhan Andheri · ₹15,000.00 · .* · mock location$/,
      ),
    ).toBeTruthy();
    expect(within(map).queryByText(/No Place/)).toBeNull();
    expect(urls[0]).toContain('/api/cmd-center/allocation-map?from=2026-11-20&to=2026-11-20');
  });

  it('sends the filters of the address, and a changed filter goes into the request and the address', async () => {
    const urls = stub(() => jsonResponse(200, { ...REPLY, collectors: [REPLY.collectors[0]!], truncated: true }));
    renderWithProviders(<AllocationMapPage />, {
      path: PATH,
      url: `${PATH}?from=2026-11-01&to=2026-11-20&collectorId=7&bucket=B2`,
    });
    expect(await screen.findByTestId('cc-am-truncated')).toBeTruthy();
    expect(screen.getByTestId('cc-am-truncated').textContent).toContain('5,000');
    const first = new URL(urls[0]!, 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      collectorId: '7',
      bucket: 'B2',
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(urls.some((url) => url.includes('from=2026-11-15&to=2026-11-20'))).toBe(true));
    const last = new URL(urls.at(-1)!, 'http://x');
    expect(last.searchParams.get('collectorId')).toBe('7');
    expect(last.searchParams.get('bucket')).toBe('B2');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-15');
  });

  it('exports the per-collector table as CSV', async () => {
    stub(() => jsonResponse(200, REPLY));
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<AllocationMapPage />, { path: PATH, url: `${PATH}?from=2026-11-20&to=2026-11-20` });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.length).toBe(1));
    const text = await saved[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      '"Collector","Allocated","Paid","Amount taken"',
      '"Farhan Andheri","12","3","INR 15000.00"',
      '"Meera Bandra","4","0",""',
      '',
    ]);
  });

  it('says when there is nothing for the filters, and shows the error of a failed read', async () => {
    stub(() => jsonResponse(200, { ...REPLY, collectors: [], accounts: [], receipts: [] }));
    const first = renderWithProviders(<AllocationMapPage />, { path: PATH, url: PATH });
    expect((await screen.findByTestId('cc-am-empty')).textContent).toBe(
      'No allocated accounts and no receipts for these filters.',
    );
    expect(screen.queryByTestId('cc-am-map')).toBeNull();
    first.unmount();

    vi.unstubAllGlobals();
    stub(() => jsonResponse(500, { code: 'INTERNAL', message: 'boom' }));
    renderWithProviders(<AllocationMapPage />, { path: PATH, url: PATH });
    expect(await screen.findByText('The allocation map could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('cc-am-legend')).toBeNull();
  });
});
