import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { openCollections, signInToApp } from '../support/session.ts';

// Issue 16: the command center's activity screens. The demo's field days cover today and the three days before, so
// this spec seeds its own on a day before them: fc.andheri (BR-AND, a field collector) sends that day's track through
// the ingest from a device of its own — 45 minutes standing still on
// shift, a drive, 20 minutes at a second place — then cc.west (ZN-W, the command-center supervisor) sees the
// collector online on Active Inactive Users (map beside, status chips, route link), the 45-minute idle spell on the
// Idle Time Report, and the Time Spent Report. Axe on each screen.

const IST_MS = 330 * 60_000;
/** Five days ago, India time: a day the demo's field days leave empty. */
const plantedDay = new Date(Date.now() + IST_MS - 5 * 86_400_000).toISOString().slice(0, 10);
/** An instant of that day at hh:mm India time. */
const at = (hour: number, minute: number) =>
  new Date(Date.parse(`${plantedDay}T00:00:00Z`) - IST_MS + (hour * 60 + minute) * 60_000).toISOString();

function track() {
  const positions = [];
  let seq = 1;
  const A = { latitude: 19.1197, longitude: 72.8468 };
  const B = { latitude: 19.1334, longitude: 72.8291 };
  for (let minute = 0; minute <= 45; minute++) {
    positions.push({ seq: seq++, fixTime: at(10, minute), ...A, accuracyM: 10, speedKmh: 0, battery: 90 });
  }
  for (let step = 1; step <= 14; step++) {
    const share = step / 15;
    positions.push({
      seq: seq++,
      fixTime: at(10, 45 + step),
      latitude: A.latitude + (B.latitude - A.latitude) * share,
      longitude: A.longitude + (B.longitude - A.longitude) * share,
      accuracyM: 10,
      speedKmh: 10,
      battery: 88,
    });
  }
  for (let minute = 0; minute <= 20; minute++) {
    positions.push({ seq: seq++, fixTime: at(11, minute), ...B, accuracyM: 10, speedKmh: 0, battery: 86 });
  }
  return positions;
}

async function openCommandCenter(page: Page) {
  await signInToApp(page, { user: 'cc.west', unit: 'ZN-W', app: 'Command Center' });
}

test('cc.west: the activity screens show a field day fc.andheri sent', async ({ page, browser }) => {
  const field = await browser.newContext();
  const fieldPage = await field.newPage();
  await openCollections(fieldPage, 'fc.andheri');
  const sent = await callApi(fieldPage, 'POST', '/api/cmd-center/positions', {
    deviceId: `e2e-activity-${Date.now()}`,
    positions: track(),
  });
  expect(sent.status).toBe(200);
  await field.close();

  await openCommandCenter(page);
  await page.goto('/cmdCenter/activeinactiveuser?q=Santosh');
  await expect(page.getByRole('heading', { level: 1, name: 'Active Inactive Users' })).toBeVisible();
  const table = page.getByTestId('cc-active-users-table');
  await expect(table.getByText('Santosh Jadhav')).toBeVisible();
  await expect(table.getByText('Online').first()).toBeVisible();
  await expect(page.getByTestId('cc-updated-at')).toBeVisible();
  await expect(page.getByTestId('cc-active-users-map')).toBeVisible();
  await expect(page.getByTestId('cc-status-chips').getByRole('button', { name: /^Online \(\d+\)$/ })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Open route' }).first()).toHaveAttribute(
    'href',
    /\/cmdCenter\/animateRouteTaken\?userId=\d+&date=/,
  );
  await expectNoAxeViolations(page);

  await page.goto(`/cmdCenter/idealTimeReport?from=${plantedDay}&to=${plantedDay}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Idle Time Report' })).toBeVisible();
  const totals = page.getByTestId('cc-idle-totals');
  await expect(totals.getByRole('rowheader', { name: 'Santosh Jadhav' })).toBeVisible();
  await expect(page.getByTestId('cc-idle-table').getByRole('cell', { name: '45', exact: true })).toBeVisible();
  await expect(page.getByTestId('cc-idle-map')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/cmdCenter/timeSpentReport?from=${plantedDay}&to=${plantedDay}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Time Spent Report' })).toBeVisible();
  await expect(page.getByTestId('cc-time-spent-map')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expectNoAxeViolations(page);
});
