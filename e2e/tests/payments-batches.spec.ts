import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';

// A deposit batch from generation to the bank: pay.mumbai (RG-MUM) generates it from receipts waiting for a batch,
// cannot approve it, appr.west (ZN-W) approves it, and pay.mumbai reconciles it against a bank statement file.
// Every payments screen is checked with axe on the way.

const PAY = 'pay.mumbai';

type BatchRow = { id: number; batchNo: string; amount: string; collectionDate: string; depositSlipNo: string };

async function batchByNo(page: Page, batchNo: string): Promise<BatchRow> {
  for (const status of ['INITIATED', 'APPROVED']) {
    const reply = await callApi<{ data: BatchRow[] }>(
      page,
      'GET',
      `/api/payments/batches/viewer?status=${status}&pageSize=100`,
    );
    const found = reply.body.data.find((row) => row.batchNo === batchNo);
    if (found) return found;
  }
  throw new Error(`batch ${batchNo} not found`);
}

test('a batch is generated, approved by another user and reconciled against a statement file', async ({ browser }) => {
  test.setTimeout(180_000);
  const slip = `E2E-${Date.now()}`;

  // The maker generates a batch from the first receipt waiting for one.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await openCollectionsIn(maker, PAY, 'RG-MUM');
  await maker.goto('/collapp/payBatchGeneration');
  await expect(maker.getByRole('heading', { level: 1, name: 'Payment Batch Generation' })).toBeVisible();
  const candidates = maker.getByTestId('candidate-row');
  await expect(candidates.first()).toBeVisible();
  await expect(maker.getByTestId('undeposited-row').first()).toBeVisible();
  await expectNoAxeViolations(maker);
  await candidates.first().getByRole('checkbox').check();
  await maker.getByLabel(/^Deposit Slip No/).fill(slip);
  await maker.getByRole('button', { name: 'Generate batch' }).click();
  const generated = maker.getByTestId('toast-container').getByText(/^Batch PB-[A-Z-]+-\d{8}-\d+ generated/);
  await expect(generated).toBeVisible();
  const batchNo = /Batch (PB-\S+) generated/.exec((await generated.textContent()) ?? '')![1]!;
  const batch = await batchByNo(maker, batchNo);
  expect(batch.depositSlipNo).toBe(slip);
  await expect(maker.getByTestId('batch-row').filter({ hasText: batchNo })).toHaveCount(1);

  // The maker holds no approval authority: the server refuses a direct approval.
  const own = await callApi(maker, 'POST', `/api/payments/batches/${batch.id}/approve`, { version: 1 });
  expect(own.status).toBe(403);

  // Another user approves it.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await openCollectionsIn(checker, USERS.westApprover, 'ZN-W');
  await checker.goto('/collapp/payBatchGenerationApproval');
  const row = checker.getByTestId('batch-row').filter({ hasText: batchNo });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(checker);
  await row.click();
  const dialog = checker.getByRole('dialog', { name: `Batch ${batchNo}` });
  await expect(dialog.getByTestId('batch-receipts')).toBeVisible();
  await expectNoAxeViolations(checker);
  await dialog.getByLabel('Remarks').fill('Slip checked against the cash');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByTestId('toast-container')).toContainText(`Batch ${batchNo} approved.`);
  await checker
    .getByTestId('batch-view')
    .getByText(/^Approved/)
    .click();
  await expect(checker.getByTestId('batch-row').filter({ hasText: batchNo })).toContainText('Approved');
  await checkerContext.close();

  // The maker reconciles the bank's statement: the batch's credit (a day later, naming the slip) and a credit
  // nobody can place.
  await maker.goto('/collapp/payBatchReconciliationReport');
  await expect(maker.getByRole('heading', { level: 1, name: 'Payment Batch Reconciliation Report' })).toBeVisible();
  const demoDownload = maker.waitForEvent('download');
  await maker.getByTestId('demo-statement').click();
  expect((await demoDownload).suggestedFilename()).toBe('demo-bank-statement.csv');
  await expectNoAxeViolations(maker);
  const credited = new Date(Date.parse(`${batch.collectionDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const statement = [
    'valueDate,amount,reference,narration',
    `${credited},${batch.amount},${slip},CASH DEPOSIT BY BRANCH`,
    `${credited},4321.00,E2E-UNKNOWN-${Date.now()},NEFT CR UNIDENTIFIED`,
  ].join('\n');
  await maker
    .getByTestId('statement-form')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'e2e-statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
  await maker.getByRole('button', { name: 'Upload and reconcile' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('Statement reconciled. Credits matched: 1 of 2.');
  const report = maker.getByTestId('recon-report');
  await expect(report.getByTestId('recon-matched-row').filter({ hasText: batchNo })).toHaveCount(1);
  await expect(report.getByTestId('recon-unmatched-credits-row')).toContainText('E2E-UNKNOWN');
  await expect(report.getByTestId('recon-unmatched-batches-row').filter({ hasText: batchNo })).toHaveCount(0);
  await expectNoAxeViolations(maker);
  const exported = maker.waitForEvent('download');
  await report.getByRole('button', { name: 'Export XLSX' }).click();
  expect((await exported).suggestedFilename()).toMatch(/^reconciliation-\d+\.xlsx$/);

  // EFT Receipt Cancel and UPI collection open and pass axe too.
  await maker.goto('/collapp/eftReceiptCancel');
  await expect(maker.getByTestId('eft-row').first()).toBeVisible();
  await expectNoAxeViolations(maker);
  await maker.goto('/collapp/payBatchViewer');
  await expect(maker.getByTestId('batch-row').first()).toBeVisible();
  await expectNoAxeViolations(maker);
  await makerContext.close();
});

test('UPI collection: a collect request is sent and paid through the sandbox PSP', async ({ page }) => {
  await openCollectionsIn(page, PAY, 'RG-MUM');
  await page.goto('/collapp/electronicPayment');
  await expect(page.getByRole('heading', { level: 1, name: 'Electronic Payment (UPI collection)' })).toBeVisible();
  await expect(page.getByTestId('upi-row').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const accounts = await callApi<{ data: { accountNo: string }[] }>(page, 'GET', '/api/payments/upi/requests');
  const accountNo = accounts.body.data[0]!.accountNo;
  await page.getByLabel(/^Account No/).fill(accountNo);
  await page.getByLabel(/^VPA/).fill('e2e.payer@okaxis');
  await page.getByLabel(/^Amount/).fill('101.50');
  await page.getByRole('button', { name: 'Send collect request' }).click();
  const sent = page.getByTestId('toast-container').getByText(/^Collect request RDUPI\w+ sent to e2e\.payer@okaxis\.$/);
  await expect(sent).toBeVisible();
  const txnId = /(RDUPI\w+)/.exec((await sent.textContent()) ?? '')![1]!;
  const row = page.getByTestId('upi-row').filter({ hasText: txnId });
  await expect(row).toContainText('Initiated');
  await row.getByRole('button', { name: `Approve as payer (sandbox) ${txnId}` }).click();
  await expect(page.getByTestId('upi-row').filter({ hasText: txnId })).toContainText('Success');
});
