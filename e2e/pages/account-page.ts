import { expect, type Locator, type Page } from '@playwright/test';

export type FollowUp = {
  contactMode: string;
  disposition: string;
  amount?: string;
  nextActionDate?: string;
  remarks: string;
  /** the reason for calling outside 08:00–19:00, used only when the form asks for it */
  overrideReason: string;
  /** the reason for a promise outside the PTP policy, used only when the form asks for it */
  deviationReason?: string;
};

const DEFAULT_DEVIATION_REASON = 'Salary is credited after the policy horizon';

/** The account view of a tray's detail route: header, tabs, follow-up form and history. */
export class AccountPage {
  readonly header: Locator;
  readonly followUpForm: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('account-header');
    this.followUpForm = page.getByTestId('follow-up-form');
    this.history = page.getByTestId('follow-up-history');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.header).toBeVisible();
  }

  async openTab(name: string): Promise<Locator> {
    await this.page.getByRole('tab', { name, exact: true }).click();
    const panel = this.page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Fills and saves the follow-up form; answers the calling-window question when it is asked. */
  async recordFollowUp(followUp: FollowUp): Promise<void> {
    const form = this.followUpForm;
    await form.getByLabel(/^Contact mode/).selectOption({ label: followUp.contactMode });
    await form.getByLabel(/^Disposition/).selectOption({ label: followUp.disposition });
    if (followUp.amount) await form.getByLabel(/^Action amount/).fill(followUp.amount);
    if (followUp.nextActionDate) await form.getByLabel(/^Next action date/).fill(followUp.nextActionDate);
    await form.getByLabel('Remarks', { exact: true }).fill(followUp.remarks);
    // A promise outside the PTP policy (e.g. below one EMI) goes to a supervisor with the agent's reason.
    const deviation = form.getByLabel(/^Reason for the deviation/);
    if (await deviation.isVisible()) await deviation.fill(followUp.deviationReason ?? DEFAULT_DEVIATION_REASON);
    const override = form.getByLabel(/^Reason for calling outside 08:00–19:00/);
    const isAsked = await override.isVisible();
    if (isAsked) await override.fill(followUp.overrideReason);
    await form.getByRole('button', { name: 'Save follow-up' }).click();
    const saved = this.page.getByTestId('toast-container').getByText('Follow-up saved');
    if (isAsked) {
      // answered already: the saved form resets (the field goes), so wait for the save itself
      await expect(saved).toBeVisible();
      return;
    }
    // The server keeps its own clock: if it asks for the reason the field appears, then answer and save again.
    await expect(saved.or(override)).toBeVisible();
    if (!(await saved.isVisible())) {
      await override.fill(followUp.overrideReason);
      await form.getByRole('button', { name: 'Save follow-up' }).click();
      await expect(saved).toBeVisible();
    }
  }

  /** The business date of the session (ISO), as the shell holds it. */
  async businessDate(): Promise<string> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem('recoveryDesk.session');
      const session = raw ? (JSON.parse(raw) as { businessDate?: string }) : {};
      return session.businessDate ?? '';
    });
  }
}
