import { expect, type Locator, type Page } from '@playwright/test';

const CASE_NO = /LGL\/\d{4}\/\d{6}/;

/** "Legal cases created: LGL/2026/000012" → LGL/2026/000012 (the first case number of the toast). */
async function caseNoFromToast(page: Page): Promise<string> {
  const created = page.getByTestId('toast-container').getByText(/^Legal cases created: /);
  await expect(created).toBeVisible();
  const caseNo = CASE_NO.exec((await created.textContent()) ?? '')?.[0];
  if (!caseNo) throw new Error('No case number in the toast');
  return caseNo;
}

/** Fills and sends an Initiate Legal form (bulk dialog or the account page's section); returns the case number. */
async function sendInitiateForm(form: Locator, caseType: string, remarks: string): Promise<string> {
  await form.getByLabel(/^Case type/).selectOption({ label: caseType });
  await form.getByLabel('Remarks').fill(remarks);
  await form.getByRole('button', { name: 'Initiate Legal' }).click();
  return caseNoFromToast(form.page());
}

/** The Legal Eligible Pool (/legal/legalPool, search view legalEligible): accounts, selection, Initiate Legal. */
export class LegalPoolPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly bulkActions: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('pool-table');
    this.rows = page.getByTestId('pool-row');
    this.bulkActions = page.getByTestId('bulk-actions');
  }

  async openFromMenu(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Legal Eligible Pool' })
      .click();
    await expect(this.page).toHaveURL(/\/legal\/legalPool\?(.*&)?searchView=legalEligible(&|$)/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Legal Eligible Pool' })).toBeVisible();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible();
    await expect(this.table).toHaveAttribute('aria-busy', 'false');
  }

  /** The text of one column (by header label) in a row. */
  async cellText(row: Locator, header: string): Promise<string> {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const index = headers.findIndex((text) => text.replace(/[↕▲▼]/g, '').trim() === header);
    if (index < 0) throw new Error(`No column ${header} in ${headers.join(' | ')}`);
    return (await row.locator(`td:nth-child(${index + 1})`).innerText()).trim();
  }

  /** Selects rows and starts one legal case each with the bulk Initiate Legal; returns the first case number. */
  async initiateSelected(rows: Locator[], caseType: string, remarks: string): Promise<string> {
    for (const row of rows) await row.getByRole('checkbox').check();
    await expect(this.bulkActions).toContainText(`${rows.length} selected`);
    await this.bulkActions.getByRole('button', { name: 'Initiate Legal' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Initiate Legal' });
    await expect(dialog).toContainText(`${rows.length} ${rows.length === 1 ? 'account' : 'accounts'} selected`);
    const caseNo = await sendInitiateForm(dialog, caseType, remarks);
    await expect(dialog).toBeHidden();
    return caseNo;
  }

  /** Opens a row's account; it opens in a new browser tab (legalPool_tabView), which is returned. */
  async openAccount(row: Locator): Promise<Page> {
    const [popup] = await Promise.all([this.page.context().waitForEvent('page'), row.getByTestId('open-row').click()]);
    await popup.waitForLoadState('domcontentloaded');
    return popup;
  }
}

/** One pool account (/legal/legalPool/account/:accountid): summary, eligibility, its open case, Initiate Legal. */
export class LegalPoolAccountPage {
  readonly summary: Locator;
  readonly openCase: Locator;

  constructor(readonly page: Page) {
    this.summary = page.getByTestId('pool-summary');
    this.openCase = page.getByTestId('pool-open-case');
  }

  async expectLoaded(accountNo: string): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: `Legal Eligible Pool Account: ${accountNo}` }),
    ).toBeVisible();
    await expect(this.page.getByTestId('pool-eligible')).toBeVisible();
  }

  async initiate(caseType: string, remarks: string): Promise<string> {
    return sendInitiateForm(this.page.getByTestId('initiate-form'), caseType, remarks);
  }
}
