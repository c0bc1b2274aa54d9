import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { trayQuerySchema } from '@recovery-desk/domain/collections/contracts.ts';
import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { TrayNameDirectory } from '../../apps/server/src/modules/collections/tray-name-directory.ts';
// The server's own SQL builders: the ceiling runs exactly the statements the tray endpoint runs. (The fastify type
// import puts the module the server's request context augments into this program.)
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import type { Executor } from '../../apps/server/src/db/transaction.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import { traySelection, traySort } from '../../apps/server/src/modules/collections/services/tray-selection.ts';
import { decodeCursor } from '../../apps/server/src/db/keyset-cursor.ts';
import {
  countTrayRows,
  readTrayPage,
  type KeysetRead,
} from '../../apps/server/src/modules/collections/trays.repository.ts';
import {
  benchDatabaseName,
  captureStatements,
  fairRatio,
  measureCeiling,
  printProbe,
  printRatio,
  runLoad,
  signIn as signInToken,
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
  type LoadResult,
  type ProbeFigures,
  type ProbeOptions,
} from './support.ts';

// Benchmark: the telecaller tray (GET /api/collections/trays/telecaller) through the real server under N
// connections with autocannon, beside the database's own ceiling for exactly the statements one request runs: the
// principal check (bearer's user, session family, acting unit and the tray's authority), the page query and the
// names lookup — and the count query only when the server's count cache is off (TRAY_COUNT_CACHE_SECONDS=0; with the
// cache on, the count runs once per cache period, not per request) — captured at the driver from the server's own
// functions and replayed with their bind parameters at the same concurrency: pgbench on PostgreSQL, an in-process
// loop on PGlite (one connection). Scenarios: My View of a telecaller with DPD and product filters; the Team View of
// a branch for its manager; each warmed up (--warmup seconds), then measured at page 1 and at a deep page (reached by
// following nextCursor). Prints percentiles, the fair API/ceiling ratio and the machine probe (server and database
// CPU per request, machine busy, load average, NOISY), writes bench/results/tray-<db>.json. bench/README.md.

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    accounts: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    'deep-duration': { type: 'string', default: '10' },
    'deep-pages': { type: 'string', default: '200' },
    /** seconds of load on each scenario before it is measured (JIT, pool connections, prepared statements) */
    warmup: { type: 'string', default: '5' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    /** benchmark an already seeded database of that name instead of creating (and dropping) one */
    reuse: { type: 'string' },
    /** keep the created database / data folder afterwards */
    keep: { type: 'boolean', default: false },
  },
});
const isPostgres = args.db === 'postgres';
if (!isPostgres && args.db !== 'pglite') throw new Error('--db must be postgres or pglite');
const connections = Number(args.connections);
const duration = Number(args.duration);
const deepDuration = Number(args['deep-duration']);
const deepPages = Number(args['deep-pages']);
const warmup = Number(args.warmup);
const accounts = Number(args.accounts ?? (isPostgres ? 1_000_000 : 20_000));
const repoRoot = path.resolve(import.meta.dirname, '../..');
// the server's tray count cache (TRAY_COUNT_CACHE_SECONDS; 0 = an exact count on every request)
const countCacheSeconds = Number(process.env.TRAY_COUNT_CACHE_SECONDS ?? '15');
// the server's principal cache (PRINCIPAL_CACHE_SECONDS; 0 = the principal check on every request)
const principalCacheSeconds = Number(process.env.PRINCIPAL_CACHE_SECONDS ?? '5');
const BUSINESS_DATE = '2026-03-31';

const TELECALLER = 'tc.andheri';
const MANAGER = 'mgr.andheri';
const BRANCH = 'BR-AND';
/** My View worklist of a telecaller: the 31–90 DPD band of retail products */
const MY_FILTERS = { dpdFrom: '31', dpdTo: '90', products: 'PERSONAL,TWO_WHEELER,CREDIT_CARD' };

type Session = { access: string; userId: number; familyId: string };
type Scenario = {
  name: string;
  username: string;
  session: Session;
  unit: { id: number; code: string; path: string; hasChildren: boolean };
  params: Record<string, string>;
};
type Load = LoadResult;

async function signIn(base: string, username: string): Promise<Session> {
  const access = await signInToken(base, username);
  return { access, ...tokenClaims(access) };
}

