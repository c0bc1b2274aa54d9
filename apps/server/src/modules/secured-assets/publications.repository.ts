import { and, eq, sql } from 'drizzle-orm';
import { casePublications } from '@recovery-desk/db/secured-assets-schema.ts';
import type { Publication, PublicationInput } from '@recovery-desk/domain/secured-assets/publications.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';

// A SARFAESI case's newspaper publications (case_publications) with their scans (case documents).

type Row = Omit<Publication, 'scan'> & { documentId: number; fileName: string; mimeType: string; sizeBytes: number };

export async function listPublications(db: Executor, caseId: number): Promise<Publication[]> {
  const rows = await selectRows<Row>(
    db,
    sql`select p.id, p.purpose, p.newspaper, p.language, p.vernacular_language as "vernacularLanguage",
          p.edition, p.published_on::text as "publishedOn", d.id as "documentId", d.file_name as "fileName",
          d.mime_type as "mimeType", d.size_bytes as "sizeBytes"
        from case_publications p join case_documents d on d.id = p.scan_document_id
        where p.case_id = ${caseId}
        order by p.published_on, p.id`,
  );
  // int8 columns come back as strings from PostgreSQL
  return rows.map((row) => ({
    id: Number(row.id),
    purpose: row.purpose,
    newspaper: row.newspaper,
    language: row.language,
    vernacularLanguage: row.vernacularLanguage,
    edition: row.edition,
    publishedOn: row.publishedOn,
    scan: {
      documentId: Number(row.documentId),
      fileName: row.fileName,
      mimeType: row.mimeType,
      sizeBytes: Number(row.sizeBytes),
    },
  }));
}

/** A document of the case (its code and type), or null. */
export async function findCaseDocument(
  db: Executor,
  caseId: number,
  documentId: number,
): Promise<{ code: string; mimeType: string } | null> {
  const [row] = await selectRows<{ code: string; mimeType: string }>(
    db,
    sql`select code, mime_type as "mimeType" from case_documents where id = ${documentId} and case_id = ${caseId}`,
  );
  return row ?? null;
}

export async function insertPublication(
  db: Executor,
  values: { caseId: number; input: PublicationInput; userId: number; at: Date },
): Promise<number> {
  const { input } = values;
  const [row] = await db
    .insert(casePublications)
    .values({
      caseId: values.caseId,
      purpose: input.purpose,
      newspaper: input.newspaper,
      language: input.language,
      vernacularLanguage: input.language === 'VERNACULAR' ? input.vernacularLanguage : null,
      edition: input.edition,
      publishedOn: input.publishedOn,
      scanDocumentId: input.scanDocumentId,
      createdByUserId: values.userId,
      createdAt: values.at,
    })
    .returning({ id: casePublications.id });
  return Number(row!.id);
}

export async function deletePublication(db: Executor, caseId: number, id: number): Promise<void> {
  await db.delete(casePublications).where(and(eq(casePublications.caseId, caseId), eq(casePublications.id, id)));
}
