import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly otp: Locator;
  readonly getOtp: Locator;
  readonly signInButton: Locator;
  readonly alert: Locator;
  readonly cookieBanner: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel(/^Username/);
    this.password = page.getByLabel(/^Password/);
    this.otp = page.getByLabel(/^One-time code/);
    this.getOtp = page.getByTestId('get-otp');
    this.signInButton = page.getByRole('button', { name: 'Sign In' });
    this.alert = page.getByTestId('login-alert');
    this.cookieBanner = page.getByTestId('cookie-banner');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.fill(username, password);
    await this.signInButton.click();
  }
}
