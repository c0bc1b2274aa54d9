import { and, eq, sql } from 'drizzle-orm';
import { workflowSettings } from '@recovery-desk/db/workflow-schema.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';
import { lockDefinitionCode } from './definitions.repository.ts';

// workflow_settings: the timelines a workflow's active version was built from (one row per definition code; none
// until its settings are first changed, when the built-in defaults hold).

export type WorkflowSettingsRow = { timelines: unknown; version: number };

/**
 * The settings row of a definition code. `forUpdate` first takes the code's publication lock (the row may not exist
 * yet, so a row lock is not enough): concurrent changes queue and see each other's version.
 */
export async function findWorkflowSettings(
  db: Executor,
  code: string,
  options: { forUpdate?: boolean } = {},
): Promise<WorkflowSettingsRow | undefined> {
  if (options.forUpdate) await lockDefinitionCode(db, code);
  const [row] = await db
    .select({ timelines: workflowSettings.timelines, version: workflowSettings.version })
    .from(workflowSettings)
    .where(eq(workflowSettings.definitionCode, code));
  return row;
}

/**
 * Writes the timelines if the row is still at `expectedVersion` (0: no row yet); the new version, or null when
 * someone else saved first.
 */
export async function saveWorkflowSettings(
  tx: Transaction,
  input: { code: string; timelines: unknown; expectedVersion: number; userId: number; at: Date },
): Promise<number | null> {
  if (input.expectedVersion === 0) {
    const [row] = await tx
      .insert(workflowSettings)
      .values({
        definitionCode: input.code,
        timelines: input.timelines,
        version: 1,
        updatedByUserId: input.userId,
        updatedAt: input.at,
      })
      .onConflictDoNothing()
      .returning({ version: workflowSettings.version });
    return row?.version ?? null;
  }
  const [row] = await tx
    .update(workflowSettings)
    .set({
      timelines: input.timelines,
      version: sql`${workflowSettings.version} + 1`,
      updatedByUserId: input.userId,
      updatedAt: input.at,
    })
    .where(and(eq(workflowSettings.definitionCode, input.code), eq(workflowSettings.version, input.expectedVersion)))
    .returning({ version: workflowSettings.version });
  return row?.version ?? null;
}
