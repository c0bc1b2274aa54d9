import { expect, test } from '../support/test.ts';
import { AppSelectorPage } from '../pages/app-selector-page.ts';
import { USERS } from '../support/demo-users.ts';
import { signIn } from '../support/session.ts';

test('parallel 401 replies lead to exactly one token refresh, and both calls succeed', async ({ page }) => {
  await signIn(page, USERS.refreshUser);
  // The access token is no longer valid; the refresh token still is.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}');
    localStorage.setItem('recoveryDesk.session', JSON.stringify({ ...session, access: 'expired-access-token' }));
  });

  const refreshes: string[] = [];
  const unauthorized: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/token/refresh/')) refreshes.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
  });
  // Hold the app selector's profile call so it is still open when Continue makes the second call.
  await page.route('**/collapp/getUserProfileNew/home', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });

  await page.reload();
  const selector = new AppSelectorPage(page);
  await selector.expectLoaded();
  await selector.chooseApp('Collections');
  await selector.continue();

  await expect(page).toHaveURL(/\/collapp$/, { timeout: 15_000 });
  // Both held calls came back 401 and were replayed after one refresh.
  await expect.poll(() => unauthorized.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => refreshes.length).toBe(1);
  await page.waitForTimeout(1_000);
  expect(refreshes).toHaveLength(1);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}'));
  expect(session.access).not.toBe('expired-access-token');
});
