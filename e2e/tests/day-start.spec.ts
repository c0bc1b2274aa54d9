import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Issue 14: the Day Start screen as admin.west (ZN-W, DAY_START_COLL_SAUTH): the business date, the demo's first
// day start finished in the runs list, the month's BOM snapshot, Change Business Date's own check, and no axe violations. (It does not move
// the business date: the other specs share the demo's date.)

test('the Day Start screen shows the business date and the finished first run', async ({ page }) => {
  await openCollectionsIn(page, 'admin.west', 'ZN-W');
  const runs = await callApi<{ businessDate: string; rows: { id: number; status: string }[] }>(
    page,
    'GET',
    '/api/collections/day-start/runs',
  );
  expect(runs.status).toBe(200);

  await page.goto('/collapp/daystartproc');
  await expect(page.getByRole('heading', { level: 1, name: 'Day Start Process' })).toBeVisible();
  await expect(page.getByTestId('day-start-business-date')).toContainText('Business date');
  const table = page.getByTestId('day-start-runs');
  await expect(table.locator('tbody tr').first()).toContainText('Done');
  await expect(page.getByTestId('force-requests-empty')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'BOM Refresh' })).toBeVisible();
  await expect(page.getByTestId('bom-snapshot').locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Change Business Date' }).click();
  await expect(page.getByText('Choose the new business date.')).toBeVisible();
  await expectNoAxeViolations(page);
});
