import { expect, test } from '../support/test.ts';
import { AccountPage } from '../pages/account-page.ts';
import { TrayPage } from '../pages/tray-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { addDays, openCollectionsIn } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';

test('a telecaller filters the tray, opens an account in telecaller_tabView and records a PTP', async ({ page }) => {
  await openCollectionsIn(page, USERS.telecaller, 'BR-AND');
  const tray = new TrayPage(page);
  await tray.openFromMenu('Telecaller', /\/collapp\/telecaller$/);
  await tray.expectLoaded();

  await tray.filter({ dpdFrom: '31', dpdTo: '60', products: ['Auto'] });
  await expect(page).toHaveURL(/dpdFrom=31&dpdTo=60&products=AUTO/);
  await tray.expectLoaded();
  await expect(tray.rows.first()).toBeVisible();
  for (const dpd of await tray.columnTexts('DPD')) expect(Number(dpd)).toBeGreaterThanOrEqual(31);
  expect(new Set(await tray.columnTexts('DPD bucket'))).toEqual(new Set(['31–60']));
  expect(new Set(await tray.columnTexts('Product'))).toEqual(new Set(['Auto']));
  await expect(tray.range).toHaveText(/^Showing 1–\d+ of [\d,]+$/);
  await expectNoAxeViolations(page);

  // The state is in the address: a reload shows the same filtered tray.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'DPD from' })).toHaveValue('31');
  // The applied filters are also shown as removable chips.
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('DPD from: 31');
  await tray.expectLoaded();

  const popup = await tray.openFirstAccount();
  expect(await popup.evaluate(() => window.name)).toBe('telecaller_tabView');
  await expect(popup).toHaveURL(/\/collapp\/telecaller\/account\/\d+$/);
  const account = new AccountPage(popup);
  await account.expectLoaded();
  await expect(account.header).toContainText('(31–60)');
  await expectNoAxeViolations(popup);

  const followup = await account.openTab('Followup');
  const remarks = `Promised at e2e ${Date.now()}`;
  await account.recordFollowUp({
    contactMode: 'Call',
    disposition: 'PTP – Promise to pay',
    amount: '5000',
    nextActionDate: addDays(await account.businessDate(), 3),
    remarks,
    overrideReason: 'Borrower asked to be called at this hour',
  });
  const entry = account.history.getByRole('row').filter({ hasText: remarks });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Promise to pay');
  await expect(entry).toContainText('₹5,000.00');
  await expect(followup.getByTestId('ptp-table')).toContainText('₹5,000.00');
});
