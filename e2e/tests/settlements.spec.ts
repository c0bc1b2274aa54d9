import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { addDays, callApi, openCollectionsIn } from '../support/collections.ts';
import { expectPdfDownload } from '../support/legal.ts';

// Settlements (issue 13): settle.west initiates a settlement on an account, appr.west pushes it back with remarks,
// settle.west resubmits new terms, appr.west approves it and downloads the settlement letter. Axe on every screen.

type Row = { id: number; accountId: number; accountNo: string; stage: string; status: string };

/** Two-decimal string of `share` percent of a decimal amount, rounded down to the paisa. */
function percentOf(amount: string, share: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cents = (BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2))) * BigInt(share);
  const result = cents / 100n;
  return `${result / 100n}.${String(result % 100n).padStart(2, '0')}`;
}

async function fillTerms(page: Page, payable: string, dueDate: string): Promise<void> {
  const form = page.getByTestId('settlement-terms');
  await form.getByLabel(/^Total payable/).fill(payable);
  await form.getByLabel(/^Instalment 1 date/).fill(dueDate);
  await form.getByLabel(/^Instalment 1 amount/).fill(payable);
}

test('a settlement is initiated, pushed back, resubmitted and approved, and its letter downloaded', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The maker: settle.west in the West zone, on Settlement Initiate.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await openCollectionsIn(maker, 'settle.west', 'ZN-W');
  await maker.goto('/settelment/settelmentInitiate');
  await expect(maker.getByRole('heading', { level: 1, name: 'Settlement Initiate' })).toBeVisible();
  await expect(maker.getByTestId('settlement-table')).toBeVisible();
  await expectNoAxeViolations(maker);

  // The demo's lapsed settlement left its account in collection with full dues: it can be settled again.
  const approved = await callApi<{ data: Row[] }>(maker, 'GET', '/api/settlements/screens/initiate?tab=approved');
  const lapsed = approved.body.data.find((row) => row.stage === 'LAPSED');
  expect(lapsed, 'the demo has a lapsed settlement').toBeDefined();
  await maker.getByLabel('Account number', { exact: true }).fill(lapsed!.accountNo);
  await maker.getByRole('button', { name: 'Open account' }).click();
  await expect(maker).toHaveURL(new RegExp(`/settelment/settelmentInitiate/account/${lapsed!.accountId}$`));
  const account = await callApi<{ totalOutstanding: string; businessDate: string }>(
    maker,
    'GET',
    `/api/settlements/accounts/${lapsed!.accountId}`,
  );
  const businessDate = account.body.businessDate;
  await fillTerms(maker, percentOf(account.body.totalOutstanding, 92), addDays(businessDate, 30));
  await maker.getByTestId('settlement-terms').getByLabel('Remarks').fill('Borrower offers 92 % in one month');
  await expect(maker.getByTestId('settlement-preview')).toContainText('Waiver');
  await expectNoAxeViolations(maker);
  await maker.getByRole('button', { name: 'Send for approval' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('The settlement was sent for approval.');
  await expect(maker.getByTestId('settlement-live')).toBeVisible();
  const pending = await callApi<{ data: Row[] }>(maker, 'GET', '/api/settlements/screens/initiate?tab=pending');
  const settlement = pending.body.data.find((row) => row.accountId === lapsed!.accountId)!;
  expect(settlement.status).toBe('PENDING_APPROVAL');

  // The maker cannot decide their own settlement (and holds no approval authority).
  const own = await callApi(maker, 'POST', `/api/settlements/${settlement.id}/approve`, { version: 1 });
  expect(own.status).toBe(403);

  // The checker: appr.west pushes it back from Settlement Approval.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await openCollectionsIn(checker, 'appr.west', 'ZN-W');
  await checker.goto('/settelment/settelmentApproval?tab=pending');
  await expect(checker.getByRole('heading', { level: 1, name: 'Settlement Approval' })).toBeVisible();
  const row = checker.getByTestId('settlement-row').filter({ hasText: settlement.accountNo });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(checker);
  const [detail] = await Promise.all([checker.context().waitForEvent('page'), row.getByTestId('open-row').click()]);
  await detail.waitForLoadState('domcontentloaded');
  await expect(detail).toHaveURL(
    new RegExp(`/settelment/settelmentApproval/case/${settlement.id}/account/${lapsed!.accountId}$`),
  );
  await expect(detail.getByTestId('settlement-schedule')).toBeVisible();
  await expectNoAxeViolations(detail);
  await detail.getByRole('button', { name: 'Push back' }).click();
  const pushDialog = detail.getByRole('dialog');
  await pushDialog.getByRole('button', { name: 'Push back' }).click();
  await expect(pushDialog.getByText('This field is required')).toBeVisible();
  await pushDialog.getByLabel('Remarks').fill('Collect 95 % instead');
  await pushDialog.getByRole('button', { name: 'Push back' }).click();
  await expect(detail.getByTestId('toast-container')).toContainText('pushed back');
  await expect(detail.getByText('Pushback').first()).toBeVisible();

  // The maker sees the remarks and resubmits new terms.
  await maker.reload();
  await expect(maker.getByTestId('settlement-pushback')).toContainText('Collect 95 % instead');
  await fillTerms(maker, percentOf(account.body.totalOutstanding, 95), addDays(businessDate, 20));
  await maker.getByRole('button', { name: 'Resubmit' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('resubmitted');
  await makerContext.close();

  // The checker approves and downloads the letter.
  await detail.reload();
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeVisible();
  await detail.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = detail.getByRole('dialog');
  await approveDialog.getByLabel('Remarks').fill('Within policy after resubmission');
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(detail.getByTestId('toast-container')).toContainText('The settlement was approved.');
  const letterButton = detail.getByTestId('settlement-letter');
  await expect(letterButton).toBeVisible();
  const [download] = await Promise.all([detail.waitForEvent('download'), letterButton.click()]);
  await expectPdfDownload(download);
  await expect(detail.getByTestId('settlement-history')).toContainText('Resubmitted');
  await expectNoAxeViolations(detail);

  // Settlement Viewer: the approved settlement in the Approved view, and its read-only detail.
  await checker.goto('/settelment/settelmentViewer?tab=approved');
  await expect(checker.getByRole('heading', { level: 1, name: 'Settlement Viewer' })).toBeVisible();
  const viewed = checker.getByTestId('settlement-row').filter({ hasText: settlement.accountNo });
  await expect(viewed.first()).toContainText('Approved');
  await expectNoAxeViolations(checker);
  await checker.goto(`/settelment/settelmentViewer/case/${settlement.id}/account/${lapsed!.accountId}`);
  await expect(checker.getByTestId('settlement-letter')).toBeVisible();
  await expect(checker.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoAxeViolations(checker);
  await checkerContext.close();
});
