import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Account marking (issue 14): pay.mumbai requests a DISPUTE mark on an account at Manual Account Marking, appr.west
// approves it at Account Marking Approval, and the mark is in the account's history. Axe on the three screens.

type Mark = { id: number; accountNo: string; mark: string; endedAt: string | null };

test('a mark requested by one user and approved by another takes effect', async ({ browser }) => {
  test.setTimeout(180_000);
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await openCollectionsIn(maker, 'pay.mumbai', 'RG-MUM');

  // The demo's VIP account (its unmarking waits for approval) takes a second mark.
  const active = await callApi<{ rows: Mark[] }>(maker, 'GET', '/api/account-marks/active');
  const vip = active.body.rows.find((row) => row.mark === 'VIP');
  expect(vip, 'the demo has a VIP mark').toBeDefined();

  await maker.goto('/collapp/ManualAccountUnmarking');
  await expect(maker.getByRole('heading', { level: 1, name: 'Manual Account Unmarking' })).toBeVisible();
  await expect(maker.getByTestId('active-marks-row').filter({ hasText: vip!.accountNo })).toHaveCount(1);
  await expectNoAxeViolations(maker);

  await maker.goto('/collapp/manualAccountMarking');
  await expect(maker.getByRole('heading', { level: 1, name: 'Manual Account Marking' })).toBeVisible();
  await maker.getByLabel('Account number', { exact: true }).fill(vip!.accountNo);
  await maker.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(maker.getByTestId('mark-history-row').filter({ hasText: 'VIP' })).toHaveCount(1);
  const form = maker.getByTestId('mark-form');
  await form.getByLabel(/^Mark/).selectOption({ label: 'Dispute' });
  await form.getByLabel(/^Reason/).fill('Borrower disputes the foreclosure charges');
  await expectNoAxeViolations(maker);
  await form.getByRole('button', { name: 'Request marking' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('waits for approval');
  await expect(maker.getByTestId('marks-my-row').filter({ hasText: vip!.accountNo })).toHaveCount(1);

  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await openCollectionsIn(checker, 'appr.west', 'ZN-W');
  await checker.goto('/collapp/accountMarkingapproval');
  await expect(checker.getByRole('heading', { level: 1, name: 'Account Marking Approval' })).toBeVisible();
  const row = checker.getByTestId('marks-team-row').filter({ hasText: vip!.accountNo }).filter({ hasText: 'Dispute' });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(checker);
  await row.getByRole('button', { name: /^Approve/ }).click();
  const dialog = checker.getByRole('dialog');
  await dialog.getByLabel(/^Remarks/).fill('Dispute letter seen');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByTestId('toast-container')).toContainText('The decision is saved.');
  await expect(row).toHaveCount(0);

  const lookup = await callApi<{ marks: Mark[] }>(
    maker,
    'GET',
    `/api/account-marks/lookup?accountNo=${encodeURIComponent(vip!.accountNo)}`,
  );
  expect(
    lookup.body.marks
      .filter((mark) => mark.endedAt === null)
      .map((mark) => mark.mark)
      .sort(),
  ).toEqual(['DISPUTE', 'VIP']);
  await makerContext.close();
  await checkerContext.close();
});