const trayUrl = (base: string, params: Record<string, string>) =>
  `${base}/api/collections/trays/telecaller?${new URLSearchParams(params).toString()}`;
const headersOf = (scenario: Scenario) => ({
  authorization: `Bearer ${scenario.session.access}`,
  'x-acting-unit': String(scenario.unit.id),
});

type TrayReply = { data: unknown[]; count: number; nextCursor: string | null };
async function getTray(base: string, scenario: Scenario, params: Record<string, string>): Promise<TrayReply> {
  const response = await fetch(trayUrl(base, params), { headers: headersOf(scenario) });
  if (!response.ok) throw new Error(`tray ${JSON.stringify(params)}: ${response.status} ${await response.text()}`);
  return (await response.json()) as TrayReply;
}

const load = (url: string, headers: Record<string, string>, seconds: number): Promise<Load> =>
  runLoad({ url, connections, duration: seconds, headers });

/**
 * The statements one steady tray request runs, as SQL text and bind parameters, captured at the driver from the
 * server's own functions: the page query (with its customers' names); the principal check of the auth hook (a named
 * prepared statement) only when the server's principal cache is off or the issue's ceiling asks for it
 * (`withPrincipal`); the count query only when the count cache is off (`withCount`). The names of users, agencies
 * and units come from the server's name directory once it holds them, as they do here from a primed one.
 */
async function captureTraySql(
  db: Database,
  scenario: Scenario,
  { withCount, withPrincipal }: { withCount: boolean; withPrincipal: boolean },
): Promise<Captured[]> {
  const tray = findTray('telecaller')!;
  const query = trayQuerySchema.parse(scenario.params);
  const ctx = {
    requestId: 'bench',
    ip: '127.0.0.1',
    app: 'collapp',
    user: { id: scenario.session.userId, username: scenario.username, email: '', fullName: '', familyId: '' },
    actingUnit: scenario.unit,
  } as UnitContext;
  const selection = await traySelection(db as unknown as Executor, ctx, tray, query);
  const sort = traySort(tray, query);
  let boundary: KeysetRead['boundary'];
  if (query.direction === 'next' || query.direction === 'prev') {
    const cursor = decodeCursor(query.cursor ?? '', sort);
    if (!cursor) throw new Error('bad cursor');
    boundary = { side: query.direction === 'next' ? 'after' : 'before', key: cursor.key, id: cursor.id };
  }
  const backward = query.direction === 'prev' || query.direction === 'last';
  const read = { ...sort, boundary, backward, limit: query.pageSize + 1 };
  // The server's name directory holds the page's users, agencies and units after the first request: prime one, so
  // the capture has what a steady request runs (the page alone).
  const directory = new TrayNameDirectory();
  await readTrayPage(db as unknown as Executor, selection, read, directory);
  const { statements } = await captureStatements(db, async () => {
    const principal = await findPrincipal(db, {
      userId: scenario.session.userId,
      familyId: scenario.session.familyId,
      now: new Date(),
      unit: { id: scenario.unit.id, authority: { app: 'collapp', code: tray.authority } },
    });
    if (!principal?.unit) throw new Error(`${scenario.name}: the principal check refuses the bench's session`);
    await readTrayPage(db as unknown as Executor, selection, read, directory);
    if (withCount) await countTrayRows(db as unknown as Executor, selection);
  });
  // The principal check ran for real (it must grant); with the server's cache on, a steady request does not run it.
  return withPrincipal ? statements : statements.slice(1);
}

/** EXPLAIN (ANALYZE, BUFFERS) of each captured statement, for the report. */
async function explain(db: Database, statements: Captured[]): Promise<string[]> {
  const client = (
    db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } }
  ).$client;
  const plans: string[] = [];
  for (const statement of statements) {
    const result = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans;
}

async function unitOf(db: Database, code: string) {
  const client = (
    db as unknown as {
      $client: {
        query: (q: string, p: unknown[]) => Promise<{ rows: { id: number; path: string; has_children: boolean }[] }>;
      };
    }
  ).$client;
  const { rows } = await client.query(
    'select id, path, exists (select 1 from units ch where ch.parent_id = units.id) as has_children from units where unit_code = $1',
    [code],
  );
  if (!rows[0]) throw new Error(`unit ${code} missing`);
  return { id: Number(rows[0].id), code, path: rows[0].path, hasChildren: rows[0].has_children };
}

