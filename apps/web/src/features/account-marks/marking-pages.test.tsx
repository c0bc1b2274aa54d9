import { fireEvent, screen, within } from '@testing-library/react';
import type { ApprovalRow } from '@recovery-desk/domain/approvals/contracts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../lib/public-config.ts';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AccountMarkingApprovalPage, ManualAccountMarkingPage, ManualAccountUnmarkingPage } from './marking-pages.tsx';

// The account-marking screens against a stubbed API: the lookup and the request, the approval list's decision with
// required remarks on reject, and the empty and error states.

type Call = { method: string; url: string; body: unknown };

function stub(routes: { method?: string; match: RegExp; reply: () => Response }[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/lists/views')) return jsonResponse(200, { views: [] });
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      const route = routes.find((item) => (item.method ?? 'GET') === method && item.match.test(url));
      return route ? route.reply() : jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Account not found' });
    }),
  );
  return calls;
}

const EMPTY_REQUESTS = {
  data: [],
  count: 0,
  page: 1,
  pageSize: 25,
  tabCounts: { pending: 0, approved: 0, rejected: 0, pushback: 0 },
};

const request = (patch: Partial<ApprovalRow> = {}): ApprovalRow => ({
  id: 7,
  flowCode: 'ACCOUNT_MARKING',
  subjectType: 'ACCOUNT',
  subjectId: 11,
  subjectLabel: 'PL000011 · Meera Iyer',
  status: 'PENDING',
  level: 1,
  levels: 1,
  decision: null,
  makerUserId: 3,
  makerName: 'Deepak Joshi',
  amount: null,
  currency: null,
  payload: { mark: 'DO_NOT_CALL', reason: 'Written request' },
  remarks: null,
  version: 1,
  createdAt: '2026-03-31T05:30:00.000Z',
  decidedAt: null,
  ...patch,
});

describe('account marking screens', { timeout: 20_000 }, () => {
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

  it('finds an account, shows its history and requests a mark', async () => {
    const calls = stub([
      { match: /\/api\/approvals\/ACCOUNT_MARKING\/requests\?/, reply: () => jsonResponse(200, EMPTY_REQUESTS) },
      {
        match: /\/api\/account-marks\/lookup\?accountNo=PL000011/,
        reply: () =>
          jsonResponse(200, {
            account: { id: 11, accountNo: 'PL000011', customerName: 'Meera Iyer' },
            marks: [],
            codes: ['FRAUD', 'DO_NOT_CALL', 'VIP'],
            documents: [],
          }),
      },
      { method: 'POST', match: /\/api\/approvals\/ACCOUNT_MARKING\/requests$/, reply: () => jsonResponse(200, {}) },
    ]);
    renderWithProviders(<ManualAccountMarkingPage />, {
      path: '/collapp/manualAccountMarking',
      url: '/collapp/manualAccountMarking',
    });
    expect(await screen.findByTestId('marks-my-empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: 'PL000011' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('This account has never been marked.')).toBeTruthy();
    const form = screen.getByTestId('mark-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Request marking' }));
    expect(await within(form).findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when an account is not in the unit', async () => {
    stub([{ match: /\/api\/approvals\/ACCOUNT_MARKING\/requests\?/, reply: () => jsonResponse(200, EMPTY_REQUESTS) }]);
    renderWithProviders(<ManualAccountMarkingPage />, {
      path: '/collapp/manualAccountMarking',
      url: '/collapp/manualAccountMarking',
    });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: 'XX1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('lists pending requests for the approver; a reject needs remarks', async () => {
    const calls = stub([
      {
        match: /\/api\/approvals\/ACCOUNT_MARKING\/requests\?/,
        reply: () =>
          jsonResponse(200, {
            ...EMPTY_REQUESTS,
            data: [request()],
            count: 1,
            tabCounts: { pending: 1, approved: 0, rejected: 0, pushback: 0 },
          }),
      },
    ]);
    renderWithProviders(<AccountMarkingApprovalPage />, {
      path: '/collapp/accountMarkingapproval',
      url: '/collapp/accountMarkingapproval',
    });
    const table = await screen.findByTestId('marks-team-table');
    expect(within(table).getByText('Do not call')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the empty and error states of the active marks', async () => {
    stub([
      { match: /\/api\/approvals\/ACCOUNT_UNMARKING\/requests\?/, reply: () => jsonResponse(200, EMPTY_REQUESTS) },
      {
        match: /\/api\/account-marks\/active/,
        reply: () => jsonResponse(200, { rows: [], total: 0, page: 1, pageSize: 25 }),
      },
    ]);
    const view = renderWithProviders(<ManualAccountUnmarkingPage />, {
      path: '/collapp/ManualAccountUnmarking',
      url: '/collapp/ManualAccountUnmarking',
    });
    expect(await screen.findByText('No account of this unit carries a mark.')).toBeTruthy();
    view.unmount();
    stub([
      { match: /\/api\/approvals\/ACCOUNT_UNMARKING\/requests\?/, reply: () => jsonResponse(200, EMPTY_REQUESTS) },
      {
        match: /\/api\/account-marks\/active/,
        reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }),
      },
    ]);
    renderWithProviders(<ManualAccountUnmarkingPage />, {
      path: '/collapp/ManualAccountUnmarking',
      url: '/collapp/ManualAccountUnmarking',
    });
    expect(await screen.findByText('The marks could not be loaded.')).toBeTruthy();
  });
});
