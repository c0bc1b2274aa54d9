import { expect, test } from '../support/test.ts';
import { USERS } from '../support/demo-users.ts';
import { openCollections } from '../support/session.ts';

test('a screen whose authority the user lacks is refused and the user stays on the previous path', async ({ page }) => {
  await openCollections(page, USERS.telecaller);
  // The repossession dashboard needs DASH_REPO_SAUTH, which a telecaller does not hold.
  await page.goto('/Reposition');
  await expect(page).toHaveURL(/\/collapp$/);
  await expect(page.getByTestId('toast-container')).toContainText('Access refused');
  await expect(page.getByTestId('toast-container')).toContainText('is not allowed.');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections Dashboard' })).toBeVisible();
});

test('signed-out users are sent to /login, and unknown paths say page not found', async ({ page }) => {
  await page.goto('/collapp');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
