import { expect, test } from '../support/test.ts';
import { LegalCasePage } from '../pages/legal-case-page.ts';
import { LegalPoolPage } from '../pages/legal-pool-page.ts';
import { StageTrayPage } from '../pages/legal-stage-tray-page.ts';
import { callApi } from '../support/collections.ts';
import { USERS } from '../support/demo-users.ts';
import { CASE_DOCUMENT_PDF, fullNameOf, openLegalIn } from '../support/legal.ts';

test('a legal officer initiates a case from the pool and recommends it; only the legal manager approves it; the Case History shows every step', async ({
  browser,
}) => {
  const stamp = Date.now();
  const initiateRemarks = `Initiated by e2e ${stamp}`;
  const note = `Borrower stopped paying after the recall notice (e2e ${stamp})`;
  const recommendRemarks = `Documents complete, recommend filing (e2e ${stamp})`;
  const approveRemarks = `Approved for filing (e2e ${stamp})`;

  // The maker: the Mumbai legal officer picks an eligible account from the pool and initiates a civil suit.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await openLegalIn(officer, USERS.legalOfficer, 'RG-MUM');
  const pool = new LegalPoolPage(officer);
  await pool.openFromMenu();
  await pool.expectLoaded();
  const row = pool.rows.first();
  await expect(row).toBeVisible();
  const accountNo = await pool.cellText(row, 'Account no');
  const branch = await pool.cellText(row, 'Branch');
  expect(['BR-AND', 'BR-THN']).toContain(branch);
  const balance = (await pool.cellText(row, 'Total balance outstanding')).replace(/[^\d.]/g, '');
  const caseNo = await pool.initiateSelected([row], 'Civil suit for recovery', initiateRemarks);
  // An account with an open legal case leaves the pool.
  await expect(pool.rows.filter({ hasText: accountNo })).toHaveCount(0);

  // The case waits in Initiate Legal (search view initiatelegal) and opens in initiateLegal_tabView.
  const initiateTray = new StageTrayPage(officer);
  await initiateTray.openFromMenu('Initiate Legal', /\/legal\/initiateLegal\?(.*&)?searchView=initiatelegal(&|$)/);
  await initiateTray.search(caseNo);
  await expect(initiateTray.rowOf(caseNo)).toContainText(accountNo);
  await expect(initiateTray.rowOf(caseNo).getByTestId('case-status')).toHaveText('Initiated');
  const initiateTab = await initiateTray.openCase(caseNo);
  expect(await initiateTab.evaluate(() => window.name)).toBe('initiateLegal_tabView');
  await expect(initiateTab).toHaveURL(/\/legal\/initiateLegal\/account\/\d+$/);
  const initiated = new LegalCasePage(initiateTab);
  await initiated.expectAt(caseNo, 'Initiate Legal');
  await expect(initiated.status()).toHaveText('Initiated');

  // The INITIATE form: the case type chosen in the pool and the claim (the balance outstanding) are prefilled.
  await expect(initiated.field('Case type')).toHaveValue('CIVIL_SUIT');
  await expect(initiated.field('Claim amount')).toHaveValue(balance);
  await expect(initiated.field('Initiation note')).toHaveValue(initiateRemarks);
  await initiated.field('Initiation note').fill(note);
  await initiated.save();

  // Recommending needs the loan agreement and the statement of account on the case.
  await expect(initiated.action('Recommend for filing')).toBeDisabled();
  await expect(initiated.actions).toContainText('Upload: Loan agreement, Statement of account.');
  const checklist = await initiated.openTab('Document Checklist');
  for (const [code, label] of [
    ['loanAgreement', 'Loan agreement'],
    ['statementOfAccount', 'Statement of account'],
  ] as const) {
    await expect(initiated.checklistItem(code)).toContainText('Not uploaded');
    await initiated.uploadDocument(label, CASE_DOCUMENT_PDF);
    await expect(initiated.checklistItem(code)).not.toContainText('Not uploaded');
    await expect(initiated.checklistItem(code)).toContainText('Uploaded');
    await expect(initiated.checklistItem(code)).toContainText(
      `case-document.pdf, added by ${fullNameOf(USERS.legalOfficer)}`,
    );
  }
  await expect(checklist.getByTestId('checklist-stage-INITIATE')).toContainText('Current stage');

  await initiated.openTab('Case');
  await expect(initiated.action('Recommend for filing')).toBeEnabled();
  await initiated.act('Recommend for filing', recommendRemarks);
  await initiated.expectAt(caseNo, 'Legal Filing Approval');
  await expect(initiated.status()).toHaveText('Recommended');

  // The maker holds no filing-approval authority: the actions are refused on the case, by the route and the API.
  for (const action of ['Approve', 'Reject', 'Pushback']) await expect(initiated.action(action)).toBeDisabled();
  await expect(initiated.actions).toContainText('You need access to Legal Filing Approval for this step.');
  const accountId = /\/account\/(\d+)$/.exec(initiateTab.url())?.[1];
  const openCase = await callApi<{ caseId: number }>(
    officer,
    'GET',
    `/api/workflow/LEGAL/accounts/${accountId}/open-case`,
  );
  expect(openCase.status).toBe(200);
  const current = await callApi<{ case: { version: number } }>(
    officer,
    'GET',
    `/api/workflow/cases/${openCase.body.caseId}`,
  );
  const ownApproval = await callApi(officer, 'POST', `/api/workflow/cases/${openCase.body.caseId}/actions`, {
    action: 'approve',
    version: current.body.case.version,
    expectedStage: 'FILING_APPROVAL',
    remarks: 'Approving my own recommendation',
  });
  expect(ownApproval.status).toBe(403);
  expect(ownApproval.body.error_code).toBe('AUTHORITY_MISSING');
  await officer.goto('/legal/legalFilingApproval');
  await expect(officer.getByTestId('toast-container')).toContainText('Access refused');
  await expect(officer).not.toHaveURL(/legalFilingApproval/);
  await officerContext.close();

  // The checker: the West zone legal manager approves it from Legal Filing Approval (Team View).
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await openLegalIn(manager, USERS.legalManager, 'ZN-W');
  const approvals = new StageTrayPage(manager);
  await approvals.openFromMenu('Legal Filing Approval', /\/legal\/legalFilingApproval$/);
  await expect(approvals.viewSwitch('Team View')).toBeChecked();
  await approvals.search(caseNo);
  await expect(approvals.rowOf(caseNo)).toContainText(fullNameOf(USERS.legalOfficer));
  await expect(approvals.rowOf(caseNo).getByTestId('case-status')).toHaveText('Recommended');
  const approvalTab = await approvals.openCase(caseNo);
  expect(await approvalTab.evaluate(() => window.name)).toBe('legalFilingApproval_tabView');
  await expect(approvalTab).toHaveURL(/\/legalFilingApproval\/caseid\/\d+\/account\/\d+$/);
  const approval = new LegalCasePage(approvalTab);
  await approval.expectAt(caseNo, 'Legal Filing Approval');
  await approval.act('Approve', approveRemarks);
  await approval.expectAt(caseNo, 'Approved Cases');
  await expect(approval.status()).toHaveText('Approved');

  // It now waits in Approved Cases with status Approved.
  const approved = new StageTrayPage(manager);
  await approved.openFromMenu('Approved Cases', /\/legal\/legalApprovedCase$/);
  await approved.switchToTeamView();
  await approved.search(caseNo);
  await expect(approved.rowOf(caseNo)).toHaveCount(1);
  await expect(approved.rowOf(caseNo).getByTestId('case-status')).toHaveText('Approved');

  // Case History: every step of the walk in order, with who did it and their remarks.
  await approval.openTab('Case History');
  const officerName = `By ${fullNameOf(USERS.legalOfficer)} (${USERS.legalOfficer}), unit RG-MUM`;
  const managerName = `By ${fullNameOf(USERS.legalManager)} (${USERS.legalManager}), unit ZN-W`;
  const steps: { label: string; actor: string; move: string; details?: string }[] = [
    { label: 'Case created', actor: officerName, move: '— → Legal Eligible Pool (Initiated)' },
    {
      label: 'Initiate Legal',
      actor: officerName,
      move: 'Legal Eligible Pool (Initiated) → Initiate Legal (Initiated)',
      details: `Remarks: ${initiateRemarks}`,
    },
    {
      label: 'Details saved',
      actor: officerName,
      move: 'Initiate Legal (Initiated)',
      details: `Initiation note: ${initiateRemarks} → ${note}`,
    },
    {
      label: 'Document added',
      actor: officerName,
      move: 'Initiate Legal (Initiated)',
      details: 'Loan agreement: — → case-document.pdf',
    },
    {
      label: 'Document added',
      actor: officerName,
      move: 'Initiate Legal (Initiated)',
      details: 'Statement of account: — → case-document.pdf',
    },
    {
      label: 'Recommend for filing',
      actor: officerName,
      move: 'Initiate Legal (Initiated) → Legal Filing Approval (Recommended)',
      details: `Remarks: ${recommendRemarks}`,
    },
    {
      label: 'Approve',
      actor: managerName,
      move: 'Legal Filing Approval (Recommended) → Approved Cases (Approved)',
      details: `Remarks: ${approveRemarks}`,
    },
  ];
  await expect(approval.history).toHaveCount(steps.length);
  for (const [index, step] of steps.entries()) {
    const entry = approval.history.nth(index);
    await expect(entry.locator('p').first()).toHaveText(step.label);
    await expect(entry.getByTestId('history-move')).toHaveText(step.move);
    await expect(entry).toContainText(step.actor);
    if (step.details) await expect(entry).toContainText(step.details);
  }
  await expect(approval.history.nth(0)).toContainText('Case type: — → Civil suit for recovery');
  await managerContext.close();
});
