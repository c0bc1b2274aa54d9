import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15 (auctions): the seeded repossession auction at its approval shows its bids and H1 against the reserve price
// (the Bids tab, read-only there); repoappr.west approves the sale. sarf.mumbai opens the seeded auction batch and its
// lots. Axe on the bids tab and the batch screen.

type Tray = { data: { caseId: number; accountId: number; caseNo: string }[] };

test('repoappr.west: the bids of an auction at approval, H1 against the reserve, then approves the sale', async ({
  page,
}) => {
  await signInToApp(page, { user: 'repoappr.west', unit: 'ZN-W', app: 'Repossession and Sarfaesi' });

  const tray = await callApi<Tray>(page, 'GET', '/api/workflow/REPOSSESSION/stages/AuctionApproval/cases?view=team');
  expect(tray.status, JSON.stringify(tray.body)).toBe(200);
  const auction = tray.body.data[0]!;
  await page.goto(`/Repo/AuctionApproval/caseid/${auction.caseId}/account/${auction.accountId}`);
  const repoCase = new LegalCasePage(page);
  await repoCase.expectAt(auction.caseNo, 'Auction Approval');

  await page.getByRole('tab', { name: 'Bids', exact: true }).click();
  const bids = page.getByTestId('auction-bids');
  await expect(bids).toBeVisible();
  await expect(page.getByTestId('auction-h1')).toContainText('Bharat Motors');
  await expect(page.getByTestId('auction-h1')).toContainText('% of the reserve price');
  await expect(bids.getByTestId('bid-below-reserve')).toHaveCount(1);
  await expect(bids.getByTestId('bid-h1')).toHaveCount(1);
  // Read-only at the approval: no bid can be added here.
  await expect(page.getByTestId('add-bid')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Case', exact: true }).click();
  await repoCase.act('Approve', 'H1 above the reserve price');
  await repoCase.expectAt(auction.caseNo, 'Asset Sale Notice');
});

test('sarf.mumbai: the auction batch screen lists the open batch and its two lots', async ({ page }) => {
  await signInToApp(page, { user: 'sarf.mumbai', unit: 'RG-MUM', app: 'Repossession and Sarfaesi' });
  await page.goto('/repoapp/auctionBatchGenTabs');
  await expect(page.getByRole('heading', { level: 1, name: 'Auction Batch Generation' })).toBeVisible();
  const open = page.getByTestId('batches-open');
  await expect(open).toBeVisible();
  await open.getByRole('button').first().click();
  const detail = page.getByTestId('auction-batch-detail');
  await expect(detail.getByTestId('lot-1')).toBeVisible();
  await expect(detail.getByTestId('lot-2')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
