import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { caseViewSchema, definitionReplySchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { stageFormFields } from '@recovery-desk/domain/workflow/definition.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { LEGAL_S138_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { createStaff } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  caseView,
  createLegalCase,
  createLegalOrg,
  createLegalStaff,
  errorOf,
  stageValues,
  uploadDocument,
  type Api,
  type LegalCaseContext,
} from './factories.ts';

describe.each(testDatabaseKinds())('workflow case view (%s)', (kind) => {
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

  it('shows the case, its account, the caller’s actions, editable fields, checklist and history', async () => {
    const ctx = await context();
    const { officerApi, managerApi, org } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });

    const response = await officerApi.get(`/api/workflow/cases/${legal.caseId}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = caseViewSchema.parse(response.json());
    expect(view.case).toMatchObject({
      caseId: legal.caseId,
      caseNo: legal.caseNo,
      definitionCode: 'LEGAL',
      definitionVersion: 1,
      stage: 'INITIATE',
      stageLabelKey: 'InitiateLegal',
      stageRouteSlug: 'initiateLegal',
      status: 'Initiated',
      fields: { caseType: 'S138' },
      makerUserId: org.officer.id,
      makerName: 'Leela Officer',
      assignedName: 'Leela Officer',
      stageEnteredOn: '2026-03-31',
      returnStage: null,
      dueOn: null,
      isClosed: false,
      version: 2,
      createdByName: 'Leela Officer',
    });
    expect(legal.caseNo).toMatch(/^LGL\/2026\/\d{6}$/);
    expect(view.account).toMatchObject({
      accountId: legal.account.id,
      accountNo: legal.account.accountNo,
      product: 'PERSONAL',
      currency: 'INR',
      dpd: 120,
      assetClass: 'NPA',
      totalDueAmount: '25000.00',
      unitCode: org.branch.code,
      branchName: org.branch.name,
      isOnHold: false,
    });
    expect(view.businessDate).toBe('2026-03-31');

    // The officer may recommend once the form is complete, and may decline (with remarks).
    expect(view.availableActions.map((action) => [action.name, action.enabled, action.refusal?.code ?? null])).toEqual([
      // fields and documents are missing: one refusal names them all
      ['recommend', false, 'REQUIREMENTS_UNMET'],
      ['decline', true, null],
    ]);
    expect(view.availableActions[1]).toMatchObject({
      labelKey: 'Decline',
      remarksRequired: true,
      isCheckerAction: false,
    });
    expect(view.editableFields).toEqual(stageFormFields(LEGAL_DEFINITION.stages[1]!).map((field) => field.name));
    expect(view.editableFields).toContain('returnMemoReceivedDate');

    // The checklist lists every stage's requirements; a §138 case needs the cheque copy, not the mandate.
    const initiateItems = view.checklist.filter((item) => item.stage === 'INITIATE');
    expect(initiateItems.map((item) => [item.code, item.applies, item.isCurrentStage])).toEqual([
      ['loanAgreement', true, true],
      ['statementOfAccount', true, true],
      ['chequeCopy', true, true],
      ['returnMemo', true, true],
      ['mandateCopy', false, true],
    ]);
    expect(view.checklist.find((item) => item.code === 'judgmentCopy')).toMatchObject({
      stage: 'COURT_CASE_UPDATE',
      stageLabelKey: 'CourtCaseUpdate',
      applies: false,
      isCurrentStage: false,
      documentIds: [],
    });
    expect(view.checklist.find((item) => item.code === 'orderSheet')).toMatchObject({ required: false });

    expect(view.history.map((event) => [event.action, event.fromStage, event.toStage, event.toStatus])).toEqual([
      ['CREATE', null, 'POOL', 'Initiated'],
      ['submit', 'POOL', 'INITIATE', 'Initiated'],
    ]);
    expect(view.history[0]).toMatchObject({
      actorName: 'Leela Officer',
      actorUsername: org.officer.username,
      unitCode: org.branch.code,
      businessDate: '2026-03-31',
      changes: [{ field: 'caseType', from: null, to: 'S138' }],
      effects: [],
    });
    expect(view.history[1]).toMatchObject({ action: 'submit', actionLabelKey: 'InitiateLegal' });

    // Documents show on the checklist; the dates of the stage appear with the memo date.
    const uploaded = await uploadDocument(officerApi, legal.caseId, 'chequeCopy', { remark: 'Original with us' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const saved = await officerApi.post(`/api/workflow/cases/${legal.caseId}/fields`, {
      version: view.case.version,
      fields: stageValues('INITIATE', LEGAL_S138_CASE),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const filled = caseViewSchema.parse(saved.json());
    const document = filled.documents[0]!;
    expect(document).toMatchObject({
      code: 'chequeCopy',
      stage: 'INITIATE',
      fileName: 'chequeCopy.pdf',
      documentName: 'Cheque Copy',
      remark: 'Original with us',
      mimeType: 'application/pdf',
      isGenerated: false,
      uploadedBy: 'Leela Officer',
    });
    expect(filled.checklist.find((item) => item.code === 'chequeCopy')!.documentIds).toEqual([document.documentId]);
    expect(filled.stageDates).toEqual([
      {
        rule: 'S138_NOTICE_DUE',
        label: 'Demand notice within 30 days of the return memo (§138(b) NI Act / §25 PSS Act)',
        labelKey: 'S138NoticeDue',
        kind: 'latest',
        source: 'NI Act §138 proviso (b); PSS Act §25(1)(b) — domain reference §2.5',
        date: '2026-02-08',
        missingFields: [],
        daysLeft: -51,
        isOverdue: true,
      },
    ]);
    expect(filled.case.dueOn).toBe('2026-02-08');
    // Still missing documents: recommend is refused for them now.
    expect(filled.availableActions[0]).toMatchObject({
      name: 'recommend',
      enabled: false,
      refusal: { code: 'REQUIRED_DOCUMENT_MISSING', documents: ['loanAgreement', 'statementOfAccount', 'returnMemo'] },
    });

    // The manager (no initiation authority) reads the case: no editable fields, the actions refused.
    const managerView = await caseView(managerApi, legal.caseId);
    expect(managerView.editableFields).toEqual([]);
    expect(managerView.availableActions.map((action) => action.refusal)).toEqual([
      { code: 'MISSING_AUTHORITY', authority: 'LEGAL_INIT_SAUTH' },
      { code: 'MISSING_AUTHORITY', authority: 'LEGAL_INIT_SAUTH' },
    ]);
  });

  it('offers a checker’s actions with their dialog fields; the approval SLA shows on the stage', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'FILING_APPROVAL' });
    const view = await caseView(ctx.managerApi, legal.caseId);
    expect(view.availableActions.map((action) => [action.name, action.enabled, action.isCheckerAction])).toEqual([
      ['approve', true, true],
      ['reject', false, true],
      ['pushback', true, true],
    ]);
    // The engine judges reject before its dialog is filled: what is missing is exactly what the dialog collects.
    const reject = view.availableActions.find((action) => action.name === 'reject')!;
    expect(reject.refusal).toEqual({ code: 'REQUIRED_FIELD_MISSING', fields: ['rejectionReason'] });
    expect(reject.remarksRequired).toBe(true);
    expect(reject.fields).toEqual([
      expect.objectContaining({ name: 'rejectionReason', type: 'select', required: true }),
    ]);
    expect(view.editableFields).toEqual(['rejectionReason']);
    expect(view.stageDates.map((date) => [date.rule, date.date, date.daysLeft, date.isOverdue])).toEqual([
      ['S138_NOTICE_DUE', '2026-02-08', -51, true],
      ['FILING_APPROVAL_SLA', '2026-04-03', 3, false],
    ]);
    expect(view.case.dueOn).toBe('2026-02-08');
  });

  it('lets any legal authority read a case and its documents, and nobody else', async () => {
    const ctx = await context();
    const { org, officerApi } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    const uploaded = await uploadDocument(officerApi, legal.caseId, 'loanAgreement');
    const documentId = caseViewSchema.parse(uploaded.json()).documents[0]!.documentId;
    const content = `/api/workflow/cases/${legal.caseId}/documents/${documentId}/content`;

    const downloader = await createLegalStaff(handle.db, org.zone, ['LEGAL_FILE_DOWNLOAD_SAUTH']);
    const downloaderApi = await apiAs(t, downloader, org.zone);
    expect((await downloaderApi.get(`/api/workflow/cases/${legal.caseId}`)).statusCode).toBe(200);
    expect((await downloaderApi.get(content)).statusCode).toBe(200);
    // Reading is not working: no stage authority, no upload.
    const refusedUpload = await uploadDocument(downloaderApi, legal.caseId, 'statementOfAccount');
    expect(refusedUpload.statusCode).toBe(403);
    expect(errorOf(refusedUpload).code).toBe('AUTHORITY_MISSING');

    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const collectorApi = await apiAs(t, collector, org.branch);
    for (const url of [`/api/workflow/cases/${legal.caseId}`, content]) {
      const response = await collectorApi.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
    }

    const foreign = await createLegalStaff(handle.db, org.foreign, ['LEGAL_FILE_DOWNLOAD_SAUTH', 'LEGAL_INIT_SAUTH']);
    const foreignApi = await apiAs(t, foreign, org.foreign);
    for (const url of [`/api/workflow/cases/${legal.caseId}`, content]) {
      const response = await foreignApi.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await officerApi.get('/api/workflow/cases/0')).statusCode).toBe(400);
    expect((await officerApi.get('/api/workflow/cases/999999999')).statusCode).toBe(404);
  });

  it('serves a definition version as data', async () => {
    const ctx = await context();
    const response = await ctx.officerApi.get('/api/workflow/definitions/LEGAL/1');
    expect(response.statusCode).toBe(200);
    const reply = definitionReplySchema.parse(response.json());
    expect(reply).toMatchObject({ code: 'LEGAL', version: 1, status: 'ACTIVE' });
    expect(reply.definition).toMatchObject({ code: 'LEGAL', app: 'legalapp', initialStage: 'POOL' });
    expect((reply.definition.stages as unknown[]).length).toBe(12);
    expect((await ctx.officerApi.get('/api/workflow/definitions/LEGAL/99')).statusCode).toBe(404);
    expect(errorOf(await ctx.officerApi.get('/api/workflow/definitions/legal/1')).fields).toContain('code');
    expect((await t.inject({ method: 'GET', url: '/api/workflow/definitions/LEGAL/1' })).statusCode).toBe(401);
  });
});
