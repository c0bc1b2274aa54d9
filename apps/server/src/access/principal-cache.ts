import type { ClusterBus } from '../cluster/bus.ts';
import { InvalidatedMap } from '../cluster/invalidated-map.ts';
import type { PrincipalRecord } from './access.repository.ts';

// The principal check (auth-hook.ts) is one database round trip on every protected request: the bearer's user,
// session family, acting unit and the route's authority there. A user working a tray asks the same question many
// times a second, and the answer changes only when an administrator or a sign-out changes it. So a granted answer is
// kept for a short time (PRINCIPAL_CACHE_SECONDS, default 5; 0 turns the cache off) in this process.
//
// What must end access at once does:
// - Only granted answers are kept (active user, open family, the unit one of the user's, the authority held there).
//   A refusal is never cached, so a grant works on the next request.
// - Every state-changing request of this process empties the cache before its reply leaves (app.ts): a sign-out, a
//   deactivation or an authority removed through this process is in force for the next request it serves.
// - The database announces every change of what the check reads (migration 0045's statement triggers on users,
//   refresh_tokens, units, user_units and user_authorities, whoever writes them: the app, a job, psql) on the
//   `access_changed` channel at commit. Every instance empties its cache when the notice arrives (milliseconds).
// - While the bus is not listening (its connection was lost), nothing is served from the cache.
// - An answer read while a change was in flight is not kept (the generation check), and an answer is kept at most
//   the TTL by the service clock, so a family's absolute lifetime is overrun by at most that.
// The access token itself (signature, expiry) is still verified on every request.

/** The database's channel for changes to what the principal check reads (migration 0045). */
export const ACCESS_CHANGED = 'access_changed';

export type PrincipalKey = {
  userId: number;
  familyId: string;
  unitId: number | null;
  app: string;
  authority: string;
};

export class PrincipalCache {
  private readonly granted: InvalidatedMap<string, PrincipalRecord>;

  constructor(
    ttlMs: number,
    private readonly now: () => number,
    maxEntries = 10_000,
  ) {
    this.granted = new InvalidatedMap({ enabled: ttlMs > 0, ttlMs, maxEntries, now });
  }

  get enabled(): boolean {
    return this.granted.enabled;
  }

  get size(): number {
    return this.granted.size;
  }

  /**
   * The principal for `key`: from the cache while a granted answer is fresh, else `read()`'s. `granted` says whether
   * the answer lets the request through (only those are kept).
   */
  async principal(
    key: PrincipalKey,
    read: () => Promise<PrincipalRecord | undefined>,
    granted: (principal: PrincipalRecord | undefined) => boolean,
  ): Promise<PrincipalRecord | undefined> {
    if (!this.granted.usable) return read();
    const text = `${key.userId}|${key.familyId}|${key.unitId ?? ''}|${key.app}|${key.authority}`;
    const hit = this.granted.get(text);
    if (hit) return hit;
    const generation = this.granted.generation;
    const readAt = this.now();
    const principal = await read();
    if (principal && granted(principal)) this.granted.set(text, principal, generation, readAt);
    return principal;
  }

  /** Forget every answer (a change made through this process, or announced by the database). */
  invalidate(): void {
    this.granted.invalidate();
  }

  /** Empties the cache whenever the database announces an access change (from any instance); returns the unsubscribe. */
  connect(bus: ClusterBus): () => void {
    return this.granted.connect(bus, ACCESS_CHANGED);
  }
}
