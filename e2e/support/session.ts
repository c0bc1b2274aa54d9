import { expect, test, type Page } from '@playwright/test';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { DemoOutboxPage } from '../pages/demo-outbox-page.ts';
import { emailOf, needsSignInCode, PASSWORD } from './demo-users.ts';

/**
 * Signs in through the login screen and lands on the app selector. A user who needs a one-time code (an approver, or
 * the OTP-flagged admin) gets it as a person would: the first Sign In mails it, then the code from the demo mailbox.
 */
export async function signIn(page: Page, username: string): Promise<AppSelectorPage> {
  const login = new LoginPage(page);
  await login.goto();
  if (needsSignInCode(username)) await signInWithMailedCode(login, username);
  else await login.signIn(username, PASSWORD);
  const selector = new AppSelectorPage(page);
  await selector.expectLoaded();
  return selector;
}

/** The apps of the app selector, by their labels there, and the address of each app's home. */
const APP_HOMES = {
  Collections: /\/collapp$/,
  'Command Center': /\/cmdCenter$/,
  Legal: /\/legal$/,
  'Repossession and Sarfaesi': /\/Reposition$/,
} as const;

/** Signs in as `user`, acts in the unit (its code) in the app (its label on the app selector), and lands on its home. */
export async function signInToApp(
  page: Page,
  { user, unit, app }: { user: string; unit: string; app: keyof typeof APP_HOMES },
): Promise<void> {
  const selector = await signIn(page, user);
  await selector.chooseUnit(unit);
  await selector.chooseApp(app);
  await selector.continue();
  await expect(page).toHaveURL(APP_HOMES[app]);
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
 * Signs in a user who needs a code: the first Sign In mails a new code, read from the demo mailbox, then Sign In with
 * it. When a code was mailed to this user less than 120 seconds ago (another spec signed them in), the screen only asks
 * for it and that code is spent: the Get OTP button counts down and is pressed when it is enabled.
 */
export async function signInWithMailedCode(login: LoginPage, username: string): Promise<void> {
  // The code adds a round trip through the demo mailbox (another page) to the sign-in: the test gets that time too.
  test.info().setTimeout(test.info().timeout + 45_000);
  const email = emailOf(username);
  const outbox = new DemoOutboxPage(await login.page.context().newPage());
  try {
    const used = await outbox.latestCode(email, 'sign-in code');
    await login.signIn(username, PASSWORD);
    await expect(login.otp).toBeVisible();
    let code = await outbox.newCode(email, 'sign-in code', used, 10_000);
    if (code === null) {
      test.info().setTimeout(test.info().timeout + 130_000);
      await expect(login.getOtp).toBeEnabled({ timeout: 125_000 });
      await login.getOtp.click();
      await expect(login.page.getByTestId('toast-container')).toContainText('System Msg');
      code = await outbox.waitForCode(email, 'sign-in code', used);
    }
    await login.otp.fill(code);
    await login.signInButton.click();
  } finally {
    await outbox.page.close();
  }
}
