import { z } from 'zod';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { issueFields } from '../../../http/zod-issues.ts';
import { listDocuments, type DocumentItem } from '../accounts.repository.ts';
import { safeFileName, sniffDocumentType } from '../../../documents/document-types.ts';
import { findDocumentContent, insertDocument, nextAccountDocumentId } from '../documents.repository.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { requireAccountInScope } from './get-account-view.ts';
import { hasTab, requireEditableTab, requireTrayAccess } from './tray-access.ts';

/** The text fields of a document upload (spec §3 Document). */
export const documentFieldsSchema = z
  .object({
    documentName: z.string().trim().min(1, 'This field is required').max(120),
    category: z.string().trim().min(1, 'This field is required').max(60),
    remark: z.string().trim().max(500).optional(),
  })
  .strict();

/**
 * POST /api/collections/accounts/:accountId/documents?tray= — stores one PDF, PNG or JPEG (≤ 5 MB, recognised by
 * its first bytes) on the account, for a follow-up to refer to. Needs the Followup tab editable.
 */
export async function uploadDocument(
  deps: AppDeps,
  {
    ctx,
    accountId,
    trayKey,
    readUpload,
  }: { ctx: UnitContext; accountId: number; trayKey: TrayKey; readUpload: () => Promise<Upload> },
): Promise<DocumentItem> {
  const access = await requireTrayAccess(deps.db, ctx, trayKey);
  await requireAccountInScope(deps.db, ctx, accountId);
  requireEditableTab(access, 'Followup');
  // Only now is the body read: a caller without the right never gets a 5 MB upload consumed.
  const upload = await readUpload();
  const parsed = documentFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields = issueFields(parsed.error.issues, '');
    throw new AppError('VALIDATION', 'Some fields are invalid', { fields });
  }
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', 'This field is required');
  const type = sniffDocumentType(upload.file.content);
  if (!type) throw validationError('file', 'must be a PDF, PNG or JPEG file');
  const fileName = safeFileName(upload.file.fileName, `document.${type.extension}`);
  const { documentName, category, remark } = parsed.data;

  const content = upload.file.content;
  const documentId = await withDocumentTransaction(deps.db, async (tx) => {
    const id = await nextAccountDocumentId(tx);
    const stored = await deps.documents.put(tx, {
      owner: `accounts/${accountId}`,
      documentId: id,
      mimeType: type.mimeType,
      content,
    });
    await insertDocument(tx, {
      id,
      accountId,
      fileName,
      documentName,
      category,
      remark: remark || null,
      mimeType: type.mimeType,
      ...stored,
      uploadedByUserId: ctx.user.id,
      createdAt: deps.clock.now(),
    });
    await emitAudit(tx, ctx, {
      action: 'collections.document.upload',
      entity: 'document',
      entityId: id,
      after: {
        accountId,
        fileName,
        documentName,
        category,
        mimeType: type.mimeType,
        sizeBytes: content.length,
      },
    });
    return id;
  });
  const [document] = await listDocuments(deps.db, { accountId, documentId });
  if (!document) throw new Error(`document ${documentId} vanished`);
  return document;
}

export type DocumentDownload = { fileName: string; mimeType: string; content: Buffer };

/** GET /api/collections/accounts/:accountId/documents/:documentId?tray= — the file, if the account is in scope. */
export async function downloadDocument(
  deps: AppDeps,
  {
    ctx,
    accountId,
    documentId,
    trayKey,
  }: { ctx: UnitContext; accountId: number; documentId: number; trayKey: TrayKey },
): Promise<DocumentDownload> {
  const access = await requireTrayAccess(deps.db, ctx, trayKey);
  await requireAccountInScope(deps.db, ctx, accountId);
  if (!hasTab(access.tabs, 'Followup')) {
    throw new AppError('AUTHORITY_MISSING', `The Followup tab is not granted in ${trayKey}.`);
  }
  const document = await findDocumentContent(deps.db, { accountId, documentId });
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  const content = await deps.documents.read(document, `account document ${documentId}`);
  return { fileName: document.fileName, mimeType: document.mimeType, content };
}
