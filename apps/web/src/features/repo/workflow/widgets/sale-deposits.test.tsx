import { screen, within } from '@testing-library/react';
import type { SaleDepositsReply } from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { caseView, stubApi } from '../../../workflow/test/workflow-fixtures.ts';
import { SaleDepositsTab } from './sale-deposits.tsx';

const figures = (patch: Partial<SaleDepositsReply> = {}): SaleDepositsReply => ({
  caseId: 41,
  currency: 'INR',
  buyerName: 'Kiran Developers',
  saleAmount: '3950000.00',
  emdAmount: '395000.00',
  depositShare: '987500.00',
  depositDue: '592500.00',
  depositAmount: '592500.00',
  balanceDue: '2962500.00',
  balanceAmount: null,
  saleConfirmationDate: '2026-08-21',
  balanceDueBy: '2026-09-05',
  balanceDays: 15,
  balanceExtensionAgreed: false,
  problems: [],
  ...patch,
});

function renderTab() {
  const view = caseView({ stage: 'APPROVED_CASES', status: 'Submitted' });
  return renderWithProviders(
    <SaleDepositsTab view={view} definition={SARFAESI_DEFINITION} canAct onReload={() => undefined} />,
  );
}

describe('sale deposits (saleDeposits widget)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the EMD adjusted against the 25%, the balance due and its last day', async () => {
    stubApi([{ match: /\/api\/secured-assets\/cases\/41\/sale-deposits$/, reply: () => jsonResponse(200, figures()) }]);
    renderTab();
    const list = await screen.findByTestId('sale-deposit-figures');
    expect(within(list).getByTestId('sale-price').textContent).toBe('₹39,50,000.00');
    expect(within(list).getByTestId('sale-emd').textContent).toBe('₹3,95,000.00 (paid by Kiran Developers)');
    expect(within(list).getByTestId('sale-deposit-due').textContent).toBe('₹5,92,500.00');
    expect(within(list).getByTestId('sale-balance-due').textContent).toBe('₹29,62,500.00');
    expect(within(list).getByTestId('sale-balance-due-by').textContent).toBe(
      '05/09/2026 (the Rule 9(4) period from confirmation)',
    );
    expect(screen.queryByTestId('sale-problems')).toBeNull();
  });

  it('words what breaks the rule in the user’s terms', async () => {
    stubApi([
      {
        match: /sale-deposits$/,
        reply: () =>
          jsonResponse(
            200,
            figures({
              balanceAmount: '3000000.00',
              problems: [{ field: 'balanceAmount', code: 'BALANCE_MISMATCH', message: 'server words' }],
            }),
          ),
      },
    ]);
    renderTab();
    expect((await screen.findByTestId('sale-problems')).textContent).toContain(
      'The balance must be ₹29,62,500.00: the sale price less the EMD and the deposit.',
    );
  });

  it('says when there is no sale price yet, and when the figures cannot be loaded', async () => {
    stubApi([
      {
        match: /sale-deposits$/,
        reply: () => jsonResponse(200, figures({ saleAmount: null, depositShare: null, depositDue: null })),
      },
    ]);
    const first = renderTab();
    expect(await screen.findByText('The case has no sale price yet.')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    stubApi([{ match: /sale-deposits$/, reply: () => jsonResponse(500, { title: 'Server error' }) }]);
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('The deposit and balance could not be loaded');
  });
});
