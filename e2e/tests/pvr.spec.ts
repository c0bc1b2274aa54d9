import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';

// Work plan and PVR (issue 14). pvr.mumbai opens a PVR case (for the account of an approved one) and delegates it to
// fc.andheri, who records the visit with a photo and its geotag; pvr.mumbai approves it. The heat map renders with
// no network beyond the server (the offline basemap), and fc.andheri works today's plan. Axe on every screen.

type TrayRow = { id: number; caseNo: string; accountId: number; accountNo: string; status: string };

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Refuses every request that is not to the product's own server (a closed network). */
async function offline(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
}

test('a PVR case is opened, delegated, captured and approved by two people', async ({ browser }) => {
  test.setTimeout(180_000);
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await offline(officer);
  await openCollectionsIn(officer, 'pvr.mumbai', 'RG-MUM');

  const approved = await callApi<{ rows: TrayRow[] }>(officer, 'GET', '/api/pvr/cases?status=APPROVED');
  const account = approved.body.rows[0];
  expect(account, 'the demo has an approved PVR case').toBeDefined();

  await officer.goto('/collapp/initiatedPvrTray');
  await expect(officer.getByRole('heading', { level: 1, name: 'Initiated PVR Tray' })).toBeVisible();
  await expect(officer.getByTestId('pvr-row').first()).toBeVisible();
  await expectNoAxeViolations(officer);
  const open = officer.getByTestId('open-pvr-form');
  await open.getByLabel(/^Account number/).fill(account!.accountNo);
  await open.getByLabel(/^Reason for the visit/).fill('Re-inspection after the approved visit');
  await open.getByRole('button', { name: 'Open PVR case' }).click();
  await expect(officer).toHaveURL(/\/collapp\/initiatedPvrTray\/caseid\/\d+\/account\/\d+$/);
  await expect(officer.getByRole('heading', { level: 1 })).toHaveText(/: PVR-\d{6}$/);
  const caseNo = ((await officer.getByRole('heading', { level: 1 }).textContent()) ?? '').split(': ')[1]!;
  expect(caseNo).toMatch(/^PVR-\d{6}$/);
  await expect(officer.getByTestId('pvr-case')).toContainText('Initiated');
  await expect(officer.getByTestId('pvr-map-canvas')).toHaveAttribute('data-basemap', 'offline');

  await officer.goto('/collapp/delegationPage');
  await expect(officer.getByRole('heading', { level: 1, name: 'Delegation' })).toBeVisible();
  await expect(officer.getByTestId('pvr-capacity')).toContainText('Santosh Jadhav');
  await expectNoAxeViolations(officer);
  await officer.getByRole('button', { name: `Delegate: ${caseNo}` }).click();
  const dialog = officer.getByRole('dialog');
  await dialog
    .getByLabel(/^Assigned to/)
    .selectOption({ label: (await dialog.locator('option', { hasText: 'Santosh Jadhav' }).textContent())! });
  const due = new Date(Date.now() + 3 * 86_400_000);
  await dialog
    .locator('input[name="dueDate"]')
    .fill(
      `${String(due.getDate()).padStart(2, '0')}${String(due.getMonth() + 1).padStart(2, '0')}${due.getFullYear()}`,
    );
  await dialog.getByRole('button', { name: 'Delegate' }).click();
  await expect(officer.getByTestId('toast-container')).toContainText(`PVR case ${caseNo} was delegated.`);

  const fieldContext = await browser.newContext();
  const field = await fieldContext.newPage();
  await offline(field);
  await openCollectionsIn(field, 'fc.andheri', 'BR-AND');
  const mine = await callApi<{ rows: TrayRow[] }>(field, 'GET', '/api/pvr/cases?status=DELEGATED');
  const delegated = mine.body.rows.find((row) => row.caseNo === caseNo);
  expect(delegated).toBeDefined();
  await field.goto(`/collapp/PVRCaseDtl/caseid/${delegated!.id}/account/${delegated!.accountId}`);
  await expect(field.getByRole('heading', { level: 1, name: `PVR Case Details: ${caseNo}` })).toBeVisible();
  await field.getByTestId('pvr-photo-form').locator('input[type="file"]').setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await field.getByRole('button', { name: 'Add photo' }).click();
  await expect(field.getByTestId('pvr-photos').locator('img')).toHaveCount(1);
  const capture = field.getByTestId('pvr-capture-form');
  await capture.getByLabel(/^Latitude/).fill('95');
  await capture.getByLabel(/^Longitude/).fill('72.84623');
  await capture.getByLabel(/^Occupancy/).selectOption({ label: 'Self-occupied' });
  await capture.getByLabel(/^Condition/).selectOption({ label: 'Good' });
  await capture.getByLabel(/^Remarks/).fill('Flat occupied by the borrower’s family');
  await capture.getByRole('button', { name: 'Record visit' }).click();
  await expect(capture).toContainText('-90 to 90');
  await capture.getByLabel(/^Latitude/).fill('19.11964');
  await expectNoAxeViolations(field);
  await capture.getByRole('button', { name: 'Record visit' }).click();
  await expect(field.getByTestId('toast-container')).toContainText('waits for review');
  await expect(field.getByTestId('pvr-visit')).toContainText('Self-occupied');
  await expect(field.getByTestId('pvr-review')).toHaveCount(0);

  await officer.goto(`/collapp/initiatedPvrTray/caseid/${delegated!.id}/account/${delegated!.accountId}`);
  await expect(officer.getByTestId('pvr-review')).toBeVisible();
  await expectNoAxeViolations(officer);
  await officer.getByTestId('pvr-review').getByRole('button', { name: 'Approve' }).click();
  const review = officer.getByRole('dialog');
  await review.getByLabel(/^Remarks/).fill('Consistent with the valuation');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(officer.getByTestId('toast-container')).toContainText('The review was saved.');
  await expect(officer.getByTestId('pvr-history')).toContainText('Approved');

  // The same case at the repossession app's detail route.
  await officer.goto(`/Repo/PVRCaseDtl/caseid/${delegated!.id}/account/${delegated!.accountId}`);
  await expect(officer.getByTestId('pvr-case')).toContainText(caseNo);
  await officerContext.close();
  await fieldContext.close();
});

