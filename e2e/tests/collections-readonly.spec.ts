import { expect, test } from '../support/test.ts';
import { AccountPage } from '../pages/account-page.ts';
import { TrayPage } from '../pages/tray-page.ts';
import { callApi, openCollectionsIn } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';

test('a read-only tab cannot be edited: no edit controls, no follow-up form, and the server refuses', async ({
  page,
}) => {
  await openCollectionsIn(page, USERS.readOnlyTelecaller, 'BR-AND');
  const tray = new TrayPage(page);
  await tray.openFromMenu('Telecaller', /\/collapp\/telecaller$/);
  await tray.switchToTeamView();
  const popup = await tray.openFirstAccount();
  expect(await popup.evaluate(() => window.name)).toBe('telecaller_tabView');
  const account = new AccountPage(popup);
  await account.expectLoaded();

  for (const tab of ['Contact', 'Address']) {
    const panel = await account.openTab(tab);
    await expect(panel.getByTestId('read-only-badge')).toHaveText('Read only');
    await expect(panel.getByRole('table')).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  }
  const followup = await account.openTab('Followup');
  await expect(followup.getByTestId('read-only-badge')).toBeVisible();
  await expect(account.history).toBeVisible();
  await expect(account.followUpForm).toHaveCount(0);
  await expect(followup.getByTestId('upload-form')).toHaveCount(0);

  const accountId = /\/account\/(\d+)/.exec(popup.url())?.[1];
  const refused = await callApi(popup, 'POST', `/api/collections/accounts/${accountId}/follow-ups?tray=telecaller`, {
    contactMode: 'SMS',
    dispositionCode: 'RNR',
  });
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error_code: 'TAB_READ_ONLY' }) });
});
