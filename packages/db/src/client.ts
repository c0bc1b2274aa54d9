import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as approvalsSchema from './approvals-schema.ts';
import * as clusterSchema from './cluster-schema.ts';
import * as collectionsSchema from './collections-schema.ts';
import * as jobsSchema from './jobs-schema.ts';
import * as paymentsSchema from './payments-schema.ts';
import * as platformSchema from './schema.ts';
import * as workflowSchema from './workflow-schema.ts';

const schema = {
  ...platformSchema,
  ...collectionsSchema,
  ...workflowSchema,
  ...clusterSchema,
  ...jobsSchema,
  ...approvalsSchema,
  ...paymentsSchema,
};

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  /** where the data lives, for logs (never includes a password) */
  location: string;
  close: () => Promise<void>;
  /**
   * Reports a pooled PostgreSQL connection that died while idle (server restart, terminated backend). The pool
   * reconnects on next use, so this is for logging only; without a listener such errors are ignored instead
   * of crashing the process. A no-op on PGlite.
   */
  onIdleConnectionError: (listener: (error: Error) => void) => void;
};

export type OpenDatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  /** `loadDataDir`: start from a dumped data folder (a migrated snapshot) instead of an empty one */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  /** `migrationUrl`: the schema owner's URL for the migrations (MIGRATION_DATABASE_URL); default `url` */
  | { kind: 'postgres'; url: string; poolSize?: number; migrationUrl?: string };

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already open by another process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

// PGlite corrupts a data folder opened by two processes (electric-sql/pglite#1106): take a lock file
// holding our pid, and refuse to start while a live process holds it.
function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'recovery-desk.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      fs.unlinkSync(lockPath); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Same value shapes on both drivers: dates as 'YYYY-MM-DD' strings, bigint counts as numbers,
// numeric (money) as exact decimal strings.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Several instances may start at once on one PostgreSQL database: their migrations run one after the other under a
// session advisory lock held on a connection of its own (the pool may have a single connection).
const MIGRATION_LOCK_KEY = 7_310_001;

async function migrateOnce(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.end();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // Drizzle's pg session reads the driver's global parsers, so they are set there (idempotent).
    pg.types.setTypeParser(DATE_OID, (value: string) => value);
    pg.types.setTypeParser(NUMERIC_OID, (value: string) => value);
    pg.types.setTypeParser(INT8_OID, (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const idleErrorListeners = new Set<(error: Error) => void>();
    pool.on('error', (error) => {
      for (const listener of idleErrorListeners) listener(error);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Migrations run as the schema owner (MIGRATION_DATABASE_URL) when the app connects as a restricted role.
    const migrationUrl = options.migrationUrl ?? options.url;
    const migrationPool = migrationUrl === options.url ? pool : new pg.Pool({ connectionString: migrationUrl, max: 1 });
    try {
      await migrateOnce(migrationUrl, () =>
        migratePg(drizzlePg(migrationPool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      );
    } catch (error) {
      await pool.end();
      throw error;
    } finally {
      if (migrationPool !== pool) await migrationPool.end();
    }
    const url = new URL(options.url);
    return {
      db,
      kind: 'postgres',
      location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
      onIdleConnectionError: (listener) => idleErrorListeners.add(listener),
    };
  }

  const release = options.kind === 'pglite' ? acquireDataDirLock(options.dataDir) : () => {};
  const parsers = {
    [DATE_OID]: (value: string) => value,
    [INT8_OID]: (value: string) => Number(value),
    [NUMERIC_OID]: (value: string) => value,
  };
  let client: PGlite;
  try {
    client =
      options.kind === 'pglite'
        ? new PGlite(options.dataDir, { parsers })
        : new PGlite({ parsers, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    location: options.kind === 'pglite' ? path.resolve(options.dataDir) : 'memory',
    onIdleConnectionError: () => {},
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
