import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EftReceipt, UpiRequest } from '@recovery-desk/domain/payments/contracts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../lib/public-config.ts';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EftReceiptCancelPage } from './eft-cancel-page.tsx';
import { UpiCollectionPage } from './upi-page.tsx';

// The payments screens against a stubbed API: the list kit's states, the Indian money format, the form kit's field
// errors from a 400, and the Idempotency-Key of a money post.

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

function stub(routes: { method?: string; match: RegExp; reply: () => Response }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/lists/views')) return jsonResponse(200, { views: [] });
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      const route = routes.find((item) => (item.method ?? 'GET') === method && item.match.test(url));
      return route ? route.reply() : jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'no route' });
    }),
  );
  return calls;
}

const upi = (id: number, patch: Partial<UpiRequest> = {}): UpiRequest => ({
  id,
  txnId: `RDUPI20260331ABCDEF${id}`,
  accountId: id,
  accountNo: `PL0000${id}`,
  customerName: 'Anil Kadam',
  vpa: 'anil.kadam@ybl',
  amount: '150000.50',
  currency: 'INR',
  status: 'INITIATED',
  bankRrn: null,
  initiatedBy: 'Deepak Joshi',
  initiatedAt: '2026-03-31T05:30:00.000Z',
  expiresAt: '2026-03-31T06:00:00.000Z',
  completedAt: null,
  failureReason: null,
  receiptId: null,
  lateSuccess: false,
  unitCode: 'BR-AND',
  ...patch,
});

const COUNTS = { INITIATED: 1, SUCCESS: 1, FAILED: 0, EXPIRED: 0 };

describe('payments screens', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession());
    toastStore.set({ toasts: [], developerMode: false });
    setPublicConfig({
      otpForLogin: 'NO',
      userkeyKey: btoa('k'.repeat(32)),
      ssoEnabled: false,
      chatWidgetUrl: '',
      mapsApiKey: '',
      demoMode: true,
      mobileDeepLink: '',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists UPI collect requests with the spec fields and sends a collect with an Idempotency-Key', async () => {
    const calls = stub([
      {
        match: /\/api\/payments\/upi\/requests\?/,
        reply: () =>
          jsonResponse(200, {
            data: [upi(1), upi(2, { status: 'SUCCESS', bankRrn: '612345678901', lateSuccess: true })],
            count: 2,
            page: 1,
            pageSize: 25,
            counts: COUNTS,
          }),
      },
      {
        method: 'POST',
        match: /\/api\/payments\/upi\/requests$/,
        reply: () =>
          jsonResponse(400, {
            error_code: 'VALIDATION',
            detail: 'vpa: must be a UPI ID such as name@bank',
            fields: [{ field: 'vpa', message: 'must be a UPI ID such as name@bank' }],
          }),
      },
    ]);
    renderWithProviders(<UpiCollectionPage />, {
      path: '/collapp/electronicPayment',
      url: '/collapp/electronicPayment',
    });
    const table = await screen.findByTestId('upi-table');
    expect(within(table).getAllByText('₹1,50,000.50')).toHaveLength(2);
    expect(within(table).getByText('612345678901')).toBeTruthy();
    expect(within(table).getByText(/Paid after the expiry/)).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /Approve as payer \(sandbox\)/ })).toHaveLength(1);
    expect(screen.getByText('Initiated (1)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Account No/), { target: { value: 'PL00001' } });
    fireEvent.change(screen.getByLabelText(/^VPA/), { target: { value: 'anil@ybl' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send collect request' }));
    await screen.findByText('must be a UPI ID such as name@bank');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ accountNo: 'PL00001', vpa: 'anil@ybl', amount: '100', expiryMinutes: 30 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the empty and error states of the UPI list', async () => {
    stub([
      {
        match: /\/api\/payments\/upi\/requests\?/,
        reply: () => jsonResponse(200, { data: [], count: 0, page: 1, pageSize: 25, counts: COUNTS }),
      },
    ]);
    const view = renderWithProviders(<UpiCollectionPage />, {
      path: '/collapp/electronicPayment',
      url: '/collapp/electronicPayment?status=FAILED',
    });
    expect(await screen.findByText('No UPI collect requests in this view.')).toBeTruthy();
    view.unmount();
    stub([
      {
        match: /\/api\/payments\/upi\/requests\?/,
        reply: () => jsonResponse(503, { error_code: 'SERVICE_UNAVAILABLE', detail: 'down' }),
      },
    ]);
    renderWithProviders(<UpiCollectionPage />, {
      path: '/collapp/electronicPayment',
      url: '/collapp/electronicPayment',
    });
    expect(await screen.findByText('This list could not be loaded.')).toBeTruthy();
  });

  it('cancels an uncredited electronic receipt with a reason and remarks', async () => {
    const receipt: EftReceipt = {
      receiptId: 7,
      receiptNo: 'E0000000007',
      accountNo: 'PL00007',
      mode: 'NEFT',
      amount: '18000.00',
      currency: 'INR',
      receivedOn: '2026-03-31',
      reference: 'HDFCN52026033100417',
      status: 'VERIFIED',
      branchCode: 'BR-AND',
      version: 2,
    };
    const calls = stub([
      {
        match: /\/api\/payments\/eft-receipts\?/,
        reply: () => jsonResponse(200, { data: [receipt], count: 1, page: 1, pageSize: 25 }),
      },
      {
        method: 'POST',
        match: /\/api\/payments\/eft-receipts\/7\/cancel$/,
        reply: () => jsonResponse(200, { ...receipt, status: 'CANCELLED', version: 3 }),
      },
    ]);
    renderWithProviders(<EftReceiptCancelPage />, {
      path: '/collapp/eftReceiptCancel',
      url: '/collapp/eftReceiptCancel',
    });
    const table = await screen.findByTestId('eft-table');
    expect(within(table).getByText('₹18,000.00')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Cancel receipt E0000000007' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel receipt' }));
    await within(dialog).findAllByText('This field is required');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'NOT_CREDITED' } });
    fireEvent.change(within(dialog).getByLabelText(/^Remarks/), { target: { value: 'Not in the statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel receipt' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reasonCode: 'NOT_CREDITED',
      remarks: 'Not in the statement',
    });
  });
});
