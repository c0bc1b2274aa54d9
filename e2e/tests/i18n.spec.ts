import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page.ts';

test('Arabic switches the document to right-to-left and is remembered', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-switcher').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();

  await page.getByTestId('language-switcher').selectOption('hi');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeVisible();
});
