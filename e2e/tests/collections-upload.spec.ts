import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Issue 14: collections File Upload as mgr.mumbai (RG-MUM): an allocation file with row errors is rejected whole
// (errors by row and column, nothing applied), fixed and uploaded again (applied), then both are on the Upload
// Dashboard and the error report is on File Download. Axe on the three screens.

type TrayRow = { accountNo: string; unitCode: string; isOnHold: boolean; allocatedTo: string | null };

const HEADER = 'accountNo,collectorUsername,agencyCode,reason';
const csv = (lines: string[]) => Buffer.from(`${HEADER}\r\n${lines.join('\r\n')}\r\n`, 'utf8');

test('an allocation upload with row errors is fixed and uploaded again, then seen on the dashboard and downloads', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openCollectionsIn(page, 'mgr.mumbai', 'RG-MUM');
  const tray = await callApi<{ data: TrayRow[] }>(
    page,
    'GET',
    '/api/collections/trays/telecaller?view=team&pageSize=100',
  );
  expect(tray.status).toBe(200);
  // Accounts tc.andheri (Priya Sharma) already works: allocated to her again, so no other spec's tray changes.
  const andheri = tray.body.data
    .filter((row) => row.unitCode === 'BR-AND' && !row.isOnHold && row.allocatedTo === 'Priya Sharma')
    .slice(0, 2);
  expect(andheri, 'two Andheri accounts in the tray').toHaveLength(2);
  const [first, second] = andheri as [TrayRow, TrayRow];
  const stamp = Date.now();

  await page.goto('/collapp/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'File Upload' })).toBeVisible();
  const form = page.getByTestId('coll-upload-form');
  await expect(form.getByText('accountNo, collectorUsername, agencyCode, reason')).toBeVisible();
  await expectNoAxeViolations(page);

  // A template downloads.
  const templateDownload = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Allocation template as CSV' }).click();
  expect((await templateDownload).suggestedFilename()).toMatch(/template\.csv$/);

  // Row 3 names a collector who does not exist: the whole file is rejected.
  await form.locator('input[type="file"]').setInputFiles({
    name: `e2e-allocation-${stamp}-draft.csv`,
    mimeType: 'text/csv',
    buffer: csv([`${first.accountNo},tc.andheri,,E2E desk`, `${second.accountNo},tc.nobody,,E2E desk`]),
  });
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = page.getByTestId('coll-upload-result');
  await expect(result).toContainText('Rejected: nothing applied', { timeout: 60_000 });
  await expect(result).toContainText('Rows applied: 0 of 2. Rows with errors: 1.');
  const errors = result.getByTestId('coll-upload-row-errors');
  await expect(errors.locator('tbody tr')).toHaveCount(1);
  await expect(errors.locator('tbody tr').first()).toContainText('3');
  await expect(errors.locator('tbody tr').first()).toContainText('collectorUsername');
  await expect(errors.locator('tbody tr').first()).toContainText('tc.nobody');
  await expectNoAxeViolations(page);

  // Fixed and uploaded again: applied whole.
  await form.locator('input[type="file"]').setInputFiles({
    name: `e2e-allocation-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: csv([`${first.accountNo},tc.andheri,,E2E desk`, `${second.accountNo},tc.andheri,,E2E desk`]),
  });
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(result).toContainText('Applied', { timeout: 60_000 });
  await expect(result).toContainText('Rows applied: 2 of 2. Rows with errors: 0.');
  const list = page.getByTestId('coll-uploads-table');
  await expect(list.locator('tbody tr').filter({ hasText: `e2e-allocation-${stamp}.csv` })).toContainText('Applied');

  // Both on the Upload Dashboard, with their counts.
  await page.goto('/collapp/UploadDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Dashboard' })).toBeVisible();
  const jobs = page.getByTestId('jobs-table');
  await expect(jobs.locator('tbody tr').filter({ hasText: 'Applied: 2 of 2 applied, 0 with errors' })).toHaveCount(1);
  await expect(
    jobs.locator('tbody tr').filter({ hasText: 'Rejected: nothing applied: 0 of 2 applied, 1 with errors' }),
  ).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  // The draft's error report on File Download, downloadable again.
  await page.goto('/collapp/download');
  await expect(page.getByRole('heading', { level: 1, name: 'File Download' })).toBeVisible();
  const files = page.getByTestId('downloads-table');
  const report = files.locator('tbody tr').filter({ hasText: 'Collections file upload' }).first();
  await expect(report).toContainText('errors.csv');
  await expectNoAxeViolations(page);
  const again = page.waitForEvent('download');
  await report.getByRole('button', { name: /^Download / }).click();
  expect((await again).suggestedFilename()).toMatch(/errors\.csv$/);
});

test('a contact-updates file is checked row by row in the browser and rejected whole with its row and column', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openCollectionsIn(page, 'mgr.mumbai', 'RG-MUM');
  await page.goto('/collapp/upload');
  const form = page.getByTestId('coll-upload-form');
  await form.getByLabel(/Upload type/).selectOption({ label: 'Contact updates' });
  await expect(form.getByText(/^accountNo, contactType, category, level, newValue/)).toBeVisible();
  const template = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Contact updates template as XLSX' }).click();
  expect((await template).suggestedFilename()).toMatch(/contact-update-template\.xlsx$/);

  // Neither row changes anything: an account that does not exist and a mobile number of five digits.
  const header = 'accountNo,contactType,category,level,newValue,mode,line2,city,state,pinCode';
  await form.locator('input[type="file"]').setInputFiles({
    name: `e2e-contacts-${Date.now()}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${header}\r\nLN0000000000,MOBILE,,,9876543210,,,,,\r\nLN0000000001,MOBILE,,,12345,,,,,\r\n`,
      'utf8',
    ),
  });
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  const result = page.getByTestId('coll-upload-result');
  await expect(result).toContainText('Rejected: nothing applied', { timeout: 60_000 });
  const errors = result.getByTestId('coll-upload-row-errors');
  await expect(errors.locator('tbody tr')).toHaveCount(2);
  await expect(errors.locator('tbody tr').first()).toContainText('accountNo');
  await expect(errors.locator('tbody tr').nth(1)).toContainText('newValue');
  await expectNoAxeViolations(page);
});
