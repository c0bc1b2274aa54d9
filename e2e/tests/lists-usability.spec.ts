import { expect, test } from '../support/test.ts';
import type { Locator, Page } from '@playwright/test';
import { AccountPage } from '../pages/account-page.ts';
import { TrayPage } from '../pages/tray-page.ts';
import { openCollectionsIn } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';

// Lists as staff expect them, on a 1440×900 screen: the escalated cases tray keeps its Actions column in view,
// compact rows show more of the tray, the column chooser hides a column (and remembers it), and the header's
// account search opens an account.
test.use({ viewport: { width: 1440, height: 900 } });

/** How many rows lie wholly inside the window. */
async function rowsInView(page: Page, rows: Locator): Promise<number> {
  const height = page.viewportSize()!.height;
  const boxes = await rows.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    }),
  );
  return boxes.filter((box) => box.top >= 0 && box.bottom <= height).length;
}

test('escalated cases at 1440×900: actions in view, compact density, column chooser, account search', async ({
  page,
}) => {
  await openCollectionsIn(page, USERS.manager, 'RG-MUM');
  // The collections home shows the figures of the acting unit's subtree.
  await expect(page.getByTestId('kpi-accounts')).toBeVisible();
  await expect(page.getByTestId('kpi-buckets')).toBeVisible();

  const tray = new TrayPage(page);
  await tray.openFromMenu('Escalated Cases', /\/collapp\/escalcases$/);
  await tray.expectLoaded();
  await expect(tray.rows.first()).toBeVisible();

  // The Actions column sticks to the grid's end: its header and the first row's buttons are in the window.
  await expect(tray.table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
  await expect(tray.rows.first().getByRole('button', { name: 'Approve' })).toBeInViewport({ ratio: 1 });

  // Compact density: shorter rows, more of them in the window; remembered for the user.
  const comfortable = await rowsInView(page, tray.rows);
  await page.getByTestId('grid-density').getByText('Compact', { exact: true }).click();
  await expect(tray.table).toHaveAttribute('data-density', 'compact');
  const compact = await rowsInView(page, tray.rows);
  expect(compact).toBeGreaterThan(comfortable);
  const rowHeight = await tray.rows.first().evaluate((row) => row.getBoundingClientRect().height);
  expect(rowHeight).toBeLessThanOrEqual(36);
  await expect(tray.table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });

  // The column chooser hides the escalation reason; the choice outlives a reload.
  const reasonHeader = tray.table.getByRole('columnheader', { name: 'Escalation reason' });
  await expect(reasonHeader).toHaveCount(1);
  await page.getByTestId('grid-columns-button').click();
  await page.getByTestId('grid-columns').getByLabel('Escalation reason').uncheck();
  await expect(reasonHeader).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.reload();
  await tray.expectLoaded();
  await expect(tray.table).toHaveAttribute('data-density', 'compact');
  await expect(tray.table.getByRole('columnheader', { name: 'Delinquent account' })).toBeVisible();
  await expect(reasonHeader).toHaveCount(0);

  // The header's account search finds the first row's account by its number and opens its account view.
  const accountNo = ((await tray.columnTexts('Delinquent account'))[0] ?? '').split(/\s/)[0]!;
  expect(accountNo.length).toBeGreaterThan(3);
  const search = page.getByRole('searchbox', { name: 'Search accounts' });
  await search.fill(accountNo);
  const hit = page.getByRole('option', { name: new RegExp(`^Open account ${accountNo} of `) });
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/collapp\/(telecaller|escalcases|[A-Za-z]+)\/account\/\d+$/);
  const account = new AccountPage(page);
  await account.expectLoaded();
  await expect(account.header).toContainText(accountNo);
});
