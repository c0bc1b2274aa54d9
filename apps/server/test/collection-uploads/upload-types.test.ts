import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMarks } from '@recovery-desk/db/account-marks-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  COLL_UPLOAD_COLUMNS,
  collUploadPageSchema,
  collUploadReplySchema,
  type CollUploadReply,
  type CollUploadType,
} from '@recovery-desk/domain/collections/uploads.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { readSheet } from '../../src/uploads/sheet-reader.ts';
import { BUSINESS_DATE, ensureOrganisation, queryRows } from '../factories.ts';
import {
  apiAs,
  createAccount,
  createAddress,
  createContact,
  createOrg,
  createStaff,
  readAccount,
  type Api,
  type Org,
} from '../collections/factories.ts';
import { multipart } from '../legal/factories.ts';
import { finishJob } from '../support/jobs.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// The follow-up, PTP and contact-update upload types: a clean file applied whole through the tray verbs' own rules
// and writes; a file with row errors applies nothing and names row and column; accounts outside the uploader's
// subtree are row errors; the upload authority is required.

const cell = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (rows: string[][]) => Buffer.from(`${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8');

describe.each(testDatabaseKinds())('collections upload types (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let uploader: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    uploader = await apiAs(t, await createStaff(handle.db, org.zone, ['FILE_UPLOAD_COLL_SAUTH']), org.zone);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** A file of the type: the header and each row given as {column: value}. */
  const fileOf = (type: CollUploadType, rows: Record<string, string>[]) => {
    const columns = COLL_UPLOAD_COLUMNS[type];
    return csv([[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);
  };

  async function upload(api: Api, type: CollUploadType, rows: Record<string, string>[]) {
    const started = await api.inject({
      method: 'POST',
      url: '/api/collections/uploads',
      ...multipart({ type }, [{ name: `${type.toLowerCase()}.csv`, content: fileOf(type, rows) }]),
    });
    expect(started.statusCode, started.body).toBe(202);
    const job: Job = await finishJob(t, api, started);
    const list = collUploadPageSchema.parse((await api.get('/api/collections/uploads?pageSize=100')).json());
    const listed = list.data.find((row) => row.jobId === job.id)!;
    const reply = await api.get(`/api/collections/uploads/${listed.uploadId}`);
    return { job, upload: collUploadReplySchema.parse(reply.json()) as CollUploadReply };
  }

  const uploadRows = (uploadId: number) =>
    queryRows<{ rowNo: number; accountId: number; detail: Record<string, unknown> }>(
      handle.db,
      sql`select row_no as "rowNo", account_id as "accountId", detail from collection_upload_rows
        where upload_id = ${uploadId} order by row_no`,
    );
  const followUpsOf = (accountId: number) =>
    queryRows<{ dispositionCode: string; contactMode: string; remarks: string | null; contactedAt: Date | string }>(
      handle.db,
      sql`select disposition_code as "dispositionCode", contact_mode as "contactMode", remarks,
        contacted_at as "contactedAt" from follow_ups where account_id = ${accountId} order by id`,
    );
  const ptpsOf = (accountId: number) =>
    queryRows<{ status: string; promisedDate: string; promisedAmount: string; deviationStatus: string }>(
      handle.db,
      sql`select status, promised_date::text as "promisedDate", promised_amount::text as "promisedAmount",
        deviation_status as "deviationStatus" from ptps where account_id = ${accountId} order by id`,
    );
  const contactOf = (id: number) =>
    queryRows<{ phone: string | null; email: string | null; isValid: boolean; version: number }>(
      handle.db,
      sql`select phone, email, is_valid as "isValid", version from contacts where id = ${id}`,
    ).then((rows) => rows[0]!);
  const markDoNotCall = async (accountId: number, unitPath: string) =>
    handle.db.insert(accountMarks).values({
      accountId,
      unitPath,
      mark: 'DO_NOT_CALL',
      reason: 'Borrower asked not to be called',
      requestId: 1,
      approvedBy: uploader.user.id,
      markedAt: new Date(),
    });

  const contact = { contactDate: BUSINESS_DATE, contactTime: '11:30' };

  it('FOLLOW_UP: a clean file records every follow-up as the tray does (callback date, hold, the promise)', async () => {
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const b = await createAccount(handle.db, { unit: org.sibling, dpd: 70 });
    const { job, upload: done } = await upload(uploader, 'FOLLOW_UP', [
      {
        accountNo: a.accountNo,
        dispositionCode: 'cb',
        contactMode: 'call',
        ...contact,
        nextActionDate: addDays(BUSINESS_DATE, 2),
        nextActionTime: '10:00',
        remarks: 'Call back after salary',
      },
      {
        accountNo: a.accountNo,
        dispositionCode: 'PTP',
        contactMode: 'CALL',
        ...contact,
        contactTime: '12:00',
        actionAmount: '5,000',
        nextActionDate: addDays(BUSINESS_DATE, 3),
      },
      {
        accountNo: b.accountNo,
        dispositionCode: 'DISPUTE',
        contactMode: 'FIELD_VISIT',
        ...contact,
        remarks: 'Disputes charges',
      },
    ]);
    expect(job.status).toBe('DONE');
    expect(done, JSON.stringify(done.errors)).toMatchObject({
      status: 'APPLIED',
      totalRows: 3,
      appliedRows: 3,
      errorRows: 0,
    });
    const followUps = await followUpsOf(a.id);
    expect(followUps.map((row) => row.dispositionCode)).toEqual(['CB', 'PTP']);
    // The contact's time is the file's, on the borrower's clock (Asia/Kolkata).
    expect(new Date(followUps[0]!.contactedAt).toISOString()).toBe(`${BUSINESS_DATE}T06:00:00.000Z`);
    expect(await ptpsOf(a.id)).toEqual([
      {
        status: 'OPEN',
        promisedDate: addDays(BUSINESS_DATE, 3),
        promisedAmount: expect.stringMatching(/^5000(\.00?)?$/),
        deviationStatus: 'NONE',
      },
    ]);
    expect(await readAccount(handle.db, b.id)).toMatchObject({ isOnHold: true, lastDisposition: 'DISPUTE' });
    const rows = await uploadRows(done.uploadId);
    expect(rows.map((row) => [row.rowNo, row.accountId])).toEqual([
      [2, a.id],
      [3, a.id],
      [4, b.id],
    ]);
    expect(rows[1]!.detail).toMatchObject({ dispositionCode: 'PTP', amountPaise: 500_000 });
    // The verb's audit row for each follow-up, naming the upload and the row, and the upload's own.
    const audits = await auditRows(handle.db, { action: 'collections.follow_up.create' });
    expect(audits.filter((row) => (row.after as { uploadId?: number }).uploadId === done.uploadId)).toHaveLength(3);
    const closing = await auditRows(handle.db, { action: 'collections.upload' });
    expect(closing.find((row) => row.entityId === String(done.uploadId))?.after).toMatchObject({
      type: 'FOLLOW_UP',
      status: 'APPLIED',
      appliedRows: 3,
    });
  });

  it('FOLLOW_UP: one bad row applies nothing; every error is named by row and column (scope and do-not-call too)', async () => {
    const good = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 40 });
    const dnc = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    await markDoNotCall(dnc.id, org.branch.path);
    const { upload: rejected } = await upload(uploader, 'FOLLOW_UP', [
      { accountNo: good.accountNo, dispositionCode: 'RNR', contactMode: 'CALL', ...contact },
      { accountNo: foreign.accountNo, dispositionCode: 'RNR', contactMode: 'CALL', ...contact },
      { accountNo: good.accountNo, dispositionCode: 'NOPE', contactMode: 'CALL', ...contact },
      { accountNo: good.accountNo, dispositionCode: 'CB', contactMode: 'CALL', ...contact },
      { accountNo: dnc.accountNo, dispositionCode: 'RNR', contactMode: 'CALL', ...contact },
      {
        accountNo: good.accountNo,
        dispositionCode: 'RNR',
        contactMode: 'PIGEON',
        contactDate: '31-03-2026',
        contactTime: '25:00',
      },
      {
        accountNo: good.accountNo,
        dispositionCode: 'RNR',
        contactMode: 'CALL',
        contactDate: BUSINESS_DATE,
        contactTime: '22:15',
      },
    ]);
    expect(rejected).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 6 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'accountNo'],
      [4, 'dispositionCode'],
      [5, 'nextActionDate'],
      [6, 'contactMode'],
      [7, 'contactMode'],
      [7, 'contactDate'],
      [7, 'contactTime'],
      [8, 'callingWindowOverride'],
    ]);
    expect(rejected.errors[0]!.message).toContain('not found in your units');
    expect(rejected.errors[3]!.message).toContain('DO_NOT_CALL');
    expect(await followUpsOf(good.id)).toEqual([]);

    // The do-not-call account takes an SMS; the late call gives its reason: the fixed file applies.
    const { upload: fixed } = await upload(uploader, 'FOLLOW_UP', [
      { accountNo: good.accountNo, dispositionCode: 'RNR', contactMode: 'CALL', ...contact },
      { accountNo: dnc.accountNo, dispositionCode: 'RNR', contactMode: 'SMS', ...contact },
      {
        accountNo: good.accountNo,
        dispositionCode: 'CB',
        contactMode: 'CALL',
        contactDate: BUSINESS_DATE,
        contactTime: '22:15',
        nextActionDate: addDays(BUSINESS_DATE, 1),
        callingWindowOverride: 'Borrower called back late and asked to talk',
      },
    ]);
    expect(fixed).toMatchObject({ status: 'APPLIED', appliedRows: 3 });
    expect((await followUpsOf(good.id)).map((row) => row.dispositionCode)).toEqual(['RNR', 'CB']);
  });

  it('PTP: promises captured with the tray rules (rupees to paise, policy deviation to a supervisor, one an account)', async () => {
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const b = await createAccount(handle.db, { unit: org.branch, dpd: 70, emi: '8000.00', totalDue: '16000.00' });
    const c = await createAccount(handle.db, { unit: org.foreign, dpd: 40 });
    const bad = await upload(uploader, 'PTP', [
      {
        accountNo: a.accountNo,
        promisedAmount: '5000',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'CALL',
        ...contact,
      },
      {
        accountNo: a.accountNo,
        promisedAmount: '5000',
        promisedDate: addDays(BUSINESS_DATE, 3),
        mode: 'CALL',
        ...contact,
      },
      {
        accountNo: b.accountNo,
        promisedAmount: '99999',
        promisedDate: addDays(BUSINESS_DATE, -1),
        mode: 'CALL',
        ...contact,
      },
      {
        accountNo: b.accountNo,
        promisedAmount: '12.345',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'FIELD_VISIT',
        ...contact,
      },
      {
        accountNo: b.accountNo,
        promisedAmount: '2000',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'FIELD_VISIT',
        ...contact,
      },
      {
        accountNo: c.accountNo,
        promisedAmount: '5000',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'CALL',
        ...contact,
      },
    ]);
    expect(bad.upload).toMatchObject({ status: 'REJECTED', appliedRows: 0 });
    expect(bad.upload.errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'accountNo'],
      [4, 'promisedDate'],
      [5, 'promisedAmount'],
      [6, 'deviationReason'],
      [7, 'accountNo'],
    ]);
    expect(bad.upload.errors[0]!.message).toContain('one open promise');
    expect(await ptpsOf(a.id)).toEqual([]);

    const { upload: done } = await upload(uploader, 'PTP', [
      {
        accountNo: a.accountNo,
        promisedAmount: '5000.50',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'call',
        ...contact,
      },
      {
        accountNo: b.accountNo,
        promisedAmount: '2,000',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'FIELD_VISIT',
        ...contact,
        deviationReason: 'Borrower lost his job; part now, the rest next month',
      },
    ]);
    expect(done).toMatchObject({ status: 'REJECTED' });
    // 5000.50 is above a's total due (5000): the tray's amount limit.
    expect(done.errors.map((error) => [error.row, error.column])).toEqual([[2, 'promisedAmount']]);

    const { upload: applied } = await upload(uploader, 'PTP', [
      {
        accountNo: a.accountNo,
        promisedAmount: '4,999.50',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'call',
        ...contact,
        deviationReason: 'Pays the EMI less the bounce charge',
      },
      {
        accountNo: b.accountNo,
        promisedAmount: '2,000',
        promisedDate: addDays(BUSINESS_DATE, 2),
        mode: 'FIELD_VISIT',
        ...contact,
        deviationReason: 'Borrower lost his job; part now, the rest next month',
      },
    ]);
    expect(applied).toMatchObject({ status: 'APPLIED', appliedRows: 2 });
    expect(await ptpsOf(b.id)).toEqual([
      {
        status: 'OPEN',
        promisedDate: addDays(BUSINESS_DATE, 2),
        promisedAmount: expect.stringMatching(/^2000/),
        deviationStatus: 'PENDING',
      },
    ]);
    const rows = await uploadRows(applied.uploadId);
    expect(rows.map((row) => row.detail.amountPaise)).toEqual([499_950, 200_000]);

    // A new promise in a later file replaces the open one, as on the tray.
    const { upload: again } = await upload(uploader, 'PTP', [
      {
        accountNo: b.accountNo,
        promisedAmount: '8000',
        promisedDate: addDays(BUSINESS_DATE, 4),
        mode: 'CALL',
        ...contact,
      },
    ]);
    expect(again).toMatchObject({ status: 'APPLIED', appliedRows: 1 });
    expect((await ptpsOf(b.id)).map((row) => row.status)).toEqual(['CANCELLED', 'OPEN']);
  });

  it('CONTACT_UPDATE: validated values, the contact tab write per row (versioned, audited), nothing on an error', async () => {
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const mobile = await createContact(handle.db, a.customerId, { phone: '9000000001' });
    const address = await createAddress(handle.db, a.customerId);
    await handle.db.execute(
      sql`update contacts set is_valid = false, invalid_reason = 'Wrong number' where id = ${mobile.id}`,
    );
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 40 });
    await createContact(handle.db, foreign.customerId);

    const { upload: rejected } = await upload(uploader, 'CONTACT_UPDATE', [
      { accountNo: a.accountNo, contactType: 'MOBILE', newValue: '12345' },
      { accountNo: a.accountNo, contactType: 'EMAIL', newValue: 'not-an-email' },
      { accountNo: a.accountNo, contactType: 'ADDRESS', newValue: '4 Linking Road', pinCode: '4000' },
      { accountNo: a.accountNo, contactType: 'FAX', newValue: '1' },
      { accountNo: foreign.accountNo, contactType: 'MOBILE', newValue: '9876501234' },
      { accountNo: a.accountNo, contactType: 'MOBILE', newValue: '9876501234', category: 'SPOUSE' },
      { accountNo: a.accountNo, contactType: 'MOBILE', newValue: '9876501234', city: 'Pune' },
    ]);
    expect(rejected).toMatchObject({ status: 'REJECTED', appliedRows: 0, errorRows: 7 });
    expect(rejected.errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'newValue'],
      [3, 'newValue'],
      [4, 'pinCode'],
      [5, 'contactType'],
      [6, 'accountNo'],
      [7, 'contactType'],
      [8, 'city'],
    ]);
    expect(await contactOf(mobile.id)).toMatchObject({ phone: '9000000001', version: mobile.version });

    const { upload: done } = await upload(uploader, 'CONTACT_UPDATE', [
      { accountNo: a.accountNo, contactType: 'mobile', newValue: '9876501234', mode: 'WHATSAPP' },
      {
        accountNo: a.accountNo,
        contactType: 'ADDRESS',
        newValue: '4 Linking Road',
        city: 'Mumbai',
        state: 'MH',
        pinCode: '400050',
      },
    ]);
    expect(done).toMatchObject({ status: 'APPLIED', appliedRows: 2 });
    expect(await contactOf(mobile.id)).toMatchObject({
      phone: '9876501234',
      isValid: true,
      version: mobile.version + 1,
    });
    const [moved] = await queryRows<{ line1: string; pinCode: string }>(
      handle.db,
      sql`select line1, pin_code as "pinCode" from addresses where id = ${address.id}`,
    );
    expect(moved).toEqual({ line1: '4 Linking Road', pinCode: '400050' });
    const audits = await auditRows(handle.db, { action: 'collections.contact.update' });
    expect(audits.find((row) => row.entityId === String(mobile.id))?.before).toMatchObject({ phone: '9000000001' });
    expect((await uploadRows(done.uploadId)).map((row) => row.rowNo)).toEqual([2, 3]);
  });

  it('refuses the new types to a user without the upload authority, and serves their templates', async () => {
    const plain = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    for (const type of ['FOLLOW_UP', 'PTP', 'CONTACT_UPDATE'] as const) {
      const refused = await plain.inject({
        method: 'POST',
        url: '/api/collections/uploads',
        ...multipart({ type }, [{ name: 'f.csv', content: fileOf(type, [{ accountNo: 'X' }]) }]),
      });
      expect(refused.statusCode).toBe(403);
      expect((await plain.get(`/api/collections/uploads/template?type=${type}`)).statusCode).toBe(403);
      for (const format of ['xlsx', 'csv'] as const) {
        const template = await uploader.get(`/api/collections/uploads/template?type=${type}&format=${format}`);
        expect(template.statusCode).toBe(200);
        const sheet = await readSheet(template.rawPayload, { maxRows: 10 });
        expect(sheet.header?.cells).toEqual([...COLL_UPLOAD_COLUMNS[type]]);
        expect(sheet.rows).toHaveLength(1);
      }
    }
  });
});
