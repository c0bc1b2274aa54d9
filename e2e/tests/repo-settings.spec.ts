import { expect, test } from '../support/test.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15 (web): Repossession Settings → Yards and Agencies. admin.west (ZN-W, REPO_SETTINGS_SAUTH, no sign-in code on
// the e2e server) adds a yard and an agency; the tab on show is in the address, so a reload keeps it. Axe on each tab.

test('admin.west: adds a yard and an agency in the registers of Repossession Settings', async ({ page }) => {
  const suffix = String(Date.now()).slice(-6);
  await signInToApp(page, { user: 'admin.west', unit: 'ZN-W', app: 'Repossession and Sarfaesi' });
  await page.goto('/Repo/Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession Settings' })).toBeVisible();

  // Yards: the demo's yards are listed; a new one is added through the dialog (an empty capacity is refused first).
  await page.getByRole('tab', { name: 'Yards' }).click();
  await expect(page).toHaveURL(/\?tab=yards$/);
  await expect(page.getByTestId('yards-table')).toBeVisible();
  await expectNoAxeViolations(page);
  const yardName = `E2E Yard ${suffix}`;
  await page.getByTestId('add-yard').click();
  const yardForm = page.getByTestId('yard-form');
  await yardForm.getByLabel(/^Name/).fill(yardName);
  await yardForm.getByLabel(/^Address/).fill('Plot 12, MIDC Bhosari, Pune');
  await yardForm.getByRole('button', { name: 'Save yard' }).click();
  await expect(yardForm.getByLabel(/^Capacity/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await yardForm.getByLabel(/^Capacity/).fill('25');
  await yardForm.getByRole('button', { name: 'Save yard' }).click();
  await expect(yardForm).toBeHidden();
  const yardRow = page.getByTestId('yards-table').getByRole('row', { name: new RegExp(yardName) });
  await expect(yardRow).toContainText('25');
  await expect(yardRow).toContainText('Active');

  // The reload keeps the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Yards' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('yards-table').getByRole('row', { name: new RegExp(yardName) })).toBeVisible();

  // Agencies: filtered by kind in the address; a new auction agency is added.
  await page.getByRole('tab', { name: 'Agencies' }).click();
  await expect(page.getByTestId('agencies-table')).toBeVisible();
  await expectNoAxeViolations(page);
  const agencyName = `E2E Auctions ${suffix}`;
  await page.getByTestId('add-agency').click();
  const agencyForm = page.getByTestId('agency-form');
  await agencyForm.getByLabel(/^Kind/).selectOption('AUCTION');
  await agencyForm.getByLabel(/^Name/).fill(agencyName);
  await agencyForm.getByLabel(/^Registration no\./).fill(`AU-${suffix}`);
  await agencyForm.getByLabel(/^Empanelled until/).fill('31/12/2030');
  await agencyForm.getByLabel(/^Contact/).fill('Auction desk, 020 5555 0000');
  await expectNoAxeViolations(page);
  await agencyForm.getByRole('button', { name: 'Save agency' }).click();
  await expect(agencyForm).toBeHidden();
  await page.getByLabel('Show agencies of kind').selectOption('AUCTION');
  await expect(page).toHaveURL(/kind=AUCTION/);
  const agencyRow = page.getByTestId('agencies-table').getByRole('row', { name: new RegExp(agencyName) });
  await expect(agencyRow).toContainText('Auction');
  await expect(agencyRow).toContainText(`AU-${suffix}`);
  await expect(agencyRow).toContainText('Active');
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // A new repossession agency cannot be allocated until its authorisation letter is on file: file one, download it.
  const repoAgency = `E2E Recovery ${suffix}`;
  await page.getByLabel('Show agencies of kind').selectOption('REPOSSESSION');
  await page.getByTestId('add-agency').click();
  await agencyForm.getByLabel(/^Kind/).selectOption('REPOSSESSION');
  await agencyForm.getByLabel(/^Name/).fill(repoAgency);
  await agencyForm.getByLabel(/^Registration no\./).fill(`RA-${suffix}`);
  await agencyForm.getByLabel(/^Empanelled until/).fill('31/12/2030');
  await agencyForm.getByLabel(/^Contact/).fill('Field desk, 020 5555 0001');
  await agencyForm.getByRole('button', { name: 'Save agency' }).click();
  await expect(agencyForm).toBeHidden();
  const repoRow = page.getByTestId('agencies-table').getByRole('row', { name: new RegExp(repoAgency) });
  await expect(repoRow.getByTestId('agency-letter-missing')).toHaveText('Not on file');
  await expect(repoRow).toContainText('Required: a repossession agency cannot be allocated without it');
  const chooser = page.waitForEvent('filechooser');
  await repoRow.getByRole('button', { name: `Upload letter: ${repoAgency}` }).click();
  await (
    await chooser
  ).setFiles({
    name: 'authorisation-letter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  const download = repoRow.getByRole('button', { name: 'Download authorisation-letter.pdf' });
  await expect(download).toBeVisible();
  await expect(repoRow.getByTestId('agency-letter-missing')).toHaveCount(0);
  const saved = page.waitForEvent('download');
  await download.click();
  expect((await saved).suggestedFilename()).toBe('authorisation-letter.pdf');
  await expectNoAxeViolations(page);
});

// Templates: every repossession and SARFAESI document; admin.west edits the e-auction notice with a placeholder,
// previews it with sample values (the PDF from the server), saves it, and restores the built-in text.
test('admin.west: edits, previews, saves and restores a document template in Repossession Settings', async ({
  page,
}) => {
  await signInToApp(page, { user: 'admin.west', unit: 'ZN-W', app: 'Repossession and Sarfaesi' });
  await page.goto('/Repo/Settings');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\?tab=templates$/);
  const documents = page.getByRole('tablist', { name: 'Documents' });
  await expect(documents.getByRole('tab')).toHaveCount(14);
  await expectNoAxeViolations(page);

  const notice = documents.getByRole('tab', { name: /SARFAESI: e-auction sale notice/ });
  await notice.click();
  const panel = page.getByTestId('template-SARF_AUCTION_NOTICE');
  const title = panel.getByLabel(/^Title: SARFAESI: e-auction sale notice/);
  await title.fill('E-auction of lot ');
  await title.press('End');
  // the placeholder goes into the text at the caret
  const body = panel.getByLabel(/^Text: SARFAESI: e-auction sale notice/);
  await body.fill('Lot ');
  await body.press('End');
  await page.getByTestId('placeholders-SARF_AUCTION_NOTICE').getByRole('button', { name: '{{lotNo}}' }).click();
  await expect(body).toHaveValue('Lot {{lotNo}}');
  await title.fill('E-auction of lot {{lotNo}}');

  await panel.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('template-preview');
  await expect(preview.getByTestId('template-preview-title')).toHaveText('E-auction of lot 3');
  await expect(preview).toContainText('Lot 3');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download the preview' }).click();
  expect((await download).suggestedFilename()).toBe('sarf-auction-notice-preview.pdf');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Save templates' }).click();
  await expect(notice).toContainText('Edited');
  await page.reload();
  await expect(page.getByTestId('template-tabs').getByRole('tab', { name: /e-auction sale notice/ })).toContainText(
    'Edited',
  );

  await page.getByRole('tab', { name: /SARFAESI: e-auction sale notice/ }).click();
  await page
    .getByTestId('template-SARF_AUCTION_NOTICE')
    .getByRole('button', { name: 'Restore the built-in text' })
    .click();
  await expect(page.getByTestId('template-SARF_AUCTION_NOTICE').getByLabel(/^Title:/)).toHaveValue(
    /^E-auction sale notice for the sale of immovable property/,
  );
  await page.getByRole('button', { name: 'Save templates' }).click();
  await expect(page.getByRole('tab', { name: /SARFAESI: e-auction sale notice/ })).toContainText('Built-in text');
  await expectNoAxeViolations(page);
});
