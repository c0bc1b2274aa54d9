import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { caseViewSchema, type CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { LEGAL_S138_CASE, LEGAL_WITHDRAWAL_FIELDS } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { readAccount } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, latestMailTo, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  BUSINESS_DATE,
  caseView,
  createLegalCase,
  createLegalOrg,
  createLegalStaff,
  errorOf,
  grantAuthorities,
  rows,
  setBusinessDate,
  stageValues,
  uploadDocument,
  type Api,
  type LegalCaseContext,
} from './factories.ts';

describe.each(testDatabaseKinds())('workflow actions (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function context(): Promise<LegalCaseContext & { managerApi: Api }> {
    const org = await createLegalOrg(handle.db);
    return {
      t,
      org,
      officerApi: await apiAs(t, org.officer, org.branch),
      managerApi: await apiAs(t, org.manager, org.zone),
    };
  }

  /** A successful action's case view, checked against the contract. */
  async function ok(response: { statusCode: number; body: string; json: <T>() => T }): Promise<CaseView> {
    expect(response.statusCode, response.body).toBe(200);
    return caseViewSchema.parse(response.json()) as CaseView;
  }

  const holdRows = (accountId: number) =>
    rows<{ action: string; reason: string }>(
      handle.db,
      sql`select action, reason from account_restrictions where account_id = ${accountId} order by id`,
    );
  const reminders = (caseId: number) =>
    rows<{ kind: string; dueOn: string; remindOn: string; status: string }>(
      handle.db,
      sql`select kind, due_on as "dueOn", remind_on as "remindOn", status from case_reminders
        where case_id = ${caseId} order by id`,
    );

  it('walks a §138 case from initiation through notice, filing and hearings to the final order', async () => {
    const ctx = await context();
    const { officerApi, managerApi } = ctx;
    // An empty INITIATE form: recommending names every missing field.
    const fresh = await createLegalCase(ctx, { stage: 'INITIATE' });
    const missing = await act(officerApi, fresh.caseId, 'recommend');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual(expect.arrayContaining(['fields.claimAmount', 'fields.chequeNumber']));

    const walked = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    let view = await caseView(managerApi, walked.caseId);
    expect(view.case).toMatchObject({
      stage: 'FILING_APPROVAL',
      status: 'Recommended',
      makerUserId: ctx.org.officer.id,
    });
    expect(view.case.makerName).toBe('Leela Officer');

    view = await ok(await act(managerApi, walked.caseId, 'approve', { remarks: 'Documents in order' }));
    expect(view.case).toMatchObject({ stage: 'APPROVED_CASES', status: 'Approved', makerUserId: null });

    view = await ok(
      await act(officerApi, walked.caseId, 'submit', { fields: stageValues('APPROVED_CASES', LEGAL_S138_CASE) }),
    );
    expect(view.case.stage).toBe('TEAM_TRAY');

    for (const code of ['authorisationLetter'])
      expect((await uploadDocument(officerApi, walked.caseId, code)).statusCode).toBe(200);
    view = await ok(
      await act(officerApi, walked.caseId, 'recommend', { fields: stageValues('TEAM_TRAY', LEGAL_S138_CASE) }),
    );
    expect(view.case).toMatchObject({ stage: 'MANAGER', status: 'Recommended' });

    view = await ok(await act(managerApi, walked.caseId, 'approve'));
    expect(view.case).toMatchObject({ stage: 'NOTICE', status: 'Approved' });
    const approveEvent = view.history.at(-1)!;
    expect(approveEvent).toMatchObject({ action: 'approve', fromStage: 'MANAGER', toStage: 'NOTICE' });
    expect(approveEvent.effects).toEqual(['generateLegalNotice']);
    const notice = view.documents.find((document) => document.code === 'noticeCopy');
    expect(notice).toMatchObject({ isGenerated: true, mimeType: 'application/pdf' });
    const pdf = await managerApi.get(`/api/workflow/cases/${walked.caseId}/documents/${notice!.documentId}/content`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await uploadDocument(officerApi, walked.caseId, 'postalReceipt')).statusCode).toBe(200);
    view = await ok(await act(officerApi, walked.caseId, 'submit', { fields: stageValues('NOTICE', LEGAL_S138_CASE) }));
    expect(view.case.stage).toBe('CASE_FILING');
    const account = await readAccount(handle.db, walked.account.id);
    expect(account.isOnHold).toBe(false);

    for (const code of ['serviceProof', 'filedComplaint', 'affidavitOfEvidence']) {
      expect((await uploadDocument(officerApi, walked.caseId, code)).statusCode).toBe(200);
    }
    view = await ok(
      await act(officerApi, walked.caseId, 'submit', { fields: stageValues('CASE_FILING', LEGAL_S138_CASE) }),
    );
    expect(view.case).toMatchObject({ stage: 'COURT_CASE_UPDATE', status: 'Approved' });
    expect(view.history.at(-1)!.effects).toEqual(['placeLegalHold', 'scheduleHearingReminder']);
    expect(view.account.isOnHold).toBe(true);
    expect(await holdRows(walked.account.id)).toEqual([{ action: 'START', reason: 'Legal sub-judice' }]);
    expect(await reminders(walked.caseId)).toEqual([
      { kind: 'HEARING', dueOn: '2026-04-14', remindOn: '2026-04-12', status: 'OPEN' },
    ]);

    view = await ok(
      await act(officerApi, walked.caseId, 'recommend', { fields: stageValues('COURT_CASE_UPDATE', LEGAL_S138_CASE) }),
    );
    expect(view.case).toMatchObject({ stage: 'COURT_UPDATE_APPROVAL', status: 'Recommended' });

    // An interim outcome (adjourned): back to the court update with a reminder for the next hearing.
    view = await ok(await act(managerApi, walked.caseId, 'approve'));
    expect(view.case).toMatchObject({ stage: 'COURT_CASE_UPDATE', status: 'Approved' });
    expect(view.history.at(-1)).toMatchObject({ action: 'approve', effects: ['scheduleHearingReminder'] });
    expect(await reminders(walked.caseId)).toEqual([
      { kind: 'HEARING', dueOn: '2026-04-14', remindOn: '2026-04-12', status: 'CANCELLED' },
      { kind: 'HEARING', dueOn: '2026-04-14', remindOn: '2026-04-12', status: 'OPEN' },
    ]);

    // The final order: a judgment copy, then the approval closes the case and releases the hold.
    expect((await uploadDocument(officerApi, walked.caseId, 'judgmentCopy')).statusCode).toBe(200);
    view = await ok(
      await act(officerApi, walked.caseId, 'recommend', {
        fields: { hearingDate: '2026-03-30', courtStage: 'JUDGMENT', outcome: 'CONVICTED' },
      }),
    );
    view = await ok(await act(managerApi, walked.caseId, 'approve', { remarks: 'Conviction recorded' }));
    expect(view.case).toMatchObject({ status: 'Closed', isClosed: true, dueOn: null });
    expect(view.availableActions).toEqual([]);
    expect(view.editableFields).toEqual([]);
    expect(view.account.isOnHold).toBe(false);
    expect(view.history.at(-1)).toMatchObject({ action: 'approve', toStatus: 'Closed', effects: ['releaseLegalHold'] });
    expect(await holdRows(walked.account.id)).toEqual([
      { action: 'START', reason: 'Legal sub-judice' },
      { action: 'END', reason: 'Legal sub-judice' },
    ]);
    expect((await reminders(walked.caseId)).map((reminder) => reminder.status)).toEqual(['CANCELLED', 'CANCELLED']);
    const [closed] = await rows<{ closedOn: string }>(
      handle.db,
      sql`select closed_on as "closedOn" from cases where id = ${walked.caseId}`,
    );
    expect(closed!.closedOn).toBe(BUSINESS_DATE);

    // Closed: nothing more.
    const after = await managerApi.post(`/api/workflow/cases/${walked.caseId}/actions`, {
      action: 'approve',
      version: view.case.version,
      expectedStage: view.case.stage,
    });
    expect(errorOf(after).code).toBe('CASE_CLOSED');
  });

  it('withdrawal detour: approval closes the case as Withdrawn; rejection returns it to the stage it came from', async () => {
    const ctx = await context();
    const { officerApi, managerApi } = ctx;
    const first = await createLegalCase(ctx, { stage: 'NOTICE' });

    const noReason = await act(officerApi, first.caseId, 'withdraw', { remarks: 'Settled' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields).toEqual(['fields.withdrawalReason']);

    let view = await ok(
      await act(officerApi, first.caseId, 'withdraw', { remarks: 'Borrower settled', fields: LEGAL_WITHDRAWAL_FIELDS }),
    );
    expect(view.case).toMatchObject({
      stage: 'WITHDRAWAL',
      status: 'Recommended',
      returnStage: 'NOTICE',
      makerUserId: ctx.org.officer.id,
    });
    const noLetter = await act(managerApi, first.caseId, 'approve');
    expect(noLetter.statusCode).toBe(400);
    expect(errorOf(noLetter)).toMatchObject({ code: 'DOCUMENT_MISSING' });
    expect(errorOf(noLetter).body.documents).toBe('settlementLetter');
    expect((await uploadDocument(managerApi, first.caseId, 'settlementLetter')).statusCode).toBe(200);
    view = await ok(await act(managerApi, first.caseId, 'approve'));
    expect(view.case).toMatchObject({ stage: 'WITHDRAWAL', status: 'Withdrawn', isClosed: true, returnStage: null });
    expect(view.history.at(-1)).toMatchObject({
      action: 'approve',
      toStatus: 'Withdrawn',
      effects: ['releaseLegalHold'],
    });

    const second = await createLegalCase(ctx, { stage: 'NOTICE' });
    await ok(
      await act(officerApi, second.caseId, 'withdraw', {
        remarks: 'Borrower settled',
        fields: LEGAL_WITHDRAWAL_FIELDS,
      }),
    );
    const withoutRemarks = await act(managerApi, second.caseId, 'reject');
    expect(errorOf(withoutRemarks)).toMatchObject({ code: 'VALIDATION', fields: ['remarks'] });
    view = await ok(await act(managerApi, second.caseId, 'reject', { remarks: 'Settlement amount not received' }));
    expect(view.case).toMatchObject({ stage: 'NOTICE', status: 'Rejected', returnStage: null, makerUserId: null });
    expect(view.history.at(-1)).toMatchObject({
      action: 'reject',
      fromStage: 'WITHDRAWAL',
      toStage: 'NOTICE',
      remarks: 'Settlement amount not received',
      effects: ['notifyMaker'],
    });
    const mail = await latestMailTo(handle.db, ctx.org.officer.email);
    expect(mail).toMatchObject({ subject: `Case ${second.caseNo}: Reject withdrawal` });
    expect(mail!.body).toContain('Settlement amount not received');
    expect(mail!.body).toContain('stage Send Legal Notice with status Rejected');

    // A maker who signs in in Hindi gets the decision in Hindi, whatever language the checker works in.
    await handle.db.execute(sql`update users set language = 'hi' where id = ${ctx.org.officer.id}`);
    const third = await createLegalCase(ctx, { stage: 'NOTICE' });
    await ok(
      await act(officerApi, third.caseId, 'withdraw', { remarks: 'Borrower settled', fields: LEGAL_WITHDRAWAL_FIELDS }),
    );
    await ok(await act(managerApi, third.caseId, 'reject', { remarks: 'Settlement amount not received' }));
    const hindi = await latestMailTo(handle.db, ctx.org.officer.email);
    expect(hindi!.subject.startsWith(`मामला ${third.caseNo}: `)).toBe(true);
    expect(hindi!.body).toContain('Settlement amount not received');
    // Back at the notice stage the officer works on: the notice can still go out.
    expect(view.availableActions.map((action) => action.name)).toEqual(['submit', 'withdraw']);
  });

  it('refuses actions with the reason and what to do', async () => {
    const ctx = await context();
    const { officerApi, managerApi, org } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const url = `/api/workflow/cases/${legal.caseId}/actions`;
    const view = await caseView(managerApi, legal.caseId);
    const base = { version: view.case.version, expectedStage: 'FILING_APPROVAL' };

    const wrongAuthority = await officerApi.post(url, { ...base, action: 'approve' });
    expect(wrongAuthority.statusCode).toBe(403);
    expect(errorOf(wrongAuthority)).toMatchObject({ code: 'AUTHORITY_MISSING' });
    expect(errorOf(wrongAuthority).detail).toContain('Legal Filing Approval');
    expect(errorOf(wrongAuthority).detail).not.toContain('LEGAL_FILE_APP_SAUTH');

    const stale = await managerApi.post(url, { ...base, version: base.version - 1, action: 'approve' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const wrongStage = await managerApi.post(url, { ...base, expectedStage: 'INITIATE', action: 'approve' });
    expect(wrongStage.statusCode).toBe(409);
    expect(errorOf(wrongStage)).toMatchObject({ code: 'WRONG_STAGE' });
    expect(errorOf(wrongStage).detail).toContain('Reload');

    const notOffered = await managerApi.post(url, { ...base, action: 'close' });
    expect(notOffered.statusCode).toBe(409);
    expect(errorOf(notOffered).code).toBe('ACTION_NOT_ALLOWED');

    const notEditable = await managerApi.post(url, { ...base, action: 'approve', fields: { advocateName: 'X Y' } });
    expect(notEditable.statusCode).toBe(400);
    expect(errorOf(notEditable).fields).toEqual(['fields.advocateName']);

    const noReason = await managerApi.post(url, { ...base, action: 'reject', remarks: 'Time barred' });
    expect(errorOf(noReason)).toMatchObject({ code: 'VALIDATION', fields: ['fields.rejectionReason'] });
    const badReason = await managerApi.post(url, {
      ...base,
      action: 'reject',
      remarks: 'Time barred',
      fields: { rejectionReason: 'BORED' },
    });
    expect(errorOf(badReason).fields).toEqual(['fields.rejectionReason']);

    const foreignOfficer = await createLegalStaff(handle.db, org.foreign, ['LEGAL_FILE_APP_SAUTH']);
    const foreignApi = await apiAs(t, foreignOfficer, org.foreign);
    const otherUnit = await foreignApi.post(url, { ...base, action: 'approve' });
    expect(otherUnit.statusCode).toBe(404);
    expect(errorOf(otherUnit).code).toBe('NOT_FOUND');
    expect((await foreignApi.get(`/api/workflow/cases/${legal.caseId}`)).statusCode).toBe(404);
    expect(
      (await managerApi.post('/api/workflow/cases/999999999/actions', { ...base, action: 'approve' })).statusCode,
    ).toBe(404);

    // Nothing above changed the case.
    expect((await caseView(managerApi, legal.caseId)).case.version).toBe(base.version);

    // The reject tray: reconsider makes the manager the maker, so the manager cannot approve it next.
    await ok(
      await managerApi.post(url, {
        ...base,
        action: 'reject',
        remarks: 'Time barred',
        fields: { rejectionReason: 'TIME_BARRED' },
      }),
    );
    const rejected = await caseView(managerApi, legal.caseId);
    expect(rejected.case).toMatchObject({ stage: 'REJECT_TRAY', status: 'Rejected' });
    expect(rejected.case.fields.rejectionReason).toBe('TIME_BARRED');
    const reconsidered = await ok(
      await act(managerApi, legal.caseId, 'reconsider', { remarks: 'Memo date corrected' }),
    );
    expect(reconsidered.case).toMatchObject({
      stage: 'FILING_APPROVAL',
      status: 'Reconsider',
      makerUserId: org.manager.id,
    });
    const own = await act(managerApi, legal.caseId, 'approve');
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
    expect(reconsidered.availableActions.find((action) => action.name === 'approve')).toMatchObject({
      enabled: false,
      refusal: { code: 'MAKER_CANNOT_CHECK' },
    });
  });

  it('refuses a maker approving their own recommendation', async () => {
    const ctx = await context();
    const { org, officerApi } = ctx;
    await grantAuthorities(handle.db, org.officer, org.branch, 'legalapp', ['LEGAL_FILE_APP_SAUTH']);
    const legal = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const response = await act(officerApi, legal.caseId, 'approve');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'MAKER_CANNOT_CHECK' });
    expect(errorOf(response).detail).toContain('another user');
  });

  it('names missing fields and documents', async () => {
    const ctx = await context();
    const { officerApi } = ctx;
    const approved = await createLegalCase(ctx, { stage: 'APPROVED_CASES' });
    const noAdvocate = await act(officerApi, approved.caseId, 'submit');
    expect(noAdvocate.statusCode).toBe(400);
    expect(errorOf(noAdvocate)).toMatchObject({ code: 'VALIDATION', fields: ['fields.advocateName'] });
    expect(errorOf(noAdvocate).detail).toBe('fields.advocateName: This field is required');
    const badEmail = await act(officerApi, approved.caseId, 'submit', {
      fields: { advocateName: 'R K Sharma', advocateEmail: 'not-an-email' },
    });
    expect(errorOf(badEmail)).toMatchObject({ code: 'VALIDATION', fields: ['fields.advocateEmail'] });

    const team = await createLegalCase(ctx, { stage: 'TEAM_TRAY' });
    const noLetter = await act(officerApi, team.caseId, 'recommend', { fields: { caseSummary: 'Cheque bounced' } });
    expect(noLetter.statusCode).toBe(400);
    expect(errorOf(noLetter)).toMatchObject({ code: 'DOCUMENT_MISSING' });
    expect(errorOf(noLetter).body.documents).toBe('authorisationLetter');
    expect(errorOf(noLetter).detail).toContain('authorisationLetter');
  });

  it('enforces the §138 waiting period on the business date (TOO_EARLY) and shows the statutory dates', async () => {
    const ctx = await context();
    const { officerApi } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'CASE_FILING' });
    for (const code of ['serviceProof', 'filedComplaint', 'affidavitOfEvidence']) {
      expect((await uploadDocument(officerApi, legal.caseId, code)).statusCode).toBe(200);
    }
    // Served five days before the business date: the 15 days to pay have not run out.
    const fields = stageValues('CASE_FILING', {
      ...LEGAL_S138_CASE,
      noticeServedDate: '2026-03-26',
      filingDate: '2026-03-31',
    });
    const saved = await officerApi.post(`/api/workflow/cases/${legal.caseId}/fields`, {
      version: (await caseView(officerApi, legal.caseId)).case.version,
      fields,
    });
    const view = await ok(saved);
    expect(view.stageDates.map((date) => [date.rule, date.date, date.daysLeft])).toEqual([
      ['S138_COMPLAINT_EARLIEST', '2026-04-11', 11],
      ['S142_COMPLAINT_DUE', '2026-05-10', 40],
    ]);
    expect(view.case.dueOn).toBe('2026-05-10');
    expect(view.availableActions.find((action) => action.name === 'submit')).toMatchObject({
      enabled: false,
      refusal: { code: 'TOO_EARLY', rule: 'S138_COMPLAINT_EARLIEST', earliest: '2026-04-11' },
    });
    const early = await act(officerApi, legal.caseId, 'submit');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'TOO_EARLY' });
    expect(errorOf(early).body).toMatchObject({ rule: 'S138_COMPLAINT_EARLIEST', earliest: '2026-04-11' });
    expect(errorOf(early).detail).toContain('11/04/2026');
    expect(errorOf(early).detail).toContain('15 days to pay');

    await setBusinessDate(handle.db, '2026-04-11');
    try {
      const filed = await ok(await act(officerApi, legal.caseId, 'submit'));
      expect(filed.case).toMatchObject({ stage: 'COURT_CASE_UPDATE', stageEnteredOn: '2026-04-11' });
      expect(filed.history.at(-1)!.businessDate).toBe('2026-04-11');
    } finally {
      await setBusinessDate(handle.db, BUSINESS_DATE);
    }
  });

  it('gives exactly one of eight parallel approvals, with one event', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const view = await caseView(ctx.managerApi, legal.caseId);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.managerApi.post(`/api/workflow/cases/${legal.caseId}/actions`, {
          action: 'approve',
          version: view.case.version,
          expectedStage: 'FILING_APPROVAL',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).code).toBe('STALE_VERSION');
    }
    const approvals = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from case_events where case_id = ${legal.caseId} and action = 'approve'`,
    );
    expect(approvals[0]!.n).toBe(1);
    expect((await caseView(ctx.managerApi, legal.caseId)).case.version).toBe(view.case.version + 1);
  });

  it('keeps the Case History append-only, each event with its audit row from the same transaction', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'COURT_CASE_UPDATE' });
    await ok(
      await ctx.officerApi.post(`/api/workflow/cases/${legal.caseId}/fields`, {
        version: (await caseView(ctx.officerApi, legal.caseId)).case.version,
        fields: { hearingNotes: 'Accused absent' },
      }),
    );
    const events = await rows<{ id: number; action: string; audits: string[] | null }>(
      handle.db,
      sql`select e.id, e.action,
          (select array_agg(a.action order by a.id) from audit_log a where a.xmin = e.xmin) as audits
        from case_events e where e.case_id = ${legal.caseId} order by e.id`,
    );
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['CREATE', 'submit', 'recommend', 'approve', 'DOCUMENT_ADDED', 'SAVE_FIELDS']),
    );
    const expected: Record<string, string> = {
      CREATE: 'case.create',
      DOCUMENT_ADDED: 'case.document.add',
      SAVE_FIELDS: 'case.save_fields',
    };
    for (const event of events) {
      expect(event.audits ?? [], `event ${event.action}`).toContain(expected[event.action] ?? `case.${event.action}`);
    }
    await expect(
      handle.db.execute(sql`update case_events set remarks = 'edited' where case_id = ${legal.caseId}`),
    ).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from case_events where case_id = ${legal.caseId}`)).rejects.toThrow();
    const [count] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from case_events where case_id = ${legal.caseId}`,
    );
    expect(count!.n).toBe(events.length);
  });
});
