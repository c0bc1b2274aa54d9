import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@recovery-desk/db/client.ts';
import { selectRows } from '../db/sql-rows.ts';

// Attempt counters (fixed windows) for the sign-in limits of reliability target A2, kept in the database
// (`attempt_counters`), so every instance behind a load balancer counts into the same window: N instances do not
// give an attacker N × the rule. One statement counts all of a request's keys at once.

export type LimitRule = { limit: number; windowSeconds: number };
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };
/** One counter to bump: a bucket (what is limited) and the key within it (address, address + username). */
export type LimitHit = { bucket: string; key: string; rule: LimitRule };

/** Sign-in style attempts (password or code checks) per client address and per address + username. */
export const ATTEMPTS_PER_IP: LimitRule = { limit: 100, windowSeconds: 60 };
export const ATTEMPTS_PER_IP_AND_USER: LimitRule = { limit: 20, windowSeconds: 60 };

/** How often (at most) one process deletes expired counters. */
const PRUNE_EVERY_MS = 60_000;

/** The stored key: a digest, so typed usernames (sometimes a password typed in the wrong field) are not kept. */
export function counterKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class AttemptLimiter {
  private lastPruneAt = 0;

  constructor(private readonly db: Database) {}

  /**
   * Counts one attempt under each hit's key (one atomic upsert for all of them); when any is over its rule's limit,
   * says how long to wait (the longest wait of those over).
   */
  async hit(hits: readonly LimitHit[], now: Date): Promise<LimitResult> {
    await this.pruneIfDue(now);
    const rows = hits.map(
      (hit) =>
        sql`(${hit.bucket}, ${counterKey(hit.key)}, ${now.toISOString()}::timestamptz, 1, ${new Date(
          now.getTime() + hit.rule.windowSeconds * 1000,
        ).toISOString()}::timestamptz)`,
    );
    // A window that has ended starts again at 1; otherwise the count goes up by one. Row locks make concurrent
    // attempts (from any instance) count one after the other.
    const counted = await selectRows<{ bucket: string; key: string; count: number; expires_at: Date | string }>(
      this.db,
      sql`insert into attempt_counters as c (bucket, key, window_start, count, expires_at)
          values ${sql.join(rows, sql`, `)}
          on conflict (bucket, key) do update set
            window_start = case when c.expires_at <= excluded.window_start then excluded.window_start else c.window_start end,
            count = case when c.expires_at <= excluded.window_start then 1 else c.count + 1 end,
            expires_at = case when c.expires_at <= excluded.window_start then excluded.expires_at else c.expires_at end
          returning bucket, key, count, expires_at`,
    );
    let retryAfterSeconds = 0;
    for (const hit of hits) {
      const row = counted.find((candidate) => candidate.bucket === hit.bucket && candidate.key === counterKey(hit.key));
      if (!row || row.count <= hit.rule.limit) continue;
      const endsAt = new Date(row.expires_at).getTime();
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((endsAt - now.getTime()) / 1000), 1);
    }
    return retryAfterSeconds === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds };
  }

  // Bounded table: expired counters are deleted, at most once a minute per process.
  private async pruneIfDue(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - this.lastPruneAt) < PRUNE_EVERY_MS) return;
    this.lastPruneAt = now.getTime();
    await this.db.execute(sql`delete from attempt_counters where expires_at < ${now.toISOString()}::timestamptz`);
  }
}
