import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CaptureReceiptAction } from './account-receipts.tsx';
import { ReceiptCapturePage } from './receipt-capture-page.tsx';

// The capture form (form kit): mode fields by mode, denominations that must add up, the book's next number, one
// Idempotency-Key per payment (the same on a retry), server refusals on their fields; the account view's action.

const ACCOUNT = {
  accountId: 501,
  accountNo: 'AND0000501',
  customerName: 'Ramesh Kulkarni',
  currency: 'INR',
  totalDue: '14500.00',
  outstanding: '250000.00',
  books: [{ bookNo: 'AND-0001', rangeFrom: 1, rangeTo: 50, nextNumber: 8 }],
};
const RECEIPT = {
  id: 77,
  receiptNo: 'AND-0001-000008',
  bookNo: 'AND-0001',
  accountId: 501,
  accountNo: 'AND0000501',
  customerName: 'Ramesh Kulkarni',
  mode: 'CASH',
  amount: '1000.00',
  currency: 'INR',
  receivedOn: '2025-11-03',
  receivedBy: 'Santosh Jadhav',
  receivedUnit: 'Andheri Branch',
  reference: null,
  status: 'PENDING_VERIFICATION',
  source: 'MANUAL',
  version: 1,
  pending: null,
};

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

function stub(postReplies: (() => Response)[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      if (url.includes('/api/receipts/capture/account')) return jsonResponse(200, ACCOUNT);
      if (method === 'POST' && url.endsWith('/api/receipts')) return postReplies.shift()!();
      return jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'no route' });
    }),
  );
  return calls;
}

