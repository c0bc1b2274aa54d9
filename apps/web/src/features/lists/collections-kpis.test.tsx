import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionsDashboard } from '@recovery-desk/domain/lists/contracts.ts';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CollectionsKpis } from './collections-kpis.tsx';

const dashboard: CollectionsDashboard = {
  businessDate: '2026-03-31',
  buckets: ['CURRENT', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6'].map((bucket, index) => ({
    bucket,
    accounts: index === 0 ? 40 : 10 - index,
    overdue: index === 0 ? [] : [{ currency: 'INR', amount: '1000.00' }],
  })),
  totalAccounts: 61,
  ptpsDueToday: 4,
  ptpsBrokenThisMonth: 2,
  pendingApprovals: 1,
  recoveriesThisMonth: [{ currency: 'INR', amount: '12000.00' }],
  targets: [
    { currency: 'INR', targetMinor: 2_000_000, collectedMinor: 1_200_000 },
    { currency: 'USD', targetMinor: null, collectedMinor: 10_000 },
  ],
  dailyCollections: [
    { date: '2026-03-05', currency: 'INR', amountMinor: 500_000 },
    { date: '2026-03-25', currency: 'INR', amountMinor: 700_000 },
    { date: '2026-03-25', currency: 'USD', amountMinor: 10_000 },
  ],
  monthlyCollections: [
    { month: '2026-02-01', currency: 'INR', amountMinor: 1_967_000 },
    { month: '2026-03-01', currency: 'INR', amountMinor: 1_200_000 },
  ],
};

describe('collections dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.set(signedInSession()));
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('draws overdue by bucket, target, daily and monthly collections; a bucket drills down to its tray', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, dashboard)),
    );
    renderWithProviders(<CollectionsKpis />, { path: '/collapp' });
    const overdue = await screen.findByTestId('chart-overdue');
    // six overdue buckets, each a link named by its bucket and value
    const links = within(overdue).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[1]!.getAttribute('aria-label')).toBe('31–60: Accounts 8');
    expect(links[1]!.getAttribute('href')).toBe('/collapp/telecaller?view=team&dpdFrom=31&dpdTo=60');
    expect(screen.getByTestId('target-INR').textContent).toBe('₹12,000.00 / ₹20,000.00 · Achieved 60 %');
    expect(screen.getByTestId('target-USD').textContent).toBe('$100.00 / —');
    // one chart per currency: INR and USD never share an axis
    expect(within(screen.getByTestId('chart-daily-INR')).getAllByTestId('chart-daily-INR-line')).toHaveLength(1);
    expect(screen.getByTestId('chart-daily-USD')).toBeTruthy();
    expect(within(screen.getByTestId('chart-targets-table')).getByText('60 %')).toBeTruthy();
    const monthly = within(screen.getByTestId('chart-monthly-INR')).getByTestId('chart-monthly-INR-table');
    expect(within(monthly).getByText('19,670')).toBeTruthy();
    expect(screen.getByTestId('drill-roll').getAttribute('href')).toBe('/collapp/reportGeneration?report=rollRates');
    expect(screen.getByTestId('drill-ptps-due').getAttribute('href')).toBe(
      '/collapp/telecaller?view=team&sort=nextActionDate&order=asc',
    );

    fireEvent.click(links[1]!);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('says when no target is set', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ...dashboard, targets: [] })),
    );
    renderWithProviders(<CollectionsKpis />, { path: '/collapp' });
    expect((await screen.findByTestId('dashboard-targets')).textContent).toContain('No target is set for this month.');
  });
});
