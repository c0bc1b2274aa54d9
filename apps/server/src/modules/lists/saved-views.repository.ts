import { and, asc, eq, sql } from 'drizzle-orm';
import { savedViews } from '@recovery-desk/db/lists-schema.ts';
import type { SavedView } from '@recovery-desk/domain/lists/contracts.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, selectRows } from '../../db/sql-rows.ts';

type Row = typeof savedViews.$inferSelect;

function toView(row: Row): SavedView {
  return {
    id: row.id,
    listKey: row.listKey,
    name: row.name,
    params: row.params as [string, string][],
    updatedAt: isoTimestamp(row.updatedAt),
  };
}

export async function listViews(db: Executor, input: { userId: number; listKey: string }): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, input.userId), eq(savedViews.listKey, input.listKey)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(toView);
}

/** The user's view of the list with this name (names compare without case), locked for the caller's change. */
export async function findViewByName(
  db: Executor,
  input: { userId: number; listKey: string; name: string },
): Promise<SavedView | undefined> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, input.userId),
        eq(savedViews.listKey, input.listKey),
        sql`lower(${savedViews.name}) = lower(${input.name})`,
      ),
    )
    .for('update');
  return row ? toView(row) : undefined;
}

export async function countViews(db: Executor, input: { userId: number; listKey: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedViews)
    .where(and(eq(savedViews.userId, input.userId), eq(savedViews.listKey, input.listKey)));
  return Number(row?.n ?? 0);
}

/**
 * Inserts the view, or replaces the filters of the user's view of that name. Concurrent saves of one name meet
 * at the unique index (user, list, lower(name)): the second one updates the first one's row.
 */
export async function upsertView(
  db: Executor,
  input: { userId: number; listKey: string; name: string; params: [string, string][]; at: Date },
): Promise<SavedView> {
  const params = JSON.stringify(input.params);
  const [row] = await selectRows<{
    id: number | string;
    list_key: string;
    name: string;
    params: [string, string][];
    updated_at: Date | string;
  }>(
    db,
    sql`insert into saved_views (user_id, list_key, name, params)
      values (${input.userId}, ${input.listKey}, ${input.name}, ${params}::jsonb)
      on conflict (user_id, list_key, lower(name))
        do update set name = excluded.name, params = excluded.params, updated_at = ${input.at.toISOString()}
      returning id, list_key, name, params, updated_at`,
  );
  return {
    id: Number(row!.id),
    listKey: row!.list_key,
    name: row!.name,
    params: typeof row!.params === 'string' ? (JSON.parse(row!.params) as [string, string][]) : row!.params,
    updatedAt: isoTimestamp(row!.updated_at),
  };
}

/** Deletes one of the user's views; undefined when the user has no view with that id. */
export async function deleteOwnView(
  db: Executor,
  input: { userId: number; id: number },
): Promise<SavedView | undefined> {
  const [row] = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, input.id), eq(savedViews.userId, input.userId)))
    .returning();
  return row ? toView(row) : undefined;
}
