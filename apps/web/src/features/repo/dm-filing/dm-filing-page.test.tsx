import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DmFiling, DmFilingsReply } from '@recovery-desk/domain/repo/dm-filings.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { DmFilingCasePage, DmFilingPage } from './dm-filing-page.tsx';

const filing = (patch: Partial<DmFiling> = {}): DmFiling => ({
  caseId: 31,
  caseNo: 'SAR/2026/000031',
  accountId: 541,
  accountNo: 'LNHOME0000031',
  customerName: 'Kavita Desai',
  unitCode: 'BR-AND',
  stage: 'OrderCapture',
  stageLabelKey: 'DMOrderCapture',
  routeSlug: 'sarfOrderCapture',
  isClosed: false,
  step: 'FILED',
  advocateName: 'Adv Meera Joshi',
  allocatedOn: '2026-04-20',
  magistrate: 'CMM',
  filedOn: '2026-05-02',
  applicationNo: 'SA/145/2026',
  nextHearingOn: '2026-05-20',
  orderedOn: null,
  orderNo: null,
  commissionerName: null,
  possessionScheduledOn: null,
  clock: 'OVERDUE',
  orderDueOn: '2026-06-01',
  escalateOn: '2026-07-01',
  daysSinceFiling: 39,
  ...patch,
});

const register = (patch: Partial<DmFilingsReply> = {}): DmFilingsReply => ({
  businessDate: '2026-06-10',
  data: [filing()],
  count: 1,
  page: 1,
  pageSize: 25,
  steps: { ADVOCATE_DUE: 2, ALLOCATED: 0, FILED: 1, ORDERED: 0, POSSESSION_SCHEDULED: 3 },
  overdue: 1,
  ...patch,
});

describe('DM Filing', () => {
  beforeEach(() => {
    sessionStore.set(repoSession({ systemAuthorities: ['SARF_DM_ORDER_CAP_SAUTH'] }));
    registerScreens(['sarfOrderCaptureDetail', 'dmFilingDetail']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists the proceedings with their step and order clock, and filters by step and overdue orders', async () => {
    const { calls } = stubApi([{ match: /\/api\/repo\/dm-filings\?/, reply: () => jsonResponse(200, register()) }]);
    renderWithProviders(<DmFilingPage />, { path: '/Repo/DmFiling', url: '/Repo/DmFiling' });
    const table = await screen.findByTestId('dm-table');
    expect(screen.getByRole('heading', { level: 1, name: 'DM Filing' })).toBeTruthy();
    expect(within(table).getByText('SAR/2026/000031')).toBeTruthy();
    expect(within(table).getByText('Application filed')).toBeTruthy();
    expect(within(table).getByText('Chief Metropolitan Magistrate', { exact: false })).toBeTruthy();
    expect(within(table).getByText('Overdue since 01/06/2026')).toBeTruthy();
    expect(screen.getByText('Possession scheduled (3)')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('dm-overdue-filter'));
    await user.click(screen.getByText('Advocate to allocate (2)'));
    const last = calls.at(-1)?.url ?? '';
    expect(last).toContain('overdue=true');
    expect(last).toContain('step=ADVOCATE_DUE');
  });

  it('says when no case is in §14 proceedings, and when the register cannot be loaded', async () => {
    stubApi([{ match: /dm-filings\?/, reply: () => jsonResponse(200, register({ data: [], count: 0, overdue: 0 })) }]);
    const first = renderWithProviders(<DmFilingPage />, { path: '/Repo/DmFiling', url: '/Repo/DmFiling' });
    expect(await screen.findByText('No SARFAESI case of your units is in §14 proceedings.')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    stubApi([{ match: /dm-filings\?/, reply: () => jsonResponse(500, { title: 'Server error' }) }]);
    renderWithProviders(<DmFilingPage />, { path: '/Repo/DmFiling', url: '/Repo/DmFiling' });
    expect(await screen.findByText('The DM filings could not be loaded')).toBeTruthy();
  });

  it("shows one case's proceeding and links to its stage screen", async () => {
    stubApi([
      {
        match: /\/api\/repo\/dm-filings\/31$/,
        reply: () => jsonResponse(200, { businessDate: '2026-06-10', filing: filing() }),
      },
    ]);
    renderWithProviders(<DmFilingCasePage />, {
      path: '/Repo/DmFiling/caseid/:caseid/account/:accountid',
      url: '/Repo/DmFiling/caseid/31/account/541',
    });
    const summary = await screen.findByTestId('dm-case-summary');
    expect(within(summary).getByTestId('dm-step').textContent).toBe('Application filed');
    expect(within(summary).getByTestId('dm-order-due').textContent).toBe('01/06/2026');
    expect(screen.getByTestId('dm-stage-link').getAttribute('href')).toBe('/Sarf/OrderCapture/caseid/31/account/541');
  });
});
