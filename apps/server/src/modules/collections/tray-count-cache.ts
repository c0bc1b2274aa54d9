import type { ClusterBus } from '../../cluster/bus.ts';
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
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  /** counts being computed, by key; cleared with the entries, so no request after a change joins an older count */
  private readonly inFlight = new Map<string, Promise<number>>();
  private generation = 0;
  private bus: ClusterBus | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached count of `key`, or `compute()`'s (stored unless something changed meanwhile). */
  async count(key: string, compute: () => Promise<number>): Promise<number> {
    if (!this.enabled || (this.bus && !this.bus.live)) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.count;
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.generation;
    const counting = compute();
    this.inFlight.set(key, counting);
    let count: number;
    try {
      count = await counting;
    } finally {
      if (this.inFlight.get(key) === counting) this.inFlight.delete(key);
    }
    if (generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { count, expiresAt: this.now() + this.ttlMs });
    }
    return count;
  }

  /** Forget every count (after any change made through this process). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /**
   * Shares the invalidation with the other instances through `bus`: their changes clear this cache, and `announce`
   * tells them about this instance's. Returns the unsubscribe.
   */
  connect(bus: ClusterBus): () => void {
    this.bus = bus;
    if (!this.enabled) return () => {};
    return bus.subscribe(TRAY_COUNTS_CHANGED, (payload) => {
      // This instance cleared its own cache before it announced the change.
      if (payload !== bus.instanceId) this.invalidate();
    });
  }

  /** Tells every other instance that something a tray count covers has changed (after the change committed). */
  async announce(): Promise<void> {
    await this.bus?.publish(TRAY_COUNTS_CHANGED, this.bus.instanceId);
  }

  get size(): number {
    return this.entries.size;
  }
}