describe('receipt capture', () => {
  beforeEach(() => sessionStore.set(signedInSession({ systemAuthorities: ['FIELD_COLLECTOR_SAUTH'] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('checks the cash count, posts once per payment key and shows the receipt number', async () => {
    const user = userEvent.setup();
    const calls = stub([
      () => jsonResponse(503, { error_code: 'SERVICE_UNAVAILABLE', detail: 'try again' }),
      () => jsonResponse(201, RECEIPT),
    ]);
    renderWithProviders(<ReceiptCapturePage />, {
      path: '/collapp/receiptCapture',
      url: '/collapp/receiptCapture?accountNo=AND0000501',
    });
    expect((await screen.findByTestId('capture-account')).textContent).toContain('Ramesh Kulkarni');
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'CASH');
    await user.type(screen.getByLabelText(/^Amount/), '1000');
    const fiveHundreds = screen.getByLabelText('₹500 × count');
    await user.clear(fiveHundreds);
    await user.type(fiveHundreds, '1');
    // the book's next unused number is offered
    expect((screen.getByLabelText(/^Receipt number/) as HTMLInputElement).value).toBe('8');
    await user.click(screen.getByRole('button', { name: 'Capture receipt' }));
    expect(await screen.findByText('must add up to the amount')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(fiveHundreds);
    await user.type(fiveHundreds, '2');
    await user.click(screen.getByRole('button', { name: 'Capture receipt' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Capture receipt' }));
    expect(await screen.findByText('Receipt AND-0001-000008 saved. Another user verifies it.')).toBeTruthy();

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({
      accountId: 501,
      mode: 'CASH',
      amount: '1000',
      currency: 'INR',
      denominations: [{ note: 500, count: 2 }],
      bookNo: 'AND-0001',
      receiptNo: 8,
    });
    // a retry of the same payment carries the same key
    const key = posts[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(key);
  });

  it('shows the mode’s own fields and a server refusal on its field', async () => {
    const user = userEvent.setup();
    stub([
      () =>
        jsonResponse(400, {
          error_code: 'VALIDATION',
          detail: 'amount: Cash of ₹2,00,000 or more from one person in a day is refused',
          fields: [{ field: 'amount', message: 'Cash of ₹2,00,000 or more from one person in a day is refused' }],
        }),
    ]);
    renderWithProviders(<ReceiptCapturePage />, {
      path: '/collapp/receiptCapture',
      url: '/collapp/receiptCapture?accountNo=AND0000501',
    });
    await screen.findByTestId('capture-account');
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'CHEQUE');
    for (const label of [/^Cheque \/ DD number/, /^Bank/, /^MICR/, /^Cheque \/ DD date/]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'NEFT');
    expect(screen.queryByLabelText(/^Cheque \/ DD number/)).toBeNull();
    expect(screen.getByLabelText(/^UTR/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'CASH');
    await user.type(screen.getByLabelText(/^Amount/), '200000');
    const fiveHundreds = screen.getByLabelText('₹500 × count');
    await user.clear(fiveHundreds);
    await user.type(fiveHundreds, '400');
    await user.click(screen.getByRole('button', { name: 'Capture receipt' }));
    await waitFor(() => expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cash of ₹2,00,000 or more from one person in a day is refused')).toBeTruthy();
  });

  it('offers Capture receipt on the account view to a collector only', () => {
    const { unmount } = renderWithProviders(<CaptureReceiptAction accountNo="AND0000501" />);
    expect(within(document.body).getByTestId('capture-receipt').getAttribute('href')).toBe(
      '/collapp/receiptCapture?accountNo=AND0000501',
    );
    unmount();
    sessionStore.set(signedInSession({ systemAuthorities: ['TELECALLER_SAUTH'] }));
    renderWithProviders(<CaptureReceiptAction accountNo="AND0000501" />);
    expect(screen.queryByTestId('capture-receipt')).toBeNull();
  });
});

describe('receipt verification list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('offers Verify and Reject on others’ receipts only, and verifies with the receipt’s version', async () => {
    const user = userEvent.setup();
    sessionStore.set(
      signedInSession({
        systemAuthorities: ['PAY_VERIFICATION_SAUTH'],
        userDetails: {
          id: 9,
          username: 'pay.mumbai',
          full_name: 'Deepak Joshi',
          email: 'p@x',
          is_demo_outbox_reader: false,
        },
      }),
    );
    const pending = (flowUser: number) => ({
      flow: 'RECEIPT_VERIFICATION',
      requestedBy: 'Someone',
      requestedByUserId: flowUser,
      reason: null,
      remarks: null,
    });
    const rows = [
      {
        ...RECEIPT,
        id: 1,
        receiptNo: 'E0000000001',
        mode: 'UPI',
        reference: '412345678901',
        version: 3,
        pending: pending(4),
      },
      { ...RECEIPT, id: 2, receiptNo: 'E0000000002', mode: 'UPI', reference: '412345678902', pending: pending(9) },
    ];
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({
          method,
          url,
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
          headers: {},
        });
        if (url.includes('/api/lists/views')) return jsonResponse(200, { views: [] });
        if (method === 'GET' && url.includes('/api/receipts/verification')) {
          return jsonResponse(200, { rows, count: 2, page: 1, pageSize: 25 });
        }
        if (method === 'POST' && url.endsWith('/api/receipts/1/verify')) {
          return jsonResponse(200, { ...rows[0], status: 'VERIFIED', version: 4, pending: null });
        }
        return jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'no route' });
      }),
    );
    const { ReceiptListScreen } = await import('./receipt-list-page.tsx');
    renderWithProviders(<ReceiptListScreen routeName="receiptVerification" />, {
      path: '/collapp/receiptVerification',
    });
    const table = await screen.findByTestId('receipts-table');
    const others = within(table).getByText('E0000000001').closest('tr')!;
    const own = within(table).getByText('E0000000002').closest('tr')!;
    expect(within(own).queryByRole('button', { name: /Verify/ })).toBeNull();
    expect(within(own).getByText('You captured this receipt: another user verifies it.')).toBeTruthy();
    expect(within(others).getByText('₹1,000.00')).toBeTruthy();
    await user.click(within(others).getByRole('button', { name: 'Verify E0000000001' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ version: 3 });
  });
});
