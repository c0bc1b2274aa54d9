import type { ClusterBus } from '../../cluster/bus.ts';
import { InvalidatedMap } from '../../cluster/invalidated-map.ts';
import { TRAY_COUNTS_CHANGED } from '../../cluster/shared-caches.ts';

// Tray counts are the expensive half of a tray page: the page itself is a keyset read of 10–100 index entries,
// while the exact count walks every row of the view (159,000 for a large branch). A user paging through a tray, or
// many screens refreshing the same view, would recount the same set again and again. The count of a selection is
// therefore kept for a short time (TRAY_COUNT_CACHE_SECONDS) in this process.
//
// Correctness: every state-changing request of this process clears the cache (app.ts) before its reply is sent, so a
// user never sees a count older than their own last change; a successful one also announces the change on the
// cluster bus (LISTEN/NOTIFY), and every other instance clears its cache when the notice arrives (milliseconds). While
// an instance's bus is not listening (its connection was lost), it counts afresh every time instead of trusting what
// it stored. A count computed while a change was in flight is not stored (the generation check).
//
// Requests that miss on the same selection at the same time share one count (single flight): when a busy tray's
// entry expires, its next requests wait for one count query instead of each running its own.

export class TrayCountCache {
  private readonly counts: InvalidatedMap<string, number>;
  /** counts being computed, by key; cleared with the entries, so no request after a change joins an older count */
  private readonly inFlight = new Map<string, Promise<number>>();
  private bus: ClusterBus | null = null;

  constructor(ttlMs: number, maxEntries = 10_000, now: () => number = () => Date.now()) {
    this.counts = new InvalidatedMap({ enabled: ttlMs > 0, ttlMs, maxEntries, now });
    this.counts.onInvalidate(() => this.inFlight.clear());
  }

  get enabled(): boolean {
    return this.counts.enabled;
  }

  get size(): number {
    return this.counts.size;
  }

  /** The cached count of `key`, or `compute()`'s (stored unless something changed meanwhile). */
  async count(key: string, compute: () => Promise<number>): Promise<number> {
    if (!this.counts.usable) return compute();
    const hit = this.counts.get(key);
    if (hit !== undefined) return hit;
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.counts.generation;
    const counting = compute();
    this.inFlight.set(key, counting);
    let count: number;
    try {
      count = await counting;
    } finally {
      if (this.inFlight.get(key) === counting) this.inFlight.delete(key);
    }
    this.counts.set(key, count, generation);
    return count;
  }

  /** Forget every count (after any change made through this process). */
  invalidate(): void {
    this.counts.invalidate();
  }

  /**
   * Shares the invalidation with the other instances through `bus`: their changes clear this cache, and `announce`
   * tells them about this instance's. Returns the unsubscribe.
   */
  connect(bus: ClusterBus): () => void {
    this.bus = bus;
    // This instance cleared its own cache before it announced the change.
    return this.counts.connect(bus, TRAY_COUNTS_CHANGED, (payload) => payload !== bus.instanceId);
  }

  /** Tells every other instance that something a tray count covers has changed (after the change committed). */
  async announce(): Promise<void> {
    await this.bus?.publish(TRAY_COUNTS_CHANGED, this.bus.instanceId);
  }
}
