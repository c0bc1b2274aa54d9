import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The SQL of the versioned workflow definitions (workflow_definitions: one row per code and version, at most one
// ACTIVE per code). Rows are never edited except for their status.

export type DefinitionHead = { code: string; version: number; status: string; app: string; digest: string };

/** Status and content digest of one version (the digest keys the parsed-definition cache). */
export async function findDefinitionHead(
  db: Executor,
  input: { code: string; version: number },
): Promise<DefinitionHead | undefined> {
  const [row] = await selectRows<DefinitionHead>(
    db,
    sql`select code, version, status, app, md5(definition::text) as digest
      from workflow_definitions where code = ${input.code} and version = ${input.version}`,
  );
  return row;
}

/** The ACTIVE version of a code (the one new cases start on). */
export async function findActiveDefinitionHead(db: Executor, code: string): Promise<DefinitionHead | undefined> {
  const [row] = await selectRows<DefinitionHead>(
    db,
    sql`select code, version, status, app, md5(definition::text) as digest
      from workflow_definitions where code = ${code} and status = 'ACTIVE'`,
  );
  return row;
}

export async function readDefinitionData(db: Executor, input: { code: string; version: number }): Promise<unknown> {
  const [row] = await selectRows<{ definition: unknown }>(
    db,
    sql`select definition from workflow_definitions where code = ${input.code} and version = ${input.version}`,
  );
  return row?.definition;
}

/**
 * Serialises publications of one code for the rest of the transaction (a transaction-scoped advisory lock), so two
 * settings saves cannot both pick the same next version or leave two ACTIVE rows.
 */
export async function lockDefinitionCode(db: Executor, code: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`workflow_definitions:${code}`}))`);
}

export async function latestDefinitionVersion(db: Executor, code: string): Promise<number> {
  const [row] = await selectRows<{ version: number | null }>(
    db,
    sql`select max(version) as version from workflow_definitions where code = ${code}`,
  );
  return row?.version ?? 0;
}

/** Sets the ACTIVE version of a code to DEACTIVATED; returns its version (null when none was active). */
export async function deactivateActiveDefinition(db: Executor, code: string): Promise<number | null> {
  const [row] = await selectRows<{ version: number }>(
    db,
    sql`update workflow_definitions set status = 'DEACTIVATED'
      where code = ${code} and status = 'ACTIVE' returning version`,
  );
  return row?.version ?? null;
}

export async function insertDefinition(
  db: Executor,
  input: {
    code: string;
    version: number;
    status: string;
    app: string;
    definition: unknown;
    builtInVersion: number | null;
    createdByUserId: number;
  },
): Promise<void> {
  await db.execute(
    sql`insert into workflow_definitions (code, version, status, app, definition, built_in_version, created_by_user_id)
      values (${input.code}, ${input.version}, ${input.status}, ${input.app}, ${JSON.stringify(input.definition)}::jsonb,
        ${input.builtInVersion}, ${input.createdByUserId})`,
  );
}
