import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15: Repossession File Upload and File Download as repo.pune (RG-PUN): the demo's initiation file is on the
// upload dashboard; an initiation file with one good row and one account number typed wrong starts one case and
// records the other row's error, shown with the counts, and the errors download as CSV; then the cases download as
// XLSX. Axe on both screens.

type Candidates = { data: { accountId: number; accountNo: string }[] };
type Kinds = { initiation: { columns: string[] } | null };

const SAMPLE: Record<string, string> = {
  repoReason: 'NPA',
  assetType: 'CAR',
  registrationNo: 'MH12AB1234',
  chassisNo: 'MA3EWDE1S00123456',
  engineNo: 'K12MN1234567',
  agreementHasRepoClause: 'true',
  overdueAmount: '45000.00',
};

test('repo.pune uploads an initiation file with a bad row, sees the counts, downloads the errors and the cases', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToApp(page, { user: 'repo.pune', unit: 'RG-PUN', app: 'Repossession and Sarfaesi' });

  // The menu lists the screens.
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Repossession File Upload' })).toHaveAttribute(
    'href',
    '/Repoapp/UploadRepo',
  );
  await expect(menu.getByRole('link', { name: 'Repossession File Download' })).toHaveAttribute(
    'href',
    '/Repoapp/DownloadRepo',
  );
  await page.goto('/Repoapp/UploadRepo');
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession File Upload' })).toBeVisible();
  const list = page.getByTestId('uploads-table');
  await expect(list.locator('tbody tr').filter({ hasText: 'pune-repossession-initiations.csv' })).toContainText(
    '2 / 1 / 1',
  );
  await expectNoAxeViolations(page);

  const kinds = await callApi<Kinds>(page, 'GET', '/api/repo/REPOSSESSION/uploads/kinds');
  expect(kinds.status).toBe(200);
  const columns = kinds.body.initiation!.columns;
  const candidates = await callApi<Candidates>(page, 'GET', '/api/repo/REPOSSESSION/candidates?limit=50');
  const account = candidates.body.data.at(-1)!;
  const line = (accountNo: string) =>
    columns.map((column) => (column === 'accountNo' ? accountNo : (SAMPLE[column] ?? ''))).join(',');
  const stamp = Date.now();
  const fileName = `e2e-repo-initiations-${stamp}.csv`;

  const form = page.getByTestId('upload-form');
  await expect(form.getByText(columns.join(', ')).first()).toBeVisible();
  const template = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Case initiation template' }).first().click();
  expect((await template).suggestedFilename()).toMatch(/template\.xlsx$/);

  await form.getByLabel(/Upload type/).selectOption('INITIATION');
  await form.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${columns.join(',')}\r\n${line(account.accountNo)}\r\n${line('LN0000000000')}\r\n`, 'utf8'),
  });
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = page.getByTestId('upload-result');
  await expect(result).toContainText('Completed with errors', { timeout: 60_000 });
  await expect(result).toContainText('Rows processed: 1');
  await expect(result).toContainText('Rows with errors: 1');
  await expect(result.getByTestId('upload-row-errors')).toContainText('Account LN0000000000 not found in your units');
  await expectNoAxeViolations(page);

  // On the dashboard with its counts; its errors download as CSV.
  const row = list.locator('tbody tr').filter({ hasText: fileName });
  await expect(row).toContainText('2 / 1 / 1');
  const errors = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the errors of ${fileName}` }).click();
  expect((await errors).suggestedFilename()).toMatch(/errors\.csv$/);

  // File Download: the open cases at Repossession Initiate (the one the file started among them) as XLSX.
  await page.goto('/Repoapp/DownloadRepo');
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession File Download' })).toBeVisible();
  await page.getByLabel('Stage').selectOption('RepoInitiate');
  await page.getByLabel('Cases').selectOption('OPEN');
  await expectNoAxeViolations(page);
  const cases = page.waitForEvent('download');
  await page.getByRole('button', { name: /XLSX/ }).click();
  expect((await cases).suggestedFilename()).toMatch(/^repossession-repoinitiate-open-cases-.*\.xlsx$/);
});
