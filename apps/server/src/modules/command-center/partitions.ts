import { sql } from 'drizzle-orm';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { z } from 'zod';
import { emitAudit } from '../../audit/emit-audit.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { defineJob } from '../../jobs/job-kind.ts';
import { commandCenterSettingsOf } from './services/settings.ts';
import { PARTITION_DAYS_AHEAD } from '@recovery-desk/domain/command-center/ingest.ts';

// The day partitions of `field_positions` (UTC days; migration 0039): created ahead of today and for a late day on
// ingest, dropped after the retention days, by the scheduled job `cmdcenter.partitions`. The creation and the drop are
// the migration's SECURITY DEFINER functions, so the server's app role needs no ownership of the table.

export const PARTITIONS_KIND = 'cmdcenter.partitions';
const DAY_MS = 24 * 60 * 60_000;

/** The UTC day (YYYY-MM-DD) of an instant: the partition it belongs to. */
export function utcDay(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The first day kept: positions of earlier days are past the retention and their partitions are dropped. */
export function retentionCutoffDay(now: Date, retentionDays: number): string {
  return utcDay(now.getTime() - retentionDays * DAY_MS);
}

/** The days that have a partition, in order. */
export async function partitionDays(db: Executor): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'field_positions'::regclass order by c.relname`,
  );
  return rows
    .map((row) => /^field_positions_d(\d{4})(\d{2})(\d{2})$/.exec(row.name))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}-${match[2]}-${match[3]}`);
}

// Days known to have a partition, per database (a request for a known day costs no statement). A day dropped by
// another process is forgotten when an insert finds no partition for it (`forgetPartitionDays`).
const known = new WeakMap<object, Set<string>>();

function knownDays(db: object): Set<string> {
  let days = known.get(db);
  if (!days) {
    days = new Set();
    known.set(db, days);
  }
  return days;
}

export function forgetPartitionDays(db: object): void {
  known.delete(db);
}

/** Makes sure each day has its partition (each creation its own short transaction); returns the days created. */
export async function ensurePartitions(db: Executor, days: Iterable<string>): Promise<string[]> {
  const seen = knownDays(db);
  const created: string[] = [];
  for (const day of new Set(days)) {
    if (seen.has(day)) continue;
    const [row] = await selectRows<{ created: boolean }>(
      db,
      sql`select field_positions_ensure_day(${day}::date) as created`,
    );
    if (row?.created) created.push(day);
    seen.add(day);
  }
  return created.sort();
}

export type PartitionsSummary = { created: string[]; dropped: string[]; cutoff: string; ahead: number };

/**
 * One maintenance run: the partitions of today and the next `PARTITION_DAYS_AHEAD` days (UTC) are created, those of days
 * before the retention cutoff dropped; audited (`cmdcenter.partitions`) with what it did, in the drop's transaction.
 */
export async function maintainPartitions(deps: AppDeps, ctx: RequestContext): Promise<PartitionsSummary> {
  const now = deps.clock.now();
  const settings = await commandCenterSettingsOf(deps.db);
  const today = utcDay(now);
  const ahead = Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, index) => addDays(today, index));
  forgetPartitionDays(deps.db);
  const created = await ensurePartitions(deps.db, ahead);
  const cutoff = retentionCutoffDay(now, settings.retentionDays);
  return withTransaction(deps.db, async (tx) => {
    const [row] = await selectRows<{ dropped: (string | Date)[] | string | null }>(
      tx,
      sql`select field_positions_drop_before(${cutoff}::date)::text[] as dropped`,
    );
    const dropped = parseTextArray(row?.dropped ?? null);
    const summary = { created, dropped, cutoff, ahead: PARTITION_DAYS_AHEAD };
    await emitAudit(tx, ctx, {
      action: 'cmdcenter.partitions',
      entity: 'field_positions',
      entityId: null,
      after: summary,
    });
    return summary;
  });
}

/** A text[] as both drivers return it (an array, or PGlite's literal `{a,b}` for a cast array). */
function parseTextArray(value: (string | Date)[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map((item) => (item instanceof Date ? utcDay(item) : String(item)));
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/** Whether a run has work: a day of the window without its partition, or a partition past the retention. */
async function partitionsDue(deps: AppDeps): Promise<boolean> {
  const now = deps.clock.now();
  const settings = await commandCenterSettingsOf(deps.db);
  const days = new Set(await partitionDays(deps.db));
  const today = utcDay(now);
  for (let index = 0; index <= PARTITION_DAYS_AHEAD; index += 1) {
    if (!days.has(addDays(today, index))) return true;
  }
  const cutoff = retentionCutoffDay(now, settings.retentionDays);
  return [...days].some((day) => day < cutoff);
}

/** Partition upkeep of the positions table: checked every 10 minutes, run when a day is missing or past retention. */
export const partitionsJob = defineJob({
  kind: PARTITIONS_KIND,
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 3,
  schedule: { everyMs: 10 * 60_000, due: partitionsDue },
  run: async ({ deps, ctx }) => ({ summary: await maintainPartitions(deps, ctx) }),
});
