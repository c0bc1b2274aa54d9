import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { poolPageSchemaForTest } from './schemas.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, errorOf, readAccount, type Api, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  actOk,
  addCaseDocument,
  caseView,
  createBouncedCheque,
  createLegalStaff,
  createPoolAccount,
  initiateS138,
  MANAGER_AUTHORITIES,
  OFFICER_AUTHORITIES,
  resetLegalSettings,
  setBusinessDate,
  walkToNotice,
} from './factories.ts';

// The legal workflow end to end through HTTP, as the officer and the manager work it: pool → initiate → filing
// approval → approved cases → team tray → manager → notice → case filing → court case update ⇄ approval → a final
// order that closes the case; and a second case withdrawn on settlement, whose account returns to the pool.

describe.each(testDatabaseKinds())('legal workflow walk (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;
  let manager: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES), org.branch);
    manager = await apiAs(t, await createLegalStaff(handle.db, org.branch, MANAGER_AUTHORITIES), org.branch);
  });
  afterEach(async () => {
    await resetLegalSettings(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('walks an S138 case from the pool to a final order, every step in the case history', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch, customerName: 'Asha Kulkarni' });
    await createBouncedCheque(handle.db, account.id);

    const { caseId, caseNo } = await initiateS138(officer, account.id);
    expect(caseNo).toMatch(/^LGL\/2026\/\d{6}$/);
    let view = await caseView(officer, caseId);
    expect(view.case).toMatchObject({ stage: 'INITIATE', status: 'Initiated', definitionVersion: 1 });

    view = await walkToNotice(officer, manager, caseId);
    const notice = view.documents.find((document) => document.code === 'noticeCopy');
    expect(notice).toMatchObject({ isGenerated: true, mimeType: 'application/pdf', stage: 'NOTICE' });

    // Send Legal Notice: the notice goes by speed post with its receipt.
    await addCaseDocument(officer, caseId, 'postalReceipt');
    await actOk(
      officer,
      caseId,
      'submit',
      { stage: 'CASE_FILING', status: 'Approved' },
      {
        fields: {
          noticeMode: 'SPEED_POST',
          noticeDate: BUSINESS_DATE,
          noticeSentDate: BUSINESS_DATE,
          trackingNumber: 'EM123456789IN',
        },
      },
    );

    // Case filing: served on 2 April, so the complaint may be filed from 18 April (15 days to pay, §138(c)).
    await setBusinessDate(handle.db, '2026-04-05');
    for (const code of ['serviceProof', 'filedComplaint', 'affidavitOfEvidence']) {
      await addCaseDocument(officer, caseId, code);
    }
    const filing = {
      serviceStatus: 'SERVED',
      noticeServedDate: '2026-04-02',
      courtType: 'JMFC',
      court: 'MH-MUM-JMFC-12',
      filingDate: '2026-04-05',
      caseNumber: 'SCC/1234/2026',
      cnr: 'MHMM110012342026',
      nextHearingDate: '2026-05-05',
    };
    const early = await act(officer, caseId, 'submit', { fields: filing });
    expect(early.statusCode, early.body).toBe(409);
    expect(errorOf(early).code).toBe('TOO_EARLY');
    expect(early.json()).toMatchObject({ rule: 'S138_COMPLAINT_EARLIEST', earliest: '2026-04-18' });

    await setBusinessDate(handle.db, '2026-04-20');
    await actOk(
      officer,
      caseId,
      'submit',
      { stage: 'COURT_CASE_UPDATE', status: 'Approved' },
      { fields: { ...filing, filingDate: '2026-04-20' } },
    );
    expect((await readAccount(handle.db, account.id)).isOnHold).toBe(true);

    // The first hearing is adjourned; the manager approves the update and the case waits for the next date.
    await setBusinessDate(handle.db, '2026-05-06');
    await actOk(
      officer,
      caseId,
      'recommend',
      { stage: 'COURT_UPDATE_APPROVAL', status: 'Recommended' },
      {
        fields: {
          hearingDate: '2026-05-05',
          courtStage: 'EVIDENCE',
          outcome: 'ADJOURNED',
          nextHearingDate: '2026-05-20',
        },
      },
    );
    await actOk(manager, caseId, 'approve', { stage: 'COURT_CASE_UPDATE', status: 'Approved' });

    // The next hearing ends in a conviction: the final order's approval closes the case and releases the hold.
    await setBusinessDate(handle.db, '2026-05-21');
    await addCaseDocument(officer, caseId, 'judgmentCopy');
    await actOk(
      officer,
      caseId,
      'recommend',
      { stage: 'COURT_UPDATE_APPROVAL', status: 'Recommended' },
      { fields: { hearingDate: '2026-05-20', courtStage: 'JUDGMENT', outcome: 'CONVICTED' } },
    );
    view = await actOk(manager, caseId, 'approve', { stage: 'COURT_UPDATE_APPROVAL', status: 'Closed' });
    expect(view.case.isClosed).toBe(true);
    expect((await readAccount(handle.db, account.id)).isOnHold).toBe(false);

    const steps = view.history
      .filter((event) => event.action !== 'DOCUMENT_ADDED')
      .map((event) => `${event.action}:${event.toStage}:${event.toStatus}`);
    expect(steps).toEqual([
      'CREATE:POOL:Initiated',
      'submit:INITIATE:Initiated',
      'recommend:FILING_APPROVAL:Recommended',
      'approve:APPROVED_CASES:Approved',
      'submit:TEAM_TRAY:Approved',
      'recommend:MANAGER:Recommended',
      'approve:NOTICE:Approved',
      'submit:CASE_FILING:Approved',
      'submit:COURT_CASE_UPDATE:Approved',
      'recommend:COURT_UPDATE_APPROVAL:Recommended',
      'approve:COURT_CASE_UPDATE:Approved',
      'recommend:COURT_UPDATE_APPROVAL:Recommended',
      'approve:COURT_UPDATE_APPROVAL:Closed',
    ]);
    const approvalIntoNotice = view.history.find((event) => event.toStage === 'NOTICE');
    expect(approvalIntoNotice?.effects).toContain('generateLegalNotice');
  });

  it('withdraws a case on settlement; the account returns to the pool', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    await createBouncedCheque(handle.db, account.id);
    const { caseId } = await initiateS138(officer, account.id);
    const inPool = async () =>
      poolPageSchemaForTest
        .parse((await officer.get(`/api/legal/pool?q=${account.accountNo}`)).json())
        .data.some((row) => row.accountId === account.id);
    expect(await inPool()).toBe(false);

    await walkToNotice(officer, manager, caseId);
    await actOk(
      officer,
      caseId,
      'withdraw',
      { stage: 'WITHDRAWAL', status: 'Recommended' },
      { fields: { withdrawalReason: 'PAID_IN_FULL' }, remarks: 'Borrower paid the cheque amount in full' },
    );
    const view = await actOk(manager, caseId, 'approve', { stage: 'WITHDRAWAL', status: 'Withdrawn' });
    expect(view.case.isClosed).toBe(true);
    expect(view.history.at(-1)).toMatchObject({ action: 'approve', fromStage: 'WITHDRAWAL', toStatus: 'Withdrawn' });
    expect(await inPool()).toBe(true);

    const detail = await officer.get(`/api/legal/pool/accounts/${account.id}`);
    expect(detail.json()).toMatchObject({ ineligibility: [], openCase: null });
    const openCase = await officer.get(`/api/workflow/LEGAL/accounts/${account.id}/open-case`);
    expect(openCase.statusCode).toBe(404);
  });
});
