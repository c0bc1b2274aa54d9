import { expect, type Page } from '@playwright/test';

export class ForgotPasswordPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/ForgotPassword');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  }

  async requestCode(email: string): Promise<void> {
    await this.page.getByLabel(/^Email/).fill(email);
    await this.page.getByRole('button', { name: 'Send reset code' }).click();
  }

  async reset(code: string, newPassword: string, confirmPassword = newPassword): Promise<void> {
    await this.page.getByLabel(/^Reset code/).fill(code);
    await this.page.getByLabel(/^New Password/).fill(newPassword);
    await this.page.getByLabel(/^Confirm Password/).fill(confirmPassword);
    await this.page.getByRole('button', { name: 'Reset Password' }).click();
  }
}

export class ChangeOldPasswordPage {
  constructor(readonly page: Page) {}

  async fill(oldPassword: string, newPassword: string, confirmPassword: string): Promise<void> {
    await this.page.getByLabel(/^Old Password/).fill(oldPassword);
    await this.page.getByLabel(/^New Password/).fill(newPassword);
    await this.page.getByLabel(/^Confirm Password/).fill(confirmPassword);
  }

  badge() {
    return this.page.getByTestId('passwords-match');
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Reset Password' }).click();
  }
}
