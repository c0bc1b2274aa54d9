import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  MAX_UPLOAD_ROWS,
  pagedReplySchema,
  UPLOAD_COLUMNS,
  uploadReplySchema,
  uploadRowSchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { finishJob } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  caseView,
  createBouncedCheque,
  createLegalStaff,
  createPoolAccount,
  initiateS138,
  MANAGER_AUTHORITIES,
  multipart,
  OFFICER_AUTHORITIES,
  resetLegalSettings,
  walkNoticeToCourt,
  walkToNotice,
} from './factories.ts';

// File Upload and its dashboard: spreadsheets of case initiations and hearing updates, each row through the same
// services as the screens in its own transaction, row errors recorded and downloadable.

const uploadPageSchema = pagedReplySchema(uploadRowSchema);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: string[][]) =>
  Buffer.from(
    `\uFEFF${rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n')}\r\n`,
    'utf8',
  );

describe.each(testDatabaseKinds())('legal uploads (%s)', (kind) => {
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

  /**
   * Posts the file; an accepted upload answers 202 with its job, which runs to the end here, and the reply is the
   * job's result (the upload record) as a 200. A refused file is the request's own reply.
   */
  const upload = async (api: Api, kindName: string | null, file: { name: string; content: Buffer } | null) => {
    const response = await api.inject({
      method: 'POST',
      url: '/api/legal/uploads',
      ...multipart(kindName === null ? {} : { kind: kindName }, file ? [file] : []),
    });
    if (response.statusCode !== 202) return response;
    const job = await finishJob(t, api, response);
    expect(job.status, job.error ?? '').toBe('DONE');
    const body = JSON.stringify(job.result);
    return { ...response, statusCode: 200, body, json: () => JSON.parse(body) as unknown } as typeof response;
  };
  const openCases = (accountId: number) =>
    queryRows<{ id: number; fields: Record<string, unknown> }>(
      handle.db,
      sql`select id, fields from cases where account_id = ${accountId} and not is_closed`,
    );

  it('initiates cases from an XLSX, recording the rows that fail and going on with the others', async () => {
    const good = await createPoolAccount(handle.db, { unit: org.branch });
    await createBouncedCheque(handle.db, good.id);
    const low = await createPoolAccount(handle.db, { unit: org.branch, totalDue: '100.00' });
    const other = await createPoolAccount(handle.db, { unit: org.branch });
    const foreign = await createPoolAccount(handle.db, { unit: org.foreign });
    const content = await xlsx([
      ['accountNo', 'caseType', 'claimAmount', 'remarks'],
      [good.accountNo, 'S138', '200000.00', 'Cheque bounced twice'],
      [low.accountNo, 'S138', '', ''],
      [foreign.accountNo, 'CIVIL_SUIT', '', ''],
      [],
      [other.accountNo, 'TORT', '12.345', ''],
    ]);
    const response = await upload(officer, 'CASE_INITIATION', { name: 'initiations.xlsx', content });
    expect(response.statusCode, response.body).toBe(200);
    const reply = uploadReplySchema.parse(response.json());
    expect(reply).toMatchObject({
      kind: 'CASE_INITIATION',
      fileName: 'initiations.xlsx',
      status: 'COMPLETED_WITH_ERRORS',
      totalRows: 4,
      okRows: 1,
      failedRows: 3,
      uploadedBy: officer.user.fullName,
    });
    expect(reply.errors).toEqual([
      {
        row: 3,
        field: 'accountNo',
        message: `Account ${low.accountNo} is not eligible for legal: PoolReasonOverdue`,
      },
      { row: 4, field: 'accountNo', message: `Account ${foreign.accountNo} not found` },
      { row: 6, field: 'caseType', message: 'must be one of S138, S25, CIVIL_SUIT, ARBITRATION, DRT' },
      { row: 6, field: 'claimAmount', message: 'must be an amount with at most 2 decimals' },
    ]);
    const [created] = await openCases(good.id);
    const view = await caseView(officer, created!.id);
    expect(view.case).toMatchObject({ stage: 'INITIATE', status: 'Initiated' });
    expect(view.case.fields).toMatchObject({
      caseType: 'S138',
      claimAmount: '200000.00',
      initiationNote: 'Cheque bounced twice',
      chequeNumber: '123456',
    });
    expect(await openCases(low.id)).toEqual([]);
    expect(await openCases(other.id)).toEqual([]);
    const [audit] = await auditRows(handle.db, { action: 'legal.upload', entityId: reply.uploadId });
    expect(audit?.after).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', okRows: 1, failedRows: 3, format: 'xlsx' });

    // The errors download as CSV; another unit cannot see the upload.
    const errors = await officer.get(`/api/legal/uploads/${reply.uploadId}/errors`);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(errors.headers['content-disposition']).toBe(
      `attachment; filename="legal-upload-${reply.uploadId}-errors.csv"`,
    );
    expect(errors.body.split('\r\n')).toEqual([
      'row,field,message',
      `3,accountNo,Account ${low.accountNo} is not eligible for legal: PoolReasonOverdue`,
      `4,accountNo,Account ${foreign.accountNo} not found`,
      '6,caseType,"must be one of S138, S25, CIVIL_SUIT, ARBITRATION, DRT"',
      '6,claimAmount,must be an amount with at most 2 decimals',
      '',
    ]);
    const foreignApi = await apiAs(
      t,
      await createLegalStaff(handle.db, org.foreign, ['LEGAL_FILE_UPLOAD_SAUTH']),
      org.foreign,
    );
    expect((await foreignApi.get(`/api/legal/uploads/${reply.uploadId}/errors`)).statusCode).toBe(404);
  });

  it('records hearing updates from a CSV at the case’s current version', async () => {
    const account = await createPoolAccount(handle.db, { unit: org.branch });
    await createBouncedCheque(handle.db, account.id);
    const { caseId, caseNo } = await initiateS138(officer, account.id);
    await walkToNotice(officer, manager, caseId);
    await walkNoticeToCourt(handle.db, officer, caseId);
    const early = await createPoolAccount(handle.db, { unit: org.branch });
    const initiated = await initiateS138(officer, early.id);

    const header = [...UPLOAD_COLUMNS.HEARING_UPDATE];
    const content = csv([
      header,
      [caseNo, '2026-04-20', 'EVIDENCE', '', '2026-05-05', 'Outcome missing'],
      [caseNo, '2026-04-20', 'EVIDENCE', 'ADJOURNED', '2026-05-05', 'Complainant examined, "part heard", next date'],
      ['LGL/2026/999999', '2026-04-20', 'EVIDENCE', 'ADJOURNED', '2026-05-05', ''],
      [initiated.caseNo, '2026-04-20', 'EVIDENCE', 'ADJOURNED', '2026-05-05', ''],
    ]);
    const response = await upload(officer, 'HEARING_UPDATE', { name: 'hearings.csv', content });
    expect(response.statusCode, response.body).toBe(200);
    const reply = uploadReplySchema.parse(response.json());
    expect(reply).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', totalRows: 4, okRows: 1, failedRows: 3 });
    expect(reply.errors).toEqual([
      { row: 2, field: 'outcome', message: 'This field is required' },
      { row: 4, field: 'caseNo', message: 'Case LGL/2026/999999 not found in your units' },
      { row: 5, field: 'caseNo', message: `Case ${initiated.caseNo} is at INITIATE, not at Court Case Update` },
    ]);
    const view = await caseView(officer, caseId);
    expect(view.case).toMatchObject({ stage: 'COURT_UPDATE_APPROVAL', status: 'Recommended' });
    expect(view.case.fields).toMatchObject({
      hearingDate: '2026-04-20',
      outcome: 'ADJOURNED',
      hearingNotes: 'Complainant examined, "part heard", next date',
    });
  });

  it('resumes an upload whose worker died after the rows its checkpoint records, applying no row twice', async () => {
    const own = await createOrg(handle.db);
    const api = await apiAs(t, await createLegalStaff(handle.db, own.branch, OFFICER_AUTHORITIES), own.branch);
    const first = await createPoolAccount(handle.db, { unit: own.branch });
    const second = await createPoolAccount(handle.db, { unit: own.branch });
    const content = csv([
      [...UPLOAD_COLUMNS.CASE_INITIATION],
      [first.accountNo, 'CIVIL_SUIT', '', ''],
      [second.accountNo, 'CIVIL_SUIT', '', ''],
    ]);
    const started = await api.inject({
      method: 'POST',
      url: '/api/legal/uploads',
      ...multipart({ kind: 'CASE_INITIATION' }, [{ name: 'two.csv', content }]),
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json<{ id: number }>().id;
    // The upload is on the dashboard from the request on, before any row is applied.
    const listed = uploadPageSchema.parse((await api.get('/api/legal/uploads')).json());
    expect(listed.data).toEqual([
      expect.objectContaining({ jobId, fileName: 'two.csv', status: 'PROCESSING', totalRows: 2, okRows: 0 }),
    ]);
    const [startAudit] = await auditRows(handle.db, {
      action: 'legal.upload.start',
      entityId: listed.data[0]!.uploadId,
    });
    expect(startAudit?.after).toMatchObject({ status: 'PROCESSING', totalRows: 2, jobId, format: 'csv' });
    // A worker took the job, committed row 1 with its checkpoint and the record's count (one transaction), and was
    // killed: RUNNING, lease over.
    await handle.db.execute(
      sql`update jobs set status = 'RUNNING', attempts = 1, progress_done = 1, progress_total = 2,
        checkpoint = '{"row": 1}'::jsonb,
        locked_until = ${new Date(t.clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${jobId}`,
    );
    await handle.db.execute(sql`update legal_uploads set ok_rows = 1 where job_id = ${jobId}`);
    const job = await finishJob(t, api, started);
    expect(job).toMatchObject({ status: 'DONE', attempts: 2, progressDone: 2, progressTotal: 2 });
    expect(uploadReplySchema.parse(job.result)).toMatchObject({ status: 'COMPLETED', totalRows: 2, okRows: 2 });
    // Row 1 counts as done by the first attempt and is not applied again; row 2 is applied by the second.
    expect(await openCases(first.id)).toEqual([]);
    expect(await openCases(second.id)).toHaveLength(1);
  });

  it('marks an upload INTERRUPTED, with the rows it applied, when its job fails for good', async () => {
    const own = await createOrg(handle.db);
    const api = await apiAs(t, await createLegalStaff(handle.db, own.branch, OFFICER_AUTHORITIES), own.branch);
    const accounts = [
      await createPoolAccount(handle.db, { unit: own.branch }),
      await createPoolAccount(handle.db, { unit: own.branch }),
      await createPoolAccount(handle.db, { unit: own.branch }),
    ];
    const content = csv([
      [...UPLOAD_COLUMNS.CASE_INITIATION],
      ...accounts.map((account) => [account.accountNo, 'CIVIL_SUIT', '', '']),
    ]);
    const started = await api.inject({
      method: 'POST',
      url: '/api/legal/uploads',
      ...multipart({ kind: 'CASE_INITIATION' }, [{ name: 'three.csv', content }]),
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json<{ id: number }>().id;
    // Its worker applied row 1 and died during the last attempt: the next worker fails the job for good.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update jobs set status = 'RUNNING', attempts = max_attempts, progress_done = 1,
          progress_total = 3, checkpoint = '{"row": 1}'::jsonb,
          locked_until = ${new Date(t.clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${jobId}`);
      await tx.execute(sql`update legal_uploads set ok_rows = 1 where job_id = ${jobId}`);
    });
    const job = await finishJob(t, api, started);
    expect(job.status).toBe('FAILED');
    const listed = uploadPageSchema.parse((await api.get('/api/legal/uploads')).json());
    expect(listed.data).toEqual([
      expect.objectContaining({ jobId, status: 'INTERRUPTED', totalRows: 3, okRows: 1, failedRows: 0 }),
    ]);
    const [audit] = await auditRows(handle.db, { action: 'legal.upload', entityId: listed.data[0]!.uploadId });
    expect(audit?.after).toMatchObject({ status: 'INTERRUPTED', okRows: 1, jobId });
    expect((await api.get('/api/legal/uploads?status=INTERRUPTED')).json()).toMatchObject({ count: 1 });
    // No row after the interruption was applied.
    expect(await openCases(accounts[1]!.id)).toEqual([]);
    expect(await openCases(accounts[2]!.id)).toEqual([]);
  });

  it('marks an upload FAILED when no row goes through, and lists uploads on the dashboard', async () => {
    const own = await createOrg(handle.db);
    const api = await apiAs(t, await createLegalStaff(handle.db, own.branch, OFFICER_AUTHORITIES), own.branch);
    const content = csv([[...UPLOAD_COLUMNS.CASE_INITIATION], ['NO-SUCH-ACCOUNT', 'S138', '', '']]);
    const failed = uploadReplySchema.parse((await upload(api, 'CASE_INITIATION', { name: 'x.csv', content })).json());
    expect(failed).toMatchObject({ status: 'FAILED', okRows: 0, failedRows: 1 });

    const account = await createPoolAccount(handle.db, { unit: own.branch });
    const ok = csv([[...UPLOAD_COLUMNS.CASE_INITIATION], [account.accountNo, 'CIVIL_SUIT', '', '']]);
    const completed = uploadReplySchema.parse(
      (await upload(api, 'CASE_INITIATION', { name: 'y.csv', content: ok })).json(),
    );
    expect(completed).toMatchObject({ status: 'COMPLETED', okRows: 1, failedRows: 0, errors: [] });

    const list = async (query: string) => {
      const response = await api.get(`/api/legal/uploads?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return uploadPageSchema.parse(response.json());
    };
    const all = await list('');
    expect(all.data.map((row) => row.uploadId)).toEqual([completed.uploadId, failed.uploadId]);
    expect(all).toMatchObject({ count: 2, page: 1, pageSize: 25 });
    expect((await list('status=FAILED')).data.map((row) => row.uploadId)).toEqual([failed.uploadId]);
    expect((await list('q=y.cs')).data.map((row) => row.uploadId)).toEqual([completed.uploadId]);
    const zone = await apiAs(t, await createLegalStaff(handle.db, own.zone, ['LEGAL_FILE_UPLOAD_SAUTH']), own.zone);
    expect((await zone.get('/api/legal/uploads')).json()).toMatchObject({ count: 2 });
    const foreign = await apiAs(
      t,
      await createLegalStaff(handle.db, own.foreign, ['LEGAL_FILE_UPLOAD_SAUTH']),
      own.foreign,
    );
    expect((await foreign.get('/api/legal/uploads')).json()).toMatchObject({ count: 0 });
    expect((await api.get('/api/legal/uploads?status=DONE')).statusCode).toBe(400);
  });

  it('refuses files it cannot take: no file, wrong kind, wrong header, too many rows, not a spreadsheet', async () => {
    const noFile = await upload(officer, 'CASE_INITIATION', null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ fields: [{ field: 'file', message: 'please upload file first' }] });

    const header = csv([[...UPLOAD_COLUMNS.CASE_INITIATION], ['X', 'S138', '', '']]);
    const noKind = await upload(officer, null, { name: 'a.csv', content: header });
    expect(noKind.statusCode).toBe(400);
    expect(errorOf(noKind).fields).toEqual(['kind']);
    const badKind = await upload(officer, 'EVERYTHING', { name: 'a.csv', content: header });
    expect(errorOf(badKind).fields).toEqual(['kind']);

    const missing = await upload(officer, 'CASE_INITIATION', {
      name: 'a.csv',
      content: csv([
        ['accountNo', 'remarks'],
        ['X', ''],
      ]),
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual(['file']);
    expect(errorOf(missing).detail).toContain('caseType, claimAmount');
    const unknown = await upload(officer, 'HEARING_UPDATE', { name: 'a.csv', content: header });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).detail).toContain(
      'caseNo, hearingDate, courtStage, outcome, nextHearingDate, hearingNotes',
    );

    const tooMany = csv([
      [...UPLOAD_COLUMNS.CASE_INITIATION],
      ...Array.from({ length: MAX_UPLOAD_ROWS + 1 }, (_, i) => [`LN${i}`, 'S138', '', '']),
    ]);
    const refused = await upload(officer, 'CASE_INITIATION', { name: 'big.csv', content: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).detail).toContain(`at most ${MAX_UPLOAD_ROWS}`);

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0)]);
    const image = await upload(officer, 'CASE_INITIATION', { name: 'sheet.xlsx', content: png });
    expect(image.statusCode).toBe(415);
    const latin1 = await upload(officer, 'CASE_INITIATION', {
      name: 'a.csv',
      content: Buffer.from('accountNo,caseType,claimAmount,remarks\r\nX,S138,,Caf\xe9\r\n', 'latin1'),
    });
    expect(latin1.statusCode).toBe(415);
    const brokenZip = await upload(officer, 'CASE_INITIATION', {
      name: 'a.xlsx',
      content: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40, 1)]),
    });
    expect(brokenZip.statusCode).toBe(400);
    expect(errorOf(brokenZip).fields).toEqual(['file']);

    const uploads = await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from legal_uploads where uploaded_by_user_id = ${officer.user.id}
        and status = 'FAILED' and file_name = 'big.csv'`,
    );
    expect(uploads[0]!.count).toBe(0);
  });

  it('serves an XLSX template of each kind with the header row and an example row', async () => {
    for (const kindName of ['CASE_INITIATION', 'HEARING_UPDATE'] as const) {
      const response = await officer.get(`/api/legal/uploads/template?kind=${kindName}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      expect(values(1)).toEqual([...UPLOAD_COLUMNS[kindName]]);
      expect(values(2)).toHaveLength(UPLOAD_COLUMNS[kindName].length);
      expect(sheet.rowCount).toBe(2);
    }
    const bad = await officer.get('/api/legal/uploads/template?kind=OTHER');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['kind']);
  });
});
