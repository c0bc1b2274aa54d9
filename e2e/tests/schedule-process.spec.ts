import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { openCollectionsIn } from '../support/collections.ts';

// Issue 14: Schedule Process as admin.west (ZN-W, SCHED_PRO_COLL_SAUTH): the catalogue of processes with their
// schedules and the demo's past runs, Run now of the audit checkpoint (the worker runs it), and that run's log in the
// process's runs; no axe violations. (It leaves every schedule as the demo has it: the other specs share the server.)

test('Schedule Process runs a process now and shows the run with its duration, outcome and log', async ({ page }) => {
  await openCollectionsIn(page, 'admin.west', 'ZN-W');
  await page.goto('/collapp/scheduleproc');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Process' })).toBeVisible();
  const table = page.getByTestId('processes');
  const dayStart = table.locator('tbody tr', { hasText: 'Day start' });
  await expect(dayStart).toContainText('Daily at 06:00');
  await expect(table.locator('tbody tr', { hasText: 'Data retention' })).toContainText('Done');
  await expectNoAxeViolations(page);

  const checkpoint = table.locator('tbody tr', { hasText: 'Audit checkpoint' });
  await checkpoint.getByRole('button', { name: 'Run now: Audit checkpoint' }).click();
  await expect(page.getByText('Run queued')).toBeVisible();
  await checkpoint.getByRole('button', { name: 'Runs: Audit checkpoint' }).click();
  await expect(page).toHaveURL(/process=audit\.checkpoint/);
  const runs = page.getByTestId('process-runs');
  await expect(runs.locator('tbody tr')).toHaveCount(2, { timeout: 15_000 });
  await expect(runs.locator('tbody tr').first()).toContainText('Done', { timeout: 15_000 });
  await expect(runs.locator('tbody tr').first()).toContainText('Nikhil Shinde');
  await expect(runs.locator('tbody tr').first()).toContainText(/ s/);
  await expectNoAxeViolations(page);

  await checkpoint.getByRole('button', { name: 'Edit schedule: Audit checkpoint' }).click();
  const form = page.getByTestId('schedule-form');
  await form.getByLabel(/Every \(minutes\)/).fill('5000');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form.getByText(/at most 1440/)).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Cancel' }).click();
});
