import { expect, test } from '../support/test.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { DemoOutboxPage } from '../pages/demo-outbox-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { emailOf, needsSignInCode, PASSWORD, USERS } from '../support/demo-users.ts';
import { signInWithMailedCode } from '../support/session.ts';

test('an OTP-required user: the first Sign In sends the code and asks for it, then signs in with the mailed code', async ({
  page,
}) => {
  // Another spec may have signed the admin in moments ago: this one begins once that code's cooldown is over.
  const quiet = new DemoOutboxPage(await page.context().newPage());
  await quiet.waitUntilQuiet(emailOf(USERS.otpAdmin), 'sign-in code', 120);
  await quiet.page.close();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(USERS.otpAdmin, PASSWORD);
  // The server wants a code: the first press sends it (no "enter the OTP sent" before anything was sent).
  await expect(login.alert).toContainText(
    'We sent a one-time code to your registered e-mail. Enter it and press Sign In.',
  );
  await expect(login.alert).not.toContainText('Please enter the OTP');
  await expect(login.otp).toBeVisible();
  await expect(login.otp).toBeFocused();
  await expect(page.getByTestId('toast-container')).toContainText('System Msg');
  await expect(login.getOtp).toHaveText(/^Resend OTP in (120|119) seconds$/);
  await expect(login.getOtp).toBeDisabled();
  await page.waitForTimeout(2_100);
  const text = (await login.getOtp.textContent()) ?? '';
  const seconds = Number(/Resend OTP in (\d+) seconds/.exec(text)?.[1]);
  expect(seconds).toBeLessThanOrEqual(118);
  expect(seconds).toBeGreaterThan(110);

  const outbox = new DemoOutboxPage(await page.context().newPage());
  const code = await outbox.waitForCode(emailOf(USERS.otpAdmin), 'sign-in code');
  await outbox.page.close();

  await login.otp.fill(code);
  await login.signInButton.click();
  await new AppSelectorPage(page).expectLoaded();
});

test('a repossession approver (an approver authority needs a code) signs in with the mailed code', async ({ page }) => {
  const approver = 'repoappr.west';
  expect(needsSignInCode(approver)).toBe(true);
  const login = new LoginPage(page);
  await login.goto();
  await signInWithMailedCode(login, approver);
  await new AppSelectorPage(page).expectLoaded();
});
