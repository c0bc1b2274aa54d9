import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { caseViewSchema, type CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { DocumentStore, withDocumentTransaction } from '../../src/documents/document-store.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  apiAs,
  caseView,
  createLegalCase,
  createLegalOrg,
  errorOf,
  multipart,
  PDF,
  PNG,
  rows,
  uploadDocument,
  type Api,
  type LegalCaseContext,
} from './factories.ts';

describe.each(testDatabaseKinds())('workflow case documents (%s)', (kind) => {
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

  async function context(app: TestApp = t): Promise<LegalCaseContext & { managerApi: Api }> {
    const org = await createLegalOrg(handle.db);
    return {
      t: app,
      org,
      officerApi: await apiAs(app, org.officer, org.branch),
      managerApi: await apiAs(app, org.manager, org.zone),
    };
  }

  const viewOf = (response: { json: () => unknown }): CaseView => caseViewSchema.parse(response.json()) as CaseView;

  it('uploads a checklist document, records it in the history, and serves it back', async () => {
    const ctx = await context();
    const { officerApi, managerApi } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    const response = await uploadDocument(officerApi, legal.caseId, 'returnMemo', {
      fileName: '../../memo<final>.pdf',
      documentName: 'Return memo (bank)',
      remark: 'Received by courier',
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = viewOf(response);
    const document = view.documents[0]!;
    expect(document).toMatchObject({
      code: 'returnMemo',
      stage: 'INITIATE',
      fileName: 'memo_final_.pdf',
      documentName: 'Return memo (bank)',
      remark: 'Received by courier',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      isGenerated: false,
    });
    expect(view.history.at(-1)).toMatchObject({
      action: 'DOCUMENT_ADDED',
      fromStage: 'INITIATE',
      toStage: 'INITIATE',
      remarks: 'Received by courier',
      changes: [{ field: 'documents.returnMemo', from: null, to: 'memo_final_.pdf' }],
    });
    // Adding a document does not move the case or its version (an open form is not made stale).
    expect(view.case.version).toBe(2);
    const [stored] = await rows<{ storage: string; sha256: string; storagePath: string | null }>(
      handle.db,
      sql`select storage, sha256, storage_path as "storagePath" from case_documents where id = ${document.documentId}`,
    );
    expect(stored).toEqual({
      storage: 'DB',
      sha256: createHash('sha256').update(PDF).digest('hex'),
      storagePath: null,
    });
    const audit = await auditRows(handle.db, { action: 'case.document.add', entityId: document.documentId });
    expect(audit[0]!.after).toMatchObject({ caseId: legal.caseId, code: 'returnMemo', sizeBytes: PDF.length });

    const download = await managerApi.get(
      `/api/workflow/cases/${legal.caseId}/documents/${document.documentId}/content`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="memo_final_.pdf"');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const png = await uploadDocument(officerApi, legal.caseId, 'OTHER', { content: PNG, fileName: 'photo.bin' });
    expect(png.statusCode).toBe(200);
    expect(viewOf(png).documents[0]).toMatchObject({ code: 'OTHER', mimeType: 'image/png', documentName: 'photo.bin' });

    // A document of another case is not found through this case.
    const other = await createLegalCase(ctx, { stage: 'INITIATE' });
    const elsewhere = await managerApi.get(
      `/api/workflow/cases/${other.caseId}/documents/${document.documentId}/content`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses wrong types, oversize files, unknown codes and missing files', async () => {
    const ctx = await context();
    const { officerApi } = ctx;
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    const url = `/api/workflow/cases/${legal.caseId}/documents`;
    const refused: [ReturnType<typeof multipart>, number, string, string][] = [
      [
        multipart({ code: 'returnMemo' }, [{ name: 'x.pdf', content: Buffer.from('<script>alert(1)</script>') }]),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        '',
      ],
      [
        multipart({ code: 'returnMemo' }, [
          { name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
        ]),
        413,
        'PAYLOAD_TOO_LARGE',
        '',
      ],
      [multipart({ code: 'bankGuarantee' }, [{ name: 'x.pdf', content: PDF }]), 400, 'VALIDATION', 'code'],
      [multipart({}, [{ name: 'x.pdf', content: PDF }]), 400, 'VALIDATION', 'code'],
      [multipart({ code: 'returnMemo' }), 400, 'VALIDATION', 'file'],
      [multipart({ code: 'returnMemo' }, [{ name: 'empty.pdf', content: Buffer.alloc(0) }]), 400, 'VALIDATION', 'file'],
      [
        multipart({ code: 'returnMemo', category: 'X' }, [{ name: 'x.pdf', content: PDF }]),
        400,
        'VALIDATION',
        'category',
      ],
    ];
    for (const [body, status, code, field] of refused) {
      const response = await officerApi.inject({ method: 'POST', url, ...body });
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).code).toBe(code);
      if (field) expect(errorOf(response).fields).toContain(field);
    }
    const noFile = await officerApi.inject({ method: 'POST', url, ...multipart({ code: 'returnMemo' }) });
    expect(errorOf(noFile).detail).toBe('file: please upload file first');
    expect((await officerApi.post(url, { code: 'returnMemo' })).statusCode).toBe(415);
    expect((await caseView(officerApi, legal.caseId)).documents).toEqual([]);
  });

  it('refuses documents on a closed case', async () => {
    const ctx = await context();
    const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
    expect((await act(ctx.officerApi, legal.caseId, 'decline', { remarks: 'Borrower deceased' })).statusCode).toBe(200);
    const response = await uploadDocument(ctx.officerApi, legal.caseId, 'returnMemo');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CASE_CLOSED');
  });

  it('keeps the bytes under DOCUMENT_DIR when it is set', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-case-docs-'));
    const app = await createTestApp(handle.db, { config: { documentDir: folder } });
    try {
      const ctx = await context(app);
      const legal = await createLegalCase(ctx, { stage: 'INITIATE' });
      const response = await uploadDocument(ctx.officerApi, legal.caseId, 'loanAgreement');
      expect(response.statusCode, response.body).toBe(200);
      const { documentId } = viewOf(response).documents[0]!;
      const sha = createHash('sha256').update(PDF).digest('hex');
      const [stored] = await rows<{ storage: string; storagePath: string; hasContent: boolean }>(
        handle.db,
        sql`select storage, storage_path as "storagePath", content is not null as "hasContent"
          from case_documents where id = ${documentId}`,
      );
      expect(stored).toEqual({
        storage: 'FOLDER',
        storagePath: `cases/${legal.caseId}/${documentId}-${sha.slice(0, 16)}.pdf`,
        hasContent: false,
      });
      const file = path.join(folder, stored!.storagePath);
      expect(fs.readFileSync(file).equals(PDF)).toBe(true);
      const url = `/api/workflow/cases/${legal.caseId}/documents/${documentId}/content`;
      const download = await ctx.managerApi.get(url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);

      // Generated notices go to the folder too.
      const noticed = await createLegalCase(ctx, { stage: 'NOTICE' });
      const notice = (await caseView(ctx.managerApi, noticed.caseId)).documents.find(
        (doc) => doc.code === 'noticeCopy',
      )!;
      expect(notice.isGenerated).toBe(true);
      const [noticeRow] = await rows<{ storage: string; storagePath: string }>(
        handle.db,
        sql`select storage, storage_path as "storagePath" from case_documents where id = ${notice.documentId}`,
      );
      expect(noticeRow!.storage).toBe('FOLDER');
      expect(fs.readFileSync(path.join(folder, noticeRow!.storagePath)).subarray(0, 5).toString()).toBe('%PDF-');

      // A file changed on disk no longer matches its SHA-256 and is not served.
      fs.writeFileSync(file, Buffer.concat([PDF, Buffer.from('tampered')]));
      const tampered = await ctx.managerApi.get(url);
      expect(tampered.statusCode).toBe(500);
      expect(tampered.body).not.toContain('SHA');

      // A transaction that fails takes its files with it.
      const store = new DocumentStore(folder);
      let written = '';
      await expect(
        withDocumentTransaction(handle.db, async (tx) => {
          const stored = await store.put(tx, {
            owner: `cases/${legal.caseId}`,
            documentId: 999_999,
            mimeType: 'application/pdf',
            content: PDF,
          });
          written = path.join(folder, stored.storagePath!);
          expect(fs.existsSync(written)).toBe(true);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(written).not.toBe('');
      expect(fs.existsSync(written)).toBe(false);
      // Paths that leave the folder are refused.
      const outside = { storage: 'FOLDER', content: null, storagePath: '../outside.pdf', sha256: null };
      await expect(store.read(outside, 'a document')).rejects.toThrow(/leaves the document folder/);
      await expect(
        withTransaction(handle.db, (tx) =>
          store.put(tx, { owner: '/etc', documentId: 1, mimeType: 'application/pdf', content: PDF }),
        ),
      ).rejects.toThrow(/leaves the document folder/);
    } finally {
      await app.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
