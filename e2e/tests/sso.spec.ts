import { expect, test } from '../support/test.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { PASSWORD, USERS } from '../support/demo-users.ts';

// Single sign-on in demo mode: "For Internal Login" goes to the built-in demo identity provider (/demo-idp), whose
// page takes a demo user and that user's real password, and comes back signed in.

test.describe('For Internal Login with the demo identity provider', () => {
  test('signs a demo user in end to end and lands on the app selector', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('button', { name: 'For Internal Login' }).click();

    await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo identity provider' })).toBeVisible();
    await page.getByLabel('Demo user').fill(USERS.ssoUser);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in and return to Recovery Desk' }).click();

    const selector = new AppSelectorPage(page);
    await selector.expectLoaded();
    // The session came through the one-time grant: the tokens are in storage, no longer in the address.
    expect(page.url()).not.toContain('access=');
    const session = await page.evaluate(() => localStorage.getItem('recoveryDesk.session'));
    expect(session).toContain('access');
  });

  test('refuses a wrong password at the provider and signs nobody in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('button', { name: 'For Internal Login' }).click();
    await page.getByLabel('Demo user').fill(USERS.ssoUser);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in and return to Recovery Desk' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await expect(page).toHaveURL(/\/demo-idp\/interaction\//);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/(callback|login)/);
    await expect(page.getByText('User Authentication Failed!!')).toBeVisible();
  });
});
