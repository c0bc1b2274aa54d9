import { expect, type Page } from '@playwright/test';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { PASSWORD } from './demo-users.ts';

/** Signs in through the login screen and lands on the app selector. */
export async function signIn(page: Page, username: string): Promise<AppSelectorPage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, PASSWORD);
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
