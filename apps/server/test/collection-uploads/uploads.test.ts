import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  collUploadPageSchema,
  collUploadReplySchema,
  downloadPageSchema,
  type CollUploadReply,
} from '@recovery-desk/domain/collections/uploads.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { readSheet } from '../../src/uploads/sheet-reader.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import {
  apiAs,
  createAccount,
  createAgency,
  createOrg,
  createStaff,
  errorOf,
  readAccount,
  type Api,
  type Org,
} from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { finishJob } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Collections File Upload (allocation) and File Download: every row validated first with errors by row and column,
// a file with any error applies nothing, a clean file applies every row in one transaction.

const HEADER = ['accountNo', 'collectorUsername', 'agencyCode', 'reason'];

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Upload');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(testDatabaseKinds())('collections uploads (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let uploader: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    uploader = await apiAs(
      t,
      await createStaff(handle.db, org.branch, [
        'FILE_UPLOAD_COLL_SAUTH',
        'FILE_DOWNLOAD_COLL_SAUTH',
        'UPLOAD_DASH_SAUTH',
      ]),
      org.branch,
    );
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const post = (api: Api, type: string | null, file: { name: string; content: Buffer } | null) =>
    api.inject({
      method: 'POST',
      url: '/api/collections/uploads',
      ...multipart(type === null ? {} : { type }, file ? [file] : []),
    });

  /** Uploads and runs the job to its end: the finished job and the upload record it reports. */
  async function upload(api: Api, rows: string[][], name = 'allocation.csv') {
    const started = await post(api, 'ALLOCATION', {
      name,
      content: name.endsWith('.xlsx') ? await xlsx(rows) : csv(rows),
    });
    const job: Job = await finishJob(t, api, started);
    const record = await api.get('/api/collections/uploads?pageSize=100');
    const listed = collUploadPageSchema.parse(record.json()).data.find((row) => row.jobId === job.id);
    expect(listed).toBeDefined();
    const reply = await api.get(`/api/collections/uploads/${listed!.uploadId}`);
    return { job, upload: collUploadReplySchema.parse(reply.json()) as CollUploadReply };
  }

  const allocationRows = (uploadId: number) =>
    queryRows<{ rowNo: number; accountId: number }>(
      handle.db,
      sql`select row_no as "rowNo", account_id as "accountId" from collection_upload_rows where upload_id = ${uploadId} order by row_no`,
    );

  it('applies a clean file whole: every account allocated, one upload row each, one audit row with the counts', async () => {
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const agency = await createAgency(handle.db, org.branch);
    const [agencyRow] = await queryRows<{ code: string }>(
      handle.db,
      sql`select code from agencies where id = ${agency.id}`,
    );
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const b = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const c = await createAccount(handle.db, { unit: org.branch, dpd: 70 });
    const { job, upload: done } = await upload(
      uploader,
      [
        HEADER,
        [a.accountNo, collector.username, '', 'Bucket 1 desk'],
        [b.accountNo, collector.username.toUpperCase(), '', ''],
        [c.accountNo, '', agencyRow!.code, 'Hard bucket'],
      ],
      'allocation.xlsx',
    );
    expect(job.status).toBe('DONE');
    expect(done).toMatchObject({ status: 'APPLIED', totalRows: 3, appliedRows: 3, errorRows: 0, errors: [] });
    expect(job.progressDone).toBe(3);
    expect(await readAccount(handle.db, a.id)).toMatchObject({ allocatedUserId: collector.id });
    expect(await readAccount(handle.db, b.id)).toMatchObject({ allocatedUserId: collector.id });
    expect(await readAccount(handle.db, c.id)).toMatchObject({ allocatedUserId: null, allocatedAgencyId: agency.id });
    expect(await allocationRows(done.uploadId)).toEqual([
      { rowNo: 2, accountId: a.id },
      { rowNo: 3, accountId: b.id },
      { rowNo: 4, accountId: c.id },
    ]);
    const audit = await auditRows(handle.db, { action: 'collections.upload' });
    expect(audit.find((row) => row.entityId === String(done.uploadId))?.after).toMatchObject({
      status: 'APPLIED',
      appliedRows: 3,
      totalRows: 3,
    });
    const start = await auditRows(handle.db, { action: 'collections.upload.start' });
    expect(start.some((row) => row.entityId === String(done.uploadId))).toBe(true);
  });

  it('leaves an account already with the row assignee as it is, and moves the others with their reasons', async () => {
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const other = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const kept = await createAccount(handle.db, { unit: org.branch, dpd: 12, allocatedTo: collector });
    const moved = await createAccount(handle.db, { unit: org.branch, dpd: 30, allocatedTo: other });
    const fresh = await createAccount(handle.db, { unit: org.branch, dpd: 45 });
    const keptBefore = await readAccount(handle.db, kept.id);
    const reason = 'Desk "B" \\ evening, {shift}';
    const { upload: done } = await upload(uploader, [
      HEADER,
      [kept.accountNo, collector.username, '', 'Monthly'],
      [moved.accountNo, collector.username, '', `"${reason.replace(/"/g, '""')}"`],
      [fresh.accountNo, collector.username, '', ''],
    ]);
    expect(done).toMatchObject({ status: 'APPLIED', totalRows: 3, appliedRows: 3 });
    // Unchanged: no new version, no allocation row.
    expect(await readAccount(handle.db, kept.id)).toMatchObject({
      allocatedUserId: collector.id,
      version: keptBefore.version,
    });
    const history = await queryRows<{ accountId: number; userId: number; reason: string; open: boolean }>(
      handle.db,
      sql`select account_id as "accountId", user_id as "userId", reason, ended_at is null as open from allocations
        where account_id in (${kept.id}, ${moved.id}, ${fresh.id}) order by id`,
    );
    expect(history).toEqual([
      { accountId: moved.id, userId: collector.id, reason, open: true },
      { accountId: fresh.id, userId: collector.id, reason: 'Allocation upload allocation.csv', open: true },
    ]);
    expect(await readAccount(handle.db, moved.id)).toMatchObject({ allocatedUserId: collector.id });
    expect(await readAccount(handle.db, fresh.id)).toMatchObject({ allocatedUserId: collector.id });
    // Every row is on the trail, the unchanged one marked so.
    const trail = await queryRows<{ rowNo: number; detail: unknown }>(
      handle.db,
      sql`select row_no as "rowNo", detail from collection_upload_rows where upload_id = ${done.uploadId} order by row_no`,
    );
    expect(trail).toEqual([
      {
        rowNo: 2,
        detail: {
          before: { userId: collector.id, agencyId: null },
          after: { userId: collector.id, agencyId: null },
          reason: 'Monthly',
          unchanged: true,
        },
      },
      {
        rowNo: 3,
        detail: {
          before: { userId: other.id, agencyId: null },
          after: { userId: collector.id, agencyId: null },
          reason,
        },
      },
      {
        rowNo: 4,
        detail: {
          before: { userId: null, agencyId: null },
          after: { userId: collector.id, agencyId: null },
          reason: null,
        },
      },
    ]);
  });

  it('reports every error by row and column and applies nothing when one row is bad; the fixed file applies', async () => {
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const outsider = await createStaff(handle.db, org.foreign, ['TELECALLER_SAUTH']);
    const good = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const good2 = await createAccount(handle.db, { unit: org.branch, dpd: 15 });
    const good3 = await createAccount(handle.db, { unit: org.branch, dpd: 18 });
    const held = await createAccount(handle.db, { unit: org.branch, dpd: 40, isOnHold: true });
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 40 });
    const fraud = await createAccount(handle.db, { unit: org.branch, dpd: 50 });
    await handle.db.execute(
      sql`insert into account_marks (account_id, unit_path, mark, reason, request_id, approved_by, marked_at)
        values (${fraud.id}, ${org.branch.path}, 'FRAUD', 'Forged documents', 1, ${collector.id}, now())`,
    );
    const rows = [
      HEADER,
      [good.accountNo, collector.username, '', ''],
      [held.accountNo, collector.username, '', ''],
      [foreign.accountNo, collector.username, '', ''],
      [fraud.accountNo, collector.username, '', ''],
      ['', collector.username, '', ''],
      [good2.accountNo, outsider.username, '', ''],
      [good3.accountNo, collector.username, 'X1', ''],
      [good.accountNo, collector.username, '', ''],
    ];
    const { job, upload: rejected } = await upload(uploader, rows);
    expect(job.status).toBe('DONE');
    expect(job.resultFileName).toMatch(/errors\.csv$/);
    expect(rejected).toMatchObject({ status: 'REJECTED', totalRows: 8, appliedRows: 0, errorRows: 7 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'accountNo'],
      [4, 'accountNo'],
      [5, 'accountNo'],
      [6, 'accountNo'],
      [7, 'collectorUsername'],
      [8, 'agencyCode'],
      [9, 'accountNo'],
    ]);
    expect(rejected.errors[0]!.message).toContain('on allocation hold');
    expect(rejected.errors[1]!.message).toContain('not found in your units');
    expect(rejected.errors[2]!.message).toContain('FRAUD');
    expect(rejected.errors[6]!.message).toContain('also on row 2');
    // Nothing applied: the good row too.
    expect(await readAccount(handle.db, good.id)).toMatchObject({ allocatedUserId: null });
    expect(await allocationRows(rejected.uploadId)).toEqual([]);

    // The error report: every error with the row's values.
    const report = await uploader.get(`/api/collections/uploads/${rejected.uploadId}/errors`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const sheet = await readSheet(report.rawPayload, { maxRows: 100 });
    expect(sheet.header?.cells).toEqual(['row', 'column', 'message', ...HEADER]);
    expect(sheet.rows).toHaveLength(7);
    expect(sheet.rows[0]!.cells.slice(0, 4)).toEqual(['3', 'accountNo', expect.any(String), held.accountNo]);

    // Fixed and uploaded again: applied whole.
    const { upload: applied } = await upload(uploader, [HEADER, [good.accountNo, collector.username, '', '']]);
    expect(applied).toMatchObject({ status: 'APPLIED', appliedRows: 1 });
    expect(await readAccount(handle.db, good.id)).toMatchObject({ allocatedUserId: collector.id });
  });

  it('rolls the whole file back when the apply fails part-way, and the upload ends FAILED with nothing applied', async () => {
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const b = await createAccount(handle.db, { unit: org.branch, dpd: 20 });
    // The database refuses b's allocation row: a's group (another reason) is written before it in the same
    // transaction, and must not survive.
    await handle.db.execute(
      sql.raw(`create or replace function refuse_upload_test() returns trigger language plpgsql as $$
        begin if new.account_id = ${b.id} then raise exception 'test refusal of account ${b.id}'; end if; return new; end $$`),
    );
    await handle.db.execute(
      sql.raw(
        `create trigger refuse_upload_test before insert on allocations for each row execute function refuse_upload_test()`,
      ),
    );
    try {
      const started = await post(uploader, 'ALLOCATION', {
        name: 'allocation.csv',
        content: csv([
          HEADER,
          [a.accountNo, collector.username, '', 'first'],
          [b.accountNo, collector.username, '', 'second'],
        ]),
      });
      expect(started.statusCode, started.body).toBe(202);
      const jobId = started.json<Job>().id;
      // Every attempt fails the same way (backoff 5 s, then 20 s), the last one closes the record FAILED.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await t.app.jobs.drain();
        t.clock.advance(60);
      }
      const [record] = await queryRows<{ id: number; status: string; appliedRows: number; failure: string }>(
        handle.db,
        sql`select id, status, applied_rows as "appliedRows", failure from collection_uploads where job_id = ${jobId}`,
      );
      expect(record).toMatchObject({ status: 'FAILED', appliedRows: 0 });
      expect(record!.failure).toContain('allocations');
      expect(await readAccount(handle.db, a.id)).toMatchObject({ allocatedUserId: null });
      expect(await allocationRows(Number(record!.id))).toEqual([]);
    } finally {
      await handle.db.execute(sql.raw('drop trigger refuse_upload_test on allocations'));
    }
  });

  it('turns a clean marking file into account-marking requests on the approval kit, nothing marked until approved', async () => {
    const marker = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['FILE_UPLOAD_COLL_SAUTH', 'MAN_ACC_MARK_SAUTH']),
      org.branch,
    );
    const a = await createAccount(handle.db, { unit: org.branch });
    const b = await createAccount(handle.db, { unit: org.branch });
    const started = await post(marker, 'ACCOUNT_MARKING', {
      name: 'marks.csv',
      content: csv([
        ['accountNo', 'mark', 'reason'],
        [a.accountNo, 'DISPUTE', 'Borrower disputes the bounce charges'],
        [b.accountNo, 'vip', 'Relationship customer'],
      ]),
    });
    const job = await finishJob(t, marker, started);
    const done = collUploadReplySchema.parse(job.result);
    expect(done).toMatchObject({ type: 'ACCOUNT_MARKING', status: 'APPLIED', appliedRows: 2 });
    const requests = await queryRows<{ subjectId: number; status: string; payload: { mark: string } }>(
      handle.db,
      sql`select subject_id as "subjectId", status, payload from approval_requests
        where flow_code = 'ACCOUNT_MARKING' and subject_id in (${a.id}, ${b.id}) order by subject_id`,
    );
    expect(requests.map((row) => [Number(row.subjectId), row.status, row.payload.mark])).toEqual([
      [a.id, 'PENDING', 'DISPUTE'],
      [b.id, 'PENDING', 'VIP'],
    ]);
    const marks = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from account_marks where account_id in (${a.id}, ${b.id})`,
    );
    expect(marks[0]!.n).toBe(0);
    const trail = await queryRows<{ detail: { approvalRequestId: number } }>(
      handle.db,
      sql`select detail from collection_upload_rows where upload_id = ${done.uploadId} order by row_no`,
    );
    expect(trail).toHaveLength(2);
    expect(trail[0]!.detail.approvalRequestId).toEqual(expect.any(Number));

    // A second file for the same accounts: both rows refused (already waiting), and a bad code; nothing requested.
    const c = await createAccount(handle.db, { unit: org.branch });
    const again = await post(marker, 'ACCOUNT_MARKING', {
      name: 'marks-again.csv',
      content: csv([
        ['accountNo', 'mark', 'reason'],
        [c.accountNo, 'DISPUTE', 'Disputed insurance premium'],
        [a.accountNo, 'DISPUTE', 'Again'],
        [c.accountNo, 'NOT_A_MARK', 'Typo'],
        ['LN-NONE', 'VIP', 'Unknown'],
        [b.accountNo, 'FRAUD', ''],
      ]),
    });
    const rejected = collUploadReplySchema.parse((await finishJob(t, marker, again)).result);
    expect(rejected).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 4 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'accountNo'],
      [4, 'accountNo'],
      [5, 'accountNo'],
      [6, 'reason'],
    ]);
    expect(rejected.errors[0]!.message).toContain('already waits');
    const forC = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from approval_requests where subject_id = ${c.id}`,
    );
    expect(forC[0]!.n).toBe(0);

    // An unknown mark code is named on its column.
    const d = await createAccount(handle.db, { unit: org.branch });
    const badCode = await post(marker, 'ACCOUNT_MARKING', {
      name: 'marks-code.csv',
      content: csv([
        ['accountNo', 'mark', 'reason'],
        [d.accountNo, 'NOT_A_MARK', 'Typo in the mark code'],
      ]),
    });
    const coded = collUploadReplySchema.parse((await finishJob(t, marker, badCode)).result);
    expect(coded.errors).toEqual([{ row: 2, column: 'mark', message: expect.stringContaining('must be one of') }]);

    // The maker authority of Manual Account Marking is needed too.
    const refused = await post(uploader, 'ACCOUNT_MARKING', {
      name: 'marks.csv',
      content: csv([
        ['accountNo', 'mark', 'reason'],
        [d.accountNo, 'VIP', 'x'],
      ]),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ authority: 'MAN_ACC_MARK_SAUTH' });
  });

  it('applies exactly once across attempts: a failed attempt leaves nothing, a rerun after the commit applies nothing again', async () => {
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const b = await createAccount(handle.db, { unit: org.branch, dpd: 20 });
    // The first attempt dies inside the apply transaction (the database refuses once), as a killed worker would.
    // A sequence, not a table: nextval is not rolled back with the failed attempt.
    await handle.db.execute(sql.raw('create sequence if not exists upload_test_once'));
    await handle.db.execute(
      sql.raw(`create or replace function fail_once_upload_test() returns trigger language plpgsql as $$
        begin
          if new.account_id = ${b.id} and nextval('upload_test_once') = 1 then
            raise exception 'worker died';
          end if;
          return new;
        end $$`),
    );
    await handle.db.execute(
      sql.raw(
        'create trigger fail_once_upload_test before insert on allocations for each row execute function fail_once_upload_test()',
      ),
    );
    try {
      const started = await post(uploader, 'ALLOCATION', {
        name: 'allocation.csv',
        content: csv([HEADER, [a.accountNo, collector.username, '', ''], [b.accountNo, collector.username, '', '']]),
      });
      const jobId = started.json<Job>().id;
      await t.app.jobs.drain();
      // After the failed attempt: the upload is visible, PROCESSING, nothing applied.
      const [between] = await queryRows<{ status: string; appliedRows: number }>(
        handle.db,
        sql`select status, applied_rows as "appliedRows" from collection_uploads where job_id = ${jobId}`,
      );
      expect(between).toEqual({ status: 'PROCESSING', appliedRows: 0 });
      expect(await readAccount(handle.db, a.id)).toMatchObject({ allocatedUserId: null });
      // The next attempt (after the backoff) applies the whole file.
      t.clock.advance(60);
      await t.app.jobs.drain();
      const openRows = () =>
        queryRows<{ accountId: number }>(
          handle.db,
          sql`select account_id as "accountId" from allocations
            where account_id in (${a.id}, ${b.id}) and ended_at is null order by account_id`,
        );
      expect((await openRows()).map((row) => Number(row.accountId))).toEqual([a.id, b.id]);
      const [after] = await queryRows<{ id: number; status: string; appliedRows: number }>(
        handle.db,
        sql`select id, status, applied_rows as "appliedRows" from collection_uploads where job_id = ${jobId}`,
      );
      expect(after).toMatchObject({ status: 'APPLIED', appliedRows: 2 });
      // A worker that died after the apply's commit but before the job was marked done: the job runs again and
      // only reports the closed upload (no second allocation, no second trail).
      await handle.db.execute(
        sql`update jobs set status = 'RUNNING', locked_until = now() - interval '1 minute', attempts = 1,
            input_file = ${Buffer.from('x')} where id = ${jobId}`,
      );
      t.clock.advance(120);
      await t.app.jobs.drain();
      const all = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from allocations where account_id in (${a.id}, ${b.id})`,
      );
      expect(all[0]!.n).toBe(2);
      expect(await allocationRows(Number(after!.id))).toHaveLength(2);
      const [job] = await queryRows<{ status: string }>(handle.db, sql`select status from jobs where id = ${jobId}`);
      expect(job!.status).toBe('DONE');
    } finally {
      await handle.db.execute(sql.raw('drop trigger fail_once_upload_test on allocations'));
    }
  });

  it('refuses bad files at the request, naming the field, and queues nothing', async () => {
    const before = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from collection_uploads`);
    const noType = await post(uploader, null, { name: 'a.csv', content: csv([HEADER, ['1', 'x', '', '']]) });
    expect(noType.statusCode).toBe(400);
    expect(errorOf(noType).fields).toEqual(['type']);
    const badType = await post(uploader, 'PAYMENTS_BANK', { name: 'a.csv', content: csv([HEADER]) });
    expect(errorOf(badType).fields).toEqual(['type']);
    const noFile = await post(uploader, 'ALLOCATION', null);
    expect(errorOf(noFile).fields).toEqual(['file']);
    const badHeader = await post(uploader, 'ALLOCATION', {
      name: 'a.csv',
      content: csv([
        ['accountNo', 'reason'],
        ['1', 'x'],
      ]),
    });
    expect(badHeader.statusCode).toBe(400);
    expect(errorOf(badHeader).detail).toContain('collectorUsername');
    const empty = await post(uploader, 'ALLOCATION', { name: 'a.csv', content: csv([HEADER]) });
    expect(errorOf(empty).detail).toContain('no data rows');
    const after = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from collection_uploads`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('serves the templates as XLSX and CSV with the columns and an example row', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const response = await uploader.get(`/api/collections/uploads/template?type=ALLOCATION&format=${format}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(`template.${format}`);
      const sheet = await readSheet(response.rawPayload, { maxRows: 10 });
      expect(sheet.format).toBe(format);
      expect(sheet.header?.cells).toEqual(HEADER);
      expect(sheet.rows).toHaveLength(1);
      expect(sheet.rows[0]!.cells[0]).toBe('LN0000012345');
    }
    const bad = await uploader.get('/api/collections/uploads/template?type=NOPE');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses users without the authority, and another subtree sees nothing', async () => {
    const plain = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    for (const url of ['/api/collections/uploads', '/api/collections/uploads/template?type=ALLOCATION']) {
      expect((await plain.get(url)).statusCode).toBe(403);
    }
    const refused = await post(plain, 'ALLOCATION', { name: 'a.csv', content: csv([HEADER, ['1', 'x', '', '']]) });
    expect(refused.statusCode).toBe(403);
    expect((await plain.get('/api/collections/downloads')).statusCode).toBe(403);
    // the upload authority does not open File Download, nor the other way round
    const uploadOnly = await apiAs(t, await createStaff(handle.db, org.branch, ['FILE_UPLOAD_COLL_SAUTH']), org.branch);
    expect((await uploadOnly.get('/api/collections/downloads')).statusCode).toBe(403);
    const downloadOnly = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['FILE_DOWNLOAD_COLL_SAUTH']),
      org.branch,
    );
    expect((await downloadOnly.get('/api/collections/uploads')).statusCode).toBe(403);

    const other = await apiAs(
      t,
      await createStaff(handle.db, org.foreign, ['FILE_UPLOAD_COLL_SAUTH', 'FILE_DOWNLOAD_COLL_SAUTH']),
      org.foreign,
    );
    const list = collUploadPageSchema.parse((await other.get('/api/collections/uploads')).json());
    expect(list.count).toBe(0);
    const mine = collUploadPageSchema.parse((await uploader.get('/api/collections/uploads')).json());
    expect(mine.count).toBeGreaterThan(0);
    expect((await other.get(`/api/collections/uploads/${mine.data[0]!.uploadId}`)).statusCode).toBe(404);
    expect(downloadPageSchema.parse((await other.get('/api/collections/downloads')).json()).count).toBe(0);
  });

  it('lists every generated file of the subtree with who, when and expiry, downloadable until it expires', async () => {
    const page = downloadPageSchema.parse((await uploader.get('/api/collections/downloads')).json());
    expect(page.retentionDays).toBe(30);
    const report = page.data.find(
      (row) => row.kind === 'collections.upload' && row.generatedBy === uploader.user.fullName,
    );
    expect(report).toMatchObject({ expired: false, generatedBy: uploader.user.fullName });
    expect(report!.fileName).toMatch(/errors\.csv$/);
    const expires = new Date(report!.expiresAt).getTime() - new Date(report!.generatedAt).getTime();
    expect(expires).toBe(30 * 24 * 60 * 60 * 1000);
    const file = await uploader.get(`/api/collections/downloads/${report!.jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(report!.fileName);

    // Made 31 days ago: expired, listed only on request, not downloadable.
    await handle.db.execute(
      sql`update jobs set finished_at = finished_at - interval '31 days' where id = ${report!.jobId}`,
    );
    {
      const later = downloadPageSchema.parse((await uploader.get('/api/collections/downloads')).json());
      expect(later.data.some((row) => row.jobId === report!.jobId)).toBe(false);
      const all = downloadPageSchema.parse((await uploader.get('/api/collections/downloads?expired=include')).json());
      expect(all.data.find((row) => row.jobId === report!.jobId)).toMatchObject({ expired: true });
      expect((await uploader.get(`/api/collections/downloads/${report!.jobId}/file`)).statusCode).toBe(404);
    }
  });
});
