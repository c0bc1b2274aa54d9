import { expect, test } from '../support/test.ts';
import { DemoOutboxPage } from '../pages/demo-outbox-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ChangeOldPasswordPage, ForgotPasswordPage } from '../pages/password-pages.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { emailOf, PASSWORD, USERS } from '../support/demo-users.ts';
import { signIn } from '../support/session.ts';

test('forgot password: email, code from the demo mailbox, new password, then sign in with it', async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await expect(page.getByRole('link', { name: 'Open demo mailbox' })).toBeVisible();
  const email = emailOf(USERS.resetUser);
  await forgot.requestCode(email);
  await expect(page.getByLabel(/^Reset code/)).toBeVisible();

  // Mismatch first: the spec's toast, nothing sent.
  await forgot.reset('000000', 'A new passphrase 2026', 'Another passphrase 2026');
  await expect(page.getByTestId('toast-container')).toContainText('New Password , Confirm Password is not Match');

  const outbox = new DemoOutboxPage(await page.context().newPage());
  const code = await outbox.waitForCode(email, 'password reset code');
  await outbox.page.close();

  const newPassword = 'Fresh passphrase for 2026!';
  await forgot.reset(code, newPassword);
  await expect(page.getByTestId('toast-container')).toContainText(
    'Password reset successful! Redirect to the login page.',
  );
  await expect(page).toHaveURL(/\/login$/);

  const login = new LoginPage(page);
  await login.signIn(USERS.resetUser, newPassword);
  await new AppSelectorPage(page).expectLoaded();
});

test('back to login from the forgot-password screen', async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("change old password: 'Passwords match!' badge and the mismatch toast", async ({ page }) => {
  await signIn(page, USERS.telecaller);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/changeOldPassword$/);

  const form = new ChangeOldPasswordPage(page);
  await form.fill(PASSWORD, 'Brand new passphrase 1', 'Brand new passphrase 1');
  await expect(form.badge()).toHaveText('Passwords match!');
  await page.getByLabel(/^Confirm Password/).fill('Brand new passphrase 2');
  await expect(form.badge()).toHaveCount(0);
  await form.submit();
  await expect(page.getByTestId('toast-container')).toContainText('New Password , Confirm Password is not Match');
  await expect(page).toHaveURL(/\/changeOldPassword$/);

  await page.getByRole('button', { name: 'Forget Password' }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  await page.getByRole('button', { name: 'Back to Home page' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
