import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoDashboardReply, repoDashboardWithRecoveries, repoSession } from '../test/repo-fixtures.ts';
import { RepoDashboardPage } from './repo-dashboard-page.tsx';

describe('Repossession dashboard', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    registerScreens([
      'repoRepoInitiate',
      'repoRepoInitiateApproval',
      'repoRepoInitiateApprovalDetail',
      'repoClosure',
      'sarfSarfClosure',
    ]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows each workflow’s totals, charts and stage counts, each linking to the tray the user may open', async () => {
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardReply()) }]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    expect(screen.getByRole('heading', { level: 1, name: 'Repossession Dashboard' })).toBeTruthy();

    const repo = await screen.findByTestId('workflow-REPOSSESSION');
    expect(within(repo).getByRole('heading', { level: 2, name: 'Repossession workflow' })).toBeTruthy();
    expect(within(screen.getByTestId('REPOSSESSION-totals')).getByText('Open cases').nextSibling?.textContent).toBe(
      '5',
    );
    // The charts: open cases and ageing by stage, overdue by stage (to the tray's overdue cases).
    expect(screen.getByTestId('REPOSSESSION-chart-open')).toBeTruthy();
    expect(screen.getByTestId('REPOSSESSION-chart-ageing')).toBeTruthy();
    expect(screen.getByTestId('REPOSSESSION-chart-overdue')).toBeTruthy();

    const initiate = screen.getByTestId('stage-RepoInitiate');
    expect(within(initiate).getByRole('link', { name: 'Repossession Initiate' }).getAttribute('href')).toBe(
      '/Repo/RepoInitiate?view=team',
    );
    expect(
      within(initiate).getByRole('link', { name: 'Repossession Initiate — Pushback: 1' }).getAttribute('href'),
    ).toBe('/Repo/RepoInitiate?view=team&tab=pushback');
    // The approval stage is not the user's: its numbers show without links.
    const approval = screen.getAllByTestId('stage-RepoInitiateApproval')[0]!;
    expect(within(approval).queryByRole('link')).toBeNull();

    // The overdue case names its date rule; SARFAESI has no open case.
    const overdue = screen.getByTestId('REPOSSESSION-overdue-table');
    expect(within(overdue).getByText('REP/2026/000041')).toBeTruthy();
    expect(within(overdue).getByText('Decision due (approval SLA)')).toBeTruthy();
    expect(screen.getByTestId('SARFAESI-empty').textContent).toContain('No open case in this unit.');
  });

  it('shows the yard inventory, each stage count linking to its tray when the user may open it', async () => {
    stubApi([
      { match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardReply()) },
      {
        match: /\/api\/secured-assets\/yard-inventory$/,
        reply: () =>
          jsonResponse(200, {
            businessDate: '2026-04-10',
            yards: [
              {
                yardId: 3,
                name: 'Pune Yard 2',
                capacity: 60,
                assets: 4,
                maxDaysHeld: 41,
                over30Days: 1,
                stages: [
                  { definitionCode: 'REPOSSESSION', stage: 'RepoInitiate', count: 3 },
                  { definitionCode: 'REPOSSESSION', stage: 'RepoInitiateApproval', count: 1 },
                ],
              },
            ],
          }),
      },
    ]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    const card = await screen.findByTestId('yard-inventory');
    const row = await within(card).findByTestId('yard-3');
    expect(within(row).getByRole('rowheader').textContent).toBe('Pune Yard 2');
    expect([...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)).toEqual(['60', '4', '41', '1']);
    expect(within(row).getByRole('link', { name: 'Repossession Initiate: 3' }).getAttribute('href')).toBe(
      '/Repo/RepoInitiate?view=team',
    );
    // the approval stage is not the user's: its count shows without a link
    expect(within(row).getAllByRole('link')).toHaveLength(1);
  });

  it('shows the recoveries of the closed cases by period, the closed cases linking to the Closure tray', async () => {
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardWithRecoveries()) }]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    const card = await screen.findByTestId('recoveries');
    expect(within(card).getByRole('heading', { level: 2, name: 'Recoveries from closed cases' })).toBeTruthy();

    // The financial year to date first: repossession's two sales; SARFAESI closed nothing this year.
    expect(within(card).getByTestId('recoveries-range').textContent).toBe(
      'Cases closed from 01/04/2026 to 10/04/2026 (business dates)',
    );
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    const repo = within(card).getByTestId('recoveries-REPOSSESSION-INR');
    expect(within(repo).getByRole('rowheader').textContent).toBe('Repossession workflow');
    expect(cells(repo)).toEqual([
      '2',
      '₹7,90,000.00',
      '₹37,000.00',
      '₹6,89,250.75',
      '₹0.00',
      '₹1,36,250.75',
      '₹63,749.25',
      '₹63,749.25 (1)',
      '₹0.00 (0)',
    ]);
    expect(
      within(repo).getByRole('link', { name: 'Repossession workflow — Closed cases: 2' }).getAttribute('href'),
    ).toBe('/Repo/Closure?view=team&tab=approved');
    expect(within(card).queryByTestId('recoveries-SARFAESI-INR')).toBeNull();
    // The chart: proceeds, applied, shortfall and surplus per workflow, in rupees, the bar opening the tray.
    const chart = within(card).getByTestId('recoveries-chart-INR');
    expect(within(card).getByRole('figure', { name: 'Recoveries by workflow (INR)' })).toBe(chart);
    const chartRow = within(within(chart).getByTestId('recoveries-chart-INR-table')).getByRole('rowheader', {
      name: 'Repossession workflow',
    }).parentElement!;
    expect(cells(chartRow)).toEqual(['₹7,90,000.00', '₹6,89,250.75', '₹1,36,250.75', '₹63,749.25']);

    // This month: the one sale.
    fireEvent.click(within(card).getByText('This month'));
    expect(cells(within(card).getByTestId('recoveries-REPOSSESSION-INR'))[0]).toBe('1');
    expect(cells(within(card).getByTestId('recoveries-REPOSSESSION-INR'))[1]).toBe('₹3,95,000.00');

    // All time: SARFAESI's sale too, its refund paid; its closing stage is not the user's: no link.
    fireEvent.click(within(card).getByText('All time'));
    expect(within(card).getByTestId('recoveries-range').textContent).toBe(
      'Every case closed up to 10/04/2026 (business dates)',
    );
    const sarf = within(card).getByTestId('recoveries-SARFAESI-INR');
    expect(cells(sarf)).toEqual([
      '1',
      '₹39,50,000.00',
      '₹45,000.00',
      '₹30,12,750.75',
      '₹0.00',
      '₹0.00',
      '₹8,92,249.25',
      '₹0.00 (0)',
      '₹8,92,249.25 (1)',
    ]);
    expect(within(sarf).queryByRole('link')).toBeNull();
  });

  it('says when no case has closed yet', async () => {
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, repoDashboardReply()) }]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    const card = await screen.findByTestId('recoveries');
    expect(within(card).getByTestId('recoveries-empty').textContent).toContain('No case of this unit has closed yet.');
    expect(within(card).queryByTestId('recoveries-table')).toBeNull();
  });

  it('says when no case closed in the chosen period', async () => {
    const reply = repoDashboardWithRecoveries();
    reply.recoveries.workflows = reply.recoveries.workflows.filter((entry) => entry.code === 'SARFAESI');
    stubApi([{ match: /\/api\/repo\/dashboard$/, reply: () => jsonResponse(200, reply) }]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    const card = await screen.findByTestId('recoveries');
    expect(within(card).getByTestId('recoveries-period-empty').textContent).toContain('No case closed in this period.');
    fireEvent.click(within(card).getByText('All time'));
    expect(within(card).getByTestId('recoveries-SARFAESI-INR')).toBeTruthy();
  });

  it('says when the dashboard could not be loaded', async () => {
    stubApi([
      {
        match: /\/api\/repo\/dashboard$/,
        reply: () => jsonResponse(403, { error_code: 'AUTHORITY_MISSING', detail: 'no' }),
      },
    ]);
    renderWithProviders(<RepoDashboardPage />, { path: '/Reposition' });
    expect(await screen.findByText('The repossession dashboard could not be loaded')).toBeTruthy();
  });
});
