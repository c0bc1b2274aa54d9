import { and, eq, sql } from 'drizzle-orm';
import { caseDocuments } from '@recovery-desk/db/workflow-schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

/** The next case document id (taken first so a stored file can be named after it). */
export async function nextDocumentId(db: Executor): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('case_documents', 'id')) as id`,
  );
  if (!row) throw new Error('case_documents sequence returned nothing');
  return row.id;
}

export async function insertCaseDocument(db: Executor, values: typeof caseDocuments.$inferInsert): Promise<void> {
  await db.insert(caseDocuments).values(values);
}

export type StoredDocument = {
  fileName: string;
  mimeType: string;
  sha256: string;
  storage: string;
  content: Uint8Array | null;
  storagePath: string | null;
};

export async function findCaseDocument(
  db: Executor,
  input: { caseId: number; documentId: number },
): Promise<StoredDocument | undefined> {
  const [row] = await db
    .select({
      fileName: caseDocuments.fileName,
      mimeType: caseDocuments.mimeType,
      sha256: caseDocuments.sha256,
      storage: caseDocuments.storage,
      content: caseDocuments.content,
      storagePath: caseDocuments.storagePath,
    })
    .from(caseDocuments)
    .where(and(eq(caseDocuments.id, input.documentId), eq(caseDocuments.caseId, input.caseId)));
  return row;
}
