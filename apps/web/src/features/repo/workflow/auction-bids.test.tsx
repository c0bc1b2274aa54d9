import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BidsReply } from '@recovery-desk/domain/secured-assets/auction.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseView, stubApi } from '../../workflow/test/workflow-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { AuctionBidsTab, stageWidget } from './widgets/auction-bids.tsx';

const bid = (id: number, patch: Partial<BidsReply['bids'][number]> = {}): BidsReply['bids'][number] => ({
  bidId: id,
  bidderName: `Bidder ${id}`,
  bidderIdNo: null,
  emdAmount: '38000.00',
  emdReference: 'UTR1',
  emdReceivedOn: '2026-05-08',
  bidAmount: '390000.00',
  currency: 'INR',
  qualified: true,
  remarks: null,
  status: 'ACTIVE',
  belowReserve: false,
  isH1: false,
  createdByName: 'Rohan Maker',
  createdAt: '2026-05-10T10:00:00.000Z',
  ...patch,
});

function reply(patch: Partial<BidsReply> = {}): BidsReply {
  return {
    caseId: 41,
    stage: 'AssetAuctionDtl',
    currency: 'INR',
    reservePrice: '380000.00',
    editable: true,
    bids: [
      bid(1, { bidderName: 'Bharat Motors', bidAmount: '395000.00', isH1: true }),
      bid(2, { bidderName: 'Low Ball Traders', bidAmount: '350000.00', belowReserve: true }),
      bid(3, { bidderName: 'No EMD Autos', emdReceivedOn: null }),
    ],
    h1: { bidId: 1, bidderName: 'Bharat Motors', bidAmount: '395000.00', percentOfReserve: '103.95' },
    ...patch,
  };
}

function render(canAct = true) {
  const view = caseView({ stage: 'INITIATE' });
  view.case.caseId = 41;
  const onReload = vi.fn();
  renderWithProviders(
    <AuctionBidsTab view={view} definition={REPOSSESSION_DEFINITION} canAct={canAct} onReload={onReload} />,
  );
  return { onReload };
}

describe('auctionBids widget', () => {
  beforeEach(() => {
    sessionStore.set(repoSession());
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('is the Bids case tab', () => {
    expect(stageWidget).toMatchObject({ name: 'auctionBids', caseTab: { labelKey: 'AuctionBidsTab' } });
  });

  it('shows H1 against the reserve price and marks the bid below it', async () => {
    stubApi([{ match: /\/api\/secured-assets\/cases\/41\/bids$/, reply: () => jsonResponse(200, reply()) }]);
    render();
    expect(await screen.findByTestId('auction-h1')).toHaveProperty(
      'textContent',
      'Bharat Motors — ₹3,95,000.00 (103.95% of the reserve price)',
    );
    expect(screen.getByTestId('auction-reserve').textContent).toBe('Reserve price: ₹3,80,000.00');
    expect(within(screen.getByTestId('bid-1')).getByTestId('bid-h1')).toBeTruthy();
    expect(within(screen.getByTestId('bid-2')).getByTestId('bid-below-reserve').textContent).toBe('Below reserve');
    expect(within(screen.getByTestId('bid-3')).getByText('EMD not received')).toBeTruthy();
  });

  it('adds a bid: sends exact decimal amounts, then reloads the case', async () => {
    const api = stubApi([
      { match: /\/bids$/, reply: () => jsonResponse(200, reply()) },
      { method: 'POST', match: /\/bids$/, reply: () => jsonResponse(200, reply()) },
    ]);
    const { onReload } = render();
    fireEvent.click(await screen.findByTestId('add-bid'));
    const form = await screen.findByTestId('bid-form');
    fireEvent.change(within(form).getAllByLabelText(/^Bidder/)[0]!, { target: { value: 'Deccan Wheels' } });
    fireEvent.change(within(form).getByLabelText(/Bid amount/), { target: { value: '401000.50' } });
    fireEvent.change(within(form).getByLabelText(/EMD amount/), { target: { value: '40000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bid' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      bidderName: 'Deccan Wheels',
      bidAmount: '401000.50',
      emdAmount: '40000',
      qualified: true,
      emdReceivedOn: null,
    });
  });

  it('withdraws a bid', async () => {
    const api = stubApi([
      { match: /\/bids$/, reply: () => jsonResponse(200, reply()) },
      {
        method: 'POST',
        match: /\/bids\/2\/withdraw$/,
        reply: () => jsonResponse(200, reply({ bids: [bid(2, { status: 'WITHDRAWN' })] })),
      },
    ]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw bid of Low Ball Traders' }));
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    expect(api.calls.some((call) => call.url.endsWith('/bids/2/withdraw'))).toBe(true);
  });

  it('is read-only at the approval stage; shows that no bid reaches the reserve', async () => {
    stubApi([
      {
        match: /\/bids$/,
        reply: () => jsonResponse(200, reply({ stage: 'AuctionApproval', editable: false, h1: null })),
      },
    ]);
    render();
    expect(await screen.findByTestId('auction-no-h1')).toBeTruthy();
    expect(screen.getByText(/shown against the reserve price/)).toBeTruthy();
    expect(screen.queryByTestId('add-bid')).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw bid/ })).toBeNull();
  });

  it('shows the empty and error states', async () => {
    stubApi([{ match: /\/bids$/, reply: () => jsonResponse(200, reply({ bids: [], h1: null })) }]);
    render();
    expect(await screen.findByTestId('auction-bids-empty')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubApi([{ match: /\/bids$/, reply: () => jsonResponse(500, { error_code: 'INTERNAL', detail: 'boom' }) }]);
    render();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The bids could not be loaded')).toBeTruthy();
  });
});
