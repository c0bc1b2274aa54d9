import { expect, test } from '../support/test.ts';
import type { Page } from '@playwright/test';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { signInToApp } from '../support/session.ts';

// Issue 15 (assets): repo.pune opens the demo repossession case at Asset Detail Capture, changes its inventory (the
// odometer, a new line), adds a photo of the vehicle, yards it in with a yard of the register, fills the stage's dates
// and submits it ("Asset in yard"): the case moves on to Valuation Agency Allocation, where the Inventory tab is
// read-only. Axe on the Inventory and Yard tabs.
// Not covered yet (not built): the Yards and Agencies tabs of Repossession Settings, the agency picker.

type Tray = { data: { caseId: number; accountId: number; caseNo: string }[] };
type View = { case: { version: number; fields: Record<string, unknown> } };

// a 2 × 2 red PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a one-page PDF as a checklist document of the case, as the checklist's upload form does. */
async function uploadPdf(page: Page, caseId: number, code: string): Promise<number> {
  return page.evaluate(
    async ({ caseId, code }) => {
      const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}') as {
        access?: string;
        actingUnit?: number;
      };
      const form = new FormData();
      form.set('code', code);
      const pdf =
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF';
      form.set('file', new File([pdf], `${code}.pdf`, { type: 'application/pdf' }));
      const response = await fetch(`/api/workflow/cases/${caseId}/documents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${session.access ?? ''}`,
          'X-Acting-Unit': String(session.actingUnit ?? ''),
        },
        body: form,
      });
      return response.status;
    },
    { caseId, code },
  );
}

test('repo.pune: captures the inventory with a photo, yards the vehicle in and submits Asset Detail Capture', async ({
  page,
}) => {
  await signInToApp(page, { user: 'repo.pune', unit: 'RG-PUN', app: 'Repossession and Sarfaesi' });

  const tray = await callApi<Tray>(page, 'GET', '/api/workflow/REPOSSESSION/stages/AssetDtlCapture/cases?view=team');
  expect(tray.status, JSON.stringify(tray.body)).toBe(200);
  const target = tray.body.data[0]!;
  await page.goto(`/Repo/AssetDtlCapture/caseid/${target.caseId}/account/${target.accountId}`);
  const repoCase = new LegalCasePage(page);
  await repoCase.expectAt(target.caseNo, 'Asset Detail Capture');

  // The Inventory tab: the demo's capture, changed and saved; a photo added.
  await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
  const inventory = page.getByTestId('asset-inventory');
  const form = inventory.getByTestId('inventory-form');
  await expect(form).toBeVisible();
  await form.getByLabel(/^Odometer/).fill('45321');
  const lines = await form.getByTestId(/^inventory-line-/).count();
  await form.getByRole('button', { name: 'Add a line' }).click();
  const line = form.getByTestId(`inventory-line-${lines}`);
  await line.getByLabel(/^Item/).fill('First-aid kit');
  await line.getByLabel(/^Quantity/).fill('1');
  await form.getByRole('button', { name: 'Save the inventory' }).click();
  await expect(page.getByText('The inventory is saved.')).toBeVisible();
  const photos = inventory.getByTestId('inventory-photos');
  const before = await photos.getByRole('button', { name: /^Download / }).count();
  await inventory.locator('input[type="file"]').setInputFiles({ name: 'rear.png', mimeType: 'image/png', buffer: PNG });
  await inventory.getByTestId('inventory-photo-upload').click();
  await expect(photos.getByRole('button', { name: /^Download / })).toHaveCount(before + 1);
  await expect(inventory.getByTestId('inventory-status')).toHaveText('The inventory is complete.');
  await expectNoAxeViolations(page);

  // The Yard tab: yard-in with a yard of the register.
  await page.getByRole('tab', { name: 'Yard', exact: true }).click();
  const yard = page.getByTestId('yard-tab');
  await expect(yard.getByTestId('yard-current')).toHaveText('The vehicle is not in a yard.');
  const yardIn = yard.getByTestId('yard-in-form');
  const choose = yardIn.getByLabel(/^Yard \(from the register\)/);
  const option = await choose.locator('option', { hasText: 'Pune Yard 2' }).getAttribute('value');
  await choose.selectOption(option!);
  const view = await callApi<View>(page, 'GET', `/api/workflow/cases/${target.caseId}`);
  const today = new Date().toISOString().slice(0, 10);
  const shown = today.split('-').reverse().join('-');
  await yardIn.getByLabel(/^Yard-in date/).fill(shown);
  await yardIn.getByRole('button', { name: 'Record yard-in' }).click();
  await expect(yard.getByTestId('yard-current')).toContainText('In Pune Yard 2 since');
  await expectNoAxeViolations(page);

  // The stage's dates (today) and its checklist; the yard fields came from the yard-in.
  const fields = (await callApi<View>(page, 'GET', `/api/workflow/cases/${target.caseId}`)).body.case;
  expect(fields.fields).toMatchObject({ yardName: 'Pune Yard 2', yardInDate: today });
  expect(view.status).toBe(200);
  const saved = await callApi(page, 'POST', `/api/workflow/cases/${target.caseId}/fields`, {
    version: fields.version,
    fields: { repossessionDate: today, policePostIntimationDate: today, postRepoLetterDate: today },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const code of ['inventorySheet', 'policePostIntimation', 'postRepoLetter']) {
    expect(await uploadPdf(page, target.caseId, code)).toBe(200);
  }
  await page.reload();
  await repoCase.expectAt(target.caseNo, 'Asset Detail Capture');
  await page.getByRole('tab', { name: 'Case', exact: true }).click();
  await repoCase.act('Asset in yard', 'Vehicle in Pune Yard 2 with its inventory');
  await repoCase.expectAt(target.caseNo, 'Valuation Agency Allocation');

  // Read-only afterwards.
  await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
  await expect(page.getByTestId('inventory-details')).toContainText('45,321');
  await expect(page.getByTestId('inventory-form')).toHaveCount(0);
});
