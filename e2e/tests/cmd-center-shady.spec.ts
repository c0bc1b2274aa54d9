import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 16: the shady transaction reports. fc.andheri captures two UPI receipts through the receipt capture API and
// sends their RECEIPT position events, dated five days ago: one at 22:30 India time (outside the permitted hours:
// Shady Transaction Time), one with a mock location (Shady Transaction Location). cc.west (ZN-W) finds each in its
// report with what was measured in words, and the map beside; axe on both screens.
//
// Five days ago is inside the reports' default week and outside the demo field force's days (the three days before
// its first start, and that day): the collector has no other position that day, so whether the demo's simulated
// route passed this customer (which depends on the hour the demo was seeded) cannot change the findings. Both events
// are in Pune, far from any Andheri customer.

/** Five days ago, India time (YYYY-MM-DD). */
function fiveDaysAgoInIndia(): string {
  return new Date(Date.now() + 330 * 60_000 - 5 * 86_400_000).toISOString().slice(0, 10);
}

const PUNE = { latitude: 18.5204, longitude: 73.8567 };

async function capture(page: Page, accountId: number): Promise<string> {
  const reply = await page.evaluate(async (accountId) => {
    const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}') as {
      access?: string;
      actingUnit?: number;
    };
    const response = await fetch('/api/receipts', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${session.access ?? ''}`,
        'X-Acting-Unit': String(session.actingUnit ?? ''),
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        accountId,
        mode: 'UPI',
        amount: '1500.00',
        reference: `41${Date.now()}${Math.floor(Math.random() * 100)}`.slice(0, 12),
      }),
    });
    return { status: response.status, body: (await response.json()) as { receiptNo?: string } };
  }, accountId);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.receiptNo!;
}

test('cc.west finds a late receipt in Shady Transaction Time and a mock-location one in Shady Transaction Location', async ({
  browser,
  page,
}) => {
  const collectorContext = await browser.newContext();
  const collector = await collectorContext.newPage();
  await openCollectionsIn(collector, 'fc.andheri', 'BR-AND');
  const existing = await callApi<{ rows: { accountId: number }[] }>(collector, 'GET', '/api/receipts?pageSize=10');
  expect(existing.status).toBe(200);
  const accountId = existing.body.rows[0]!.accountId;
  const late = await capture(collector, accountId);
  const mocked = await capture(collector, accountId);
  const day = fiveDaysAgoInIndia();
  const sent = await callApi(collector, 'POST', '/api/cmd-center/positions', {
    deviceId: `e2e-shady-${Date.now()}`,
    positions: [
      {
        seq: 1,
        fixTime: `${day}T17:00:00Z`, // 22:30 India time
        ...PUNE,
        accuracyM: 8,
        eventType: 'RECEIPT',
        ref: late,
      },
      {
        seq: 2,
        fixTime: `${day}T06:30:00Z`, // 12:00 India time
        ...PUNE,
        accuracyM: 8,
        mock: true,
        eventType: 'RECEIPT',
        ref: mocked,
      },
    ],
  });
  expect(sent.status).toBe(200);
  await collectorContext.close();

  await signInToApp(page, { user: 'cc.west', unit: 'ZN-W', app: 'Command Center' });

  await page.goto('/cmdCenter/shadyTimeReport');
  await expect(page.getByRole('heading', { level: 1, name: 'Shady Transaction Time' })).toBeVisible();
  // the red findings only: the demo's own receipts have findings of their own
  await page
    .getByTestId('shady-chips')
    .getByRole('button', { name: /^Red: / })
    .click();
  const timeRow = page.getByTestId('shady-grid').getByRole('row').filter({ hasText: late });
  await expect(timeRow).toContainText('Receipt outside permitted hours');
  await expect(timeRow).toContainText('210 min after 19:00');
  await expect(page.getByTestId('shady-chips').getByRole('button', { name: /^Red: / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoAxeViolations(page);

  await page.goto('/cmdCenter/shadyTransactionLoc');
  await expect(page.getByRole('heading', { level: 1, name: 'Shady Transaction Location' })).toBeVisible();
  await page
    .getByTestId('shady-chips')
    .getByRole('button', { name: /^Red: / })
    .click();
  // the mocked receipt is far from its customer, never in the geofence and mocked: one row per rule
  const mockedRows = page.getByTestId('shady-grid').getByRole('row').filter({ hasText: mocked });
  await expect(mockedRows).toHaveCount(3);
  const locationRow = mockedRows.filter({ hasText: 'Mock location reported' });
  await expect(locationRow).toBeVisible();
  await locationRow.getByRole('button', { name: mocked }).click();
  await expect(page.getByTestId('shady-map').getByTestId('map-view')).toBeVisible();
  await expectNoAxeViolations(page);
});
