import type { ClusterBus } from '../../cluster/bus.ts';

// The names a tray row shows beside its own columns: who it is allocated to or was last contacted by (users), the
// agency, the unit code. These come from three small tables that change rarely, and a page of 50 rows names a handful
// of them, the same ones request after request. So the process keeps the names it has read (issue 17: the tray read
// is then one statement, the page, which carries the customer's name itself), and reads only the ones it lacks.
//
// Fresh names: every state-changing request of this process empties the directory before its reply leaves (app.ts),
// and the database announces a rename or removal (migration 0046's statement triggers on users.full_name,
// agencies.name and units.unit_code, whoever writes them) on `names_changed` at commit, which empties the directory of
// every instance. While the bus is not listening, every name is read. A name read while a change was in flight is not
// kept (the generation check).

/** The database's channel for renamed or removed users, agencies and units (migration 0046). */
export const NAMES_CHANGED = 'names_changed';

export type DirectoryKind = 'user' | 'agency' | 'unit';

export class TrayNameDirectory {
  private readonly byKind: Record<DirectoryKind, Map<number, string>> = {
    user: new Map(),
    agency: new Map(),
    unit: new Map(),
  };
  private generationNo = 0;
  private bus: ClusterBus | null = null;

  constructor(
    readonly enabled = true,
    private readonly maxEntriesPerKind = 20_000,
  ) {}

  /** whether names may be served from memory now */
  get usable(): boolean {
    return this.enabled && (this.bus === null || this.bus.live);
  }

  /** changes with every invalidation: pass it back to `remember` so a name read before a change is not kept */
  get generation(): number {
    return this.generationNo;
  }

  get size(): number {
    return this.byKind.user.size + this.byKind.agency.size + this.byKind.unit.size;
  }

  /** the name of `id` if held */
  name(kind: DirectoryKind, id: number): string | undefined {
    return this.usable ? this.byKind[kind].get(id) : undefined;
  }

  /** keeps a name read from the database, unless something changed since `generation` */
  remember(kind: DirectoryKind, id: number, name: string, generation: number): void {
    if (!this.enabled || generation !== this.generationNo) return;
    const names = this.byKind[kind];
    if (names.size >= this.maxEntriesPerKind && !names.has(id)) {
      // Maps iterate in insertion order: drop the oldest name.
      const oldest = names.keys().next().value;
      if (oldest !== undefined) names.delete(oldest);
    }
    names.set(id, name);
  }

  /** forget every name (a change made through this process, or announced by the database) */
  invalidate(): void {
    this.generationNo += 1;
    this.byKind.user.clear();
    this.byKind.agency.clear();
    this.byKind.unit.clear();
  }

  /** Empties the directory whenever the database announces a rename (from any instance); returns the unsubscribe. */
  connect(bus: ClusterBus): () => void {
    this.bus = bus;
    if (!this.enabled) return () => {};
    return bus.subscribe(NAMES_CHANGED, () => this.invalidate());
  }
}
