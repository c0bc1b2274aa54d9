import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Issue 13: a collector captures a receipt, cannot verify it, and another user verifies it; then the payment is
// cancelled (requested by one user, approved by another). Axe on every receipt screen on the way.

const COLLECTOR = 'fc.andheri';
const VERIFIER = 'pay.mumbai';

test('a collector captures a receipt, another user verifies it, and a cancellation is requested and approved', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const collectorContext = await browser.newContext();
  const collector = await collectorContext.newPage();
  await openCollectionsIn(collector, COLLECTOR, 'BR-AND');
  // an account of the branch the demo already took receipts on
  const existing = await callApi<{ rows: { accountNo: string }[] }>(collector, 'GET', '/api/receipts?pageSize=10');
  expect(existing.status).toBe(200);
  const accountNo = existing.body.rows[0]!.accountNo;

  await collector.goto('/collapp/receiptCapture');
  await expect(collector.getByRole('heading', { level: 1, name: 'Receipt Capture' })).toBeVisible();
  await expectNoAxeViolations(collector);
  await collector.getByLabel('Account no').fill(accountNo);
  await collector.getByRole('button', { name: 'Find account' }).click();
  await expect(collector.getByTestId('capture-account')).toContainText(accountNo);
  await collector.getByLabel(/^Mode/).selectOption({ label: 'UPI' });
  await collector.getByLabel(/^Amount/).fill('1234.50');
  const rrn = `40${Date.now()}`.slice(0, 12);
  await collector.getByLabel(/^UPI reference/).fill(rrn);
  await expectNoAxeViolations(collector);
  await collector.getByRole('button', { name: 'Capture receipt' }).click();
  const saved = collector.getByText(/^Receipt E\d{10} saved\. Another user verifies it\.$/);
  await expect(saved).toBeVisible();
  const receiptNo = /E\d{10}/.exec((await saved.textContent()) ?? '')![0];
  await expectNoAxeViolations(collector);

  // the collector cannot verify it: no verification authority, and the server refuses a direct call
  const mine = await callApi<{ rows: { id: number; receiptNo: string; version: number }[] }>(
    collector,
    'GET',
    `/api/receipts?q=${receiptNo}`,
  );
  const receipt = mine.body.rows[0]!;
  expect(receipt.receiptNo).toBe(receiptNo);
  const own = await callApi(collector, 'POST', `/api/receipts/${receipt.id}/verify`, { version: receipt.version });
  expect(own.status).toBe(403);
  await collectorContext.close();

  // another user verifies it
  const verifierContext = await browser.newContext();
  const verifier = await verifierContext.newPage();
  await openCollectionsIn(verifier, VERIFIER, 'RG-MUM');
  await verifier.goto('/collapp/receiptVerification');
  await expect(verifier.getByRole('heading', { level: 1, name: 'Receipt Verification' })).toBeVisible();
  await verifier.getByLabel('Receipt, account or reference').fill(receiptNo);
  await verifier.getByRole('button', { name: 'Apply filters' }).click();
  const row = verifier.getByTestId('receipts-table').locator('tbody tr').filter({ hasText: receiptNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('₹1,234.50');
  await expectNoAxeViolations(verifier);
  await row.getByRole('button', { name: `Verify ${receiptNo}` }).click();
  const dialog = verifier.getByRole('dialog');
  await dialog.getByLabel('Remarks').fill('Credit seen in the UPI settlement report');
  await expectNoAxeViolations(verifier);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(verifier.getByText(`Receipt ${receiptNo} verified.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // the viewer shows it verified; its books show the demo book's gap; its detail shows the split and history
  await verifier.goto(`/collapp/receiptViewer?q=${receiptNo}`);
  const viewed = verifier.getByTestId('receipts-table').locator('tbody tr').filter({ hasText: receiptNo });
  await expect(viewed).toContainText('Verified');
  await expectNoAxeViolations(verifier);
  await verifier.getByRole('tab', { name: 'Receipt books' }).click();
  await expect(verifier.getByTestId('receipt-books')).toContainText('AND-0001');
  await expectNoAxeViolations(verifier);
  await verifier.goto(`/collapp/receiptViewer/receipt/${receipt.id}`);
  await expect(verifier.getByRole('heading', { level: 1, name: `Receipt ${receiptNo}` })).toBeVisible();
  await expect(verifier.getByTestId('receipt-history')).toContainText('Verified');
  await expectNoAxeViolations(verifier);

  // the UPI credit was for another loan: pay.mumbai asks for its cancellation (Payment Cancellation: electronic)
  await verifier.goto('/collapp/receiptCancellation');
  await expect(verifier.getByRole('heading', { level: 1, name: 'Receipt Cancellation' })).toBeVisible();
  await expectNoAxeViolations(verifier);
  await verifier.goto(`/collapp/paymentCancellation?q=${receiptNo}`);
  await expect(verifier.getByRole('heading', { level: 1, name: 'Payment Cancellation' })).toBeVisible();
  const payment = verifier.getByTestId('receipts-table').locator('tbody tr').filter({ hasText: receiptNo });
  await payment.getByRole('button', { name: `Request cancellation ${receiptNo}` }).click();
  const cancel = verifier.getByRole('dialog');
  await cancel.getByLabel(/^Reason/).selectOption({ label: 'Wrong account' });
  await cancel.getByLabel('Remarks').fill('The customer paid for his brother’s loan');
  await expectNoAxeViolations(verifier);
  await cancel.getByRole('button', { name: 'Request cancellation' }).click();
  await expect(verifier.getByText(`Cancellation of ${receiptNo} requested. Another user decides it.`)).toBeVisible();
  await expect(payment).toContainText('Cancellation requested');
  await verifierContext.close();

  // appr.west approves it: the posting is reversed
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await openCollectionsIn(approver, 'appr.west', 'ZN-W');
  await approver.goto(`/collapp/receiptCancelApproval?q=${receiptNo}`);
  await expect(approver.getByRole('heading', { level: 1, name: 'Receipt Cancel Approval' })).toBeVisible();
  const request = approver.getByTestId('receipts-table').locator('tbody tr').filter({ hasText: receiptNo });
  await expect(request).toContainText('Wrong account');
  await expectNoAxeViolations(approver);
  await request.getByRole('button', { name: `Approve ${receiptNo}` }).click();
  await approver.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText(`Cancellation of ${receiptNo} approved: the posting is reversed.`)).toBeVisible();
  await expect(request).toHaveCount(0);
  await approverContext.close();
});