type Run = Record<string, unknown>;

/** Page 1 and a deep page of each scenario through the API, then the same SQL's ceiling on the database. */
async function measure(
  base: string,
  scenarios: Scenario[],
  options: {
    ceilingDb: () => Promise<{ db: Database; close: () => Promise<void> }>;
    dbUrl: string;
    /** what the probe of an API window reads: the server's PID, and the database */
    apiProbe: ProbeOptions;
  },
): Promise<Record<string, Run>> {
  const runs: Record<string, Record<string, unknown>> = {};
  const deepParams: Record<string, Record<string, string>> = {};
  for (const scenario of scenarios) {
    const first = await getTray(base, scenario, scenario.params);
    console.log(
      `${scenario.name}: ${first.count} rows in the filtered tray; warm-up ${warmup} s, load for ${duration} s…`,
    );
    if (warmup > 0) await load(trayUrl(base, scenario.params), headersOf(scenario), warmup);
    const probe = await startProbe(options.apiProbe);
    const api: Load & { probe?: ProbeFigures } = await load(
      trayUrl(base, scenario.params),
      headersOf(scenario),
      duration,
    );
    api.probe = await stopProbe(probe, api.requests - api.non2xx);
    printProbe(`${scenario.name} page 1, API`, api.probe);
    // walk nextCursor: sequential latency of each page, and the cursor of the deep page
    const walk: number[] = [];
    // (a small tray ends sooner: its last page is the deep page then)
    let cursor = first.nextCursor;
    let reachedWith: string | null = null;
    let pages = 1;
    while (cursor && pages < deepPages) {
      const t0 = performance.now();
      const page = await getTray(base, scenario, { ...scenario.params, direction: 'next', cursor });
      walk.push(performance.now() - t0);
      reachedWith = cursor;
      cursor = page.nextCursor;
      pages += 1;
    }
    if (!reachedWith) throw new Error(`${scenario.name}: a single page, no deep page to measure`);
    deepParams[scenario.name] = { ...scenario.params, direction: 'next', cursor: reachedWith };
    const deepApi = await load(trayUrl(base, deepParams[scenario.name]!), headersOf(scenario), deepDuration);
    const firstApi = await load(trayUrl(base, scenario.params), headersOf(scenario), deepDuration);
    runs[scenario.name] = {
      rowsInTray: first.count,
      api,
      walk: {
        pages: pages,
        sequentialMs: {
          page2: Math.round(walk[0]! * 10) / 10,
          page50: Math.round((walk[48] ?? Number.NaN) * 10) / 10,
          page100: Math.round((walk[98] ?? Number.NaN) * 10) / 10,
          [`page${pages}`]: Math.round(walk.at(-1)! * 10) / 10,
          mean: Math.round((walk.reduce((a, b) => a + b, 0) / walk.length) * 10) / 10,
        },
      },
      deep: { page1Api: firstApi, [`page${pages}Api`]: deepApi },
    };
  }

  // the ceiling: the statements one request runs, on the database itself
  const withCount = countCacheSeconds === 0;
  const principalCached = principalCacheSeconds > 0;
  const covers =
    `${principalCached ? '' : 'principal check, '}page with its customers' names` +
    (withCount ? ', count (the count cache is off)' : ' (the count cache serves the count') +
    (principalCached ? ', the principal cache the principal check' : '') +
    ', the name directory the other names)';
  const issueCovers = 'principal check and the page: the issue 17 ceiling, whatever the server caches';
  const { db, close } = await options.ceilingDb();
  try {
    for (const scenario of scenarios) {
      const run = runs[scenario.name]!;
      const deep = run.deep as Record<string, Load>;
      const deepKey = Object.keys(deep).find((key) => key !== 'page1Api')!;
      for (const [label, params] of [
        ['page1', scenario.params],
        ['deep', deepParams[scenario.name]!],
      ] as const) {
        const statements = await captureTraySql(
          db,
          { ...scenario, params },
          { withCount, withPrincipal: !principalCached },
        );
        const seconds = label === 'page1' ? duration : deepDuration;
        const ceiling = await measureCeiling(isPostgres ? { url: options.dbUrl } : { db }, statements, {
          connections,
          seconds,
        });
        run[`${label}Ceiling`] = ceiling;
        if (label === 'page1') {
          run.ceilingCovers = covers;
          run.sql = statements.map((s) => ({ sql: s.sql, params: s.params }));
          run.explain = await explain(db, statements);
          printProbe(`${scenario.name} page 1, ceiling (${statementCount(statements.length)})`, ceiling.probe);
          if (principalCached) {
            // issue 17 states its target against the statements with the principal check included
            const withPrincipal = await captureTraySql(db, scenario, { withCount, withPrincipal: true });
            const issueCeiling = await measureCeiling(isPostgres ? { url: options.dbUrl } : { db }, withPrincipal, {
              connections,
              seconds,
            });
            run.issueCeiling = issueCeiling;
            printProbe(`${scenario.name} page 1, ceiling with the principal check`, issueCeiling.probe);
          }
        }
      }
      const api = run.api as Load;
      const page1Ceiling = run.page1Ceiling as Ceiling;
      const deepCeiling = run.deepCeiling as Ceiling;
      // the fair ratio: the API against the ceiling of exactly the statements a request runs
      run.fairRatio = fairRatio(api.rps, page1Ceiling.tps);
      run.fairRatioDeep = fairRatio(deep[deepKey]!.rps, deepCeiling.tps);
      printRatio(`${scenario.name} page 1, API / ceiling (fair)`, api, page1Ceiling, covers);
      const issueCeiling = (run.issueCeiling as Ceiling | undefined) ?? page1Ceiling;
      run.issueRatio = fairRatio(api.rps, issueCeiling.tps);
      if (run.issueCeiling)
        printRatio(`${scenario.name} page 1, API / issue 17 ceiling`, api, issueCeiling, issueCovers);
      run.target = {
        p95Ms: 50,
        ratio: 0.5,
        met: api.latencyMs.p95 <= 50 && (run.fairRatio as number) >= 0.5,
      };
    }
  } finally {
    await close();
  }
  return runs;
}

