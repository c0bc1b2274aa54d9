import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuctionBatchDetail } from '@recovery-desk/domain/secured-assets/auction.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../../lib/session-store.ts';
import { toastStore } from '../../../lib/toast-store.ts';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubApi } from '../../workflow/test/workflow-fixtures.ts';
import { repoSession } from '../test/repo-fixtures.ts';
import { AuctionBatchPage } from './auction-batch-page.tsx';

const batch: AuctionBatchDetail = {
  batchId: 5,
  batchNo: 'AB202603A',
  status: 'OPEN',
  auctionDate: '2026-04-20',
  emdLastDate: '2026-04-18',
  inspectionDate1: '2026-04-10',
  inspectionDate2: null,
  auctionAgency: 'MSTC e-auction',
  unitName: 'Mumbai Region',
  lotCount: 2,
  createdAt: '2026-03-30T10:00:00.000Z',
  lots: [
    {
      lotNo: 1,
      caseId: 71,
      caseNo: 'SARF/2026/71',
      accountId: 9,
      accountNo: 'HL0009',
      customerName: 'Meera Joshi',
      stage: 'BatchGen',
      reservePrice: '3800000.00',
      currency: 'INR',
    },
    {
      lotNo: 2,
      caseId: 72,
      caseNo: 'SARF/2026/72',
      accountId: 10,
      accountNo: 'HL0010',
      customerName: 'Arun Rao',
      stage: 'AuctionNotice',
      reservePrice: '2500000.50',
      currency: 'INR',
    },
  ],
};

describe('Auction Batch Generation', () => {
  beforeEach(() => {
    sessionStore.set(repoSession({ systemAuthorities: ['AUC_BATCH_GEN_SAUTH'] }));
    toastStore.set({ toasts: [], developerMode: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('lists the open batches, opens one with its lots linked to their cases, and publishes it', async () => {
    const { lots: _lots, ...row } = batch;
    const api = stubApi([
      { match: /auction-batches\?tab=open$/, reply: () => jsonResponse(200, { data: [row] }) },
      { match: /auction-batches\?tab=published$/, reply: () => jsonResponse(200, { data: [] }) },
      { match: /auction-batches\/5$/, reply: () => jsonResponse(200, batch) },
      {
        method: 'POST',
        match: /auction-batches\/5\/publish$/,
        reply: () => jsonResponse(200, { ...batch, status: 'PUBLISHED' }),
      },
    ]);
    renderWithProviders(<AuctionBatchPage />, { path: '/repoapp/auctionBatchGenTabs' });
    fireEvent.click(await screen.findByRole('button', { name: 'AB202603A' }));
    const detail = await screen.findByTestId('auction-batch-detail');
    expect(within(detail).getByText('₹38,00,000.00')).toBeTruthy();
    const lot2 = within(detail).getByTestId('lot-2');
    expect(within(lot2).getByRole('link', { name: 'SARF/2026/72' }).getAttribute('href')).toBe(
      '/Sarf/AuctionNotice/caseid/72/account/10',
    );
    fireEvent.click(within(detail).getByTestId('publish-batch'));
    await waitFor(() => expect(toastStore.get().toasts[0]?.message).toBe('The batch is updated.'));
    expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/5/publish'))).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Published' }));
    expect(await screen.findByTestId('batches-empty')).toBeTruthy();
  });
});
