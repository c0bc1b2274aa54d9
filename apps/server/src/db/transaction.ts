import type { Database } from '@recovery-desk/db/client.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/**
 * Runs `fn` in one transaction: every mutation and its audit row commit together or not at all.
 * Keep the work inside short (PGlite runs on the main thread): hash passwords and call the network outside.
 */
export function withTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