/** One row per scenario; every ratio is the fair one (API / ceiling of the statements one request runs). */
function summarise(runs: Record<string, Run>) {
  return Object.fromEntries(
    Object.entries(runs).map(([name, run]) => {
      const api = run.api as Load & { probe: ProbeFigures };
      const deep = run.deep as Record<string, Load>;
      const deepKey = Object.keys(deep).find((key) => key !== 'page1Api')!;
      const page1Ceiling = run.page1Ceiling as Ceiling;
      const deepCeiling = run.deepCeiling as Ceiling;
      return [
        name,
        {
          'rows in tray': run.rowsInTray,
          'API req/s': api.rps,
          'API p50 ms': api.latencyMs.p50,
          'API p95 ms': api.latencyMs.p95,
          'API p99 ms': api.latencyMs.p99,
          'API non-2xx': api.non2xx,
          'ceiling tx/s': page1Ceiling.tps,
          'ceiling p95 ms': page1Ceiling.latencyMs.p95,
          'API/ceiling (fair)': run.fairRatio,
          'API/ceiling with principal': run.issueRatio,
          'server CPU ms/req': api.probe.server?.cpuMsPerRequest ?? null,
          'DB CPU ms/req (API)': api.probe.database?.cpuMsPerRequest ?? null,
          'DB CPU ms/tx (ceiling)': page1Ceiling.probe.database?.cpuMsPerRequest ?? null,
          'deep page': deepKey.replace('Api', ''),
          'deep API req/s': deep[deepKey]!.rps,
          'deep API p95 ms': deep[deepKey]!.latencyMs.p95,
          'deep ceiling tx/s': deepCeiling.tps,
          'deep API/ceiling (fair)': run.fairRatioDeep,
          noisy: api.probe.noisy || page1Ceiling.probe.noisy,
          'target met': (run.target as { met: boolean }).met,
        },
      ];
    }),
  );
}

