import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import { organisation } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { createOrg, createStaff, type Org } from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { TEST_JWT_SECRET, TEST_USERKEY_KEY } from '../support/test-app.ts';
import { adminQuery, serverExit, serverUrl, spawnServer, type ServerProcess } from '../support/server-process.ts';

// WEB_CONCURRENCY=2 (docs/architecture.md "Several server processes"): `npm start`'s server as a supervisor and two
// server processes on one port, on PostgreSQL (PGlite belongs to one process, and the configuration refuses it).
// Every request here goes on a connection of its own, so the supervisor hands them to both processes in turn.

type Reply = { status: number; body: string };

function freshCall(
  base: string,
  method: string,
  urlPath: string,
  options: { token?: string; unit?: number; body?: unknown } = {},
): Promise<Reply> {
  const url = new URL(urlPath, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { connection: 'close' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.unit !== undefined) headers['x-acting-unit'] = String(options.unit);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${urlPath}: no answer within 15 s`)));
    request.end(payload);
  });
}

/** The process ids that answered requests, from the servers' request log lines (pino writes each process's pid). */
function answeringPids(stdout: string): Set<number> {
  const pids = new Set<number>();
  for (const line of stdout.split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line) as { pid: number };
    pids.add(entry.pid);
  }
  return pids;
}

function listeningPids(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.includes('"cluster.worker_listening"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe.runIf(testDatabaseKinds().includes('postgres'))('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `rd_webc_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-webc-'));
  let server: ServerProcess;
  let base: string;
  let handle: DatabaseHandle;
  let org: Org;

  beforeAll(async () => {
    await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    server = spawnServer({
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DEMO_MODE: 'false',
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      USERKEY_KEY: TEST_USERKEY_KEY,
      WEB_DIST: '/nonexistent/recovery-desk-web-dist',
      WEB_CONCURRENCY: '2',
      PRINCIPAL_CACHE_SECONDS: '60',
    });
    base = await serverUrl(server);
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await ensureOrganisation(handle.db);
    await handle.db.update(organisation).set({ businessDate: BUSINESS_DATE }).where(eq(organisation.id, 1));
    org = await createOrg(handle.db);
  }, 300_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await serverExit(server);
    }
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  async function signIn(): Promise<{ access: string; refresh: string }> {
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const userkey = await sealUserkey(
      { username: telecaller.username, password: telecaller.password },
      TEST_USERKEY_KEY,
    );
    const reply = await freshCall(base, 'POST', '/token/', { body: { userkey } });
    expect(reply.status, reply.body).toBe(200);
    return JSON.parse(reply.body) as { access: string; refresh: string };
  }

  const trayStatuses = async (access: string, count: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const reply = await freshCall(base, 'GET', '/api/collections/trays/telecaller?view=my', {
        token: access,
        unit: org.branch.id,
      });
      statuses.push(reply.status);
    }
    return statuses;
  };

  it('answers from both server processes on one port, and a sign-out through one ends the session on both', async () => {
    const workers = listeningPids(server.stdout());
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);

    const { access, refresh } = await signIn();
    // Both processes now hold the granted check (PRINCIPAL_CACHE_SECONDS is 60 here).
    expect(await trayStatuses(access, 8)).toEqual(Array<number>(8).fill(200));
    const answered = await until(
      () => answeringPids(server.stdout()),
      (pids) => pids.size >= 2,
      5_000,
    );
    expect([...answered].sort()).toEqual([...workers].sort());

    const logout = await freshCall(base, 'POST', '/token/logout/', { body: { refresh_token: refresh } });
    expect(logout.status, logout.body).toBe(200);
    // The other process hears the database's notice on its own connection: moments, not the cache's 60 s.
    const after = await until(
      () => trayStatuses(access, 6),
      (statuses) => statuses.every((status) => status === 401),
      5_000,
    );
    expect(after).toEqual(Array<number>(6).fill(401));
  });

  it('replaces a server process that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = listeningPids(server.stdout()) as [number, number];
    process.kill(victim, 'SIGKILL');
    // A connection handed to a process in the instant it dies is lost with it (node:cluster's round robin; see the
    // architecture doc): the supervisor stops handing it connections once it hears of the death.
    const died = await until(
      () => server.stdout().includes('a server process died (signal SIGKILL); starting another'),
      (seen) => seen,
      10_000,
    );
    expect(died).toBe(true);
    const { access } = await signIn();
    // The survivor answers while the replacement starts.
    expect(await trayStatuses(access, 4)).toEqual(Array<number>(4).fill(200));
    const workers = await until(
      () => listeningPids(server.stdout()),
      (pids) => pids.length === 3,
      60_000,
    );
    expect(workers).toHaveLength(3);
    const replacement = workers[2]!;
    expect([victim, survivor]).not.toContain(replacement);
    expect(alive(replacement)).toBe(true);
    expect(await trayStatuses(access, 4)).toEqual(Array<number>(4).fill(200));
  }, 120_000);

  it('stops every server process on SIGTERM and exits 0', async () => {
    const workers = listeningPids(server.stdout()).filter(alive);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    const { code } = await serverExit(server);
    expect(code).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  });
});
