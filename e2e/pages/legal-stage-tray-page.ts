import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** A workflow stage tray of the legal app (Initiate Legal, Legal Filing Approval, Send Legal Notice, …). */
export class StageTrayPage {
  readonly table: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('stage-tray-table');
    this.rows = page.getByTestId('stage-tray-row');
  }

  async openFromMenu(label: string, path: RegExp): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label }).click();
    await expect(this.page).toHaveURL(path);
    await expect(this.page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.table.or(this.page.getByTestId('stage-tray-empty'))).toBeVisible();
    await expect(this.page.getByTestId('case-tab-count-pendingApproval')).not.toHaveText('…');
  }

  viewSwitch(name: 'My View' | 'Team View'): Locator {
    return this.page.getByRole('radio', { name });
  }

  async switchToTeamView(): Promise<void> {
    await this.page.getByText('Team View', { exact: true }).click();
    await expect(this.viewSwitch('Team View')).toBeChecked();
    await this.expectLoaded();
  }

  async showTab(tab: 'pendingApproval' | 'approved' | 'rejected' | 'pushback'): Promise<void> {
    await this.page.getByTestId(`case-tab-${tab}`).click();
    await expect(this.page.getByTestId(`case-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    await this.expectLoaded();
  }

  /** Searches by case number, account number or customer name; the query goes into the address. */
  async search(text: string): Promise<void> {
    await this.page.getByLabel('Case no, account no or customer name').fill(text);
    await this.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
    await this.expectLoaded();
  }

  rowOf(caseNo: string): Locator {
    return this.rows.filter({ hasText: caseNo });
  }

  /** Opens a case from its row; it opens in a new browser tab (`<tray>_tabView`), which is returned. */
  async openCase(caseNo: string): Promise<Page> {
    const [popup] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.rowOf(caseNo)
        .getByRole('button', { name: `Open case ${caseNo}` })
        .click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    return popup;
  }

  /** Selects cases and presses the Send Legal Notice tray's "Generate notices"; returns the PDF download. */
  async generateNotices(caseNos: string[]): Promise<Download> {
    for (const caseNo of caseNos) {
      await this.rowOf(caseNo)
        .getByRole('checkbox', { name: `Select ${caseNo}` })
        .check();
    }
    const bar = this.page.getByTestId('notice-bulk-bar');
    await expect(bar).toContainText(`${caseNos.length} selected`);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Generate notices' }).click(),
    ]);
    return download;
  }

  toasts(): Locator {
    return this.page.getByTestId('toast-container');
  }
}
