import { expect, type Download, type Locator, type Page } from '@playwright/test';

export type CaseScreenTab = 'Case' | 'Bounce Cheque Details' | 'Document Checklist' | 'Case History';

/** The case screen of a workflow stage (header, tabs Case / Bounce Cheque Details / Document Checklist / Case History). */
export class LegalCasePage {
  readonly header: Locator;
  readonly form: Locator;
  readonly actions: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('case-header');
    this.form = page.getByTestId('case-form');
    this.actions = page.getByTestId('case-actions');
    this.history = page.getByTestId('history-entry');
  }

  /** The case is shown at the given stage ("Case LGL/2026/000012 · Initiate Legal"). */
  async expectAt(caseNo: string, stageLabel: string): Promise<void> {
    await expect(this.header.getByRole('heading', { level: 2 })).toHaveText(`Case ${caseNo} · ${stageLabel}`);
  }

  status(): Locator {
    return this.header.getByTestId('case-status');
  }

  /** A field of the stage form, by label. */
  field(label: string): Locator {
    return this.form.getByLabel(new RegExp(`^${label}`));
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save' }).click();
    await expect(this.toasts().getByText('The case details have been saved.')).toBeVisible();
  }

  async openTab(name: CaseScreenTab): Promise<Locator> {
    await this.page.getByRole('tab', { name, exact: true }).click();
    const panel = this.page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    return panel;
  }

  /** A stage action's button (by its label) in the Actions section. */
  action(label: string): Locator {
    return this.actions.getByRole('button', { name: label, exact: true });
  }

  /** Takes a stage action through its dialog with remarks; waits for the case to move. */
  async act(label: string, remarks: string): Promise<void> {
    await this.action(label).click();
    const dialog = this.page.getByRole('dialog', { name: label });
    await dialog.getByLabel(/^Remarks/).fill(remarks);
    await dialog.getByRole('button', { name: label, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.toasts().getByText(new RegExp(`^${label}: the case is now at `))).toBeVisible();
  }

  /** Case History entries whose step is `label` (e.g. 'Notice generated'). */
  historyEntries(label: string): Locator {
    return this.history.filter({ has: this.page.getByText(label, { exact: true }) });
  }

  /** The Document Checklist entry of a document code (e.g. loanAgreement). */
  checklistItem(code: string): Locator {
    return this.page.getByTestId(`checklist-item-${code}`);
  }

  /** Uploads a file to a checklist item (Document Checklist tab open) with the item's upload form. */
  async uploadDocument(label: string, filePath: string): Promise<void> {
    await this.page.getByRole('button', { name: `Upload ${label}` }).click();
    const form = this.page.getByRole('form', { name: `Upload ${label}` });
    await form.locator('input[type="file"]').setInputFiles(filePath);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(form).toBeHidden();
  }

  /** Presses "Generate notice" (Send Legal Notice stage); returns the PDF download. */
  async generateNotice(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.actions.getByRole('button', { name: 'Generate notice' }).click(),
    ]);
    return download;
  }

  toasts(): Locator {
    return this.page.getByTestId('toast-container');
  }
}
