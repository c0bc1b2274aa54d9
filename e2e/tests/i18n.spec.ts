import { expect, test } from '@playwright/test';
import { hi } from '../../packages/i18n/src/locales/hi.ts';
import { LoginPage } from '../pages/login-page.ts';
import { emailOf, USERS } from '../support/demo-users.ts';

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

test('the server answers in the chosen language: a reset code requested in Hindi is mailed in Hindi', async ({
  page,
}) => {
  await page.goto('/ForgotPassword');
  await page.getByTestId('language-switcher').selectOption('hi');
  const email = emailOf(USERS.rtlUser);
  await page.getByLabel(new RegExp(`^${hi.Email}`)).fill(email);
  await page.getByRole('button', { name: hi.SendResetCode }).click();

  // The web sent its language as Accept-Language; the mail in the demo outbox is the Hindi text.
  await expect(async () => {
    const reply = await page.request.get(`/api/demo/outbox?email=${encodeURIComponent(email)}`);
    const { data } = (await reply.json()) as { data: { subject: string; body: string }[] };
    expect(data[0]?.subject).toBe(hi.MailResetCodeSubject);
    expect(data[0]?.body).toMatch(/^आपका पासवर्ड रीसेट कोड \d{6} है।/);
  }).toPass({ timeout: 30_000 });
});
