import { expect, test } from '../support/test.ts';
import { LoginPage } from '../pages/login-page.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { PASSWORD, USERS } from '../support/demo-users.ts';

test.describe('sign-in', () => {
  test('signs in and lands on the app selector', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(USERS.telecaller, PASSWORD);
    const selector = new AppSelectorPage(page);
    await selector.expectLoaded();
    await expect(page.getByTestId('business-date')).toContainText('Business Date');
  });

  test("shows the server's message in a red alert for a wrong password", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(USERS.telecaller, 'not-the-password');
    await expect(login.alert).toContainText('Wrong credentials entered!');
    await expect(login.alert).toContainText('Please enter your correct details');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('asks for username and password before calling the server', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    let tokenCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/token/')) tokenCalls += 1;
    });
    await login.signInButton.click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
    expect(tokenCalls).toBe(0);
  });

  test("shows 'Network Connection Error' when the server cannot be reached", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/token/', (route) => route.abort('internetdisconnected'));
    await login.signIn(USERS.telecaller, PASSWORD);
    await expect(login.alert).toContainText('Network Connection Error');
  });

  test('opening /login while signed in signs out first', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(USERS.telecaller, PASSWORD);
    await new AppSelectorPage(page).expectLoaded();
    await login.goto();
    const session = await page.evaluate(() => localStorage.getItem('recoveryDesk.session'));
    expect(session).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('cookie banner', () => {
  test('links the policies, accepts all for a year, and stays hidden afterwards', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.cookieBanner).toBeVisible();
    await expect(login.cookieBanner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );
    await expect(login.cookieBanner.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/termsofservice',
    );
    const tempId = (await context.cookies()).find((cookie) => cookie.name === 'tempId');
    expect(tempId?.value).toMatch(/^[0-9a-f-]{36}$/);

    await login.cookieBanner.getByRole('button', { name: 'Accept All' }).click();
    await expect(login.cookieBanner).toBeHidden();
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'cookieConsent');
    expect(consent?.value).toBe('accepted');
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(login.cookieBanner).toBeHidden();
  });
});
