import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15: the repossession app's screens that no walk passes through, opened as their users open them, with axe:
// the borrower's linked loan accounts (/Repo/linkLanVueAccount/account/{id}, Link_Lan_AccDtl_SAUTH), the SARFAESI
// upload dashboard (/Sarfaesi/UploadRepo, SARF_UPLOAD_DASH_SAUTH) and the auction batch of a case
// (/repoapp/auctionBatchGenTabs/caseid/{caseid}/account/{accountid}, AUC_BATCH_GEN_SAUTH).

type Tray = { data: { caseId: number; accountId: number; caseNo: string; accountNo: string }[] };

test('repo.pune: the linked accounts of a repossession case’s borrower, with their exposure', async ({ page }) => {
  await signInToApp(page, { user: 'repo.pune', unit: 'RG-PUN', app: 'Repossession and Sarfaesi' });

  const tray = await callApi<Tray>(page, 'GET', '/api/workflow/REPOSSESSION/stages/FprAllocation/cases?view=team');
  expect(tray.status, JSON.stringify(tray.body)).toBe(200);
  const held = tray.body.data[0]!;
  await page.goto(`/Repo/linkLanVueAccount/account/${held.accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked Account Details' })).toBeVisible();
  const linked = page.getByTestId('linked-accounts');
  await expect(linked.getByTestId('linked-borrower')).toBeVisible();
  await expect(linked.getByTestId('linked-exposure')).toContainText('₹');
  // the case's own account is among the borrower's loans
  await expect(linked.getByTestId('linked-table')).toContainText(held.accountNo);
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('sarf.mumbai: the SARFAESI upload dashboard offers its uploads and lists the files', async ({ page }) => {
  await signInToApp(page, { user: 'sarf.mumbai', unit: 'RG-MUM', app: 'Repossession and Sarfaesi' });

  await page.goto('/Sarfaesi/UploadRepo');
  await expect(page.getByRole('heading', { level: 1, name: 'Sarfaesi File Upload' })).toBeVisible();
  const form = page.getByTestId('upload-form');
  await expect(form.getByLabel(/Upload type/)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Upload', exact: true })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('sarf.mumbai: a case at the auction batch stage opens the batch that holds it, with its lots', async ({
  page,
}) => {
  await signInToApp(page, { user: 'sarf.mumbai', unit: 'RG-MUM', app: 'Repossession and Sarfaesi' });

  const tray = await callApi<Tray>(page, 'GET', '/api/workflow/SARFAESI/stages/BatchGen/cases?view=team');
  expect(tray.status, JSON.stringify(tray.body)).toBe(200);
  const lot = tray.body.data[0]!;
  await page.goto(`/repoapp/auctionBatchGenTabs/caseid/${lot.caseId}/account/${lot.accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Auction Batch Generation Case' })).toBeVisible();
  const detail = page.getByTestId('auction-batch-detail');
  await expect(detail.getByTestId('lot-1')).toBeVisible();
  await expect(detail.getByTestId('lot-2')).toBeVisible();
  await expect(detail).toContainText(lot.caseNo);
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
