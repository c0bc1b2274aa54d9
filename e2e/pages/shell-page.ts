import { expect, type Page } from '@playwright/test';

/** The signed-in app shell: switchers, user menu, toasts. */
export class ShellPage {
  constructor(readonly page: Page) {}

  appSwitcher() {
    return this.page.getByTestId('app-switcher');
  }

  unitSwitcher() {
    return this.page.getByTestId('unit-switcher');
  }

  toasts() {
    return this.page.getByTestId('toast-container');
  }

  async expectDashboard(title: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async logout(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
