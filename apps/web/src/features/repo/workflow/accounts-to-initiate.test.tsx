import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitiationCandidate, InitiationCandidates } from '@recovery-desk/domain/repo/contracts.ts';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stageRouteOfList } from '../../workflow/stage-routes.ts';
import { caseRow, stubApi, trayPage } from '../../workflow/test/workflow-fixtures.ts';
import { StageTrayScreen } from '../../workflow/tray/stage-tray-screen.tsx';
import { widgetsOf } from '../../workflow/widgets.ts';
import { repoSession } from '../test/repo-fixtures.ts';

// "Accounts to initiate": the panel register-widgets.ts adds to the initiate stage's tray of REPOSSESSION and
// SARFAESI (test/setup.ts loads the widgets as the workflow screens do), from GET /api/repo/:code/candidates.

const candidate = (id: number, patch: Partial<InitiationCandidate> = {}): InitiationCandidate => ({
  accountId: id,
  accountNo: `AUTO${String(id).padStart(8, '0')}`,
  customerName: `Customer ${id}`,
  product: 'AUTO',
  dpd: 200,
  bucket: 'B5',
  currency: 'INR',
  totalAmountOverdue: '125000.50',
  unitCode: 'BR-PUN',
  ...patch,
});
const reply = (data: InitiationCandidate[], hasMore = false): InitiationCandidates => ({ data, hasMore });

const CANDIDATES = /\/api\/repo\/REPOSSESSION\/candidates\?/;