async function main() {
  const results: Record<string, unknown> = {
    benchmark: 'tray',
    database: args.db,
    accounts,
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    webConcurrency,
    businessDate: BUSINESS_DATE,
    // the server's tray count cache (TRAY_COUNT_CACHE_SECONDS; 0 = an exact count on every request)
    countCacheSeconds,
    cores: os.cpus().length,
  };
  let cleanup = async () => {};
  let env: Record<string, string>;
  let dbUrl = '';
  let dataDir = '';

  if (isPostgres) {
    const name = args.reuse ?? benchDatabaseName('tray');
    const u = new URL(args['database-url']!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    if (!args.reuse) {
      const admin = new pg.Client({ connectionString: args['database-url'] });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      if (!args.keep) {
        cleanup = async () => {
          const dropper = new pg.Client({ connectionString: args['database-url'] });
          await dropper.connect();
          await dropper.query(`drop database if exists ${name} with (force)`);
          await dropper.end();
        };
      }
      const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
      try {
        const t0 = Date.now();
        await seedDemoOrganisation(handle.db, { businessDate: BUSINESS_DATE, accounts: 0 });
        const book = await generateBook(handle.db, { accounts, businessDate: BUSINESS_DATE, concurrency: 2 });
        results.seed = { seconds: (Date.now() - t0) / 1000, rows: book.rows, recomputeChanged: book.recomputeChanged };
        console.log(`seeded ${accounts} accounts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        // a loaded table in steady state has been vacuumed by autovacuum (visibility map set): do it now
        const t1 = Date.now();
        await (handle.db as unknown as { $client: pg.Pool }).$client.query(
          'vacuum analyze accounts, customers, users, units, agencies',
        );
        results.vacuumSeconds = (Date.now() - t1) / 1000;
      } finally {
        await handle.close();
      }
    }
    env = { DATABASE_URL: dbUrl };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-bench-tray-'));
    env = { DATA_DIR: dataDir };
    if (!args.keep) cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    if (accounts !== 20_000) throw new Error('PGlite runs the default demo book (20,000 accounts) the server seeds');
  }

  const server = await startServer(env, { readyWithinMs: 180_000 });
  console.log(`server processes: ${webConcurrency} (WEB_CONCURRENCY)`);
  if (isPostgres) {
    const waited = await waitForIdleJobs(dbUrl);
    if (waited > 1)
      console.log(`waited ${waited.toFixed(0)} s for the server's background jobs (e.g. the report pack)`);
  }
  if (!isPostgres) {
    results.firstStartSeconds = server.ms / 1000;
    console.log(`server first start (demo seed of ${accounts} accounts on PGlite): ${(server.ms / 1000).toFixed(1)} s`);
  }
  try {
    const handleForIds = isPostgres ? await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 }) : null;
    const branch = handleForIds
      ? await unitOf(handleForIds.db, BRANCH)
      : await (async () => {
          // PGlite is locked by the server: read the unit from the profile reply
          const session = await signIn(server.base, MANAGER);
          const profile = (await (
            await fetch(`${server.base}/collapp/getUserProfileNew/collapp`, {
              headers: { authorization: `Bearer ${session.access}` },
            })
          ).json()) as { data: { units: { id: number; unit_code?: string; code?: string; path?: string }[] }[] };
          const unit = profile.data[0]!.units[0]!;
          return { id: unit.id, code: BRANCH, path: '', hasChildren: false };
        })();
    const my: Scenario = {
      name: 'myView',
      username: TELECALLER,
      session: await signIn(server.base, TELECALLER),
      unit: branch,
      params: { view: 'my', ...MY_FILTERS, pageSize: '50' },
    };
    const team: Scenario = {
      name: 'teamView',
      username: MANAGER,
      session: await signIn(server.base, MANAGER),
      unit: branch,
      params: { view: 'team', pageSize: '50' },
    };

    const phases: Record<string, unknown> = {};
    const measureOnce = async (label: string) => {
      console.log(`== ${label}`);
      const runs = await measure(server.base, [my, team], {
        ceilingDb: async () => {
          if (isPostgres) return { db: handleForIds!.db, close: async () => {} };
          await stopServer(server.child);
          const handle = await openDatabase({ kind: 'pglite', dataDir });
          const real = await unitOf(handle.db, BRANCH);
          my.unit = real;
          team.unit = real;
          return { db: handle.db, close: () => handle.close() };
        },
        dbUrl,
        apiProbe: isPostgres
          ? { serverPid: server.child.pid, databaseUrl: dbUrl }
          : { serverPid: server.child.pid, databaseInProcess: 'server' },
      });
      phases[label] = { runs, summary: summarise(runs) };
      console.table(summarise(runs));
    };
    await measureOnce('baseline');
    await handleForIds?.close();
    results.phases = phases;

    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, `bench/results/tray-${args.db}.json`),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    console.log(`written bench/results/tray-${args.db}.json`);
  } finally {
    await stopServer(server.child);
    await cleanup();
  }
}

await main();
