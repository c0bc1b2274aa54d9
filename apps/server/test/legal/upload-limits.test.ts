import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { MAX_UPLOAD_ROWS, UPLOAD_COLUMNS } from '@recovery-desk/domain/legal/contracts.ts';
import { apiAs, createOrg, errorOf, type Api } from '../collections/factories.ts';
import { ensureOrganisation, queryRows, type TestUser } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { sheetXml, workbookOf } from '../support/workbooks.ts';
import { createLegalStaff, multipart, OFFICER_AUTHORITIES } from './factories.ts';

// The limits of an uploaded spreadsheet apply while it is read (src/uploads/sheet-reader.ts), not after it was parsed
// whole: too many rows, a cell that unpacks to megabytes, a workbook that unpacks past the cap — each a 400 naming the
// problem on the field `file`, and nothing recorded. The server keeps answering while a large file is read.

describe.each(testDatabaseKinds())('upload limits (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let officer: Api;
  let officerUser: TestUser;
  let officerUnit: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    const org = await createOrg(handle.db);
    officerUser = await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES);
    officerUnit = org.branch.id;
    officer = await apiAs(t, officerUser, org.branch);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const post = (name: string, content: Buffer) =>
    officer.inject({
      method: 'POST',
      url: '/api/legal/uploads',
      ...multipart({ kind: 'CASE_INITIATION' }, [{ name, content }]),
    });
  const header = [...UPLOAD_COLUMNS.CASE_INITIATION];
  const recorded = async () =>
    (
      await queryRows<{ count: number }>(
        handle.db,
        sql`select count(*)::int as count from legal_uploads where uploaded_by_user_id = ${officer.user.id}`,
      )
    )[0]!.count;

  it('refuses a workbook of more rows than the limit, naming the limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Upload');
    sheet.addRow(header);
    for (let row = 0; row <= MAX_UPLOAD_ROWS; row += 1) sheet.addRow([`LN${row}`, 'S138', '', '']);
    const response = await post('many.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION',
      fields: ['file'],
      detail: expect.stringContaining(`holds more than ${MAX_UPLOAD_ROWS} rows; upload at most ${MAX_UPLOAD_ROWS}`),
    });
    expect(await recorded()).toBe(0);
  });

  it('refuses a small workbook whose one cell unpacks to megabytes, naming the cell limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Upload');
    sheet.addRow(header);
    sheet.addRow(['LN1', 'S138', '', 'R'.repeat(5_000_000)]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(content.length).toBeLessThan(100_000);
    const response = await post('bomb.xlsx', content);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      fields: ['file'],
      detail: expect.stringContaining('a cell longer than 32767 characters'),
    });
    expect(await recorded()).toBe(0);
  });

  it('refuses a workbook that unpacks past the size cap, naming the cap', async () => {
    const content = workbookOf(sheetXml([header, ['LN1', 'S138', '', '']]), [
      { name: 'xl/media/image1.png', content: 'x', declaredSize: 60 * 1024 * 1024 },
    ]);
    const response = await post('huge.xlsx', content);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      fields: ['file'],
      detail: expect.stringContaining('unpacks to more than 50 MB'),
    });
    expect(await recorded()).toBe(0);
  });

  it('answers /healthz while a large upload is being read', async () => {
    // Over real sockets, as clients reach it: the upload and the health checks share the process's event loop.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const { access } = await signIn(t, officerUser);
    // 1000 rows, padded to about 40 MB unpacked (a few dozen KB packed): the reader takes a while over it.
    const rows = [header, ...Array.from({ length: MAX_UPLOAD_ROWS }, (_, row) => [`NOACC${row}`, 'S138', '', ''])];
    const body = multipart({ kind: 'CASE_INITIATION' }, [
      { name: 'large.xlsx', content: workbookOf(sheetXml(rows, { padding: 40_000 })) },
    ]);
    let settled = false;
    const uploading = fetch(`${base}/api/legal/uploads`, {
      method: 'POST',
      headers: { ...bearer(access, officerUnit), ...body.headers },
      body: body.payload,
    }).finally(() => {
      settled = true;
    });
    let answeredDuring = 0;
    while (!settled) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      if (!settled) answeredDuring += 1;
    }
    const response = await uploading;
    expect(response.status, await response.text()).toBe(202);
    expect(answeredDuring).toBeGreaterThan(0);
  });
});
