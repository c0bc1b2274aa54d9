import { sql } from 'drizzle-orm';
import { selectRows } from '../db/sql-rows.ts';
import type { Executor } from '../db/transaction.ts';

/** A process's schedule as edited on Schedule Process (`process_schedules`, keyed by the job kind). */
export type ScheduleSetting = { enabled: boolean; everyMinutes: number | null; timeOfDay: string | null };

/** Every edited schedule, by job kind (a kind without a row runs on its defaults). */
export async function readScheduleSettings(db: Executor): Promise<Map<string, ScheduleSetting>> {
  const rows = await selectRows<ScheduleSetting & { code: string }>(
    db,
    sql`select code, enabled, every_minutes as "everyMinutes", time_of_day as "timeOfDay" from process_schedules`,
  );
  return new Map(rows.map(({ code, ...setting }) => [code, setting]));
}

/** When a job of this kind was last queued (by anyone), or null. */
export async function lastQueuedAt(db: Executor, kind: string): Promise<Date | null> {
  const [row] = await selectRows<{ createdAt: Date | string }>(
    db,
    sql`select created_at as "createdAt" from jobs where kind = ${kind} order by id desc limit 1`,
  );
  return row ? new Date(row.createdAt) : null;
}

/** The time zone's offset from UTC at `instant`, in milliseconds. */
export function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The latest instant at or before `now` whose wall-clock time in `timeZone` is `timeOfDay` (HH:MM). */
export function latestTimeOfDay(now: Date, timeOfDay: string, timeZone: string): Date {
  const [hours, minutes] = timeOfDay.split(':').map(Number) as [number, number];
  const local = new Date(now.getTime() + offsetMs(now, timeZone));
  const guess = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours, minutes);
  let instant = guess - offsetMs(new Date(guess), timeZone);
  if (instant > now.getTime()) instant -= 24 * 60 * 60_000;
  return new Date(instant);
}
