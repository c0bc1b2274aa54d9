import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@recovery-desk/db/client.ts';
import { users } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { serverExit, serverUrl, spawnServer, type ServerProcess } from './support/server-process.ts';

// The real server process: `node --import tsx apps/server/src/main.ts`, as `npm start` runs it.

function startServer(env: Record<string, string>): ServerProcess {
  return spawnServer({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env });
}

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

// A first start on a fresh data folder migrates and seeds the whole demo (about 30 s on an idle two-core machine, twice
// that while the other test files run beside it): these tests wait for it, longer than the default test timeout.
const FIRST_START_MS = 180_000;

describe.each(testDatabaseKinds())('server process (%s)', (kind) => {
  it(
    'starts, seeds the demo organisation, answers, and exits 0 on SIGTERM leaving the data reopenable',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-process-'));
      const baseUrl = process.env.TEST_DATABASE_URL;
      const dbName = `rd_proc_${randomBytes(4).toString('hex')}`;
      let databaseUrl: string | undefined;
      if (kind === 'postgres' && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${dbName}`);
        await admin.end();
        const url = new URL(baseUrl);
        url.pathname = `/${dbName}`;
        databaseUrl = url.toString();
      }
      try {
        const server = startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
        running.push(server);
        const url = await serverUrl(server);
        expect(server.stdout()).toContain('Demo users (password for all:');
        // Demo mode is said in words: what it opens, and that this server (HOST=127.0.0.1) stays on this computer. The
        // warning goes to stderr after the address goes to stdout: two pipes, read in whichever order they arrive.
        await expect
          .poll(() => server.stderr(), { timeout: 10_000 })
          .toContain('WARNING: DEMO MODE IS ON. Never use it with real data.');
        expect(server.stderr()).toContain('which answers only on this computer (loopback)');
        expect(server.stderr()).toContain('listens on 127.0.0.1 only');
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);

        server.child.kill('SIGTERM');
        const { code, ms } = await serverExit(server);
        expect(code).toBe(0);
        expect(ms).toBeLessThan(15_000);

        const reopened = databaseUrl
          ? await openDatabase({ kind: 'postgres', url: databaseUrl })
          : await openDatabase({ kind: 'pglite', dataDir });
        try {
          expect((await reopened.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(0);
        } finally {
          await reopened.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
        if (databaseUrl && baseUrl) {
          const admin = new pg.Client({ connectionString: baseUrl });
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await admin.end();
        }
      }
    },
    FIRST_START_MS,
  );
});

// The lock is PGlite's: PostgreSQL serves many processes by design.
describe('embedded database folder lock', () => {
  it(
    'refuses a second process on the same data folder, fast and clearly',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-lock-'));
      try {
        const first = startServer({ DATA_DIR: dataDir });
        running.push(first);
        await serverUrl(first);

        const second = startServer({ DATA_DIR: dataDir });
        running.push(second);
        const { code, ms } = await serverExit(second);
        expect(code).toBe(1);
        expect(ms).toBeLessThan(10_000);
        expect(second.stderr()).toContain(`The embedded database in ${dataDir} is already open by another process`);
        expect(second.stderr()).not.toContain('    at ');

        // The first server is unharmed.
        const url = /running at (http:\/\/[^\s]+)/.exec(first.stdout())![1];
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        first.child.kill('SIGTERM');
        expect((await serverExit(first)).code).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    FIRST_START_MS,
  );
});
