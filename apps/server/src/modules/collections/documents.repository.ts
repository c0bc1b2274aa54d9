import { and, eq } from 'drizzle-orm';
import { documents } from '@recovery-desk/db/collections-schema.ts';
import type { Executor } from '../../db/transaction.ts';

export async function insertDocument(db: Executor, values: typeof documents.$inferInsert): Promise<number> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  if (!row) throw new Error('documents insert returned nothing');
  return row.id;
}

export async function findDocumentContent(db: Executor, input: { accountId: number; documentId: number }) {
  const [row] = await db
    .select({ fileName: documents.fileName, mimeType: documents.mimeType, content: documents.content })
    .from(documents)
    .where(and(eq(documents.id, input.documentId), eq(documents.accountId, input.accountId)));
  return row;
}
