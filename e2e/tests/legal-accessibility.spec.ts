import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { LegalPoolAccountPage, LegalPoolPage } from '../pages/legal-pool-page.ts';
import { StageTrayPage } from '../pages/legal-stage-tray-page.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { callApi } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';
import { CASE_DOCUMENT_PDF, openLegalIn } from '../support/legal.ts';

// The Delhi legal officer: the case this spec starts stays out of the Mumbai region the other legal specs work in.

test('WCAG 2.1 AA: legal dashboard, Legal Eligible Pool with its Initiate Legal dialog, and a pool account', async ({
  page,
}) => {
  await openLegalIn(page, USERS.legalOfficerDelhi, 'RG-DEL');
  await expect(page.getByTestId('dashboard-totals')).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(page);

  const pool = new LegalPoolPage(page);
  await pool.openFromMenu();
  await pool.expectLoaded();
  await expectNoAxeViolations(page);

  // A pool account in legalPool_tabView (its bounced-cheque table scrolls sideways in its column).
  const accountRow = pool.rows.first();
  const accountNo = await pool.cellText(accountRow, 'Account no');
  const accountTab = await pool.openAccount(accountRow);
  await new LegalPoolAccountPage(accountTab).expectLoaded(accountNo);
  await expect(accountTab.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(accountTab);
  await accountTab.close();

  await accountRow.getByRole('checkbox').check();
  await pool.bulkActions.getByRole('button', { name: 'Initiate Legal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Initiate Legal' });
  await expect(dialog.getByLabel(/^Case type/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('WCAG 2.1 AA: a stage tray and the case screen with each tab, an upload form and an action dialog', async ({
  page,
}) => {
  await openLegalIn(page, USERS.legalOfficerDelhi, 'RG-DEL');
  // A §138 case (the longest INITIATE form, and the cheque tab), started through the API on an eligible account.
  const pool = await callApi<{ data: { accountId: number }[] }>(page, 'GET', '/api/legal/pool?view=team&pageSize=10');
  expect(pool.status).toBe(200);
  const started = await callApi<{ cases: { caseNo: string }[] }>(page, 'POST', '/api/legal/pool/initiate', {
    accountIds: [pool.body.data[0]!.accountId],
    caseType: 'S138',
    remarks: 'Accessibility check',
  });
  expect(started.status).toBe(200);
  const caseNo = started.body.cases[0]!.caseNo;

  const tray = new StageTrayPage(page);
  await tray.openFromMenu('Initiate Legal', /\/legal\/initiateLegal\?(.*&)?searchView=initiatelegal(&|$)/);
  await tray.search(caseNo);
  await expect(tray.rowOf(caseNo)).toHaveCount(1);
  await expectNoAxeViolations(page);

  const caseTab = await tray.openCase(caseNo);
  const legalCase = new LegalCasePage(caseTab);
  await legalCase.expectAt(caseNo, 'Initiate Legal');
  await expect(legalCase.field('Cheque number')).toBeVisible();
  await expect(caseTab.locator('h1')).toHaveCount(1);
  await expectNoAxeViolations(caseTab);

  await legalCase.openTab('Bounce Cheque Details');
  await expectNoAxeViolations(caseTab);

  // The checklist with an uploaded and a missing document, and an open upload form.
  await legalCase.openTab('Document Checklist');
  await legalCase.uploadDocument('Loan agreement', CASE_DOCUMENT_PDF);
  await expect(legalCase.checklistItem('loanAgreement')).not.toContainText('Not uploaded');
  await expect(legalCase.checklistItem('statementOfAccount')).toContainText('Not uploaded');
  await caseTab.getByRole('button', { name: 'Upload Statement of account' }).click();
  await expect(caseTab.getByRole('form', { name: 'Upload Statement of account' })).toBeVisible();
  await expectNoAxeViolations(caseTab);

  await legalCase.openTab('Case History');
  await expect(legalCase.historyEntries('Document added')).toHaveCount(1);
  await expectNoAxeViolations(caseTab);

  await legalCase.openTab('Case');
  await legalCase.action('Decline').click();
  const decline = caseTab.getByRole('dialog', { name: 'Decline' });
  await expect(decline.getByLabel(/^Remarks/)).toBeFocused();
  await expectNoAxeViolations(caseTab);
  await decline.getByRole('button', { name: 'Close' }).click();
  await expect(decline).toBeHidden();
});
