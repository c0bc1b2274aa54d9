import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { signInToApp } from '../support/session.ts';

// Issue 16: on first start every command-center report has content for both demo supervisors. The demo plays each
// field collector's previous three days in full (apps/server/src/modules/demo/services/seed-command-center.ts):
// fc.andheri and fc.thane for cc.west (ZN-W), fc.delhi for cc.north (ZN-N). One sign-in per supervisor, then Active
// Inactive Users, the route of a demo day (through its "Open route" link), the Idle Time and Time Spent reports of
// yesterday, and both Shady Transaction reports (their default range, the last seven days) each show at least one row
// of a past demo day. The screens' axe checks are in their own specs. The reports compute each user-day on request
// (tens of seconds on a loaded two-core machine): the test and the report waits are given that time.

const DAY_MS = 86_400_000;
/** `back` days before today, India time (YYYY-MM-DD). */
const daysAgo = (back: number) => new Date(Date.now() + 330 * 60_000 - back * DAY_MS).toISOString().slice(0, 10);
const PAST_DAYS = [daysAgo(3), daysAgo(2), daysAgo(1)];
const pastDay = new RegExp(`date=(${PAST_DAYS.join('|')})`);

const PERSONAS = [
  { username: 'cc.west', zone: 'ZN-W', collector: 'Santosh Jadhav', collectors: /Santosh Jadhav|Ganesh Patil/ },
  { username: 'cc.north', zone: 'ZN-N', collector: 'Vikram Chauhan', collectors: /Vikram Chauhan/ },
] as const;

async function expectRows(page: Page, tableTestId: string, names: RegExp) {
  const table = page.getByTestId(tableTestId);
  await expect(table.locator('tbody tr').filter({ hasText: names }).first()).toBeVisible({ timeout: 45_000 });
}

for (const persona of PERSONAS) {
  test(`${persona.username}: every command-center report has the demo's past days`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInToApp(page, { user: persona.username, unit: persona.zone, app: 'Command Center' });

    // Active Inactive Users of yesterday, and the route of that day from the collector's row
    await page.goto(`/cmdCenter/activeinactiveuser?date=${PAST_DAYS[2]}&q=${encodeURIComponent(persona.collector)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Active Inactive Users' })).toBeVisible({
      timeout: 30_000,
    });
    const users = page.getByTestId('cc-active-users-table');
    const row = users.locator('tbody tr').filter({ hasText: persona.collector });
    await expect(row).toBeVisible();
    const open = row.getByRole('link', { name: 'Open route' });
    await expect(open).toHaveAttribute('href', new RegExp(`date=${PAST_DAYS[2]}`));
    await open.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Animated Route Taken' })).toBeVisible({
      timeout: 30_000,
    });
    const timeline = page.getByTestId('cc-route-timeline');
    await expect(timeline.getByTestId('cc-route-item-stop-0')).toContainText(/Stop 1 · \d+:\d{2}/);
    await expect(timeline.getByText(/^Receipt \S+/).first()).toBeVisible();

    const range = `from=${PAST_DAYS[2]}&to=${PAST_DAYS[2]}`;
    await page.goto(`/cmdCenter/idealTimeReport?${range}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Idle Time Report' })).toBeVisible({ timeout: 30_000 });
    await expectRows(page, 'cc-idle-table', persona.collectors);

    await page.goto(`/cmdCenter/timeSpentReport?${range}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Time Spent Report' })).toBeVisible({ timeout: 30_000 });
    await expectRows(page, 'cc-time-spent-table', persona.collectors);

    for (const [path, title] of [
      ['/cmdCenter/shadyTimeReport', 'Shady Transaction Time'],
      ['/cmdCenter/shadyTransactionLoc', 'Shady Transaction Location'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
      const findings = page.getByTestId('shady-grid').locator('tbody tr').filter({ hasText: persona.collectors });
      await expect(findings.first()).toBeVisible({ timeout: 45_000 });
      const replays = await findings
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(
        replays.some((href) => pastDay.test(href)),
        replays.join(' '),
      ).toBe(true);
    }
  });
}
