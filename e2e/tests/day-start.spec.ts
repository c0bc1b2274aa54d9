import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Issue 14: the Day Start screen as admin.west (ZN-W, DAY_START_COLL_SAUTH): the business date, the demo's first
// day start finished in the runs list, the month's BOM snapshot, Change Business Date's own check, and no axe violations. (It does not move
// the business date: the other specs share the demo's date.)

test('the Day Start screen shows the business date and the finished first run', async ({ page }) => {
  await openCollectionsIn(page, 'admin.west', 'ZN-W');
  const runs = await callApi<{ businessDate: string; rows: { id: number; status: string }[] }>(
    page,
    'GET',
    '/api/collections/day-start/runs',
  );
  expect(runs.status).toBe(200);

  await page.goto('/collapp/daystartproc');
  await expect(page.getByRole('heading', { level: 1, name: 'Day Start Process' })).toBeVisible();
  await expect(page.getByTestId('day-start-business-date')).toContainText('Business date');
  const table = page.getByTestId('day-start-runs');
  await expect(table.locator('tbody tr').first()).toContainText('Done');
  await expect(page.getByTestId('force-requests-empty')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'BOM Refresh' })).toBeVisible();
  await expect(page.getByTestId('bom-snapshot').locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Change Business Date' }).click();
  await expect(page.getByText('Choose the new business date.')).toBeVisible();
  await expectNoAxeViolations(page);
});

// Issue 14: a day start step that fails honestly and is retried. admin.west adds an allocation rule naming
// tc.readonly on the Day Start screen; tc.readonly is deactivated (admin.west asks, admin approves); a day start on
// the business date (which does not move it) fails at the allocation step, naming the rule and the user; admin.west
// disables the rule on the screen and retries, and the run completes. Then the rule is deleted and tc.readonly
// reactivated, so later specs find the demo as it was.

type Job = { id: number; status: string };
type Request = { id: number; version: number };

test('a day start whose allocation rule names a deactivated collector fails, is fixed on the screen and retried', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const maker = await (await browser.newContext()).newPage();
  await openCollectionsIn(maker, 'admin.west', 'ZN-W');
  const checker = await (await browser.newContext()).newPage();
  await openCollectionsIn(checker, 'admin', 'HO');

  await maker.goto('/collapp/daystartproc');
  const section = maker.getByTestId('allocation-rules');
  await expect(section.getByTestId('allocation-rules-table').locator('tbody tr').first()).toBeVisible();
  await section.getByRole('button', { name: 'New rule' }).click();
  const form = maker.getByTestId('allocation-rule-form');
  await form.getByLabel(/^Unit/).selectOption({ label: 'BR-AND · Andheri Branch' });
  await form.getByLabel(/^Priority/).fill('95');
  await form.getByLabel(/^Bucket/).selectOption('B6');
  await form.getByLabel(/^Collector/).selectOption({ label: 'Sneha Iyer (tc.readonly)' });
  await form.getByLabel(/^Capacity/).fill('5');
  await expectNoAxeViolations(maker);
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(maker.getByTestId('toast-container')).toContainText('Allocation rule saved');
  const ruleRow = section.locator('tbody tr').filter({ hasText: 'tc.readonly' });
  await expect(ruleRow).toHaveCount(1);
  const ruleId = Number((await ruleRow.locator('td').first().innerText()).trim());

  const choices = await callApi<{ collectors: { id: number; username: string }[] }>(
    maker,
    'GET',
    '/api/collections/allocation-rules/form',
  );
  const userId = choices.body.collectors.find((entry) => entry.username === 'tc.readonly')!.id;
  const changeUser = async (action: 'DEACTIVATE' | 'REACTIVATE', remarks: string) => {
    const made = await callApi<Request>(maker, 'POST', '/api/users/requests', { action, userId, remarks });
    expect(made.status).toBe(200);
    const decided = await callApi(checker, 'POST', `/api/users/requests/${made.body.id}/approve`, {
      version: made.body.version,
    });
    expect(decided.status).toBe(200);
  };
  await changeUser('DEACTIVATE', 'Left the collections team');

  try {
    const started = await callApi<Job>(maker, 'POST', '/api/collections/day-start', {});
    expect(started.status).toBe(202);
    await maker.reload();
    const reason = `Rule ${ruleId} names tc.readonly, who is inactive; edit or disable the rule`;
    const runRow = maker.getByTestId('day-start-runs').locator('tbody tr').filter({ hasText: reason });
    await expect(runRow).toHaveCount(1, { timeout: 60_000 });
    await expect(runRow).toContainText('Failed');
    await expect(maker.getByTestId(`day-start-step-${started.body.id}`)).toContainText('Rule-based allocation');
    await expect(ruleRow).toContainText('Inactive or left the unit');
    await expectNoAxeViolations(maker);

    await section.getByRole('button', { name: `Disable rule ${ruleId}` }).click();
    await expect(ruleRow).toContainText('Disabled');
    await runRow.getByRole('button', { name: 'Retry' }).click();
    const doneRow = maker
      .getByTestId('day-start-runs')
      .locator('tbody tr')
      .filter({ has: maker.getByRole('cell', { name: String(started.body.id), exact: true }) });
    await expect(doneRow).toContainText('Done', { timeout: 60_000 });

    await section.getByRole('button', { name: `Delete rule ${ruleId}` }).click();
    await section.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(ruleRow).toHaveCount(0);
  } finally {
    await changeUser('REACTIVATE', 'Back on the collections team');
  }
});
