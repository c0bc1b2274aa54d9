import { sql } from 'drizzle-orm';
import type { Executor } from '../db/transaction.ts';
import type { ClusterBus } from './bus.ts';

// Caches that live in a module (one per process) register here how to empty themselves, and the code that changes
// what they hold announces the change in its transaction. Every instance's bus subscribes to the registered channels
// when the app starts, so a change committed through one instance empties the cache of all of them.

/** Workflow definitions: a version was published or its status changed. */
export const DEFINITIONS_CHANGED = 'workflow_definitions';
/** Anything a tray count covers changed (payload: the publishing instance's id). */
export const TRAY_COUNTS_CHANGED = 'tray_counts';

const clearers = new Map<string, Set<() => void>>();

/** Registers how to empty a module-level cache when `channel` announces a change (from any instance). */
export function clearedOnChange(channel: string, clear: () => void): void {
  let set = clearers.get(channel);
  if (!set) {
    set = new Set();
    clearers.set(channel, set);
  }
  set.add(clear);
}

/**
 * Announces a change inside the caller's transaction: PostgreSQL (and PGlite) deliver it at commit, to every
 * listening instance including this one, and never when the transaction rolls back.
 */
export async function announceChange(tx: Executor, channel: string, payload = ''): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Subscribes the bus to every registered cache; returns the unsubscribe. */
export function subscribeSharedCaches(bus: ClusterBus): () => void {
  const unsubscribe = [...clearers].map(([channel, set]) =>
    bus.subscribe(channel, () => {
      for (const clear of set) clear();
    }),
  );
  return () => {
    for (const stop of unsubscribe) stop();
  };
}
