import fs from 'node:fs';
import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Issue 14: Reports and the collections dashboard as mgr.mumbai (RG-MUM, REPORT_GENERATION_SAUTH and the telecaller
// tray). The demo's first start gives both realistic content: a report with its chart, its export downloaded as a
// CSV whose rows are the report's, and a dashboard bar drilling down to the tray filtered to its bucket.

test('a report shows its chart and table, and its export downloads every row', async ({ page }) => {
  await openCollectionsIn(page, 'mgr.mumbai', 'RG-MUM');
  await page.goto('/collapp/reportGeneration');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Collection efficiency: chart' })).toBeVisible();
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // Another report through the filters (the address keeps them).
  await page.getByLabel('Report', { exact: false }).first().selectOption('ptpKeptRate');
  await page.getByTestId('report-apply').click();
  await expect(page).toHaveURL(/report=ptpKeptRate/);
  await expect(page.getByRole('heading', { level: 2, name: 'PTP kept rate' })).toBeVisible();
  await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible();
  const ptpRows = await page.getByTestId('report-table').locator('tbody tr').count();

  // The export is a job: its progress, then the file.
  await page.getByTestId('report-export-csv').click();
  const downloadButton = page.getByRole('button', { name: /ptpKeptRate-.*\.csv/ });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^ptpKeptRate-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
  expect(lines[0]).toBe('Agent,Currency,Promises,Kept,Partial,Broken,Open,Kept rate (%),Amount promised,Amount paid');
  expect(lines.length - 1).toBe(ptpRows);
  await expectNoAxeViolations(page);
});

test('the dashboard charts drill down to the tray of their bucket', async ({ page }) => {
  await openCollectionsIn(page, 'mgr.mumbai', 'RG-MUM');
  const overdue = page.getByTestId('chart-overdue');
  await expect(overdue.getByRole('group', { name: 'Overdue accounts by bucket' })).toBeVisible();
  await expect(page.getByTestId('dashboard-targets')).toContainText('Collections against target');
  await expect(page.getByTestId('chart-daily-INR')).toBeVisible();
  await expect(page.getByTestId('chart-monthly-INR')).toBeVisible();
  await expectNoAxeViolations(page);

  await overdue.getByRole('link', { name: /^31–60:/ }).click();
  await expect(page).toHaveURL(/\/collapp\/telecaller\?view=team&dpdFrom=31&dpdTo=60/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('every report has realistic content on the demo’s first start', async ({ page }) => {
  await openCollectionsIn(page, 'mgr.mumbai', 'RG-MUM');
  const empty: string[] = [];
  for (const report of [
    'collectionEfficiency',
    'ptpKeptRate',
    'rollRates',
    'bucketMovement',
    'resolutionRate',
    'agentProductivity',
    'fieldVisits',
    'settlementsWaivers',
    'receiptsDeposits',
    'legalAgeing',
  ]) {
    const reply = await callApi<{ rows: unknown[] }>(page, 'GET', `/api/collections/reports/${report}`);
    expect(reply.status, report).toBe(200);
    if (reply.body.rows.length === 0) empty.push(report);
  }
  expect(empty).toEqual([]);
});
