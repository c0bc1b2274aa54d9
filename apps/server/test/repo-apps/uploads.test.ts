import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  repoUploadKindsSchema,
  repoUploadPageSchema,
  repoUploadReplySchema,
} from '@recovery-desk/domain/repo/uploads.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { SARFAESI_CASE, REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import { createOrg, errorOf, type Org } from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { finishJob } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, caseView, createNpaAccount, uploadDocument, type Api } from '../workflow/factories.ts';
import { createRepoStaff, startRepoCase } from './factories.ts';

// Repossession and SARFAESI File Upload: initiation files (account number and the initial stage's fields, through
// the initiate service) and stage update files (case number and a stage's fields, through the workflow engine's
// submit), each row in its own transaction, row errors recorded and downloadable; the dashboard per definition.

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const cell = (value: CaseFields[string]) => (value === undefined || value === null ? '' : String(value));

const REPO_INITIATE_FIELDS = findStage(REPOSSESSION_DEFINITION, 'RepoInitiate')!.fields.map((field) => field.name);

describe.each(testDatabaseKinds())('repossession and SARFAESI uploads (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;
  let sarfOfficer: Api;
  let uploaderOnly: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, ['FILE_UPLOAD_REPO_SAUTH', 'REPO_INITIATE_SAUTH']),
      org.branch,
    );
    sarfOfficer = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, ['SARF_UPLOAD_DASH_SAUTH', 'SARF_INIT_SAUTH']),
      org.branch,
    );
    uploaderOnly = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['FILE_UPLOAD_REPO_SAUTH']), org.branch);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** Posts the file; an accepted upload runs to the end here and the reply is the job's result (the record). */
  const upload = async (api: Api, code: string, fields: Record<string, string>, content: Buffer | null) => {
    const response = await api.inject({
      method: 'POST',
      url: `/api/repo/${code}/uploads`,
      ...multipart(fields, content ? [{ name: 'cases.xlsx', content }] : []),
    });
    if (response.statusCode !== 202) return { response, reply: null };
    const job = await finishJob(t, api, response);
    expect(job.status, job.error ?? '').toBe('DONE');
    return { response, reply: repoUploadReplySchema.parse(job.result) };
  };
  const openCases = (accountId: number, code: string) =>
    queryRows<{ id: number; stage: string }>(
      handle.db,
      sql`select id, stage from cases where account_id = ${accountId} and definition_code = ${code} and not is_closed`,
    );

  it('initiates repossession cases from a file, refusing per row with the field named', async () => {
    const good = await createNpaAccount(handle.db, org.branch, { product: 'AUTO' });
    const open = await startRepoCase(t, officer.user, org.branch, 'REPOSSESSION');
    const foreign = await createNpaAccount(handle.db, org.foreign, { product: 'AUTO' });
    const bad = await createNpaAccount(handle.db, org.branch, { product: 'AUTO' });
    const missing = await createNpaAccount(handle.db, org.branch, { product: 'AUTO' });
    const header = ['accountNo', ...REPO_INITIATE_FIELDS];
    const values = (accountNo: string, change: Record<string, string> = {}) => [
      accountNo,
      ...REPO_INITIATE_FIELDS.map((name) => change[name] ?? cell(REPOSSESSION_CASE[name])),
    ];
    const content = await xlsx([
      // columns in another order than the template's are matched by name
      [...header].reverse(),
      values(good.accountNo).reverse(),
      values(open.accountNo).reverse(),
      values(foreign.accountNo).reverse(),
      values('NO-SUCH-ACCOUNT').reverse(),
      values(bad.accountNo, { assetType: 'SPACESHIP' }).reverse(),
      values(missing.accountNo, { chassisNo: '' }).reverse(),
    ]);
    const { response, reply } = await upload(officer, 'REPOSSESSION', { kind: 'INITIATION' }, content);
    expect(response.statusCode, response.body).toBe(202);
    expect(reply).toMatchObject({
      kind: 'INITIATION',
      stageCode: null,
      fileName: 'cases.xlsx',
      status: 'COMPLETED_WITH_ERRORS',
      totalRows: 6,
      okRows: 1,
      failedRows: 5,
      uploadedBy: officer.user.fullName,
    });
    expect(reply!.errors).toEqual([
      { row: 3, field: 'accountNo', message: expect.stringContaining('already has an open REPOSSESSION case') },
      { row: 4, field: 'accountNo', message: `Account ${foreign.accountNo} not found in your units` },
      { row: 5, field: 'accountNo', message: 'Account NO-SUCH-ACCOUNT not found in your units' },
      { row: 6, field: 'assetType', message: expect.any(String) },
      { row: 7, field: 'chassisNo', message: expect.any(String) },
    ]);
    const [created] = await openCases(good.id, 'REPOSSESSION');
    const view = await caseView(officer, created!.id);
    expect(view.case).toMatchObject({ stage: 'RepoInitiate', definitionCode: 'REPOSSESSION' });
    expect(view.case.fields).toMatchObject({ registrationNo: 'MH12AB1234', agreementHasRepoClause: true });
    expect(await openCases(bad.id, 'REPOSSESSION')).toEqual([]);
    expect(await openCases(missing.id, 'REPOSSESSION')).toEqual([]);
    expect(await openCases(foreign.id, 'REPOSSESSION')).toEqual([]);

    // Audited at the request and at the close; the errors download as CSV; the dashboard lists the file.
    const audits = await auditRows(handle.db, { entityId: reply!.uploadId });
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['repossession.upload.start', 'repossession.upload']),
    );
    const errors = await officer.get(`/api/repo/REPOSSESSION/uploads/${reply!.uploadId}/errors`);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.body).toContain('row,field,message');
    expect(errors.body).toContain(`Account ${foreign.accountNo} not found in your units`);
    const listed = repoUploadPageSchema.parse(
      (await officer.get('/api/repo/REPOSSESSION/uploads?page=1&pageSize=10')).json(),
    );
    expect(listed.data[0]).toMatchObject({ uploadId: reply!.uploadId, okRows: 1, failedRows: 5 });
    // Another definition's dashboard does not list it, nor serve its errors.
    const sarfList = repoUploadPageSchema.parse((await sarfOfficer.get('/api/repo/SARFAESI/uploads')).json());
    expect(sarfList.data.map((row) => row.uploadId)).not.toContain(reply!.uploadId);
    expect((await sarfOfficer.get(`/api/repo/SARFAESI/uploads/${reply!.uploadId}/errors`)).statusCode).toBe(404);
  });

  it('applies a stage’s submit to the cases of a file through the workflow engine; a case elsewhere is refused', async () => {
    const ready = await startRepoCase(t, officer.user, org.branch, 'REPOSSESSION');
    for (const requirement of findStage(REPOSSESSION_DEFINITION, 'RepoInitiate')!.documents) {
      expect((await uploadDocument(officer, ready.caseId, requirement.code)).statusCode).toBe(200);
    }
    const noDocuments = await startRepoCase(t, officer.user, org.branch, 'REPOSSESSION');
    const header = ['caseNo', ...REPO_INITIATE_FIELDS];
    const values = (caseNo: string) => [caseNo, ...REPO_INITIATE_FIELDS.map((name) => cell(REPOSSESSION_CASE[name]))];

    const kinds = repoUploadKindsSchema.parse((await officer.get('/api/repo/REPOSSESSION/uploads/kinds')).json());
    expect(kinds.initiation?.columns).toEqual(['accountNo', ...REPO_INITIATE_FIELDS]);
    expect(kinds.stages.map((stage) => stage.stage)).toEqual(['RepoInitiate']);
    expect(kinds.stages[0]!.columns).toEqual(header);

    const content = await xlsx([header, values(ready.caseNo), values(noDocuments.caseNo), values('REP/2026/999999')]);
    const { reply } = await upload(officer, 'REPOSSESSION', { kind: 'STAGE_UPDATE', stage: 'RepoInitiate' }, content);
    expect(reply).toMatchObject({ kind: 'STAGE_UPDATE', stageCode: 'RepoInitiate', okRows: 1, failedRows: 2 });
    // The engine's own refusals apply: the case without its documents stays, naming them.
    expect(reply!.errors.map((error) => [error.row, error.field])).toEqual([
      [3, 'documents.loanAgreement'],
      [3, 'documents.registrationCertificate'],
      [4, 'caseNo'],
    ]);
    expect((await caseView(officer, ready.caseId)).case).toMatchObject({ stage: 'RepoInitiateApproval' });
    expect((await caseView(officer, noDocuments.caseId)).case).toMatchObject({ stage: 'RepoInitiate' });

    // The moved case is no longer at the stage: a second file with it is refused on its row, naming the stage.
    const again = await upload(
      officer,
      'REPOSSESSION',
      { kind: 'STAGE_UPDATE', stage: 'RepoInitiate' },
      await xlsx([header, values(ready.caseNo)]),
    );
    expect(again.reply).toMatchObject({ status: 'FAILED', okRows: 0, failedRows: 1 });
    expect(again.reply!.errors).toEqual([
      { row: 2, field: 'caseNo', message: `Case ${ready.caseNo} is at RepoInitiateApproval, not at RepoInitiate` },
    ]);
  });

  it('initiates SARFAESI cases on its own dashboard', async () => {
    const account = await createNpaAccount(handle.db, org.branch, { product: 'HOME' });
    const initial = [
      'lenderType',
      'npaDate',
      'securedDebtAmount',
      'principalOutstanding',
      'interestOutstanding',
      'chargesOutstanding',
      'securityType',
      'propertyDescription',
      'cersaiAssetId',
      'obligorCount',
    ];
    const kinds = repoUploadKindsSchema.parse((await sarfOfficer.get('/api/repo/SARFAESI/uploads/kinds')).json());
    expect(kinds.initiation?.columns).toEqual(['accountNo', ...initial]);
    const content = await xlsx([
      ['accountNo', ...initial],
      [account.accountNo, ...initial.map((name) => cell(SARFAESI_CASE[name]))],
    ]);
    const { reply } = await upload(sarfOfficer, 'SARFAESI', { kind: 'INITIATION' }, content);
    expect(reply).toMatchObject({ status: 'COMPLETED', okRows: 1, failedRows: 0 });
    expect(await openCases(account.id, 'SARFAESI')).toEqual([expect.objectContaining({ stage: 'SarfInitiate' })]);
  });

  it('refuses a bad file, kind or stage before anything is written, and needs the authorities', async () => {
    const before = await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from legal_uploads`);
    const header = await xlsx([['caseNo', 'registrationNo']]);
    const noFile = await upload(officer, 'REPOSSESSION', { kind: 'INITIATION' }, null);
    expect(noFile.response.statusCode).toBe(400);
    expect(errorOf(noFile.response).fields).toEqual(['file']);
    const wrongHeader = await upload(officer, 'REPOSSESSION', { kind: 'INITIATION' }, header);
    expect(wrongHeader.response.statusCode).toBe(400);
    expect(errorOf(wrongHeader.response).fields).toEqual(['file']);
    const noKind = await upload(officer, 'REPOSSESSION', {}, header);
    expect(errorOf(noKind.response).fields).toEqual(['kind']);
    const noStage = await upload(officer, 'REPOSSESSION', { kind: 'STAGE_UPDATE' }, header);
    expect(errorOf(noStage.response).fields).toEqual(['stage']);
    const checkerStage = await upload(
      officer,
      'REPOSSESSION',
      { kind: 'STAGE_UPDATE', stage: 'RepoInitiateApproval' },
      header,
    );
    expect(errorOf(checkerStage.response).fields).toEqual(['stage']);
    // The upload authority alone: the stage's (or initial stage's) authority is needed too.
    const notHeld = await upload(uploaderOnly, 'REPOSSESSION', { kind: 'STAGE_UPDATE', stage: 'Notice' }, header);
    expect(notHeld.response.statusCode).toBe(403);
    const initiation = await upload(uploaderOnly, 'REPOSSESSION', { kind: 'INITIATION' }, header);
    expect(initiation.response.statusCode).toBe(403);
    const kinds = repoUploadKindsSchema.parse((await uploaderOnly.get('/api/repo/REPOSSESSION/uploads/kinds')).json());
    expect(kinds).toMatchObject({ initiation: null, stages: [] });
    // Without the upload authority of the definition.
    expect((await sarfOfficer.get('/api/repo/REPOSSESSION/uploads')).statusCode).toBe(403);
    expect((await officer.get('/api/repo/SARFAESI/uploads')).statusCode).toBe(403);
    const after = await queryRows<{ count: number }>(handle.db, sql`select count(*)::int as count from legal_uploads`);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('serves a template per kind and stage with the columns and an example row', async () => {
    const response = await officer.get('/api/repo/REPOSSESSION/uploads/template?kind=STAGE_UPDATE&stage=RepoInitiate');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('repossession-upload-stage-RepoInitiate-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['caseNo', ...REPO_INITIATE_FIELDS]);
    expect(sheet.getRow(2).getCell(1).value).toBe('REP/2026/000123');
    const initiation = await officer.get('/api/repo/REPOSSESSION/uploads/template?kind=INITIATION');
    expect(initiation.statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds())('repossession and SARFAESI case download (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let officer: Api;
  let viewer: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    officer = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['REPO_INITIATE_SAUTH']), org.branch);
    viewer = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['DASH_REPO_SAUTH']), org.branch);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('exports the cases of a workflow with a column per case field, filtered; audited; needs DASH_REPO_SAUTH', async () => {
    const first = await startRepoCase(t, officer.user, org.branch, 'REPOSSESSION');
    const second = await startRepoCase(t, officer.user, org.branch, 'REPOSSESSION');
    await startRepoCase(t, officer.user, org.foreign, 'REPOSSESSION');
    const response = await viewer.get('/api/repo/downloads/cases?code=REPOSSESSION&stage=RepoInitiate&state=OPEN');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/repossession-repoinitiate-open-cases-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['caseNo', 'accountNo', 'customerName', 'stage', 'status']);
    expect(header).toEqual(expect.arrayContaining(REPO_INITIATE_FIELDS));
    const caseNos: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) caseNos.push(String(row.getCell(1).value));
    });
    expect(caseNos).toEqual(expect.arrayContaining([first.caseNo, second.caseNo]));
    expect(caseNos).toHaveLength(2);
    const audits = await auditRows(handle.db, { entityId: 'REPOSSESSION' });
    expect(audits.some((row) => row.action === 'repo.case_export')).toBe(true);

    const closed = await viewer.get('/api/repo/downloads/cases?code=REPOSSESSION&state=CLOSED');
    expect(closed.statusCode).toBe(200);
    const badStage = await viewer.get('/api/repo/downloads/cases?code=REPOSSESSION&stage=Nowhere');
    expect(badStage.statusCode).toBe(400);
    expect(errorOf(badStage).fields).toEqual(['stage']);
    const badRange = await viewer.get('/api/repo/downloads/cases?code=SARFAESI&from=2026-03-10&to=2026-03-01');
    expect(errorOf(badRange).fields).toEqual(['to']);
    expect((await officer.get('/api/repo/downloads/cases?code=REPOSSESSION')).statusCode).toBe(403);
  });

  it('writes a large selection as a repo.case_export job whose result is the file', async () => {
    const app = await createTestApp(handle.db, { config: { exportSyncMaxRows: 1 } });
    try {
      const api = await apiAs(app, viewer.user, org.branch);
      const started = await api.get('/api/repo/downloads/cases?code=REPOSSESSION');
      expect(started.statusCode, started.body).toBe(202);
      const job = await finishJob(app, api, started);
      expect(job).toMatchObject({ kind: 'repo.case_export', status: 'DONE' });
      expect(job.progressDone).toBe(job.progressTotal);
      expect(job.resultFileName).toMatch(/^repossession-cases-.*\.xlsx$/);
      const file = await api.get(`/api/jobs/${job.id}/result`);
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.rowCount).toBe(job.progressTotal! + 1);
    } finally {
      await app.close();
    }
  });
});
