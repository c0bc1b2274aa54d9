import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApprovalRow } from '@recovery-desk/domain/approvals/contracts.ts';
import { DEFAULT_COLLECTIONS_SETTINGS } from '@recovery-desk/domain/collections/settings.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicConfig } from '../../lib/public-config.ts';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { toastStore } from '../../lib/toast-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CollectionsSettingsPage } from './collections-settings-page.tsx';
import { UserApprovalPage } from './user-approval-page.tsx';

// User Approval and Collections Settings against a stubbed API: the users list, the create form (required fields,
// the request it sends), a pending request's diff with approve and a reject that needs remarks, and the settings
// form (saved with its version; read-only without the authority); a pushback that needs remarks, and the maker's
// pushed-back request resubmitted from the prefilled form.

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
      return route ? route.reply() : jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Not found' });
    }),
  );
  return calls;
}

const UNITS = { units: [{ id: 11, code: 'BR-AND', name: 'Andheri Branch', level: 'BRANCH' }] };
const USERS = {
  rows: [
    {
      id: 5,
      username: 'tc.andheri',
      fullName: 'Priya Sharma',
      email: 'tc.andheri@lender.test',
      mobile: null,
      isActive: true,
      units: ['BR-AND'],
      openRequestId: null,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};
const snapshot = {
  username: 'new.user',
  fullName: 'Sneha Kulkarni',
  email: 'new.user@lender.test',
  mobile: '9876543210',
  isActive: true,
  units: [{ id: 11, code: 'BR-AND', name: 'Andheri Branch' }],
  authorities: [{ unitId: 11, unitCode: 'BR-AND', app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
};
const request: ApprovalRow = {
  id: 9,
  flowCode: 'USER_CHANGE',
  subjectType: 'USER',
  subjectId: 77,
  subjectLabel: null,
  status: 'PENDING',
  level: 1,
  levels: 1,
  decision: null,
  makerUserId: 3,
  makerName: 'Nikhil Shinde',
  amount: null,
  currency: null,
  payload: { action: 'CREATE', before: null, after: snapshot },
  remarks: 'New branch staff',
  version: 1,
  createdAt: '2026-03-31T05:30:00.000Z',
  decidedAt: null,
};
const REQUESTS = {
  data: [request],
  count: 1,
  page: 1,
  pageSize: 25,
  tabCounts: { pending: 1, approved: 0, rejected: 0, pushback: 0 },
};

describe('user approval and collections settings screens', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ systemAuthorities: ['SCHED_PRO_COLL_SAUTH'] }));
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

  it('lists users and requests a new one, refusing an empty form first', async () => {
    const calls = stub([
      { match: /\/api\/users\/units/, reply: () => jsonResponse(200, UNITS) },
      { match: /\/api\/users\?/, reply: () => jsonResponse(200, USERS) },
      { method: 'POST', match: /\/api\/users\/requests$/, reply: () => jsonResponse(200, { ...request, history: [] }) },
    ]);
    renderWithProviders(<UserApprovalPage />, { path: '/collapp/userApproval', url: '/collapp/userApproval' });
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('Priya Sharma')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByTestId('user-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    expect(await within(form).findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^Username/), { target: { value: 'new.user' } });
    fireEvent.change(within(form).getByLabelText(/^Full name/), { target: { value: 'Sneha Kulkarni' } });
    fireEvent.change(within(form).getByLabelText(/^E-mail/), { target: { value: 'new.user@lender.test' } });
    fireEvent.click(await within(form).findByLabelText('BR-AND · Andheri Branch'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add authority' }));
    fireEvent.change(await within(form).findByLabelText(/^Authority/), { target: { value: 'UPLOAD_DASH_SAUTH' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      action: 'CREATE',
      user: {
        username: 'new.user',
        fullName: 'Sneha Kulkarni',
        email: 'new.user@lender.test',
        mobile: null,
        units: [11],
        authorities: [{ unitId: 11, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
      },
    });
  });

  it('shows a pending request with its diff; a reject needs remarks, an approve is sent with the version', async () => {
    const calls = stub([
      { match: /\/api\/users\/units/, reply: () => jsonResponse(200, UNITS) },
      { match: /\/api\/users\?/, reply: () => jsonResponse(200, USERS) },
      { match: /\/api\/approvals\/USER_CHANGE\/requests\?/, reply: () => jsonResponse(200, REQUESTS) },
      {
        method: 'POST',
        match: /\/api\/users\/requests\/9\/approve$/,
        reply: () => jsonResponse(200, { ...request, status: 'APPROVED', history: [] }),
      },
    ]);
    renderWithProviders(<UserApprovalPage />, { path: '/collapp/userApproval', url: '/collapp/userApproval' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change requests' }));
    const table = await screen.findByTestId('user-requests-table');
    expect(await within(table).findByText('new.user · Sneha Kulkarni')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog');
    const diff = within(dialog).getByTestId('user-change-diff');
    expect(within(diff).getByText('Username: — → new.user')).toBeTruthy();
    expect(within(diff).getByText('Unit added: BR-AND')).toBeTruthy();
    expect(within(diff).getByText(/^Grants .* \(Collections\) in BR-AND: no tabs$/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ version: 1 });
  });

  it('pushes a request back only with remarks, sent with the version', async () => {
    const calls = stub([
      { match: /\/api\/users\/units/, reply: () => jsonResponse(200, UNITS) },
      { match: /\/api\/users\?/, reply: () => jsonResponse(200, USERS) },
      { match: /\/api\/approvals\/USER_CHANGE\/requests\?/, reply: () => jsonResponse(200, REQUESTS) },
      {
        method: 'POST',
        match: /\/api\/users\/requests\/9\/pushback$/,
        reply: () => jsonResponse(200, { ...request, status: 'PUSHBACK', version: 2, history: [] }),
      },
    ]);
    renderWithProviders(<UserApprovalPage />, { path: '/collapp/userApproval', url: '/collapp/userApproval' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change requests' }));
    const table = await screen.findByTestId('user-requests-table');
    fireEvent.click(await within(table).findByRole('button', { name: /^Review/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Push back' }));
    expect(await within(dialog).findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Remarks/), { target: { value: 'Add the mobile number' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Push back' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/users\/requests\/9\/pushback$/);
    expect(post.body).toEqual({ version: 1, remarks: 'Add the mobile number' });
  });

  it("shows the maker's pushed-back request with the checker's remarks and the form prefilled, and resubmits it", async () => {
    const pushedBack: ApprovalRow = {
      ...request,
      status: 'PUSHBACK',
      remarks: 'Add the mobile number',
      version: 2,
      payload: { action: 'CREATE', before: null, after: { ...snapshot, mobile: null } },
    };
    const calls = stub([
      { match: /\/api\/users\/units/, reply: () => jsonResponse(200, UNITS) },
      { match: /\/api\/users\?/, reply: () => jsonResponse(200, USERS) },
      {
        match: /\/api\/approvals\/USER_CHANGE\/requests\?.*tab=pushback/,
        reply: () =>
          jsonResponse(200, { ...REQUESTS, data: [pushedBack], tabCounts: { ...REQUESTS.tabCounts, pushback: 1 } }),
      },
      {
        match: /\/api\/approvals\/USER_CHANGE\/requests\?/,
        reply: () => jsonResponse(200, { ...REQUESTS, data: [] }),
      },
      {
        method: 'POST',
        match: /\/api\/users\/requests\/9\/resubmit$/,
        reply: () => jsonResponse(200, { ...pushedBack, status: 'PENDING', version: 3, history: [] }),
      },
    ]);
    renderWithProviders(<UserApprovalPage />, { path: '/collapp/userApproval', url: '/collapp/userApproval' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change requests' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'My requests' }));
    fireEvent.click(await screen.findByRole('tab', { name: /^Pushed back/ }));
    const table = await screen.findByTestId('user-requests-table');
    fireEvent.click(await within(table).findByRole('button', { name: /^Edit and resubmit/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('user-pushback-remarks').textContent).toContain('Add the mobile number');
    const form = within(dialog).getByTestId('user-form');
    expect((within(form).getByLabelText(/^Username/) as HTMLInputElement).value).toBe('new.user');
    expect((within(form).getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Sneha Kulkarni');
    expect((within(form).getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('new.user@lender.test');
    expect(((await within(form).findByLabelText('BR-AND · Andheri Branch')) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(within(form).getByLabelText(/^Mobile/), { target: { value: '9123456780' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Resubmit for approval' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      action: 'CREATE',
      version: 2,
      user: {
        username: 'new.user',
        fullName: 'Sneha Kulkarni',
        email: 'new.user@lender.test',
        mobile: '9123456780',
        units: [11],
        authorities: [{ unitId: 11, app: 'collapp', systemAuth: 'UPLOAD_DASH_SAUTH', tabs: [] }],
      },
    });
  });

  it('withdraws a pushed-back request of the maker with the version read', async () => {
    const pushedBack: ApprovalRow = { ...request, status: 'PUSHBACK', remarks: 'Not needed', version: 2 };
    const calls = stub([
      { match: /\/api\/users\?/, reply: () => jsonResponse(200, USERS) },
      {
        match: /\/api\/approvals\/USER_CHANGE\/requests\?/,
        reply: () => jsonResponse(200, { ...REQUESTS, data: [pushedBack] }),
      },
      {
        method: 'POST',
        match: /\/api\/users\/requests\/9\/withdraw$/,
        reply: () => jsonResponse(200, { ...pushedBack, status: 'WITHDRAWN', version: 3, history: [] }),
      },
    ]);
    renderWithProviders(<UserApprovalPage />, { path: '/collapp/userApproval', url: '/collapp/userApproval' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change requests' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'My requests' }));
    fireEvent.click(await screen.findByRole('tab', { name: /^Pushed back/ }));
    const table = await screen.findByTestId('user-requests-table');
    fireEvent.click(await within(table).findByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('user-pushback-remarks').textContent).toContain('Not needed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/users\/requests\/9\/withdraw$/);
    expect(post.body).toEqual({ version: 2 });
  });

  it('saves the collections settings with the version read, and shows them read-only without the authority', async () => {
    const reply = {
      settings: DEFAULT_COLLECTIONS_SETTINGS,
      defaults: DEFAULT_COLLECTIONS_SETTINGS,
      version: 3,
      updatedAt: null,
      updatedBy: null,
    };
    const calls = stub([
      { match: /\/api\/collections\/settings$/, reply: () => jsonResponse(200, reply) },
      {
        method: 'PATCH',
        match: /\/api\/collections\/settings$/,
        reply: () => jsonResponse(200, { ...reply, version: 4 }),
      },
    ]);
    const view = renderWithProviders(<CollectionsSettingsPage />, {
      path: '/collapp/settings',
      url: '/collapp/settings',
    });
    const form = await screen.findByTestId('collections-settings-form');
    fireEvent.change(within(form).getByLabelText(/^Accounts per collector/), { target: { value: '350' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      ...DEFAULT_COLLECTIONS_SETTINGS,
      collectorCapacity: 350,
      version: 3,
    });
    view.unmount();

    sessionStore.set(signedInSession({ systemAuthorities: ['TELECALLER_SAUTH'] }));
    renderWithProviders(<CollectionsSettingsPage />, { path: '/collapp/settings', url: '/collapp/settings' });
    expect(await screen.findByText('You may read these settings; an administrator changes them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});
