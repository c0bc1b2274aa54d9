import { z } from 'zod';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { issueFields } from '../../../http/zod-issues.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { safeFileName, sniffDocumentType } from '../../../documents/document-types.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { columnLabel } from '../../exports/index.ts';
import { insertCaseEvent } from '../cases.repository.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { findCaseDocument, insertCaseDocument, nextDocumentId } from '../documents.repository.ts';
import {
  actorAuthorities,
  caseClosed,
  definitionAuthorities,
  requireAppAuthority,
  requireCaseInScope,
} from './case-access.ts';
import { loadDefinition } from './definitions.ts';
import { getCaseView } from './get-case-view.ts';
import { REQUIRED } from './refusals.ts';

/** A document that satisfies no checklist requirement. */
export const OTHER_DOCUMENT = 'OTHER';

/** The text fields of a case document upload. */
export const caseDocumentFieldsSchema = z
  .object({
    code: z.string().trim().min(1, REQUIRED).max(60),
    documentName: z.string().trim().max(120).optional(),
    remark: z.string().trim().max(500).optional(),
  })
  .strict();

/** Every document code of the definition's checklists, with its label key. */
export function documentLabels(definition: WorkflowDefinition): Map<string, string> {
  const labels = new Map<string, string>();
  for (const stage of definition.stages) {
    for (const document of stage.documents)
      if (!labels.has(document.code)) labels.set(document.code, document.labelKey);
  }
  return labels;
}

export type NewCaseDocument = {
  caseId: number;
  code: string;
  /** the stage the case is at */
  stage: string;
  fileName: string;
  documentName: string;
  remark?: string | null;
  mimeType: string;
  content: Uint8Array;
  isGenerated: boolean;
  actorUserId: number;
};

/**
 * Stores a document row and its bytes through the document store (in the row, or as a file under DOCUMENT_DIR named
 * `cases/<caseId>/<documentId>-<sha256 prefix>.<ext>`), inside the caller's transaction. No event, no audit:
 * callers record both.
 */
async function storeDocument(tx: Transaction, deps: AppDeps, input: NewCaseDocument): Promise<number> {
  const documentId = await nextDocumentId(tx);
  const stored = await deps.documents.put(tx, {
    owner: `cases/${input.caseId}`,
    documentId,
    mimeType: input.mimeType,
    content: input.content,
  });
  await insertCaseDocument(tx, {
    id: documentId,
    caseId: input.caseId,
    code: input.code,
    stage: input.stage,
    fileName: input.fileName,
    documentName: input.documentName,
    remark: input.remark ?? null,
    mimeType: input.mimeType,
    ...stored,
    isGenerated: input.isGenerated,
    uploadedByUserId: input.actorUserId,
    createdAt: deps.clock.now(),
  });
  return documentId;
}

/**
 * Adds a generated document (a notice) to a case inside the caller's transaction (isGenerated). The caller records
 * the case event and the audit row. With DOCUMENT_DIR set, open the transaction with withDocumentTransaction so
 * the file is removed if the transaction fails.
 */
export async function addGeneratedDocument(
  tx: Transaction,
  deps: AppDeps,
  input: {
    caseId: number;
    code: string;
    stage: string;
    fileName: string;
    documentName: string;
    mimeType: string;
    content: Uint8Array;
    actorUserId: number;
  },
): Promise<{ documentId: number }> {
  const documentId = await storeDocument(tx, deps, { ...input, isGenerated: true });
  return { documentId };
}

/**
 * POST /api/workflow/cases/:caseId/documents — one PDF, PNG or JPEG (≤ 5 MB, recognised by its first bytes) for a
 * checklist code of the case's workflow, or OTHER. The case must be open and the caller must work some stage of
 * its workflow. A DOCUMENT_ADDED event and an audit row record it.
 */
