import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@recovery-desk/db/client.ts';
import { users } from '@recovery-desk/db/schema.ts';
import {
  createMigratedPostgresDatabase,
  prepareMigratedPgliteDataDir,
  testDatabaseKinds,
} from '@recovery-desk/db/test-database.ts';
import { TEST_JWT_SECRET, TEST_USERKEY_KEY } from './support/test-app.ts';
import { serverExit, serverUrl, spawnServer, type ServerProcess } from './support/server-process.ts';

// The real server process: `node --import tsx apps/server/src/main.ts`, as `npm start` runs it.

function startServer(env: Record<string, string>): ServerProcess {
  return spawnServer({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env });
}

/** Demo mode off, with the secrets a deployment sets (the tests' own). */
function deployment(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DEMO_MODE: 'false', JWT_SECRET: TEST_JWT_SECRET, USERKEY_KEY: TEST_USERKEY_KEY };
}

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

// A first start on a fresh data folder migrates and seeds the whole demo (about 30 s on an idle two-core machine, and
// past 170 s on a machine at load 15 with the other test files beside it): these tests wait for it, longer than the
// default test timeout.
const FIRST_START_MS = 300_000;

// `npm start` on a fresh machine: the embedded database, migrated and seeded with the whole demo on first start.
describe('server process, first start of the embedded database', () => {
  it(
    'starts, seeds the demo organisation, answers, and exits 0 on SIGTERM leaving the data reopenable',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-process-'));
      try {
        const server = startServer({ DATA_DIR: dataDir });
        running.push(server);
        const url = await serverUrl(server);
        // the users' table follows the address in later writes to the pipe: it may arrive after the address is read
        await expect.poll(() => server.stdout(), { timeout: 10_000 }).toContain('Demo users (password for all:');
        // Demo mode is said in words: what it opens, and that this server (HOST=127.0.0.1) stays on this computer. The
        // warning goes to stderr after the address goes to stdout: two pipes, read in whichever order they arrive.
        await expect
          .poll(() => server.stderr(), { timeout: 10_000 })
          .toContain('WARNING: DEMO MODE IS ON. Never use it with real data.');
        expect(server.stderr()).toContain('which answers only on this computer (loopback)');
        expect(server.stderr()).toContain('listens on 127.0.0.1 only');
        expect((await fetch(`${url}/readyz`)).status).toBe(200);

        server.child.kill('SIGTERM');
        const { code, ms } = await serverExit(server);
        expect(code).toBe(0);
        expect(ms).toBeLessThan(15_000);

        const reopened = await openDatabase({ kind: 'pglite', dataDir });
        try {
          expect((await reopened.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(0);
        } finally {
          await reopened.close();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
    FIRST_START_MS,
  );
});

// A deployment: demo mode off, its own secrets, its database migrated by an earlier release. (Each demo seeder is
// proven on both databases by apps/server/test/demo/; the whole demo's first start by the test above and the
// browser tests.)
describe.each(testDatabaseKinds())('server process with demo mode off (%s)', (kind) => {
  it('starts with no demo users and no demo warning, answers, and exits 0 on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-process-'));
    let copy: { url: string; drop: () => Promise<void> } | undefined;
    try {
      if (kind === 'postgres') copy = await createMigratedPostgresDatabase('rd_proc');
      else await prepareMigratedPgliteDataDir(dataDir);
      const server = startServer({ ...deployment(dataDir), ...(copy ? { DATABASE_URL: copy.url } : {}) });
      running.push(server);
      const url = await serverUrl(server);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      const { code, ms } = await serverExit(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(15_000);
      expect(server.stdout()).not.toContain('Demo users');
      expect(server.stderr()).not.toContain('DEMO MODE');

      const reopened = copy
        ? await openDatabase({ kind: 'postgres', url: copy.url })
        : await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(await reopened.db.select({ id: users.id }).from(users)).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      await copy?.drop();
    }
  }, 90_000);
});

// The lock is PGlite's: PostgreSQL serves many processes by design.
describe('embedded database folder lock', () => {
  it(
    'refuses a second process on the same data folder, fast and clearly',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-lock-'));
      try {
        await prepareMigratedPgliteDataDir(dataDir);
        const first = startServer(deployment(dataDir));
        running.push(first);
        await serverUrl(first);

        const second = startServer(deployment(dataDir));
        running.push(second);
        const { code, ms } = await serverExit(second);
        expect(code).toBe(1);
        // It refuses rather than waiting for the lock: the time is the process's start (about 5 s idle), not a wait.
        expect(ms).toBeLessThan(30_000);
        expect(second.stderr()).toContain(`The embedded database in ${dataDir} is already open by another process`);
        expect(second.stderr()).not.toContain('    at ');

        // The first server is unharmed.
        const url = /running at (http:\/\/[^\s]+)/.exec(first.stdout())![1];
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        first.child.kill('SIGTERM');
        expect((await serverExit(first)).code).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
    FIRST_START_MS,
  );
});
