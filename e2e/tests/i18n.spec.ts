import { expect, test } from '../support/test.ts';
import { hi } from '../../packages/i18n/src/locales/hi.ts';
import { AccountPage } from '../pages/account-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { TrayPage } from '../pages/tray-page.ts';
import { openCollectionsIn } from '../support/collections.ts';
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
  await expect(page.getByRole('button', { name: 'تسجيل الدخول', exact: true })).toBeVisible();

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

test('dates and amounts follow the language on the account screen: German and Arabic', async ({ page }) => {
  await openCollectionsIn(page, USERS.telecaller, 'BR-AND');
  const tray = new TrayPage(page);
  await tray.openFromMenu('Telecaller', /\/collapp\/telecaller$/);
  await tray.expectLoaded();
  const popup = await tray.openFirstAccount();
  const account = new AccountPage(popup);
  await account.expectLoaded();
  const businessDate = await account.businessDate();
  const [year, month, day] = businessDate.split('-');

  for (const [language, shownDate, hint, amount] of [
    ['de', `${day}.${month}.${year}`, 'TT.MM.JJJJ', /\d{1,3}(\.\d{3})*,\d{2}\s₹/],
    ['ar', `${day}/${month}/${year}`, 'DD/MM/YYYY', /\d{1,3}(,\d{3})*\.\d{2}\s₹/],
  ] as const) {
    await popup.evaluate((lng) => localStorage.setItem('language', lng), language);
    await popup.reload();
    await account.expectLoaded();
    await expect(popup.locator('html')).toHaveAttribute('lang', language);
    // The header and the body write amounts and the business date in the language's one form.
    await expect(account.header).toContainText(amount);
    await expect(popup.getByText(shownDate).first()).toBeVisible();
    await popup.getByRole('tab').nth(7).click();
    const dateInput = account.followUpForm.locator('input[name="nextActionDate"]');
    await expect(dateInput).toHaveAttribute('placeholder', hint);
    await dateInput.fill(`${day}${month}${year}`);
    await expect(dateInput).toHaveValue(shownDate);
    const text = (await popup.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).not.toMatch(/\b(RESIDENCE|PRIMARY|SELF)\b/);
  }
});