export async function uploadCaseDocument(
  deps: AppDeps,
  { ctx, caseId, readUpload }: { ctx: UnitContext; caseId: number; readUpload: () => Promise<Upload> },
): Promise<CaseView> {
  const record = await requireCaseInScope(deps.db, ctx, caseId);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const authorities = await actorAuthorities(deps.db, ctx, definition.app);
  const working = definitionAuthorities(definition);
  if (!authorities.some((code) => working.has(code))) {
    throw new AppError(
      'AUTHORITY_MISSING',
      `You hold no authority of the ${definition.code} workflow in this unit, so you cannot add documents to it.`,
    );
  }
  if (record.isClosed) throw caseClosed(record);
  // Only now is the body read: a caller without the right never gets a 5 MB upload consumed.
  const upload = await readUpload();
  const parsed = caseDocumentFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ field: key, message: 'is not a field of a case document upload' }))
        : issueFields([issue], ''),
    );
    throw new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
  }
  const { code, documentName, remark } = parsed.data;
  const labels = documentLabels(definition);
  if (code !== OTHER_DOCUMENT && !labels.has(code)) {
    throw validationError('code', `must be a document of the ${definition.code} checklist or ${OTHER_DOCUMENT}`);
  }
  if (!upload.file || upload.file.content.length === 0) throw validationError('file', 'please upload file first');
  const type = sniffDocumentType(upload.file.content);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the document as a PDF, PNG or JPEG file.');
  const fileName = safeFileName(upload.file.fileName, `document.${type.extension}`);
  const name = documentName || (code === OTHER_DOCUMENT ? fileName : columnLabel(labels.get(code)!));
  const content = upload.file.content;

  await withDocumentTransaction(deps.db, async (tx) => {
    const current = await requireCaseInScope(tx, ctx, caseId);
    if (current.isClosed) throw caseClosed(current);
    const businessDate = await requireBusinessDate(tx);
    const documentId = await storeDocument(tx, deps, {
      caseId,
      code,
      stage: current.stage,
      fileName,
      documentName: name,
      remark: remark || null,
      mimeType: type.mimeType,
      content,
      isGenerated: false,
      actorUserId: ctx.user.id,
    });
    await insertCaseEvent(tx, {
      caseId,
      action: 'DOCUMENT_ADDED',
      actionLabelKey: null,
      fromStage: current.stage,
      fromStatus: current.status,
      toStage: current.stage,
      toStatus: current.status,
      actorUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      businessDate,
      remarks: remark || null,
      changes: [{ field: `documents.${code}`, from: null, to: fileName }],
      effects: [],
      caseVersion: current.version,
      createdAt: deps.clock.now(),
    });
    await emitAudit(tx, ctx, {
      action: 'case.document.add',
      entity: 'case_document',
      entityId: documentId,
      after: {
        caseId,
        code,
        stage: current.stage,
        fileName,
        documentName: name,
        mimeType: type.mimeType,
        sizeBytes: content.length,
      },
    });
  });
  return getCaseView(deps.db, deps, ctx, caseId);
}

export type CaseDocumentDownload = { fileName: string; mimeType: string; content: Buffer };

/**
 * GET /api/workflow/cases/:caseId/documents/:documentId/content — the bytes of a document of a case in scope, for
 * a caller holding some authority of the workflow's app. A file whose bytes no longer match their SHA-256 is not
 * served.
 */
export async function downloadCaseDocument(
  deps: AppDeps,
  { ctx, caseId, documentId }: { ctx: UnitContext; caseId: number; documentId: number },
): Promise<CaseDocumentDownload> {
  const record = await requireCaseInScope(deps.db, ctx, caseId);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  requireAppAuthority(definition, await actorAuthorities(deps.db, ctx, definition.app));
  const document = await findCaseDocument(deps.db, { caseId, documentId });
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  const content = await deps.documents.read(document, `case document ${documentId}`);
  return { fileName: document.fileName, mimeType: document.mimeType, content };
}
