import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 16: map-based allocation and the collections Allocation Map. cc.west (ZN-W, the command center's
// ACTIVE_INACTIVE_SAUTH) opens Map Based Allocation, zooms to a lone unallocated account, draws a polygon around it with
// mouse clicks on the map, picks the zone's collectors, previews the plan and confirms it; the batch is listed on Map
// Based Allocation Status with its outcome counts. Then cc.west (who also holds RECEIPT_VIEWER_SAUTH in Collections)
// opens the Allocation Map: the legend names the collectors and the markers in words, the table has their figures.
// Axe on the three screens.

/** The centre of a lone account marker well inside the map and the window (the map scrolled into view), or null. */
async function loneAccountCentre(page: Page): Promise<{ x: number; y: number } | null> {
  const canvas = page.getByTestId('cc-alloc-map-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const frame = (await canvas.boundingBox())!;
  const window = page.viewportSize()!;
  const margin = 40;
  for (const marker of await canvas.locator('path.rd-map-point').all()) {
    const box = await marker.boundingBox();
    if (!box) continue;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const inside =
      centre.x > frame.x + margin &&
      centre.x < frame.x + frame.width - margin &&
      centre.y > Math.max(frame.y, 0) + margin &&
      centre.y < Math.min(frame.y + frame.height, window.height) - margin;
    if (inside) return centre;
  }
  return null;
}

/** Zooms the map (clicking clusters) until a lone account marker shows inside the map. */
async function zoomToLoneAccount(page: Page): Promise<void> {
  const canvas = page.getByTestId('cc-alloc-map-canvas');
  for (let attempt = 0; attempt < 8 && (await loneAccountCentre(page)) === null; attempt += 1) {
    const clusters = canvas.locator('.rd-map-cluster');
    await expect(clusters.first()).toBeVisible();
    const zoom = await page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style') ?? '');
    await clusters.first().click();
    // the zoom has run when Leaflet's proxy transform changed
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style') ?? ''))
      .not.toBe(zoom);
  }
}

/**
 * A Thane pincode (4006xx) with unallocated accounts that can be allocated: the zone has too many unallocated
 * accounts to select one by one, so the supervisor narrows the map by pincode. Thane, because the demo's Andheri
 * collector holds as many accounts as the capacity allows, and Thane's has room.
 */
async function pincodeToAllocate(page: Page): Promise<string> {
  for (const bucket of ['B1', 'B2', 'B3', 'B4', 'B5', 'B6']) {
    const reply = await callApi<{
      clustered: boolean;
      points: { pincode: string | null; blocked: string | null }[];
    }>(page, 'GET', `/api/cmd-center/allocation/accounts?status=UNALLOCATED&bucket=${bucket}`);
    expect(reply.status).toBe(200);
    if (reply.body.clustered) continue;
    const counts = new Map<string, number>();
    for (const point of reply.body.points) {
      if (point.blocked || !point.pincode?.startsWith('4006')) continue;
      counts.set(point.pincode, (counts.get(point.pincode) ?? 0) + 1);
    }
    const best = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (best) return best[0];
  }
  throw new Error('no Thane pincode with unallocated accounts in ZN-W');
}

test('cc.west: accounts drawn around on the map are allocated to a collector, and the batch is listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToApp(page, { user: 'cc.west', unit: 'ZN-W', app: 'Command Center' });

  await page.goto('/cmdCenter/mapBasedAllocation');
  await expect(page.getByRole('heading', { level: 1, name: 'Map Based Allocation' })).toBeVisible();
  const canvas = page.getByTestId('cc-alloc-map-canvas');
  await expect(canvas).toHaveAttribute('data-basemap', /tiles|offline/);
  await expectNoAxeViolations(page);

  // too many to select one by one: narrow to a pincode
  await expect(page.getByText(/^Accounts matching: .* Too many to select one by one/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Pincode' }).fill(await pincodeToAllocate(page));
  await expect(page.getByText(/Too many to select one by one/)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Draw a polygon' })).toBeEnabled();

  // a polygon corner by corner around one lone account, then "Finish the polygon"
  await zoomToLoneAccount(page);
  await page.getByRole('button', { name: 'Draw a polygon' }).click();
  // the drawing help shows above the map: the marker is found where it is now
  await expect(page.getByRole('button', { name: 'Finish the polygon' })).toBeVisible();
  const centre = await loneAccountCentre(page);
  expect(centre, 'a lone account marker inside the map').not.toBeNull();
  const reach = 18;
  for (const [dx, dy] of [
    [-reach, -reach],
    [reach, -reach],
    [reach, reach],
    [-reach, reach],
  ] as const) {
    await page.mouse.click(centre!.x + dx, centre!.y + dy);
  }
  await page.getByRole('button', { name: 'Finish the polygon' }).click();
  await expect(page.getByTestId('cc-alloc-map-selected')).not.toHaveText(/^0 selected$/);
  await expect(page.getByTestId('cc-alloc-selection')).toHaveText(/^Selected accounts: [1-9]/);

  // Thane's collector
  const assignees = page.getByRole('group', { name: 'Collectors and agencies to allocate to' });
  await assignees.getByRole('checkbox', { name: /^Ganesh Patil \(holds/ }).check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(page.getByText(/^To allocate: [1-9]/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm allocation' }).click();
  const done = page.getByTestId('cc-alloc-done');
  await expect(done).toContainText(/Batch MAB-\d+ created: [1-9]\d* allocated, \d+ skipped\./);
  const batchNo = /(MAB-\d+)/.exec((await done.textContent()) ?? '')![1]!;

  await done.getByRole('link', { name: 'See its status' }).click();
  await expect(page).toHaveURL(/\/cmdCenter\/mapBasedAllocationStatus\?batch=\d+$/);
  const batches = page.getByRole('table', { name: 'Allocation batches' });
  const row = batches.getByRole('row').filter({ hasText: batchNo });
  await expect(row).toContainText(/\d+: [1-9]\d* allocated, \d+ skipped, 0 failed/);
  await expect(row).toContainText('Imran Khan');
  await expect(page.getByRole('heading', { name: `Batch ${batchNo}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts of the batch' }).getByRole('row')).not.toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('cc.west: the Allocation Map shows the collectors in a legend with their figures', async ({ page }) => {
  await openCollectionsIn(page, 'cc.west', 'ZN-W');
  // The demo field force worked the three days before the demo's first start in full: the range covers them, so the
  // collector has receipts in it whatever the hour (before the working day, today has none yet).
  const india = (daysBack: number) =>
    new Date(Date.now() + 330 * 60_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/collapp/allocationMap?from=${india(4)}&to=${india(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Allocation Map' })).toBeVisible();
  const legend = page.getByTestId('cc-am-legend');
  await expect(legend).toContainText('Santosh Jadhav');
  await expect(legend).toContainText('Ring: an account not paid in the range');
  await expect(legend).toContainText('Square: a receipt, where it was taken');
  const table = page.getByTestId('cc-am-table');
  const santosh = table.getByRole('row').filter({ hasText: 'Santosh Jadhav' });
  // allocated accounts, and the receipts taken in the range
  await expect(santosh.getByRole('cell').nth(1)).toHaveText(/^[1-9][\d,]*$/);
  await expect(santosh.getByRole('cell').nth(3)).toContainText('₹');
  await expect(page.getByTestId('cc-am-map-canvas')).toHaveAttribute('data-basemap', /tiles|offline/);
  await expect(page).toHaveURL(/\/collapp\/allocationMap/);
  await expectNoAxeViolations(page);

  // a filter goes into the address (a reload keeps it)
  await page.getByRole('combobox', { name: 'Bucket' }).click();
  await page.getByRole('option', { name: 'CURRENT' }).click();
  await expect(page).toHaveURL(/bucket=CURRENT/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Bucket' })).toHaveValue('CURRENT');
});
