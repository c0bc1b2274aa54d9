import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { StageTrayPage } from '../pages/legal-stage-tray-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInToApp } from '../support/session.ts';

// Accounts to initiate: repo.pune (RG-PUN) opens the Repossession Initiate list, where the past-due accounts of the
// region with no open repossession case are listed above the started cases. The officer pages to the second page
// (the specs that start a case take the first candidate or the fiftieth: this one is neither), finds that account by
// its number, follows its link to the account's initiate screen (the tray's detail tab), starts the case and sees
// it; back on the list, the account is no longer offered and the case is in the tray. Axe on the panel, with rows
// and with its empty state. No spec counts the region's Repossession Initiate cases: one more changes none of them.

test('repo.pune finds an account in Accounts to initiate, follows its link and initiates the case', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToApp(page, { user: 'repo.pune', unit: 'RG-PUN', app: 'Repossession and Sarfaesi' });

  await page.goto('/Repo/RepoInitiate');
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession Initiate' })).toBeVisible();
  const panel = page.getByTestId('accounts-to-initiate');
  await expect(panel.getByRole('heading', { level: 2, name: 'Accounts to initiate' })).toBeVisible();
  const rows = panel.getByTestId('candidates-row');
  await expect(rows).toHaveCount(10);
  await expect(panel.getByTestId('candidates-range')).toHaveText('Accounts 1–10');
  // each with its DPD, its bucket and the amount overdue as money (rupees or dollars, the account's currency)
  const firstRow = rows.first().getByRole('cell');
  await expect(firstRow.nth(3)).toHaveText(/^[\d,]+$/);
  await expect(firstRow.nth(5)).toHaveText(/^[₹$][\d,]+\.\d{2}$/);
  const tray = new StageTrayPage(page);
  await tray.expectLoaded();
  await expectNoAxeViolations(page);

  // The second page.
  const pages = panel.getByRole('navigation', { name: 'Pages of the accounts to initiate' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByTestId('candidates-range')).toHaveText(/^Accounts 11–\d+$/);
  await expect(pages.getByRole('button', { name: 'Prev' })).toBeEnabled();
  const chosen = rows.first();
  const accountNo = (await chosen.getByRole('link').textContent())?.trim() ?? '';
  const customer = (await chosen.getByRole('cell').nth(1).textContent())?.trim() ?? '';
  expect(accountNo).not.toBe('');

  // Found by its number: the one row, linked to the account's initiate screen.
  const search = panel.getByRole('search', { name: 'Search the accounts to initiate' });
  await search.getByLabel('Account no or customer name', { exact: true }).fill(accountNo);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(customer);
  await expect(panel.getByRole('navigation')).toHaveCount(0);
  const link = rows.first().getByRole('link', { name: accountNo, exact: true });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/Repo\/RepoInitiate\/account\/\d+$/);

  // The link opens the initiate screen in the tray's detail tab, which offers Start a case.
  const [detail] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await detail.waitForLoadState('domcontentloaded');
  await expect(detail).toHaveURL(new RegExp(`${href}$`));
  const start = detail.getByTestId('start-case');
  await expect(start).toContainText('has no open case of this workflow');
  await start.getByRole('button', { name: 'Start a case' }).click();
  await expect(detail.getByTestId('toast-container')).toContainText(/Case REP\/\d{4}\/\d{6} initiated\./);
  const repoCase = new LegalCasePage(detail);
  const heading = repoCase.header.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Case REP\/\d{4}\/\d{6} · Repossession Initiate$/);
  const caseNo = /REP\/\d{4}\/\d{6}/.exec((await heading.textContent()) ?? '')![0];
  await expect(repoCase.header).toContainText(accountNo);
  await detail.close();

  // Back on the list: the same search again reloads it, and the account is no longer offered.
  await page.bringToFront();
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(panel.getByTestId('candidates-empty')).toContainText('No eligible account matches the search.');
  await expectNoAxeViolations(page);

  // The case is in the tray below.
  await tray.switchToTeamView();
  await tray.search(caseNo);
  await expect(tray.rowOf(caseNo)).toHaveCount(1);
  await expect(tray.rowOf(caseNo)).toContainText(accountNo);
});
