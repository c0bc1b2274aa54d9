import { expect, type Page } from '@playwright/test';

export class AppSelectorPage {
  constructor(readonly page: Page) {}

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'App Selector' })).toBeVisible();
  }

  unitSelect() {
    return this.page.getByLabel(/^Acting Unit/);
  }

  async chooseUnit(unitCode: string): Promise<void> {
    const select = this.unitSelect();
    const label = await select
      .locator('option', { hasText: `(${unitCode})` })
      .first()
      .textContent();
    await select.selectOption({ label: label ?? '' });
  }

  async chooseApp(appLabel: string): Promise<void> {
    await this.page.getByRole('radio', { name: appLabel }).check();
  }

  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
