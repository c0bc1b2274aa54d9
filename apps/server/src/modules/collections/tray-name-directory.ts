import type { ClusterBus } from '../../cluster/bus.ts';
import { InvalidatedMap } from '../../cluster/invalidated-map.ts';

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
  private readonly names: InvalidatedMap<string, string>;

  constructor(enabled = true, maxEntries = 60_000) {
    this.names = new InvalidatedMap({ enabled, maxEntries });
  }

  get enabled(): boolean {
    return this.names.enabled;
  }

  /** whether names may be served from memory now */
  get usable(): boolean {
    return this.names.usable;
  }

  /** changes with every invalidation: pass it back to `remember` so a name read before a change is not kept */
  get generation(): number {
    return this.names.generation;
  }

  get size(): number {
    return this.names.size;
  }

  /** the name of `id` if held */
  name(kind: DirectoryKind, id: number): string | undefined {
    return this.names.get(`${kind}:${id}`);
  }

  /** keeps a name read from the database, unless something changed since `generation` */
  remember(kind: DirectoryKind, id: number, name: string, generation: number): void {
    this.names.set(`${kind}:${id}`, name, generation);
  }

  /** forget every name (a change made through this process, or announced by the database) */
  invalidate(): void {
    this.names.invalidate();
  }

  /** Empties the directory whenever the database announces a rename (from any instance); returns the unsubscribe. */
  connect(bus: ClusterBus): () => void {
    return this.names.connect(bus, NAMES_CHANGED);
  }
}
