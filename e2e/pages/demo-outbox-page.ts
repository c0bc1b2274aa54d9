import { expect, type Page } from '@playwright/test';

export class DemoOutboxPage {
  constructor(readonly page: Page) {}

  async open(email: string): Promise<void> {
    await this.page.goto(`/demo/outbox?email=${encodeURIComponent(email)}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  }

  /** Reloads until a message whose subject contains `subject` arrives; returns the code in its body. */
  async waitForCode(email: string, subject: string): Promise<string> {
    let code: string | null = null;
    await expect(async () => {
      await this.open(email);
      const message = this.page.getByTestId('outbox-message').filter({ hasText: subject }).first();
      const body = (await message.textContent({ timeout: 2_000 })) ?? '';
      code = /code is (\w+)/.exec(body)?.[1] ?? null;
      expect(code).not.toBeNull();
    }).toPass({ timeout: 30_000 });
    return code ?? '';
  }
}
