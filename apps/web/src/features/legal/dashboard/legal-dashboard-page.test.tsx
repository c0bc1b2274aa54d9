import { screen, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { dashboardReply, legalSession, stubApi } from '../test/legal-fixtures.ts';
import { caseDetailPath, LegalDashboardPage } from './legal-dashboard-page.tsx';

function renderDashboard(path = '/legal') {
  return renderWithProviders(<LegalDashboardPage />, { path });
}

describe('Legal dashboard', () => {
  beforeEach(() => {
    sessionStore.set(legalSession());
    toastStore.set({ toasts: [], developerMode: false });
    registerScreens(['legalPool', 'legalFilingApproval', 'legalManager', 'legalFilingApprovalDetail']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('shows the work per stage, linking to the trays the user may open, the pool count and the totals', async () => {
    stubApi([{ match: /\/api\/legal\/dashboard$/, reply: () => jsonResponse(200, dashboardReply()) }]);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Legal Dashboard' })).toBeTruthy();
    expect(screen.getByText('Pune Camp Branch')).toBeTruthy();

    const filing = await screen.findByTestId('stage-FILING_APPROVAL');
    const filingLink = within(filing).getByRole('link', { name: 'Legal Filing Approval' });
    expect(filingLink.getAttribute('href')).toBe('/legal/legalFilingApproval');
    expect(within(filing).getByText('2 overdue')).toBeTruthy();
    expect(within(filing).getByText('Pending approval').nextSibling?.textContent).toBe('5');
    // The manager tray is not the user's: its tile shows the numbers without a link.
    const manager = screen.getByTestId('stage-MANAGER');
    expect(within(manager).queryByRole('link')).toBeNull();
    expect(within(manager).getByText('Legal Manager Tray')).toBeTruthy();
    // The pool is shown as its own tile, not as a stage.
    expect(screen.queryByTestId('stage-POOL')).toBeNull();
    expect(screen.getByTestId('pool-count').textContent).toBe('1,234');
    expect(screen.getByRole('link', { name: 'Open the pool' }).getAttribute('href')).toBe(
      '/legal/legalPool?searchView=legalEligible',
    );
    const totals = screen.getByTestId('dashboard-totals');
    expect(within(totals).getByText('Closed this month').nextSibling?.textContent).toBe('4');

    const hearings = screen.getByTestId('hearings-table');
    expect(within(hearings).getByText('JMFC Pune')).toBeTruthy();
    expect(within(hearings).getByText('LC-2025-000078')).toBeTruthy();
  });

  it('opens an overdue case in its stage detail route, in the tab named <routeSlug>_tabView', async () => {
    stubApi([{ match: /\/api\/legal\/dashboard$/, reply: () => jsonResponse(200, dashboardReply()) }]);
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    renderDashboard();
    const overdue = await screen.findByTestId('overdue-table');
    expect(within(overdue).getByText('Legal Filing Approval')).toBeTruthy();
    expect(within(overdue).getByText('4')).toBeTruthy();
    fireEvent.click(within(overdue).getByRole('button', { name: 'Open case LC-2025-000077' }));
    expect(open).toHaveBeenCalledWith('/legalFilingApproval/caseid/77/account/501', 'legalFilingApproval_tabView');
    expect(caseDetailPath('legalApprovedCase', 5, 9)).toBe('/legal/legalApprovedCase/caseid/5/accountid/9');
    expect(caseDetailPath('legalWithDrawal', 5, 9)).toBeNull();
  });

  it('without the pool authority the pool count has no link; empty lists say so', async () => {
    sessionStore.set(legalSession({ systemAuthorities: ['LEGAL_FILE_APP_SAUTH'] }));
    stubApi([
      {
        match: /\/api\/legal\/dashboard$/,
        reply: () => jsonResponse(200, dashboardReply({ overdueCases: [], upcomingHearings: [] })),
      },
    ]);
    renderDashboard('/Legal');
    expect(await screen.findByTestId('pool-count')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the pool' })).toBeNull();
    expect(screen.getByTestId('overdue-empty').textContent).toContain('No case is past its due date.');
    expect(screen.getByTestId('hearings-empty').textContent).toContain('No hearings in the next 14 days.');
  });

  it('a failed load says what went wrong and offers Retry', async () => {
    stubApi([
      {
        match: /\/api\/legal\/dashboard$/,
        reply: () => jsonResponse(503, { error_code: 'SERVICE_UNAVAILABLE', detail: 'Try again in a minute.' }),
      },
    ]);
    renderDashboard();
    const error = await screen.findByTestId('dashboard-error');
    expect(within(error).getByText('Try again in a minute.')).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
