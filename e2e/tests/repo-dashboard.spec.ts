import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { StageTrayPage } from '../pages/legal-stage-tray-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15 (web): repo.pune (Pune region) starts a repossession case on the account's initiate screen, then finds it on the
// repossession dashboard, opens its stage tray from the dashboard and the case from the tray. Axe on each screen.

type Candidates = { data: { accountId: number; accountNo: string }[] };
type Started = { caseId: number; caseNo: string };

test('repo.pune: the dashboard counts a new case, links to its tray, and the tray opens the case', async ({ page }) => {
  await signInToApp(page, { user: 'repo.pune', unit: 'RG-PUN', app: 'Repossession and Sarfaesi' });
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession Dashboard' })).toBeVisible();
  await expect(page.getByTestId('REPOSSESSION-totals')).toBeVisible();

  // A past-due account of the region with no open case: its Repossession Initiate screen offers to start one.
  const candidates = await callApi<Candidates>(page, 'GET', '/api/repo/REPOSSESSION/candidates?limit=1');
  expect(candidates.status).toBe(200);
  const account = candidates.body.data[0]!;
  await page.goto(`/Repo/RepoInitiate/account/${account.accountId}`);
  const start = page.getByTestId('start-case');
  await expect(start).toContainText('has no open case of this workflow');
  await expectNoAxeViolations(page);
  await start.getByRole('button', { name: 'Start a case' }).click();
  await expect(page.getByTestId('toast-container')).toContainText('initiated');
  const started = await callApi<Started>(
    page,
    'GET',
    `/api/workflow/REPOSSESSION/accounts/${account.accountId}/open-case`,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { caseNo } = started.body;
  await new LegalCasePage(page).expectAt(caseNo, 'Repossession Initiate');

  await page.goto('/Reposition');
  const initiate = page.getByTestId('stage-RepoInitiate');
  await expect(initiate).toBeVisible();
  await expect(initiate.getByRole('cell').first()).not.toHaveText('0');
  await expect(page.getByTestId('REPOSSESSION-chart-open')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The stage's name opens its tray, in Team View (the dashboard counts the region).
  await initiate.getByRole('link', { name: 'Repossession Initiate', exact: true }).click();
  await expect(page).toHaveURL(/\/Repo\/RepoInitiate\?view=team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession Initiate' })).toBeVisible();
  const tray = new StageTrayPage(page);
  await tray.expectLoaded();
  await tray.search(caseNo);
  await expect(tray.rowOf(caseNo)).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The initiate screen takes the account only: /Repo/RepoInitiate/account/{accountid}.
  const caseTab = await tray.openCase(caseNo);
  await expect(caseTab).toHaveURL(new RegExp(`/Repo/RepoInitiate/account/${account.accountId}$`));
  const repoCase = new LegalCasePage(caseTab);
  await repoCase.expectAt(caseNo, 'Repossession Initiate');
  await expect(repoCase.field('Vehicle registration')).toBeVisible();
  await expect(caseTab.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(caseTab);
  await caseTab.close();
});

// The settings are an administrator's (admin.west holds REPO_SETTINGS_SAUTH with no sign-in code on the e2e server).
test('admin.west: Repossession Settings shows both workflows’ timelines and refuses an invalid one', async ({
  page,
}) => {
  await signInToApp(page, { user: 'admin.west', unit: 'ZN-W', app: 'Repossession and Sarfaesi' });
  await page.goto('/Repo/Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession Settings' })).toBeVisible();
  const sarfaesi = page.getByTestId('settings-SARFAESI');
  await expect(sarfaesi.getByLabel(/§13\(2\) notice period/)).toHaveValue('60');
  await expect(page.getByTestId('settings-REPOSSESSION').getByLabel(/Valuation after yard-in/)).toHaveValue('7');
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);

  await sarfaesi.getByLabel(/§13\(2\) notice period/).fill('0');
  await sarfaesi.getByRole('button', { name: 'Save timelines' }).click();
  await expect(sarfaesi.getByText('Enter a whole number from 1 to 365')).toBeVisible();
  await expectNoAxeViolations(page);
});