function renderTray(routeName: string) {
  const entry = stageRouteOfList(routeName)!;
  return renderWithProviders(<StageTrayScreen entry={entry} title="Tray" />, {
    path: entry.listRoute.path,
    url: entry.listRoute.path,
  });
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

const panel = () => screen.getByTestId('accounts-to-initiate');

describe('Accounts to initiate', () => {
  beforeEach(() => {
    sessionStore.set(
      repoSession({ systemAuthorities: ['REPO_INITIATE_SAUTH', 'SARF_INIT_SAUTH', 'REPO_NOTICE_SAUTH'] }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists the candidates on the Repossession Initiate tray, each linked to its initiate screen', async () => {
    const api = stubApi([
      {
        match: CANDIDATES,
        reply: () =>
          jsonResponse(
            200,
            reply([
              candidate(901, { customerName: 'Rohan Kale' }),
              candidate(902, {
                product: 'TWO_WHEELER',
                dpd: 45,
                bucket: 'B2',
                currency: 'USD',
                totalAmountOverdue: '1800.5',
              }),
            ]),
          ),
      },
      {
        match: /\/api\/workflow\/REPOSSESSION\/stages\/RepoInitiate\/cases\?/,
        reply: () => jsonResponse(200, trayPage([caseRow(1)])),
      },
    ]);
    renderTray('repoRepoInitiate');
    const table = await within(panel()).findByTestId('candidates-table');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Accounts to initiate' })).toBeTruthy();
    const call = api.calls.find((item) => CANDIDATES.test(item.url))!;
    expect(queryOf(call.url)).toEqual({ limit: '10', page: '1' });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Account no', 'Customer', 'Product', 'DPD', 'Bucket', 'Amount overdue', 'Unit']);
    const rows = within(table).getAllByTestId('candidates-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['AUTO00000901', 'Rohan Kale', 'Auto', '200', '181–365', '₹1,25,000.50', 'BR-PUN'],
      ['AUTO00000902', 'Customer 902', 'Two wheeler', '45', '31–60', '$1,800.50', 'BR-PUN'],
    ]);
    // The initiate screen of the account (`…/account/{accountid}`), in the tray's detail tab.
    const link = within(rows[0]!).getByRole('link', { name: 'AUTO00000901' });
    expect(link.getAttribute('href')).toBe('/Repo/RepoInitiate/account/901');
    expect(link.getAttribute('target')).toBe('repoRepoInitiate_tabView');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe('/Repo/RepoInitiate/account/902');
    // One page: no pager.
    expect(within(panel()).queryByRole('navigation')).toBeNull();
    // The cases of the stage are still there, below.
    expect(await screen.findByTestId('stage-tray-table')).toBeTruthy();
  });

  it('is on the SARFAESI initiate tray too, and on no other stage’s tray', async () => {
    const api = stubApi([
      {
        match: /\/api\/repo\/SARFAESI\/candidates\?/,
        reply: () => jsonResponse(200, reply([candidate(77, { product: 'HOME' })])),
      },
      {
        match: /\/api\/workflow\/SARFAESI\/stages\/SarfInitiate\/cases\?/,
        reply: () => jsonResponse(200, trayPage([])),
      },
      { match: /\/api\/workflow\/REPOSSESSION\/stages\/Notice\/cases\?/, reply: () => jsonResponse(200, trayPage([])) },
    ]);
    const { unmount } = renderTray('sarfSarfInitiate');
    const link = await within(panel()).findByRole('link', { name: 'AUTO00000077' });
    expect(link.getAttribute('href')).toBe('/Sarf/SarfInitiate/account/77');
    expect(link.getAttribute('target')).toBe('sarfSarfInitiate_tabView');
    unmount();

    api.calls.length = 0;
    renderTray('repoNotice');
    await screen.findByTestId('stage-tray-empty');
    expect(screen.queryByTestId('accounts-to-initiate')).toBeNull();
    expect(api.calls.some((item) => item.url.includes('/candidates'))).toBe(false);
    // A tray panel is not a stage widget: the definitions name none for it.
    expect(widgetsOf(stageRouteOfList('repoRepoInitiate')!.stage).map(({ name }) => name)).not.toContain(
      'accountsToInitiate',
    );
  });

  it('searches by account number or customer name and pages while the API says more follow', async () => {
    const api = stubApi([
      {
        match: CANDIDATES,
        reply: () => {
          const query = queryOf(api.calls.at(-1)!.url);
          if (query.q === 'kale') return jsonResponse(200, reply([candidate(901, { customerName: 'Rohan Kale' })]));
          if (query.page === '2') return jsonResponse(200, reply([candidate(911)]));
          return jsonResponse(200, reply([candidate(901), candidate(902)], true));
        },
      },
      { match: /\/stages\/RepoInitiate\/cases\?/, reply: () => jsonResponse(200, trayPage([])) },
    ]);
    renderTray('repoRepoInitiate');
    const user = userEvent.setup();
    await within(panel()).findByRole('link', { name: 'AUTO00000902' });
    const candidateCalls = () => api.calls.filter((item) => CANDIDATES.test(item.url)).map((item) => queryOf(item.url));

    // More follow: Next asks for page 2; the range says which accounts are shown.
    const pages = () => within(panel()).getByRole('navigation', { name: 'Pages of the accounts to initiate' });
    expect(within(panel()).getByTestId('candidates-range').textContent).toBe('Accounts 1–2');
    expect(within(pages()).getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', true);
    await user.click(within(pages()).getByRole('button', { name: 'Next' }));
    await within(panel()).findByRole('link', { name: 'AUTO00000911' });
    expect(candidateCalls().at(-1)).toEqual({ limit: '10', page: '2' });
    expect(within(panel()).getByTestId('candidates-range').textContent).toBe('Accounts 11–11');
    expect(within(pages()).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    // A search starts again from the first page, with the query.
    const search = within(panel()).getByRole('search', { name: 'Search the accounts to initiate' });
    await user.type(within(search).getByLabelText('Account no or customer name'), '  kale ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await within(panel()).findByText('Rohan Kale');
    expect(candidateCalls().at(-1)).toEqual({ q: 'kale', limit: '10', page: '1' });
    expect(within(panel()).queryByRole('navigation')).toBeNull();
    // The same search again reloads it.
    const before = candidateCalls().length;
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(candidateCalls()).toHaveLength(before + 1));
    expect(candidateCalls().at(-1)).toEqual({ q: 'kale', limit: '10', page: '1' });

    // Clear search: back to every candidate.
    await user.click(within(search).getByRole('button', { name: 'Clear search' }));
    await within(panel()).findByRole('link', { name: 'AUTO00000902' });
    expect(candidateCalls().at(-1)).toEqual({ limit: '10', page: '1' });
  });

  it('reloads when the officer comes back to the tray, and leaves a page that cases started meanwhile emptied', async () => {
    let initiated = false;
    const api = stubApi([
      {
        match: CANDIDATES,
        reply: () => {
          const query = queryOf(api.calls.at(-1)!.url);
          if (query.page === '2') return jsonResponse(200, reply(initiated ? [] : [candidate(911)]));
          return jsonResponse(200, reply([candidate(901), candidate(902)], !initiated));
        },
      },
      { match: /\/stages\/RepoInitiate\/cases\?/, reply: () => jsonResponse(200, trayPage([])) },
    ]);
    renderTray('repoRepoInitiate');
    const user = userEvent.setup();
    await within(panel()).findByRole('link', { name: 'AUTO00000902' });
    await user.click(within(panel()).getByRole('button', { name: 'Next' }));
    await within(panel()).findByRole('link', { name: 'AUTO00000911' });

    // The account of page 2 was initiated in the detail tab; back on the tray, the list reloads and page 2 is empty.
    initiated = true;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await within(panel()).findByRole('link', { name: 'AUTO00000901' });
    // page 1 again, reloaded too: nothing follows it now
    await waitFor(() => expect(within(panel()).queryByRole('navigation')).toBeNull());
    const pages = api.calls.filter((item) => CANDIDATES.test(item.url)).map((item) => queryOf(item.url).page);
    expect(pages).toEqual(['1', '2', '2', '1']);
    act(() => focusManager.setFocused(undefined));
  });

  it('says when no account of the unit is eligible, and when none matches the search', async () => {
    const api = stubApi([
      { match: CANDIDATES, reply: () => jsonResponse(200, reply([])) },
      { match: /\/stages\/RepoInitiate\/cases\?/, reply: () => jsonResponse(200, trayPage([])) },
    ]);
    renderTray('repoRepoInitiate');
    const empty = await within(panel()).findByTestId('candidates-empty');
    expect(empty.textContent).toBe(
      'No account in your unit is eligible to initiate: there is no past-due account without an open case of this workflow.',
    );
    expect(within(panel()).queryByTestId('candidates-table')).toBeNull();

    const user = userEvent.setup();
    await user.type(within(panel()).getByLabelText('Account no or customer name'), 'LN404');
    await user.click(within(panel()).getByRole('button', { name: 'Search' }));
    await within(panel()).findByText('No eligible account matches the search.');
    expect(queryOf(api.calls.filter((item) => CANDIDATES.test(item.url)).at(-1)!.url).q).toBe('LN404');
    // The empty state's way out clears the search.
    await user.click(within(within(panel()).getByTestId('candidates-empty')).getByRole('button'));
    await within(panel()).findByText(/No account in your unit is eligible/);
  });

  it('shows the loading state, then a failure with a retry', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubApi([
      {
        match: CANDIDATES,
        reply: async () => {
          await gate;
          return fail
            ? jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' })
            : jsonResponse(200, reply([candidate(901)]));
        },
      },
      { match: /\/stages\/RepoInitiate\/cases\?/, reply: () => jsonResponse(200, trayPage([])) },
    ]);
    renderTray('repoRepoInitiate');
    expect(await within(panel()).findByTestId('candidates-loading')).toBeTruthy();
    release();
    const error = await within(panel()).findByTestId('candidates-error');
    expect(within(error).getByText('The accounts to initiate could not be loaded')).toBeTruthy();
    // The cases below are not affected.
    expect(await screen.findByTestId('stage-tray-empty')).toBeTruthy();

    fail = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(panel()).getByRole('link', { name: 'AUTO00000901' })).toBeTruthy());
    expect(within(panel()).queryByTestId('candidates-error')).toBeNull();
  });
});
