import { screen, within } from '@testing-library/react';
import type { LinkedAccounts } from '@recovery-desk/domain/repo/contracts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerScreens } from '../../../lib/screen-registry.ts';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../legal/test/legal-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { LinkedAccountsPage } from './linked-accounts-page.tsx';

const PATH = '/Repo/linkLanVueAccount/account/:accountid';

const reply = (patch: Partial<LinkedAccounts> = {}): LinkedAccounts => ({
  accountId: 541,
  customerId: 77,
  customerName: 'Sunil Pawar',
  accounts: [
    {
      accountId: 541,
      accountNo: 'LNAUTO0000001',
      product: 'AUTO',
      currency: 'INR',
      unitCode: 'BR-AND',
      branchName: 'Andheri Branch',
      dpd: 120,
      assetClass: 'NPA',
      principalOutstanding: '400000.00',
      interestOutstanding: '12000.50',
      chargesOutstanding: '750.25',
      totalOutstanding: '412750.75',
      totalDueAmount: '45000.00',
      settlementStatus: null,
      isThisAccount: true,
      openCases: [
        {
          caseId: 9,
          caseNo: 'REP/2026/000009',
          definitionCode: 'REPOSSESSION',
          stage: 'Notice',
          stageLabelKey: 'Notice',
          routeSlug: 'repoNotice',
        },
      ],
    },
    {
      accountId: 542,
      accountNo: 'LNPERS0000002',
      product: 'PERSONAL',
      currency: 'INR',
      unitCode: 'BR-AND',
      branchName: 'Andheri Branch',
      dpd: 0,
      assetClass: 'STANDARD',
      principalOutstanding: '90000.00',
      interestOutstanding: '12000.50',
      chargesOutstanding: '750.25',
      totalOutstanding: '102750.75',
      totalDueAmount: '0.00',
      settlementStatus: null,
      isThisAccount: false,
      openCases: [],
    },
  ],
  exposure: [{ currency: 'INR', accounts: 2, totalOutstanding: '515501.50', totalDue: '45000.00' }],
  outsideScope: 1,
  ...patch,
});

describe('Linked Account Details', () => {
  beforeEach(() => {
    sessionStore.set(repoSession({ systemAuthorities: ['Link_Lan_AccDtl_SAUTH', 'REPO_NOTICE_CAP_SAUTH'] }));
    registerScreens(['repoNoticeDetail']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it("shows the borrower's accounts, their exposure and open cases, and counts those in other units", async () => {
    stubApi([{ match: /\/api\/repo\/accounts\/541\/linked$/, reply: () => jsonResponse(200, reply()) }]);
    renderWithProviders(<LinkedAccountsPage />, { path: PATH, url: '/Repo/linkLanVueAccount/account/541' });
    expect(await screen.findByTestId('linked-table')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Linked Account Details' })).toBeTruthy();
    expect(screen.getByTestId('linked-borrower').textContent).toBe('Borrower: Sunil Pawar');
    expect(screen.getByTestId('exposure-INR').textContent).toBe('₹5,15,501.50');
    expect(within(screen.getByTestId('linked-exposure')).getByText('2 accounts')).toBeTruthy();
    expect(screen.getByTestId('linked-outside').textContent).toBe(
      'The borrower has 1 more loan account in other units, not shown here.',
    );
    const auto = screen.getByTestId('linked-LNAUTO0000001');
    expect(within(auto).getByText('This account')).toBeTruthy();
    expect(within(auto).getByText('₹4,12,750.75')).toBeTruthy();
    expect(
      within(auto)
        .getByRole('link', { name: /REP\/2026\/000009/ })
        .getAttribute('href'),
    ).toBe('/Repo/Notice/caseid/9/account/541');
    expect(within(screen.getByTestId('linked-LNPERS0000002')).getByText('None')).toBeTruthy();
  });

  it('says when the accounts could not be loaded', async () => {
    stubApi([
      {
        match: /\/linked$/,
        reply: () => jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Account not found' }),
      },
    ]);
    renderWithProviders(<LinkedAccountsPage />, { path: PATH, url: '/Repo/linkLanVueAccount/account/9' });
    expect((await screen.findByTestId('linked-error')).textContent).toContain(
      'The linked accounts could not be loaded',
    );
  });
});
