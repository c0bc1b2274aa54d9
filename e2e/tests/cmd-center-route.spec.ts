import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInToApp } from '../support/session.ts';

// Issue 16: Animated Route Taken (/cmdCenter/animateRouteTaken). The demo plays every field collector's previous three
// days in full (apps/server/src/modules/demo/services/seed-command-center.ts); cc.west (ZN-W, the command-center
// supervisor) searches the collector picker for fc.andheri (Santosh Jadhav), replays yesterday: the stops (square
// markers on the map, numbered with their durations in the day's timeline and the player's table), the receipts on
// the route, the customers' geofences; Play moves the time shown, Pause holds it, the scrubber and a timeline line
// seek. Axe on the screen. Behaviour only: the time shown changes, never how fast.

/** A past demo day: yesterday, India time (YYYY-MM-DD). */
const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);

test('cc.west replays fc.andheri’s demo day: stops, receipts, geofences, play, pause and seek', async ({ page }) => {
  await signInToApp(page, { user: 'cc.west', unit: 'ZN-W', app: 'Command Center' });

  await page.goto(`/cmdCenter/animateRouteTaken?date=${yesterday}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Animated Route Taken' })).toBeVisible();
  await expect(page.getByText('Choose a collector to replay the route of the day.')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Collector' });
  await picker.click();
  await picker.fill('Santosh');
  await page.getByRole('option', { name: 'Santosh Jadhav (fc.andheri)' }).click();
  await expect(page).toHaveURL(new RegExp(`userId=\\d+.*date=${yesterday}|date=${yesterday}.*userId=\\d+`));

  // the day: totals, the stops with their durations, the receipts taken on the route
  await expect(page.getByTestId('cc-route-totals')).toContainText('Stops');
  const timeline = page.getByTestId('cc-route-timeline');
  await expect(timeline.getByTestId('cc-route-item-stop-0')).toContainText(/Stop 1 · \d+:\d{2}/);
  const receipts = timeline.locator('[data-testid^="cc-route-item-event-"]').filter({ hasText: /^Receipt \S+/ });
  expect(await receipts.count()).toBeGreaterThan(0);
  const player = page.getByTestId('cc-route-player');
  await expect(player.locator('.rd-map-track-stop').first()).toBeAttached();
  await expect(player.locator('.rd-map-track-event').first()).toBeAttached();
  await expect(player.locator('.rd-map-circle').first()).toBeAttached();
  await player.getByRole('button', { name: 'Show as a table' }).click();
  const table = player.getByRole('table', { name: /: table$/ });
  await expect(table.getByRole('row').filter({ hasText: /^Stop\s*Stop 1 ·/ })).toContainText(
    /\d{2}:\d{2}.*–.*\d{2}:\d{2}/,
  );
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /Receipt \S+/ })
      .first(),
  ).toBeVisible();
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /^Geofence/ })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Play advances the time shown; Pause holds it
  const time = page.getByTestId('cc-route-player-time');
  const scrubber = page.getByRole('slider', { name: 'Time on the route' });
  const startedAt = await scrubber.inputValue();
  const shownAtStart = await time.textContent();
  await page.getByTestId('cc-route-player-play').click();
  await expect(page.getByTestId('cc-route-player-play')).toHaveText('Pause');
  await expect(time).not.toHaveText(shownAtStart ?? '');
  await page.getByTestId('cc-route-player-play').click();
  await expect(page.getByTestId('cc-route-player-play')).toHaveText('Play');
  const paused = await scrubber.inputValue();
  expect(Number(paused)).toBeGreaterThan(Number(startedAt));
  const shownPaused = await time.textContent();
  // the rest of the checks take a while; the paused playhead has not moved meanwhile
  await expect(page.getByTestId('cc-route-dropped')).toBeVisible();
  expect(await scrubber.inputValue()).toBe(paused);
  await expect(time).toHaveText(shownPaused ?? '');

  // the scrubber seeks to its end, and a line of the day seeks to its time
  const end = await scrubber.getAttribute('max');
  await scrubber.fill(end ?? '');
  expect(await scrubber.inputValue()).toBe(end);
  await expect(time).not.toHaveText(shownPaused ?? '');
  const shownAtEnd = await time.textContent();
  await timeline.getByTestId('cc-route-item-stop-0').click();
  await expect(time).not.toHaveText(shownAtEnd ?? '');
  expect(Number(await scrubber.inputValue())).toBeLessThan(Number(end));
  await expect(timeline.getByTestId('cc-route-item-stop-0')).toHaveAttribute('aria-current', 'step');
});
