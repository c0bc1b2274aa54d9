import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LEGAL_CASE_TYPES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { legalSettings, noticeTemplates } from '@recovery-desk/db/workflow-schema.ts';
import type { Executor, Transaction } from '../../db/transaction.ts';

// Legal Settings rows: the single legal_settings row (pool rule, timelines, optimistic version) and the notice
// templates (one per case type and language).

export const TEMPLATE_LANGUAGE = 'en';

export type LegalSettingsRow = { poolRule: unknown; timelines: unknown; version: number };

/** The settings row; `forUpdate` locks it so concurrent edits queue and see each other's version. */
export async function findLegalSettings(
  db: Executor,
  options: { forUpdate?: boolean } = {},
): Promise<LegalSettingsRow | undefined> {
  const query = db
    .select({ poolRule: legalSettings.poolRule, timelines: legalSettings.timelines, version: legalSettings.version })
    .from(legalSettings)
    .where(eq(legalSettings.id, 1));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Writes the settings if they are still at `expectedVersion`; false when someone else saved first. */
export async function updateLegalSettings(
  tx: Transaction,
  input: { poolRule: unknown; timelines: unknown; expectedVersion: number; userId: number; at: Date },
): Promise<number | null> {
  const [row] = await tx
    .update(legalSettings)
    .set({
      poolRule: input.poolRule,
      timelines: input.timelines,
      version: sql`${legalSettings.version} + 1`,
      updatedByUserId: input.userId,
      updatedAt: input.at,
    })
    .where(and(eq(legalSettings.id, 1), eq(legalSettings.version, input.expectedVersion)))
    .returning({ version: legalSettings.version });
  return row?.version ?? null;
}

export type TemplateRow = { caseType: string; title: string; body: string };

/** The legal notice templates (the table also holds other modules' document templates, e.g. secured assets). */
export async function listNoticeTemplates(db: Executor): Promise<TemplateRow[]> {
  return listNoticeTemplatesOf(
    db,
    LEGAL_CASE_TYPES.map(([code]) => code),
  );
}

/** The stored templates of these kinds (case types), in the order they were first stored. */
export async function listNoticeTemplatesOf(db: Executor, kinds: readonly string[]): Promise<TemplateRow[]> {
  if (kinds.length === 0) return [];
  return db
    .select({ caseType: noticeTemplates.caseType, title: noticeTemplates.title, body: noticeTemplates.body })
    .from(noticeTemplates)
    .where(and(eq(noticeTemplates.language, TEMPLATE_LANGUAGE), inArray(noticeTemplates.caseType, [...kinds])))
    .orderBy(asc(noticeTemplates.id));
}

export async function findNoticeTemplate(db: Executor, caseType: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select({ caseType: noticeTemplates.caseType, title: noticeTemplates.title, body: noticeTemplates.body })
    .from(noticeTemplates)
    .where(and(eq(noticeTemplates.caseType, caseType), eq(noticeTemplates.language, TEMPLATE_LANGUAGE)));
  return row;
}

/** Inserts or replaces the template of a case type (its version counts the edits). */
export async function upsertNoticeTemplate(
  tx: Transaction,
  input: TemplateRow & { userId: number; at: Date },
): Promise<void> {
  await tx
    .insert(noticeTemplates)
    .values({
      caseType: input.caseType,
      language: TEMPLATE_LANGUAGE,
      title: input.title,
      body: input.body,
      updatedByUserId: input.userId,
      updatedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [noticeTemplates.caseType, noticeTemplates.language],
      set: {
        title: input.title,
        body: input.body,
        version: sql`${noticeTemplates.version} + 1`,
        updatedByUserId: input.userId,
        updatedAt: input.at,
      },
    });
}

/** Removes the stored template of a case type or document kind (its built-in text applies again). */
export async function deleteNoticeTemplate(tx: Transaction, caseType: string): Promise<void> {
  await tx
    .delete(noticeTemplates)
    .where(and(eq(noticeTemplates.caseType, caseType), eq(noticeTemplates.language, TEMPLATE_LANGUAGE)));
}
