import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { LegalDownloadPage } from '../pages/legal-download-page.ts';
import { LegalPoolAccountPage, LegalPoolPage } from '../pages/legal-pool-page.ts';
import { StageTrayPage } from '../pages/legal-stage-tray-page.ts';
import { callApi } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';
import {
  applyCaseAction,
  CASE_DOCUMENT_PDF,
  expectPdfDownload,
  fullNameOf,
  openLegalIn,
  uploadCaseDocument,
} from '../support/legal.ts';

test('a legal notice is generated as a PDF in bulk and from the case, kept on the case and listed in File Download', async ({
  browser,
}) => {
  const stamp = Date.now();

  // The officer starts the case in the UI, from the pool account's page (legalPool_tabView).
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await openLegalIn(officer, USERS.legalOfficer, 'RG-MUM');
  const pool = new LegalPoolPage(officer);
  await pool.openFromMenu();
  await pool.expectLoaded();
  const row = pool.rows.first();
  const accountNo = await pool.cellText(row, 'Account no');
  const accountTab = await pool.openAccount(row);
  expect(await accountTab.evaluate(() => window.name)).toBe('legalPool_tabView');
  await expect(accountTab).toHaveURL(/\/legal\/legalPool\/account\/\d+$/);
  const account = new LegalPoolAccountPage(accountTab);
  await account.expectLoaded(accountNo);
  const caseNo = await account.initiate('Civil suit for recovery', `Notice walk e2e ${stamp}`);
  await expect(account.openCase).toContainText(caseNo);
  await expect(account.openCase).toContainText('Initiate Legal');
  const accountId = /\/account\/(\d+)$/.exec(accountTab.url())?.[1];
  const openCase = await callApi<{ caseId: number }>(
    accountTab,
    'GET',
    `/api/workflow/LEGAL/accounts/${accountId}/open-case`,
  );
  expect(openCase.status).toBe(200);
  const caseId = openCase.body.caseId;
  await accountTab.close();

  // The stages before the notice go through the API, each as the user who holds its authority.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await openLegalIn(manager, USERS.legalManager, 'ZN-W');
  await uploadCaseDocument(officer, caseId, 'loanAgreement', CASE_DOCUMENT_PDF);
  await uploadCaseDocument(officer, caseId, 'statementOfAccount', CASE_DOCUMENT_PDF);
  await applyCaseAction(officer, caseId, { action: 'recommend', expectedStage: 'INITIATE', remarks: 'Recommend' });
  await applyCaseAction(manager, caseId, { action: 'approve', expectedStage: 'FILING_APPROVAL', remarks: 'Approved' });
  await applyCaseAction(officer, caseId, {
    action: 'submit',
    expectedStage: 'APPROVED_CASES',
    fields: { advocateName: 'Adv. Sunil Deshpande' },
  });
  await uploadCaseDocument(officer, caseId, 'authorisationLetter', CASE_DOCUMENT_PDF);
  await applyCaseAction(officer, caseId, {
    action: 'recommend',
    expectedStage: 'TEAM_TRAY',
    remarks: 'Summary ready',
    fields: { caseSummary: 'Recovery suit for the outstanding balance after the recall notice.' },
  });
  const stage = await applyCaseAction(manager, caseId, {
    action: 'approve',
    expectedStage: 'MANAGER',
    remarks: 'Send the notice',
  });
  expect(stage).toBe('NOTICE');
  await managerContext.close();

  // Bulk: the Send Legal Notice tray's "Generate notices" for the selected case downloads one PDF.
  const noticeTray = new StageTrayPage(officer);
  await noticeTray.openFromMenu('Send Legal Notice', /\/legal\/legalNotice$/);
  await noticeTray.search(caseNo);
  const bulk = await noticeTray.generateNotices([caseNo]);
  await expectPdfDownload(bulk);
  await expect(noticeTray.toasts()).toContainText('Notices generated: 1. The PDF has been downloaded.');

  // One case: "Generate notice" on the case screen (legalNotice_tabView).
  const caseTab = await noticeTray.openCase(caseNo);
  expect(await caseTab.evaluate(() => window.name)).toBe('legalNotice_tabView');
  await expect(caseTab).toHaveURL(/\/legal\/legalNotice\/caseid\/\d+\/account\/\d+$/);
  const noticeCase = new LegalCasePage(caseTab);
  await noticeCase.expectAt(caseNo, 'Send Legal Notice');
  await expectPdfDownload(await noticeCase.generateNotice());
  await expect(noticeCase.toasts()).toContainText('Notices generated: 1. The PDF has been downloaded.');

  // Both notices are on the case: the Document Checklist's demand notice, generated, by the officer, downloadable.
  await noticeCase.openTab('Document Checklist');
  const notices = noticeCase
    .checklistItem('noticeCopy')
    .getByRole('listitem')
    .filter({ hasText: `added by ${fullNameOf(USERS.legalOfficer)}` });
  await expect(notices).toHaveCount(2);
  for (const notice of await notices.all()) {
    await expect(notice).toContainText(/legal-notice-LGL-\d{4}-\d{6}-\d{4}-\d{2}-\d{2}\.pdf/);
    await expect(notice).toContainText('Generated');
  }
  await expect(noticeCase.checklistItem('noticeCopy')).not.toContainText('Not uploaded');
  const [fromChecklist] = await Promise.all([
    caseTab.waitForEvent('download'),
    notices
      .first()
      .getByRole('button', { name: /^Download / })
      .click(),
  ]);
  await expectPdfDownload(fromChecklist);

  // Case History records each generation with the officer's name.
  await noticeCase.openTab('Case History');
  const generated = noticeCase.historyEntries('Notice generated');
  await expect(generated).toHaveCount(2);
  for (const entry of await generated.all()) {
    await expect(entry).toContainText(`By ${fullNameOf(USERS.legalOfficer)} (${USERS.legalOfficer}), unit RG-MUM`);
    await expect(entry.getByTestId('history-remarks')).toHaveText(/^Remarks: Legal notice dated \d{2}-\d{2}-\d{4}$/);
  }

  // File Download lists the case's generated notices, and each downloads as the PDF.
  const downloads = new LegalDownloadPage(officer);
  await downloads.openFromMenu();
  await downloads.filter({ q: caseNo, document: 'Generated legal notices' });
  await expect(downloads.rows.filter({ hasText: fullNameOf(USERS.legalOfficer) })).toHaveCount(2);
  for (const listed of await downloads.rows.all()) {
    await expect(listed).toContainText(caseNo);
    await expect(listed).toContainText('Generated notice');
  }
  await expectPdfDownload(await downloads.download(downloads.rows.first()));
  await officerContext.close();
});
