import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { DEMO_PASSWORD } from '@recovery-desk/db/demo-organisation.ts';
import { trayQuerySchema } from '@recovery-desk/domain/collections/contracts.ts';
import { findTray } from '@recovery-desk/domain/collections/trays.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
// The server's own SQL builders: the ceiling runs exactly the statements the tray endpoint runs. (The fastify type
// import puts the module the server's request context augments into this program.)
import type {} from 'fastify';
import type { Executor } from '../../apps/server/src/db/transaction.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import { traySelection, traySort } from '../../apps/server/src/modules/collections/services/tray-selection.ts';
import { decodeCursor } from '../../apps/server/src/db/keyset-cursor.ts';
import {
  countTrayRows,
  readTrayPage,
  type KeysetRead,
} from '../../apps/server/src/modules/collections/trays.repository.ts';
import { freePort, stopServer } from './support.ts';

// Benchmark: the telecaller tray (GET /api/collections/trays/telecaller) through the real server under N
// connections with autocannon, beside the database's own ceiling for the same SQL (the page query, the names lookup
// and the count query the endpoint runs, captured from the server's repository functions and replayed with their
// bind parameters) at the same concurrency: pgbench on PostgreSQL, an in-process loop on PGlite (one connection).
// Scenarios: My View of a telecaller with DPD and product filters; the Team View of a branch for its manager; each
// warmed up (--warmup seconds), then measured at page 1 and at a deep page (reached by following nextCursor). Prints
// percentiles and API/ceiling ratios, writes bench/results/tray-<db>.json.

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
type Latency = { p50: number; p95: number; p99: number; max: number };
type Load = { requests: number; non2xx: number; errors: number; rps: number; latencyMs: Latency };
type Captured = { sql: string; params: unknown[] };

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string; ms: number }> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_MODE: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, ms: Date.now() - started };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready within 180 s');
}

