import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { USERS } from '../support/demo-users.ts';
import { signIn } from '../support/session.ts';

const PUBLIC_PAGES: [string, string][] = [
  ['/login', 'Sign In'],
  ['/ForgotPassword', 'Forgot Password'],
  ['/error?code=E1&message=Example', 'Oops! We encountered an error.'],
  ['/privacypolicy', 'Privacy Policy'],
  ['/termsofservice', 'Terms of Service'],
  ['/callmcollect', 'Mobile Continue'],
  ['/demo/outbox', 'Demo mailbox'],
  ['/no/such/page', 'Page not found'],
];

for (const [path, heading] of PUBLIC_PAGES) {
  test(`WCAG 2.1 AA: ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectNoAxeViolations(page);
  });
}

test('WCAG 2.1 AA: /login with a validation error and in Arabic', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('language-switcher').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page);
});

test('WCAG 2.1 AA: /home (app selector)', async ({ page }) => {
  await signIn(page, USERS.manager);
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
