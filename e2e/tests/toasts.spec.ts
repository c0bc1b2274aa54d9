import { expect, test } from '../support/test.ts';
import { ForgotPasswordPage } from '../pages/password-pages.ts';

test('a toast dismisses itself after 5 seconds', async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await page.route('**/forPassEmailVerify', (route) =>
    route.fulfill({ json: { error_code: 'E42', error_msg: 'No staff account uses this address' } }),
  );
  await forgot.requestCode('nobody@example.in');
  const toasts = page.getByTestId('toast-container');
  await expect(toasts).toContainText('No staff account uses this address');
  const shownAt = Date.now();
  await page.waitForTimeout(3_500);
  await expect(toasts).toBeVisible();
  await expect(toasts).toBeHidden({ timeout: 4_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThan(4_000);
  expect(elapsed).toBeLessThan(7_500);
});

test('a toast closes with its close button', async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await page.route('**/forPassEmailVerify', (route) =>
    route.fulfill({ json: { error_code: 'E42', error_msg: 'Refused' } }),
  );
  await forgot.requestCode('nobody@example.in');
  const toasts = page.getByTestId('toast-container');
  await expect(toasts).toContainText('Refused');
  await toasts.getByRole('button', { name: 'Close' }).click();
  await expect(toasts).toBeHidden();
});

test('a message carrying MAH400 sends the user to /error with the code and message', async ({ page }) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await page.route('**/forPassEmailVerify', (route) =>
    route.fulfill({ json: { error_code: 'MAH400', error_msg: 'MAH400 Acting unit mismatch' } }),
  );
  await forgot.requestCode('someone@example.in');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! We encountered an error.' })).toBeVisible();
  await expect(page.getByTestId('error-code')).toHaveText('MAH400');
  await expect(page.getByTestId('error-message')).toHaveText('MAH400 Acting unit mismatch');
});
