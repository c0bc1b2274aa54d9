import { expect, test } from '../support/test.ts';
import { TrayPage } from '../pages/tray-page.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';

test('a manager requests a re-allocation, cannot approve it, and another user approves it', async ({ browser }) => {
  // The maker: a regional manager acting in the Mumbai region.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await openCollectionsIn(maker, USERS.manager, 'RG-MUM');
  const realloc = new TrayPage(maker);
  await realloc.openFromMenu('Manual Re-allocation', /\/collapp\/manualrealloc$/);
  await realloc.switchToTeamView();
  const accountNos = (await realloc.columnTexts('Delinquent account')).slice(0, 2).map((text) => text.split('\n')[0]!);
  await realloc.selectRows(2);
  await maker.getByTestId('bulk-actions').getByRole('button', { name: 'Request re-allocation' }).click();
  const dialog = maker.getByRole('dialog', { name: 'Request re-allocation' });
  const assignee = dialog.getByLabel(/^User to assign/);
  // Accounts go only to someone who works their branch: the region's skip tracer works every Mumbai branch.
  await expect(assignee.locator('option').nth(1)).toBeAttached();
  await assignee.selectOption({ label: 'Farhan Shaikh (skip.mumbai, RG-MUM)' });
  await dialog.getByLabel(/^Reason/).fill('Workload balance after e2e review');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  const sent = realloc
    .toasts()
    .getByText(/^Re-allocation request \d+ has been sent\. It awaits approval by a checker\.$/);
  await expect(sent).toBeVisible();
  const requestId = Number(/request (\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
  expect(requestId).toBeGreaterThan(0);

  // The maker holds no approval authority: the approval tray is refused, and so is a direct approval.
  await maker.goto('/collapp/ManualReAllocListApproval');
  await expect(maker).not.toHaveURL(/ManualReAllocListApproval/);
  await expect(realloc.toasts()).toContainText('Access refused');
  const ownApproval = await callApi(maker, 'POST', `/api/collections/reallocation-requests/${requestId}/approve`, {
    version: 1,
  });
  expect(ownApproval.status).toBe(403);
  await makerContext.close();

  // The checker: the West zone approver sees the request in Team View and approves it.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await openCollectionsIn(checker, USERS.westApprover, 'ZN-W');
  const approvals = new TrayPage(checker);
  await approvals.openFromMenu('Manual Re-allocation Approval', /\/collapp\/ManualReAllocListApproval$/);
  await approvals.switchToTeamView();
  await approvals.filter({ q: accountNos[0] });
  await approvals.expectLoaded();
  const row = approvals.rows.filter({ hasText: accountNos[1] });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String(requestId));
  await row.getByRole('button', { name: 'Approve' }).click();
  const decision = checker.getByRole('dialog');
  await decision.getByLabel('Remarks').fill('Checked by e2e');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(approvals.toasts()).toContainText('approved.');
  await expect(row).toHaveCount(0);

  await approvals.viewTab(/^Approved/).click();
  await expect(checker).toHaveURL(/searchView=approved/);
  await expect(approvals.rows.filter({ hasText: accountNos[1] })).toContainText('Approved');
  await checkerContext.close();
});
