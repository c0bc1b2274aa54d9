import type { ClusterBus } from './bus.ts';

// The one mechanism behind the process's short-lived caches (tray counts, granted access checks, the names on trays):
// a bounded map that a change empties, in this process and, through the database's notices, in every instance.
//
// - `invalidate()` forgets everything and moves the generation on. A value read from the database before a change and
//   stored after it would be stale, so `set` takes the generation seen before the read and stores nothing if it moved.
// - While the bus is not listening (its connection was lost), nothing is served: a notice could have been missed.
// - Entries expire after `ttlMs` by the given clock (none: kept until a change or eviction).
// - At most `maxEntries` are kept; Maps iterate in insertion order, so the oldest entry goes first.

export type InvalidatedMapOptions = {
  /** off: nothing is kept, every read goes to the database */
  enabled: boolean;
  /** how long an entry is served; undefined: until a change or eviction */
  ttlMs?: number | undefined;
  maxEntries: number;
  now?: (() => number) | undefined;
};

export class InvalidatedMap<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly cleared: (() => void)[] = [];
  private generationNo = 0;
  private bus: ClusterBus | null = null;
  private readonly now: () => number;

  constructor(private readonly options: InvalidatedMapOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** whether values may be served from memory now (on, and the bus, if any, listening) */
  get usable(): boolean {
    return this.options.enabled && (this.bus === null || this.bus.live);
  }

  /** changes with every invalidation: read it before reading the database, and pass it to `set` */
  get generation(): number {
    return this.generationNo;
  }

  get size(): number {
    return this.entries.size;
  }

  /** the fresh value of `key`, if held and usable */
  get(key: K): V | undefined {
    if (!this.usable) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > this.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Keeps `value` unless something changed since `generation`. It expires `ttlMs` after `readAt` (when the read
   * began; now by default), so it is never served longer than the TTL after the database said it.
   */
  set(key: K, value: V, generation: number, readAt = this.now()): void {
    if (!this.options.enabled || generation !== this.generationNo) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const ttl = this.options.ttlMs;
    this.entries.set(key, { value, expiresAt: ttl === undefined ? Number.POSITIVE_INFINITY : readAt + ttl });
  }

  /** Forgets everything (a change made through this process, or announced by the database). */
  invalidate(): void {
    this.generationNo += 1;
    this.entries.clear();
    for (const clear of this.cleared) clear();
  }

  /** Also runs `clear` on every invalidation (state kept beside the entries, e.g. reads in flight). */
  onInvalidate(clear: () => void): void {
    this.cleared.push(clear);
  }

  /**
   * Empties the map when `channel` announces a change from any instance (`accept` may pass over some notices, e.g. the
   * instance's own); while the bus is not listening nothing is served. Returns the unsubscribe.
   */
  connect(bus: ClusterBus, channel: string, accept?: (payload: string | null) => boolean): () => void {
    this.bus = bus;
    if (!this.options.enabled) return () => {};
    return bus.subscribe(channel, (payload) => {
      if (!accept || accept(payload)) this.invalidate();
    });
  }
}
