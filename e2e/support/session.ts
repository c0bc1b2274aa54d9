import { expect, test, type Page } from '@playwright/test';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { DemoOutboxPage } from '../pages/demo-outbox-page.ts';
import { emailOf, needsSignInCode, PASSWORD } from './demo-users.ts';

/**
 * Signs in through the login screen and lands on the app selector. A user who needs a one-time code (an approver, or
 * the OTP-flagged admin) gets it as a person would: Get OTP, then the code from the demo mailbox.
 */
export async function signIn(page: Page, username: string): Promise<AppSelectorPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, PASSWORD);
  if (needsSignInCode(username)) await enterMailedCode(login, username);
  const selector = new AppSelectorPage(page);
  await selector.expectLoaded();
  return selector;
}

/** Signs in, picks the first unit offered and the collections app, and lands on /collapp. */
export async function openCollections(page: Page, username: string): Promise<void> {
  const selector = await signIn(page, username);
  const select = selector.unitSelect();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await select.selectOption(values[0] ?? '');
  await selector.chooseApp('Collections');
  await selector.continue();
  await expect(page).toHaveURL(/\/collapp$/);
}

/**
 * After the server asked for a code: Get OTP, read the new code in the demo mailbox, sign in with it. When a code was
 * sent to this user less than 120 seconds ago (another spec signed them in), Get OTP is refused until the cooldown
 * ends: the button counts down and is pressed again when it is enabled.
 */
export async function enterMailedCode(login: LoginPage, username: string): Promise<void> {
  // The code adds a round trip through the demo mailbox (another page) to the sign-in: the test gets that time too.
  test.info().setTimeout(test.info().timeout + 45_000);
  const email = emailOf(username);
  await expect(login.otp).toBeVisible();
  const outbox = new DemoOutboxPage(await login.page.context().newPage());
  try {
    const used = await outbox.latestCode(email, 'sign-in code');
    const toasts = login.page.getByTestId('toast-container');
    await login.getOtp.click();
    await expect(toasts).toContainText(/System Msg|OTP_COOLDOWN/);
    if (!(await toasts.textContent())?.includes('System Msg')) {
      test.info().setTimeout(test.info().timeout + 130_000);
      await expect(login.getOtp).toBeEnabled({ timeout: 125_000 });
      await login.getOtp.click();
      await expect(toasts).toContainText('System Msg');
    }
    const code = await outbox.waitForCode(email, 'sign-in code', used);
    await login.otp.fill(code);
    await login.signInButton.click();
  } finally {
    await outbox.page.close();
  }
}
