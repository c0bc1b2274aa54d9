import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoDashboardReply, repoSession } from '../test/repo-fixtures.ts';
import { RepoDashboardPage } from './repo-dashboard-page.tsx';

describe('Repossession dashboard', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    registerScreens(['repoRepoInitiate', 'repoRepoInitiateApproval', 'repoRepoInitiateApprovalDetail']);
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
