import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from './client.ts';

// For integration tests: a fresh, migrated database per call. PGlite runs in memory; on PostgreSQL
// (TEST_DATABASE_URL) a uniquely named database is created and dropped on close.
//
// Neither is migrated from scratch each time. PGlite starts from a dumped data folder that was migrated once (kept
// in the system's temporary folder, named by a hash of the migrations and PGlite's version, so every test file and
// every run after the first reuses it). PostgreSQL copies a template database migrated once (`rd_tpl_<hash>`). The
// migrator still runs on the copy: it finds every migration applied, so a stale snapshot can only cost time.
// Templates of other migrations are left alone: another checkout (a branch with a new migration) may be using its
// own at the same time. Each is the size of an empty schema; drop them with `DROP DATABASE rd_tpl_…` when unwanted.
export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

let pgliteSnapshot: Promise<Blob> | undefined;

async function makePgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `recovery-desk-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file); // atomic: a parallel test file reads a whole snapshot or none
    return dump;
  } finally {
    await client.close();
  }
}

async function openPglite(): Promise<DatabaseHandle> {
  pgliteSnapshot ??= makePgliteSnapshot();
  let snapshot: Blob;
  try {
    snapshot = await pgliteSnapshot;
  } catch (error) {
    pgliteSnapshot = undefined;
    throw error;
  }
  return openDatabase({ kind: 'pglite-memory', loadDataDir: snapshot });
}

const TEMPLATE_LOCK_KEY = 7_310_099;

async function withAdmin<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/** The migrated template database of these migrations, made once under an advisory lock (test files run in parallel). */
async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = `rd_tpl_${migrationsHash()}`;
  await withAdmin(baseUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount) return;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, building), poolSize: 1 });
    await handle.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  });
  return name;
}

/** A new database copied from the migrated template, named `<prefix>_<time>_<random>`. */
async function copyTemplate(baseUrl: string, prefix: string): Promise<string> {
  postgresTemplate ??= ensurePostgresTemplate(baseUrl);
  let template: string;
  try {
    template = await postgresTemplate;
  } catch (error) {
    postgresTemplate = undefined;
    throw error;
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, async (admin) => {
    // Two copies of one template at the same instant can meet "being accessed by other users": try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return name;
}

async function openPostgres(): Promise<DatabaseHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = await copyTemplate(baseUrl, 'rd_test');
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, name), poolSize: 8 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * For the tests that run the real server process on a database of their own: a PGlite data folder (`dataDir`, empty)
 * or a PostgreSQL database (named `prefix_…`) already holding every migration, copied from the same snapshot and
 * template as `openTestDatabase`, so a spawned server finds its schema migrated instead of migrating it itself.
 * `drop` removes the PostgreSQL database (the caller removes its data folder).
 */
export async function prepareMigratedPgliteDataDir(dataDir: string): Promise<void> {
  pgliteSnapshot ??= makePgliteSnapshot();
  const snapshot = await pgliteSnapshot;
  const client = new PGlite(dataDir, { loadDataDir: snapshot });
  await client.waitReady;
  await client.close();
}

export async function createMigratedPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = await copyTemplate(baseUrl, prefix);
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  return kind === 'pglite' ? openPglite() : openPostgres();
}
