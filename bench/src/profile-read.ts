import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
// The server's own functions: the ceiling runs exactly the statements the profile request runs. (The fastify type
// import puts the module the server's request context augments into this program.)
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { SignedInContext } from '../../apps/server/src/http/request-context.ts';
import { getProfile } from '../../apps/server/src/modules/profile/services/get-profile.ts';
import {
  benchDatabaseName,
  captureStatements,
  fairRatio,
  measureCeiling,
  printProbe,
  printRatio,
  repoRoot,
  runLoad,
  signIn,
  startProbe,
  startServer,
  stopProbe,
  stopServer,
  tokenClaims,
  waitForIdleJobs,
  webConcurrency,
  statementCount,
  type Captured,
  type Ceiling,
  type ProbeFigures,
} from './support.ts';

// Benchmark: the session profile read (GET /collapp/getUserProfileNew/collapp — the principal check of a signed-in
// route, then organisation, units, authorities, apps) through the real server under N connections, beside the
// database's own ceiling for exactly the statements one request runs (captured at the driver from the server's own
// functions, replayed with their bind parameters) at the same concurrency (pgbench on PostgreSQL; an in-process loop
// on PGlite, which is single-connection). Prints percentiles, the fair API/ceiling ratio and the machine probe
// (server and database CPU per request, machine busy, load average, NOISY). bench/README.md says how to read them.

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);
const USERNAME = 'mgr.mumbai';
// the server's principal cache (PRINCIPAL_CACHE_SECONDS; 0 = the principal check on every request)
const principalCached = Number(process.env.PRINCIPAL_CACHE_SECONDS ?? '5') > 0;

/** The statements one profile request runs (the auth hook's principal check, then the profile service's reads). */
async function captureProfileSql(db: Database, userId: number, familyId: string): Promise<Captured[]> {
  const deps = { db, config: { demoMode: true } } as unknown as AppDeps;
  const session = { userId, familyId, now: new Date() };
  const { statements } = await captureStatements(db, async () => {
    const principal = await findPrincipal(db, session);
    if (!principal) throw new Error('the principal check refuses the bench session');
    const ctx = {
      requestId: 'bench',
      ip: '127.0.0.1',
      user: { id: userId, username: USERNAME, email: principal.email, fullName: principal.fullName, familyId },
    } as unknown as SignedInContext;
    await getProfile(deps, { ctx });
  });
  return statements;
}

const load = (base: string, access: string, unitId: number) =>
  runLoad({
    url: `${base}/collapp/getUserProfileNew/collapp`,
    connections,
    duration,
    headers: { authorization: `Bearer ${access}`, 'x-acting-unit': String(unitId) },
  });

async function main() {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let dataDir = '';
  let dbUrl = '';
  const isPostgres = args.db === 'postgres';
  if (isPostgres) {
    const name = benchDatabaseName('profile');
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(args['database-url']!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    env = { DATABASE_URL: dbUrl };
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: args['database-url'] });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-'));
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const server = await startServer(env);
  console.log(`server processes: ${webConcurrency} (WEB_CONCURRENCY)`);
  try {
    if (isPostgres) await waitForIdleJobs(dbUrl);
    const access = await signIn(server.base, USERNAME);
    const { userId, familyId } = tokenClaims(access);
    const profile = (await (
      await fetch(`${server.base}/collapp/getUserProfileNew/home`, {
        headers: { authorization: `Bearer ${access}` },
      })
    ).json()) as { data: { units: { id: number }[] }[] };
    const unitId = profile.data[0]!.units[0]!.id;

    const probe = await startProbe(
      isPostgres
        ? { serverPid: server.child.pid, databaseUrl: dbUrl }
        : { serverPid: server.child.pid, databaseInProcess: 'server' },
    );
    const api = await load(server.base, access, unitId);
    const apiProbe: ProbeFigures = await stopProbe(probe, api.ok);
    printProbe('profile read, API', apiProbe);

    // PGlite is one connection in one process: stop the server, measure the same statements in-process.
    if (!isPostgres) await stopServer(server.child);
    const handle = isPostgres
      ? await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir });
    let ceiling: Ceiling;
    let statements: Captured[];
    // issue 17 states its target against the statements with the principal check included
    let issueCeiling: Ceiling | null = null;
    try {
      const all = await captureProfileSql(handle.db, userId, familyId);
      // with the principal cache on, a steady request does not run the principal check (the first statement)
      statements = principalCached ? all.slice(1) : all;
      ceiling = await measureCeiling(isPostgres ? { url: dbUrl } : { db: handle.db }, statements, {
        connections,
        seconds: duration,
      });
      if (principalCached) {
        issueCeiling = await measureCeiling(isPostgres ? { url: dbUrl } : { db: handle.db }, all, {
          connections,
          seconds: duration,
        });
        printProbe(
          `profile read, ceiling with the principal check (${statementCount(all.length)})`,
          issueCeiling.probe,
        );
      }
    } finally {
      await handle.close();
    }
    printProbe(`profile read, ceiling (${statementCount(statements.length)})`, ceiling.probe);

    const covers = `${principalCached ? '' : 'principal check, '}organisation, units, authorities, apps${principalCached ? ' (the principal cache answers the principal check)' : ''}`;
    printRatio('profile read, API / ceiling (fair)', api, ceiling, covers);
    if (issueCeiling) {
      printRatio(
        'profile read, API / issue 17 ceiling',
        api,
        issueCeiling,
        'principal check, organisation, units, authorities, apps',
      );
    }
    const result = {
      benchmark: 'profile-read',
      database: args.db,
      connections,
      durationSeconds: duration,
      webConcurrency,
      api,
      apiProbe,
      ceiling: { covers, ...ceiling, sql: statements.map((s) => ({ sql: s.sql, params: s.params })) },
      fairRatio: fairRatio(api.rps, ceiling.tps),
      ...(issueCeiling ? { issueCeiling, issueRatio: fairRatio(api.rps, issueCeiling.tps) } : {}),
    };
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, `bench/results/profile-read-${args.db}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(`written bench/results/profile-read-${args.db}.json`);
  } finally {
    await stopServer(server.child);
    await cleanup();
  }
}

await main();
