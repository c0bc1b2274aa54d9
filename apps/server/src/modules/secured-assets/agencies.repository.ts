import { eq, sql } from 'drizzle-orm';
import { securedAgencies } from '@recovery-desk/db/secured-assets-schema.ts';
import type { AgencyInput, AgencyKind } from '@recovery-desk/domain/secured-assets/agencies.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';

// The agencies register of repossession and SARFAESI (secured_agencies).

export type AgencyLetter = { documentId: number; fileName: string; uploadedAt: string };
export type AgencyRow = AgencyInput & { id: number; letter: AgencyLetter | null };

type AgencyRecord = AgencyInput & {
  id: number;
  letterDocumentId: number | string | null;
  letterFileName: string | null;
  letterUploadedAt: Date | string | null;
};

/**
 * The agencies that serve the acting unit (one of their units is it or above it) or a unit below it (the register
 * the unit keeps); of a kind when given.
 */
export async function listAgenciesFor(db: Executor, unitPath: string, kind?: AgencyKind): Promise<AgencyRow[]> {
  const rows = await selectRows<AgencyRecord>(
    db,
    sql`select a.id, a.kind, a.name, a.registration_no as "registrationNo", a.valid_until as "validUntil",
          a.contact, a.unit_ids as "unitIds", a.active, a.letter_document_id as "letterDocumentId",
          d.file_name as "letterFileName", d.created_at as "letterUploadedAt"
        from secured_agencies a left join documents d on d.id = a.letter_document_id
        where (${kind ?? null}::text is null or a.kind = ${kind ?? null})
          and exists (select 1 from units u where u.id = any(a.unit_ids)
            and (u.path like ${likePrefix(unitPath)} or ${unitPath} like u.path || '%'))
        order by a.kind, a.name, a.id`,
  );
  return rows.map(({ letterDocumentId, letterFileName, letterUploadedAt, ...agency }) => ({
    ...agency,
    letter:
      letterDocumentId === null
        ? null
        : {
            documentId: Number(letterDocumentId),
            fileName: String(letterFileName),
            uploadedAt: isoTimestamp(letterUploadedAt as Date | string),
          },
  }));
}

/** Files the authorisation letter (a stored document) as the agency's current one. */
export async function setAgencyLetter(db: Executor, id: number, documentId: number, at: Date): Promise<void> {
  await db
    .update(securedAgencies)
    .set({ letterDocumentId: documentId, updatedAt: at })
    .where(eq(securedAgencies.id, id));
}

export async function insertAgency(db: Executor, input: AgencyInput, at: Date): Promise<number> {
  const [row] = await db
    .insert(securedAgencies)
    .values({ ...input, createdAt: at, updatedAt: at })
    .returning({ id: securedAgencies.id });
  return row!.id;
}

export async function updateAgency(db: Executor, id: number, input: AgencyInput, at: Date): Promise<void> {
  await db
    .update(securedAgencies)
    .set({ ...input, updatedAt: at })
    .where(eq(securedAgencies.id, id));
}

/** The unit ids among `ids` that are the acting unit or below it. */
export async function unitsInSubtree(db: Executor, unitPath: string, ids: readonly number[]): Promise<Set<number>> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from units where id = any(${`{${ids.join(',')}}`}::int[]) and path like ${likePrefix(unitPath)}`,
  );
  return new Set(rows.map((row) => row.id));
}
