import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import type { TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { buildApp } from '../../src/app.ts';
import { parseConfig, resolveSecrets } from '../../src/config.ts';
import { eq } from 'drizzle-orm';
import { organisation } from '@recovery-desk/db/schema.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { systemClock } from '../../src/clock.ts';
import { mintLoginCode, TEST_JWT_SECRET, TEST_USERKEY_KEY } from '../support/test-app.ts';
import { adminQuery, serverExit, serverUrl, spawnServer, type ServerProcess } from '../support/server-process.ts';

// Several server instances on one database, each reached over HTTP on its own port, for the tests of
// docs/architecture.md "Several instances".
//
// - PostgreSQL: real server processes (`node --import tsx apps/server/src/main.ts`, as `npm start` runs them) on a
//   database created for the test, demo mode off, with the same secrets, and TRUST_PROXY so a test picks the client
//   address with X-Forwarded-For.
// - PGlite: one process owns the data (the folder lock), so the instances are apps built in this process on one
//   PGlite database, each with its own limiter, caches and bus, listening on its own port.
//
// `env` is extra configuration for every instance (e.g. TRAY_COUNT_CACHE_SECONDS); a job test passes what its workers
// need the same way.

/** `db`: the shared database, for minting an approver's sign-in code as /sendOtpApi would. */
export type Instance = { url: string; name: string; db: Database };

export type Cluster = {
  kind: TestDatabaseKind;
  instances: Instance[];
  /** the test's own connection to the shared database, for factories and checks */
  db: Database;
  stop: () => Promise<void>;
};

export async function startCluster(
  kind: TestDatabaseKind,
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const count = options.instances ?? 2;
  const env = options.env ?? {};
  return kind === 'postgres' ? startProcesses(count, env) : startInProcess(count, env);
}

async function startProcesses(count: number, env: Record<string, string>): Promise<Cluster> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const dbName = `rd_cluster_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-cluster-'));
  const servers: ServerProcess[] = [];
  let handle: DatabaseHandle | null = null;
  const stop = async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => serverExit(server)));
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
  try {
    // All instances start at once, on an empty database: migrations and reference data take turns.
    for (let index = 0; index < count; index += 1) {
      servers.push(
        spawnServer({
          PORT: '0',
          HOST: '127.0.0.1',
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          DEMO_MODE: 'false',
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: '4',
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          USERKEY_KEY: TEST_USERKEY_KEY,
          TRUST_PROXY: 'true',
          WEB_DIST: '/nonexistent/recovery-desk-web-dist',
          ...env,
        }),
      );
    }
    const urls = await Promise.all(servers.map((server) => serverUrl(server)));
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
    // The instances created the organisation with today as its business date; the factories' data assumes theirs.
    await ensureOrganisation(handle.db);
    await handle.db.update(organisation).set({ businessDate: BUSINESS_DATE }).where(eq(organisation.id, 1));
    return {
      kind: 'postgres',
      instances: urls.map((instanceUrl, index) => ({
        url: instanceUrl,
        name: String.fromCharCode(65 + index),
        db: handle!.db,
      })),
      db: handle.db,
      stop,
    };
  } catch (error) {
    const logs = servers.map((server) => server.stderr()).join('\n');
    await stop().catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}

async function startInProcess(count: number, env: Record<string, string>): Promise<Cluster> {
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await ensureOrganisation(handle.db);
  // The same configuration as the processes get (and as testConfig's), read from the same variables.
  const { config } = resolveSecrets(
    parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      USERKEY_KEY: TEST_USERKEY_KEY,
      WEB_DIST: '/nonexistent/recovery-desk-web-dist',
      DATA_DIR: '/nonexistent/recovery-desk-data',
      TRUST_PROXY: 'true',
      ...env,
    }),
  );
  const apps = Array.from({ length: count }, () => buildApp({ config, db: handle.db }));
  const stop = async () => {
    for (const app of apps) await app.close();
    await handle.close();
  };
  try {
    const instances: Instance[] = [];
    for (const [index, app] of apps.entries()) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      // As main.ts does: every instance runs a job worker once it listens.
      app.jobs.start();
      const { port } = app.server.address() as AddressInfo;
      instances.push({ url: `http://127.0.0.1:${port}`, name: String.fromCharCode(65 + index), db: handle.db });
    }
    return { kind: 'pglite', instances, db: handle.db, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

// ---- HTTP calls to an instance ----

export type Reply = {
  status: number;
  body: string;
  json: <T = Record<string, unknown>>() => T;
  retryAfter: string | null;
};

export type CallOptions = { token?: string; unit?: number; ip?: string; body?: unknown };

export async function call(instance: Instance, method: string, urlPath: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.unit !== undefined) headers['x-acting-unit'] = String(options.unit);
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.url}${urlPath}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = await response.text();
  const reply: Reply = {
    status: response.status,
    body,
    json: <T>() => JSON.parse(body) as T,
    retryAfter: response.headers.get('retry-after'),
  };
  return reply;
}

/** POST /token/ with a sealed userkey. */
export async function postToken(instance: Instance, payload: Record<string, unknown>, ip: string): Promise<Reply> {
  return call(instance, 'POST', '/token/', { ip, body: { userkey: await sealUserkey(payload, TEST_USERKEY_KEY) } });
}

/** Signs in through `instance`; the access token works on every instance (same JWT_SECRET). */
export async function accessToken(
  instance: Instance,
  user: { username: string; password: string },
  ip: string,
): Promise<string> {
  let reply = await postToken(instance, { username: user.username, password: user.password }, ip);
  if (reply.status === 401 && reply.json<{ error_code: string }>().error_code === 'OTP_REQUIRED') {
    // An approver: a code minted into the shared database, as /sendOtpApi would issue it.
    const otp = await mintLoginCode(
      { db: instance.db, clock: systemClock, config: { jwtSecret: TEST_JWT_SECRET } },
      user.username,
    );
    reply = await postToken(instance, { username: user.username, password: user.password, otp }, ip);
  }
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${reply.body}`);
  return reply.json<{ access: string }>().access;
}