test('the heat map renders offline, with the density of accounts awaiting a visit', async ({ page }) => {
  await offline(page);
  await openCollectionsIn(page, 'pvr.mumbai', 'RG-MUM');
  await page.goto('/collapp/heatMap');
  await expect(page.getByRole('heading', { level: 1, name: 'Heat Map' })).toBeVisible();
  await expect(page.getByTestId('heat-canvas')).toHaveAttribute('data-basemap', 'offline');
  await expect(page.getByTestId('heat-offline')).toBeVisible();
  // the basemap's country outlines and the density circles are drawn (SVG paths)
  await expect(page.locator('.leaflet-overlay-pane path.leaflet-interactive').first()).toBeVisible();
  expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(2);
  await expect(page.getByTestId('heat-summary')).toContainText('Accounts awaiting a visit:');
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await expect(page.getByTestId('heat-cells').getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('label', { hasText: 'Visits made' }).click();
  await expect(page).toHaveURL(/layer=visits/);
  await expect(page.getByTestId('heat-summary')).toContainText('Visits:');
});

test('the field collector works today’s plan: route order, map and marking a visit', async ({ page }) => {
  await offline(page);
  await openCollectionsIn(page, 'fc.andheri', 'BR-AND');
  await page.goto('/collapp/workPlanDtl');
  await expect(page.getByRole('heading', { level: 1, name: 'Work Plan' })).toBeVisible();
  const rows = page.getByTestId('plan-visit-row');
  await expect(rows).toHaveCount(8);
  await expect(page.getByTestId('plan-map-canvas')).toHaveAttribute('data-basemap', 'offline');
  await expect(page.getByTestId('team-plan-row')).toHaveCount(1);
  await expectNoAxeViolations(page);
  const planned = rows.filter({ hasText: 'Planned' }).first();
  const accountNo = (await planned.locator('td').nth(1).textContent())!;
  await planned.getByRole('button', { name: `Mark visit: ${accountNo}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Status/).selectOption({ label: 'Promise to pay' });
  await dialog.getByLabel(/^Remarks/).fill('Will pay on the 5th');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(rows.filter({ hasText: accountNo })).toContainText('Promise to pay');
  await expect(page.getByText('4 of 8 visits made')).toBeVisible();
});
