import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClosureStatement } from '@recovery-desk/domain/secured-assets/closure.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { caseView, stubApi } from '../../../workflow/test/workflow-fixtures.ts';
import { ClosureStatementTab } from './closure-statement.tsx';

const recorded = (patch: Partial<ClosureStatement> = {}): ClosureStatement => ({
  caseId: 41,
  state: 'RECORDED',
  closureType: 'SOLD',
  currency: 'INR',
  outstandingMinor: '301275075',
  proceedsMinor: '395000000',
  expensesMinor: '4500000',
  netProceedsMinor: '390500000',
  appliedMinor: '301275075',
  waivedMinor: '0',
  shortfallMinor: '0',
  surplusMinor: '89224925',
  receiptNo: 'E0000000042',
  waiver: null,
  partialPayments: [],
  refundStatus: 'DUE',
  refundPaidOn: null,
  refundReference: null,
  closedOn: '2026-02-20',
  problem: null,
  ...patch,
});

function renderTab() {
  const view = caseView({ stage: 'APPROVED_CASES', status: 'Closed' });
  return renderWithProviders(
    <ClosureStatementTab view={view} definition={REPOSSESSION_DEFINITION} canAct={false} onReload={() => undefined} />,
  );
}

describe('closure statement (closureStatement widget)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews a sale below the dues: what would be posted and the shortfall that stays recoverable', async () => {
    stubApi([
      {
        match: /\/api\/secured-assets\/cases\/41\/closure$/,
        reply: () =>
          jsonResponse(
            200,
            recorded({
              state: 'PREVIEW',
              outstandingMinor: '51275075',
              proceedsMinor: '39500000',
              expensesMinor: '1850000',
              netProceedsMinor: '37650000',
              appliedMinor: '37650000',
              shortfallMinor: '13625075',
              surplusMinor: '0',
              receiptNo: null,
              refundStatus: 'NONE',
              closedOn: null,
            }),
          ),
      },
    ]);
    renderTab();
    const figures = await screen.findByTestId('closure-figures');
    expect(screen.getByText(/Preview: what closing the case now would post/)).toBeTruthy();
    expect(within(figures).getByTestId('closure-outstanding').textContent).toBe('₹5,12,750.75');
    expect(within(figures).getByText('Net proceeds').nextSibling?.textContent).toBe('₹3,76,500.00');
    expect(within(figures).getByTestId('closure-shortfall').textContent).toBe('₹1,36,250.75');
    expect(screen.getByText(/The shortfall stays on the account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record the refund' })).toBeNull();
  });

  it('records the refund of a surplus: the reference is checked, then the statement shows it paid', async () => {
    const { calls } = stubApi([
      { match: /\/closure$/, reply: () => jsonResponse(200, recorded()) },
      {
        method: 'POST',
        match: /\/api\/secured-assets\/cases\/41\/closure\/refund$/,
        reply: () =>
          jsonResponse(
            200,
            recorded({ refundStatus: 'PAID', refundPaidOn: '2026-02-20', refundReference: 'UTR20260220' }),
          ),
      },
    ]);
    renderTab();
    expect((await screen.findByTestId('closure-applied')).textContent).toBe('₹30,12,750.75 (receipt E0000000042)');
    expect(screen.getByTestId('closure-surplus').textContent).toBe('₹8,92,249.25');
    expect(screen.getByTestId('closure-refund-due').textContent).toContain('has not been refunded yet');

    const user = userEvent.setup();
    // the date input masks what is typed into the language's form (components/form/date-input.tsx)
    fireEvent.change(screen.getByLabelText(/Refunded on/), { target: { value: '20022026' } });
    await user.type(screen.getByLabelText(/Payment reference/), 'utr 1');
    await user.click(screen.getByRole('button', { name: 'Record the refund' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/Payment reference/));
    await user.type(screen.getByLabelText(/Payment reference/), 'UTR20260220');
    await user.click(screen.getByRole('button', { name: 'Record the refund' }));
    expect((await screen.findByTestId('closure-refund-paid')).textContent).toBe(
      'Surplus refunded on 20/02/2026 (UTR UTR20260220).',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { paidOn: '2026-02-20', reference: 'UTR20260220' },
    ]);
  });

  it('shows the approved waiver counted against the shortfall, and the partial payments posted as receipts', async () => {
    stubApi([
      {
        match: /\/api\/secured-assets\/cases\/41\/closure$/,
        reply: () =>
          jsonResponse(
            200,
            recorded({
              state: 'PREVIEW',
              outstandingMinor: '41275075',
              proceedsMinor: '39500000',
              expensesMinor: '1850000',
              netProceedsMinor: '37650000',
              appliedMinor: '37650000',
              waivedMinor: '3000000',
              shortfallMinor: '625075',
              surplusMinor: '0',
              receiptNo: null,
              refundStatus: 'NONE',
              closedOn: null,
              waiver: {
                amountMinor: '5000000',
                currency: 'INR',
                reason: 'Hardship after a job loss',
                approvedOn: '2026-06-30',
                approvedBy: 'Chitra Checker',
                requestedBy: 'Rohan Maker',
              },
              partialPayments: [
                {
                  receiptNo: 'E0000000051',
                  amountMinor: '10000000',
                  currency: 'INR',
                  mode: 'NEFT',
                  receivedOn: '2026-04-12',
                  status: 'PENDING_VERIFICATION',
                },
              ],
            }),
          ),
      },
    ]);
    renderTab();
    expect((await screen.findByTestId('closure-waived')).textContent).toBe('₹30,000.00');
    expect(screen.getByTestId('closure-shortfall').textContent).toBe('₹6,250.75');
    expect(screen.getByTestId('closure-waiver').textContent).toContain(
      '₹50,000.00, approved by Chitra Checker on 30/06/2026. Reason: Hardship after a job loss',
    );
    expect(screen.getByTestId('closure-partial-payments').textContent).toContain(
      '₹1,00,000.00 by NEFT, receipt E0000000051 of 12/04/2026: waiting for verification',
    );
  });

  it('shows the dues today before any sale (what redemption takes at the release and partial payment stages)', async () => {
    stubApi([
      {
        match: /\/closure$/,
        reply: () =>
          jsonResponse(
            200,
            recorded({
              state: 'PREVIEW',
              closureType: null,
              outstandingMinor: '291275075',
              proceedsMinor: '0',
              expensesMinor: '0',
              netProceedsMinor: '0',
              appliedMinor: '0',
              shortfallMinor: '291275075',
              surplusMinor: '0',
              receiptNo: null,
              refundStatus: 'NONE',
              closedOn: null,
            }),
          ),
      },
    ]);
    renderTab();
    const figures = await screen.findByTestId('closure-figures');
    expect(within(figures).getByText('Dues today (what redemption takes)').nextSibling?.textContent).toBe(
      '₹29,12,750.75',
    );
    expect(within(figures).queryByText('Net proceeds')).toBeNull();
  });

  it('says when the statement could not be loaded', async () => {
    stubApi([
      { match: /\/closure$/, reply: () => jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'Case not found' }) },
    ]);
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('The closure statement could not be loaded');
  });
});