async function signIn(base: string, username: string): Promise<Session> {
  const config = (await (await fetch(`${base}/api/public-config`)).json()) as { userkeyKey: string };
  const userkey = await sealUserkey({ username, password: DEMO_PASSWORD }, config.userkeyKey);
  const reply = (await (
    await fetch(`${base}/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userkey }),
    })
  ).json()) as { access?: string; detail?: string };
  if (!reply.access) throw new Error(`sign-in of ${username} failed: ${reply.detail}`);
  const claims = JSON.parse(Buffer.from(reply.access.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return { access: reply.access, userId: Number(claims.sub), familyId: claims.sid };
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

function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) };
}

/** autocannon with every response's latency recorded (its summary has no p95). */
function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        rps: Math.round(((result.requests.total - result.non2xx) / seconds) * 10) / 10,
        latencyMs: percentiles(latencies),
      });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
}

/** The page, names and count statements the endpoint runs for this request, as SQL text and bind parameters. */
async function captureTraySql(db: Database, scenario: Scenario): Promise<Captured[]> {
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
  // Each statement runs for real (the names lookup needs the ids of the page's rows) and is recorded at the
  // driver, as text and bind parameters: raw statements and named prepared ones alike.
  const captured: Captured[] = [];
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const clientQuery = client.query;
  client.query = function (this: unknown, first: unknown, params: unknown, ...rest: unknown[]) {
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    captured.push({ sql: text.replace(/\s+/g, ' ').trim(), params: (params as unknown[] | undefined) ?? [] });
    return clientQuery.call(this, first, params, ...rest);
  };
  try {
    await readTrayPage(db as unknown as Executor, selection, {
      ...sort,
      boundary,
      backward,
      limit: query.pageSize + 1,
    });
    await countTrayRows(db as unknown as Executor, selection);
  } finally {
    client.query = clientQuery;
  }
  return captured;
}

/** pgbench at the same concurrency: one transaction = the page query, the names lookup, then the count query. */
function pgbenchCeiling(url: string, statements: Captured[], seconds: number): { tps: number; latencyMs: Latency } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-tray-pgbench-'));
  const variables: string[] = [];
  const script = statements
    .map((statement, s) =>
      statement.sql.replace(/\$(\d+)/g, (_match, n: string) => {
        const name = `s${s}p${n}`;
        variables.push('-D', `${name}=${String(statement.params[Number(n) - 1])}`);
        return `:${name}`;
      }),
    )
    .map((text) => `${text};`)
    .join('\n');
  const scriptPath = path.join(dir, 'tray.sql');
  fs.writeFileSync(scriptPath, `${script}\n`);
  const u = new URL(url);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-M',
      'extended', // unnamed statements with bind parameters, as node-postgres sends them
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      ...variables,
      '-f',
      scriptPath,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      u.pathname.slice(1),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  const latencies: number[] = [];
  for (const file of fs.readdirSync(dir).filter((name) => name.startsWith('log'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { tps: Number(tps[1]), latencyMs: percentiles(latencies) };
}

/** PGlite is one connection in one process: the same statements back to back, in-process. */
async function pgliteCeiling(db: Database, statements: Captured[], seconds: number) {
  const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } }).$client;
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    for (const statement of statements) await client.query(statement.sql, statement.params);
    latencies.push(performance.now() - t0);
  }
  return { tps: Math.round((latencies.length / seconds) * 10) / 10, latencyMs: percentiles(latencies) };
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
  options: { ceilingDb: () => Promise<{ db: Database; close: () => Promise<void> }>; dbUrl: string },
): Promise<Record<string, Run>> {
  const runs: Record<string, Record<string, unknown>> = {};
  const deepParams: Record<string, Record<string, string>> = {};
  for (const scenario of scenarios) {
    const first = await getTray(base, scenario, scenario.params);
    console.log(
      `${scenario.name}: ${first.count} rows in the filtered tray; warm-up ${warmup} s, load for ${duration} s…`,
    );
    if (warmup > 0) await load(trayUrl(base, scenario.params), headersOf(scenario), warmup);
    const api = await load(trayUrl(base, scenario.params), headersOf(scenario), duration);
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

  // the ceiling: the same statements on the database itself
  const { db, close } = await options.ceilingDb();
  try {
    for (const scenario of scenarios) {
      const run = runs[scenario.name]!;
      for (const [label, params] of [
        ['page1', scenario.params],
        ['deep', deepParams[scenario.name]!],
      ] as const) {
        const statements = await captureTraySql(db, { ...scenario, params });
        const seconds = label === 'page1' ? duration : deepDuration;
        const ceiling = isPostgres
          ? pgbenchCeiling(options.dbUrl, statements, seconds)
          : await pgliteCeiling(db, statements, seconds);
        run[`${label}Ceiling`] = ceiling;
        if (label === 'page1') {
          run.sql = statements.map((s) => ({ sql: s.sql, params: s.params }));
          run.explain = await explain(db, statements);
          // What a request costs the database while its count is cached: the page and names statements alone.
          const uncounted = statements.filter((statement) => !statement.sql.startsWith('select count('));
          run.page1CeilingWithoutCount = isPostgres
            ? pgbenchCeiling(options.dbUrl, uncounted, seconds)
            : await pgliteCeiling(db, uncounted, seconds);
        }
      }
      const api = run.api as Load;
      const ceiling = run.page1Ceiling as { tps: number };
      run.ratioApiToCeiling = Math.round((api.rps / ceiling.tps) * 1000) / 1000;
      run.ratioApiToCeilingWithoutCount =
        Math.round((api.rps / (run.page1CeilingWithoutCount as { tps: number }).tps) * 1000) / 1000;
      run.target = { p95Ms: 50, ratio: 0.5, met: api.latencyMs.p95 <= 50 && api.rps / ceiling.tps >= 0.5 };
    }
  } finally {
    await close();
  }
  return runs;
}

function summarise(runs: Record<string, Run>) {
  return Object.fromEntries(
    Object.entries(runs).map(([name, run]) => {
      const api = run.api as Load;
      const deep = run.deep as Record<string, Load>;
      const deepKey = Object.keys(deep).find((key) => key !== 'page1Api')!;
      return [
        name,
        {
          rows: run.rowsInTray,
          apiP50: api.latencyMs.p50,
          apiP95: api.latencyMs.p95,
          apiP99: api.latencyMs.p99,
          apiRps: api.rps,
          non2xx: api.non2xx,
          ceilingTps: (run.page1Ceiling as { tps: number }).tps,
          ceilingP95: (run.page1Ceiling as { latencyMs: Latency }).latencyMs.p95,
          ratio: run.ratioApiToCeiling,
          ceilingWithoutCountTps: (run.page1CeilingWithoutCount as { tps: number }).tps,
          ratioWithoutCount: run.ratioApiToCeilingWithoutCount,
          deepPage: deepKey.replace('Api', ''),
          page1ApiP95: deep.page1Api!.latencyMs.p95,
          deepApiP95: deep[deepKey]!.latencyMs.p95,
          page1CeilingTps: (run.page1Ceiling as { tps: number }).tps,
          deepCeilingTps: (run.deepCeiling as { tps: number }).tps,
          targetMet: (run.target as { met: boolean }).met,
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
    businessDate: BUSINESS_DATE,
    // the server's tray count cache (TRAY_COUNT_CACHE_SECONDS; 0 = an exact count on every request)
    countCacheSeconds: Number(process.env.TRAY_COUNT_CACHE_SECONDS ?? '15'),
  };
  let cleanup = async () => {};
  let env: Record<string, string>;
  let dbUrl = '';
  let dataDir = '';

  if (isPostgres) {
    const name = args.reuse ?? `rd_bench_tray_${randomBytes(4).toString('hex')}`;
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

  const server = await startServer(env);
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
