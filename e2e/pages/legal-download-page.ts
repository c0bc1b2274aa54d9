import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** File Download (/legalapp/downloadLegal): the case documents and generated notices in scope. */
export class LegalDownloadPage {
  readonly table: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('documents-table');
    this.rows = this.table.locator('tbody tr');
  }

  async openFromMenu(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'File Download' })
      .click();
    await expect(this.page).toHaveURL(/\/legalapp\/downloadLegal(\?|$)/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'File Download' })).toBeVisible();
  }

  /** Filters by case number (or account, customer) and document kind ('Generated legal notices', …). */
  async filter(filters: { q: string; document: string }): Promise<void> {
    const form = this.page.getByTestId('documents-filters');
    await form.getByLabel('Case no, account no or customer').fill(filters.q);
    await form.getByLabel('Document').selectOption({ label: filters.document });
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(this.page).toHaveURL(/[?&]q=/);
    await expect(this.table).toBeVisible();
  }

  async download(row: Locator): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download / }).click(),
    ]);
    return download;
  }
}
