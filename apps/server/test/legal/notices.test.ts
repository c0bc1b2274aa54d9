import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { legalDocumentRowSchema, pagedReplySchema } from '@recovery-desk/domain/legal/contracts.ts';
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
  OFFICER_AUTHORITIES,
  pdfFonts,
  pdfText,
  resetLegalSettings,
  walkToNotice,
} from './factories.ts';

// Send Legal Notice: notices generated for cases at NOTICE, stored on each case with a history entry and an audit
// row, answered as one PDF; and File Download, the list of legal case documents in scope.

const documentPageSchema = pagedReplySchema(legalDocumentRowSchema);

describe.each(testDatabaseKinds())('legal notices and documents (%s)', (kind) => {
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

  async function caseAtNotice(customerName: string) {
    const account = await createPoolAccount(handle.db, { unit: org.branch, customerName });
    await createBouncedCheque(handle.db, account.id);
    const started = await initiateS138(officer, account.id);
    await walkToNotice(officer, manager, started.caseId);
    return { ...started, account };
  }
  const noticeDocuments = (caseId: number) =>
    queryRows<{ id: number; content: Uint8Array; isGenerated: boolean; stage: string }>(
      handle.db,
      sql`select id, content, is_generated as "isGenerated", stage from case_documents
        where case_id = ${caseId} and code = 'noticeCopy' order by id`,
    );

  it('generates one PDF of every notice in order, each stored on its case with a history entry', async () => {
    const first = await caseAtNotice('Asha Kulkarni');
    const second = await caseAtNotice('Vikram Rathod');
    const versionsBefore = [
      (await caseView(officer, first.caseId)).case.version,
      (await caseView(officer, second.caseId)).case.version,
    ];

    const response = await officer.post('/api/legal/notices', {
      caseIds: [second.caseId, first.caseId],
      noticeDate: '2026-03-30',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="legal-notices-2026-03-31.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const stored = [(await noticeDocuments(second.caseId)).at(-1)!, (await noticeDocuments(first.caseId)).at(-1)!];
    const storedPages = await Promise.all(
      stored.map(async (document) => (await PDFDocument.load(document.content)).getPageCount()),
    );
    const merged = await PDFDocument.load(pdf);
    expect(merged.getPageCount()).toBe(storedPages[0]! + storedPages[1]!);
    for (const document of stored) expect(document).toMatchObject({ isGenerated: true, stage: 'NOTICE' });

    // Lines wrap where they wrap: phrases are looked for in the text with line breaks as spaces.
    const text = (await pdfText(pdf)).replace(/\n/g, ' ');
    expect(text.indexOf('Vikram Rathod')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Asha Kulkarni')).toBeGreaterThan(text.indexOf('Vikram Rathod'));
    for (const expected of [
      'Test Lender Ltd',
      'Legal notice under Section 138 of the Negotiable Instruments Act, 1881',
      'Date: 30-03-2026',
      `Ref: ${first.caseNo} / Loan account ${first.account.accountNo}`,
      '12 MG Road',
      'Pune, MH - 411001',
      'Rs. 2,50,000.00',
      'Funds insufficient',
      'R K Sharma',
      'Page 1 of',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain('within 15 days of receipt of this notice');

    for (const [index, item] of [second, first].entries()) {
      const view = await caseView(officer, item.caseId);
      expect(view.case.version).toBe(versionsBefore[1 - index]);
      expect(view.history.at(-1)).toMatchObject({
        action: 'NOTICE_GENERATED',
        fromStage: 'NOTICE',
        toStage: 'NOTICE',
        toStatus: 'Approved',
        remarks: 'Legal notice dated 30-03-2026',
      });
      expect((await auditRows(handle.db, { action: 'legal.notice_generate', entityId: item.caseId })).length).toBe(1);
    }

    // The stored copy downloads through the workflow's document route, for anyone of the legal app.
    const downloader = await apiAs(
      t,
      await createLegalStaff(handle.db, org.branch, ['LEGAL_FILE_DOWNLOAD_SAUTH']),
      org.branch,
    );
    const download = await downloader.get(`/api/workflow/cases/${first.caseId}/documents/${stored[1]!.id}/content`);
    expect(download.statusCode, download.body).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain('Asha Kulkarni');
  });

  it('refuses a case not at Send Legal Notice (409 naming it) or of another unit (404), storing nothing', async () => {
    const ready = await caseAtNotice('Meera Iyer');
    const early = await createPoolAccount(handle.db, { unit: org.branch });
    const initiated = await initiateS138(officer, early.id);
    const before = (await noticeDocuments(ready.caseId)).length;

    const wrongStage = await officer.post('/api/legal/notices', { caseIds: [ready.caseId, initiated.caseId] });
    expect(wrongStage.statusCode).toBe(409);
    expect(wrongStage.json()).toMatchObject({ error_code: 'WRONG_STAGE', caseNo: initiated.caseNo, stage: 'INITIATE' });
    expect(errorOf(wrongStage).detail).toContain(initiated.caseNo);

    const foreignOfficer = await apiAs(
      t,
      await createLegalStaff(handle.db, org.foreign, OFFICER_AUTHORITIES),
      org.foreign,
    );
    const foreignAccount = await createPoolAccount(handle.db, { unit: org.foreign });
    const foreign = await initiateS138(foreignOfficer, foreignAccount.id);
    const outOfScope = await officer.post('/api/legal/notices', { caseIds: [ready.caseId, foreign.caseId] });
    expect(outOfScope.statusCode).toBe(404);
    expect(errorOf(outOfScope).detail).toContain(String(foreign.caseId));

    const future = await officer.post('/api/legal/notices', { caseIds: [ready.caseId], noticeDate: '2026-04-01' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toEqual(['noticeDate']);
    const none = await officer.post('/api/legal/notices', { caseIds: [] });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields).toEqual(['caseIds']);

    expect((await noticeDocuments(ready.caseId)).length).toBe(before);
  });

  it('generates notices of more cases than NOTICE_SYNC_MAX_CASES as a job whose result is the one PDF', async () => {
    const first = await caseAtNotice('Bulk First');
    const second = await caseAtNotice('Bulk Second');
    const bulk = await createTestApp(handle.db, { config: { noticeSyncMaxCases: 1 }, clock: t.clock });
    try {
      const bulkOfficer = await apiAs(bulk, officer.user, org.branch);
      // Refusals come at once, before anything is queued.
      const initiated = await initiateS138(officer, (await createPoolAccount(handle.db, { unit: org.branch })).id);
      const refused = await bulkOfficer.post('/api/legal/notices', { caseIds: [first.caseId, initiated.caseId] });
      expect(refused.statusCode).toBe(409);

      const started = await bulkOfficer.post('/api/legal/notices', { caseIds: [first.caseId, second.caseId] });
      const job = await finishJob(bulk, bulkOfficer, started);
      expect(job).toMatchObject({
        kind: 'legal.notices',
        status: 'DONE',
        progressDone: 2,
        progressTotal: 2,
        resultFileName: 'legal-notices-2026-03-31.pdf',
      });
      const file = await bulkOfficer.get(`/api/jobs/${job.id}/result`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(file.rawPayload)).replace(/\n/g, ' ');
      expect(text.indexOf('Bulk Second')).toBeGreaterThan(text.indexOf('Bulk First'));
      expect((await noticeDocuments(first.caseId)).length).toBeGreaterThan(0);
      expect((await noticeDocuments(second.caseId)).length).toBeGreaterThan(0);
    } finally {
      await bulk.close();
    }
  });

  it('prints names and addresses whole, Latin and Devanagari, in the embedded fonts (no standard font)', async () => {
    const item = await caseAtNotice('Rohan Sahyadri रोहन देशमुख Ωmega');
    await handle.db.execute(
      sql`update addresses set line1 = 'Flat 4, Sahyadri Apartments', line2 = 'S V Road, सह्याद्रि नगर'
        where customer_id = ${item.account.customerId}`,
    );
    const response = await officer.post('/api/legal/notices', { caseIds: [item.caseId] });
    expect(response.statusCode, response.body).toBe(200);
    // One notice is named after its case.
    const caseNo = (await caseView(officer, item.caseId)).case.caseNo;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="legal-notice-${caseNo.replaceAll('/', '-')}.pdf"`,
    );
    const pdf = response.rawPayload;
    const text = (await pdfText(pdf)).replace(/\n/g, ' ');
    expect(text).toContain('Rohan Sahyadri रोहन देशमुख ?mega');
    expect(text).toContain('Flat 4, Sahyadri Apartments');
    expect(text).toContain('S V Road,');
    expect(text).toContain('नगर');
    expect(text).not.toMatch(/S ahyadri|R ohan|S V R oad/);
    expect(text).toContain('Date: 31-03-2026');
    const fonts = await pdfFonts(pdf);
    expect(new Set(fonts.map((font) => font.name))).toEqual(
      new Set(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansDevanagari-Regular']),
    );
    expect(fonts.every((font) => font.file === 'FontFile2')).toBe(true);
    expect(Buffer.from(pdf).toString('latin1')).not.toContain('/Helvetica');
  });

  it('lists the documents of legal cases in scope with the File Download filters', async () => {
    const item = await caseAtNotice('Farhan Qureshi');
    const downloader = await apiAs(
      t,
      await createLegalStaff(handle.db, org.branch, ['LEGAL_FILE_DOWNLOAD_SAUTH']),
      org.branch,
    );
    const list = async (query: string) => {
      const response = await downloader.get(`/api/legal/documents?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return documentPageSchema.parse(response.json());
    };
    const all = await list(`q=${encodeURIComponent(item.caseNo)}&pageSize=50`);
    expect(all.data.map((row) => row.code).sort()).toEqual(
      ['authorisationLetter', 'chequeCopy', 'loanAgreement', 'noticeCopy', 'returnMemo', 'statementOfAccount'].sort(),
    );
    expect(all.count).toBe(6);
    expect(all.data.every((row) => row.caseId === item.caseId && row.customerName === 'Farhan Qureshi')).toBe(true);

    const notices = await list(`q=${item.account.accountNo}&code=NOTICE`);
    expect(notices.data).toHaveLength(1);
    expect(notices.data[0]).toMatchObject({ code: 'noticeCopy', isGenerated: true, mimeType: 'application/pdf' });
    expect((await list(`q=Farhan&code=loanAgreement`)).data.map((row) => row.code)).toEqual(['loanAgreement']);

    // Created dates are the clock's (the test app's clock starts at the real time).
    const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`q=${item.account.accountNo}&from=${shift(-2)}&to=${shift(2)}`)).count).toBe(6);
    expect((await list(`q=${item.account.accountNo}&to=${shift(-3)}`)).count).toBe(0);
    expect((await list(`q=${item.account.accountNo}&from=${shift(3)}`)).count).toBe(0);

    const paged = await list(`q=${item.account.accountNo}&pageSize=10&page=1`);
    expect(paged).toMatchObject({ page: 1, pageSize: 10, count: 6 });

    const foreignOfficer = await apiAs(
      t,
      await createLegalStaff(handle.db, org.foreign, ['LEGAL_FILE_DOWNLOAD_SAUTH']),
      org.foreign,
    );
    const foreignList = await foreignOfficer.get(`/api/legal/documents?q=${item.account.accountNo}`);
    expect(foreignList.json()).toMatchObject({ count: 0, data: [] });

    const badRange = await downloader.get('/api/legal/documents?from=2026-03-10&to=2026-03-01');
    expect(badRange.statusCode).toBe(400);
    expect(errorOf(badRange).fields).toEqual(['to']);
  });
});
