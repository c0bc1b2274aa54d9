// In-memory attempt counters (fixed windows) for the sign-in limits of reliability target A2.
// Per process: with several instances each counts on its own, so the effective limit is N × the rule;
// the account lockout (A1) lives in the database and holds across instances.

export type LimitRule = { limit: number; windowSeconds: number };
export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Sign-in style attempts (password or code checks) per client address and per address + username. */
export const ATTEMPTS_PER_IP: LimitRule = { limit: 100, windowSeconds: 60 };
export const ATTEMPTS_PER_IP_AND_USER: LimitRule = { limit: 20, windowSeconds: 60 };

type Bucket = { count: number; resetAt: number };

export class AttemptLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxKeys: number;

  constructor(maxKeys = 50_000) {
    this.maxKeys = maxKeys;
  }

  /** Counts one attempt under `key`; when over the rule's limit, says how long to wait. */
  hit(key: string, rule: LimitRule, now: Date): LimitResult {
    const at = now.getTime();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= at) {
      this.makeRoom(at);
      bucket = { count: 0, resetAt: at + rule.windowSeconds * 1000 };
      this.buckets.set(key, bucket);
    }
    bucket.count += 1;
    if (bucket.count <= rule.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - at) / 1000)) };
  }

  // Bounded memory: drop expired windows, then the oldest ones, before the map outgrows maxKeys.
  private makeRoom(at: number): void {
    if (this.buckets.size < this.maxKeys) return;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= at) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}
