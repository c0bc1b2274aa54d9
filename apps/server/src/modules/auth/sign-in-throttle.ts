import { addSeconds } from '../../clock.ts';

// Brute-force protection of one account (reliability A1): from the 5th consecutive failure the reply is
// delayed (250 ms more per failure, at most 2 s); at the 10th the account is locked for 15 minutes and the
// counter starts again. That allows at most 40 guesses an hour, never a permanent lock.

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

type Failures = { count: number; lockedUntil: Date | null };

/**
 * Failure counts for usernames that do not exist, kept in memory, so an unknown username is delayed and
 * "locked" exactly like a real one and the replies do not tell which usernames exist. Bounded in size.
 */
export class UnknownUserFailures {
  private readonly entries = new Map<string, Failures>();
  private readonly maxEntries: number;

  constructor(maxEntries = 20_000) {
    this.maxEntries = maxEntries;
  }

  lockedUntil(username: string, now: Date): Date | null {
    const entry = this.entries.get(username.toLowerCase());
    return entry?.lockedUntil && entry.lockedUntil > now ? entry.lockedUntil : null;
  }

  /** Counts a failure; returns the consecutive count (the lock-causing one counts as LOCK_AFTER_FAILURES). */
  record(username: string, now: Date): { failedCount: number; lockedUntil: Date | null } {
    const key = username.toLowerCase();
    const entry = this.entries.get(key) ?? { count: 0, lockedUntil: null };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const count = entry.count + 1;
    if (count >= LOCK_AFTER_FAILURES) {
      const lockedUntil = addSeconds(now, LOCK_SECONDS);
      this.entries.set(key, { count: 0, lockedUntil });
      return { failedCount: LOCK_AFTER_FAILURES, lockedUntil };
    }
    this.entries.set(key, { count, lockedUntil: entry.lockedUntil });
    return { failedCount: count, lockedUntil: null };
  }
}
