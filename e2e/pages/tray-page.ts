import { expect, type Locator, type Page } from '@playwright/test';

/** A collections tray (the shared tray component): views, filters, grid, pagination, actions. */
export class TrayPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('tray-table');
    this.rows = page.getByTestId('tray-row');
    this.range = page.getByTestId('tray-range');
  }

  async openFromMenu(label: string, path: RegExp): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label }).click();
    await expect(this.page).toHaveURL(path);
    await expect(this.page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.table.or(this.page.getByTestId('tray-empty'))).toBeVisible();
    await expect(this.table).toHaveAttribute('aria-busy', 'false');
  }

  /** Team View, whether the tray opened in it (supervisor trays do) or in My View. */
  async switchToTeamView(): Promise<void> {
    await this.page.getByText('Team View', { exact: true }).click();
    await expect(this.page.getByRole('radio', { name: 'Team View' })).toBeChecked();
    await expect(this.page).not.toHaveURL(/[?&]view=my/);
    await this.expectLoaded();
  }

  async filter(filters: { dpdFrom?: string; dpdTo?: string; products?: string[]; q?: string }): Promise<void> {
    const form = this.page.getByTestId('tray-filters');
    if (filters.q !== undefined) await form.getByLabel('Account no or customer name').fill(filters.q);
    if (filters.dpdFrom !== undefined) await form.getByLabel('DPD from').fill(filters.dpdFrom);
    if (filters.dpdTo !== undefined) await form.getByLabel('DPD to').fill(filters.dpdTo);
    for (const product of filters.products ?? []) await form.getByLabel(product, { exact: true }).check();
    await form.getByRole('button', { name: 'Apply filters' }).click();
  }

  /** The text of one column (by header label) in every row shown. */
  async columnTexts(header: string): Promise<string[]> {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const index = headers.findIndex((text) => text.replace(/[↕▲▼]/g, '').trim() === header);
    if (index < 0) throw new Error(`No column ${header} in ${headers.join(' | ')}`);
    return this.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
  }

  /** Opens the first row's account; it opens in a new browser tab, which is returned. */
  async openFirstAccount(): Promise<Page> {
    const [popup] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.page.getByTestId('open-row').first().click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    return popup;
  }

  async selectRows(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      await this.rows.nth(index).getByRole('checkbox').check();
    }
    await expect(this.page.getByTestId('bulk-actions')).toContainText(`${count} selected`);
  }

  viewTab(name: RegExp | string) {
    return this.page.getByRole('tab', { name });
  }

  toasts() {
    return this.page.getByTestId('toast-container');
  }
}
