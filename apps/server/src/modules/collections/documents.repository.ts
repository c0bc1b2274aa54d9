import { and, eq, sql } from 'drizzle-orm';
import { documents } from '@recovery-desk/db/collections-schema.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

/** The next account document id, taken before the row is written so a stored file can be named after it. */
export async function nextAccountDocumentId(db: Executor): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('documents', 'id')) as id`,
  );
  if (!row) throw new Error('documents sequence returned nothing');
  return row.id;
}

export async function insertDocument(db: Executor, values: typeof documents.$inferInsert): Promise<void> {
  await db.insert(documents).values(values);
}

export async function findDocumentContent(db: Executor, input: { accountId: number; documentId: number }) {
  const [row] = await db
    .select({
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      storage: documents.storage,
      content: documents.content,
      storagePath: documents.storagePath,
      sha256: documents.sha256,
    })
    .from(documents)
    .where(and(eq(documents.id, input.documentId), eq(documents.accountId, input.accountId)));
  return row;
}
