import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15: sarf.mumbai (Mumbai region) opens the DM Filing register: the demo's SARFAESI cases in §14 proceedings,
// each with where it stands and the magistrate's order clock; a row opens the case's DM filing screen, which links to
// the stage where the case is worked. Axe on both screens.

test('sarf.mumbai: the DM Filing register lists the §14 proceedings and opens one', async ({ page }) => {
  await signInToApp(page, { user: 'sarf.mumbai', unit: 'RG-MUM', app: 'Repossession and Sarfaesi' });

  await page.goto('/Repo/DmFiling');
  await expect(page.getByRole('heading', { level: 1, name: 'DM Filing' })).toBeVisible();
  const table = page.getByTestId('dm-table');
  await expect(table.getByTestId('dm-row').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await table.getByTestId('dm-open').first().click();
  await expect(page).toHaveURL(/\/Repo\/DmFiling\/caseid\/\d+\/account\/\d+$/);
  await expect(page.getByTestId('dm-case-summary')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to the DM filing register' }).click();
  await expect(page).toHaveURL(/\/Repo\/DmFiling$/);
});
