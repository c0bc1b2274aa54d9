import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { addSeconds } from '../../clock.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { counterKey } from '../../http/rate-limit.ts';

// Brute-force protection of one account (reliability A1): from the 5th consecutive failure the reply is
// delayed (250 ms more per failure, at most 2 s); at the 10th the account is locked for 15 minutes and the
// counter starts again. That allows at most 40 guesses an hour, never a permanent lock.
//
// Every instance counts into the database (users.failed_count, and attempt_counters for unknown usernames), and an
// attempt is counted *before* its password is checked (a reservation, given back when the password was right), so
// parallel attempts through any number of instances get at most LOCK_AFTER_FAILURES password checks before the lock.

export const DELAY_FROM_FAILURE = 5;
export const DELAY_STEP_MS = 250;
export const DELAY_MAX_MS = 2000;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_SECONDS = 15 * 60;

export function failureDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures < DELAY_FROM_FAILURE) return 0;
  return Math.min(DELAY_STEP_MS * (consecutiveFailures - DELAY_FROM_FAILURE + 1), DELAY_MAX_MS);
}

export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** How long the failure count of an unknown username is kept after its last failure (a real user's never expires). */
export const UNKNOWN_USER_RETENTION_SECONDS = 30 * 24 * 60 * 60;

const UNKNOWN_USER_BUCKET = 'sign-in-unknown-user';

/** A counted failure: the consecutive count (the lock-causing one counts as LOCK_AFTER_FAILURES) and the lock it set. */
export type CountedFailure = { failedCount: number; lockedUntil: Date | null };

/**
 * Failure counts for usernames that do not exist, in the database (`attempt_counters`), so an unknown username is
 * delayed and "locked" exactly like a real one on every instance and the replies do not tell which usernames exist.
 */
export class UnknownUserFailures {
  constructor(private readonly db: Database) {}

  /**
   * Counts a failure in one atomic upsert, unless the name is locked: then nothing is counted and the lock's end is
   * returned instead.
   */
  async record(username: string, now: Date): Promise<CountedFailure | { locked: Date }> {
    const key = counterKey(username.toLowerCase());
    const at = now.toISOString();
    const lockUntil = addSeconds(now, LOCK_SECONDS).toISOString();
    const keepUntil = addSeconds(now, UNKNOWN_USER_RETENTION_SECONDS).toISOString();
    // A lock that has ended, or a count past its retention, starts again at 1; the LOCK_AFTER_FAILURES-th failure
    // locks and restarts the count, like users.failed_count.
    const next = sql`(case when c.locked_until is not null or c.expires_at <= ${at}::timestamptz then 1 else c.count + 1 end)`;
    const [row] = await selectRows<{ count: number; locked_until: Date | string | null }>(
      this.db,
      sql`insert into attempt_counters as c (bucket, key, window_start, count, locked_until, expires_at)
          values (${UNKNOWN_USER_BUCKET}, ${key}, ${at}::timestamptz, 1, null, ${keepUntil}::timestamptz)
          on conflict (bucket, key) do update set
            count = case when ${next} >= ${LOCK_AFTER_FAILURES} then 0 else ${next} end,
            locked_until = case when ${next} >= ${LOCK_AFTER_FAILURES} then ${lockUntil}::timestamptz else null end,
            window_start = ${at}::timestamptz,
            expires_at = greatest(${keepUntil}::timestamptz, ${lockUntil}::timestamptz)
          where c.locked_until is null or c.locked_until <= ${at}::timestamptz
          returning count, locked_until`,
    );
    if (!row) {
      const [lock] = await selectRows<{ locked_until: Date | string }>(
        this.db,
        sql`select locked_until from attempt_counters where bucket = ${UNKNOWN_USER_BUCKET} and key = ${key}`,
      );
      // (The locked row is kept at least until its lock ends, so it is there.)
      return lock ? { locked: new Date(lock.locked_until) } : { failedCount: 1, lockedUntil: null };
    }
    if (row.locked_until !== null) return { failedCount: LOCK_AFTER_FAILURES, lockedUntil: new Date(row.locked_until) };
    return { failedCount: row.count, lockedUntil: null };
  }
}
