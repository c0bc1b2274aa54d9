import { expect, test } from '../support/test.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { USERS } from '../support/demo-users.ts';
import { signIn } from '../support/session.ts';

test('choosing an acting unit and an app opens the app home with the working context', async ({ page }) => {
  const selector = await signIn(page, USERS.manager);
  // Nothing chosen yet: Continue asks for the unit.
  await selector.continue();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(selector.unitSelect().locator('option').first()).toHaveText('Select Acting Unit');

  await selector.chooseUnit('BR-AND');
  await selector.chooseApp('Collections');
  await selector.continue();
  await expect(page).toHaveURL(/\/collapp$/);

  const shell = new ShellPage(page);
  await shell.expectDashboard('Collections Dashboard');
  const context = page.getByTestId('dashboard-context');
  await expect(context).toContainText('BR-AND');
  await expect(context).toContainText('Branch');
  await expect(page.getByTestId('business-date')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('id', 'collapp');

  // Switching the acting unit keeps the app and shows the new unit.
  await shell.unitSwitcher().selectOption({ label: await optionLabel(page, 'unit-switcher', 'BR-THN') });
  await expect(context).toContainText('BR-THN');
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}'));
  expect(session.activeUnitData.unit_code).toBe('BR-THN');
  expect(session.tabPermissions).toEqual([]);
});

test('logout clears the session and returns to the login screen', async ({ page }) => {
  const selector = await signIn(page, USERS.telecaller);
  await selector.chooseApp('Collections');
  await selector.continue();
  await expect(page).toHaveURL(/\/collapp$/);
  await new ShellPage(page).logout();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('recoveryDesk.session'))).toBeNull();
  await page.goto('/collapp');
  await expect(page).toHaveURL(/\/login$/);
});

async function optionLabel(page: import('@playwright/test').Page, testId: string, code: string): Promise<string> {
  return (
    (await page
      .getByTestId(testId)
      .locator('option', { hasText: `(${code})` })
      .first()
      .textContent()) ?? ''
  );
}
