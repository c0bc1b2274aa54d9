import { EventEmitter } from 'node:events';
import type { Database } from '@recovery-desk/db/client.ts';

/**
 * node-postgres pools emit 'error' when an idle connection dies (PostgreSQL restarted, or the connection
 * was terminated by an administrator); with no listener that event crashes the process. The pool then
 * simply opens a new connection, so the error is only reported. (No-op on PGlite, which has no pool.)
 */
export function reportIdleConnectionErrors(db: Database, report: (error: Error) => void): void {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof EventEmitter) client.on('error', report);
}
