import { randomBytes } from 'node:crypto';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD } from '@recovery-desk/db/demo-organisation.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';

// What the benchmarks share: a free loopback port, the server process started and awaited until ready, stopped by
// its PID, and a demo user's access token; latency percentiles; statements captured at the driver and replayed by
// pgbench (the database's ceiling); the machine probe (server, database and machine CPU, load average, noise) and
// the fair ratio. bench/README.md says how to read what they print.

const execFileAsync = promisify(execFile);

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A fresh database name for a bench run: `BENCH_DATABASE_PREFIX` (`rd_bench_` unless set, so engineers sharing a
 * PostgreSQL can tell their databases apart), the bench, a random suffix.
 */
export function benchDatabaseName(bench: string): string {
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? 'rd_bench_';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('BENCH_DATABASE_PREFIX: lower-case letters, digits, _');
  return `${prefix}${bench}_${randomBytes(4).toString('hex')}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** "1 statement", "4 statements". */
export const statementCount = (count: number) => `${count} statement${count === 1 ? '' : 's'}`;

/** Server processes the benches' server runs (WEB_CONCURRENCY from this environment, which the server inherits). */
export const webConcurrency = Number(process.env.WEB_CONCURRENCY ?? '1');

/**
 * Extra Node flags for the server process, e.g. `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` for a
 * CPU profile of the server under the bench's load (Node refuses `--cpu-prof` in NODE_OPTIONS).
 */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/** Starts `npm start`'s server on 127.0.0.1 (demo mode) and waits for /readyz: at most `readyWithinMs`. */
export async function startServer(
  env: Record<string, string>,
  options: { stdout?: 'ignore' | 'pipe'; readyWithinMs?: number } = {},
): Promise<{ child: ChildProcess; base: string; ms: number }> {
  const started = Date.now();
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_MODE: 'true' },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 180_000;
  const deadline = Date.now() + readyWithinMs;
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
  throw new Error(`server did not become ready within ${readyWithinMs / 1000} s`);
}

/**
 * Waits (up to `withinMs`) until the server's background jobs are idle: none RUNNING and none QUEUED to run now. A
 * server's first start on a new database runs the day's scheduled work (the morning report pack exports the whole
 * book), which would otherwise share the first measured window. Answers the seconds waited.
 */
export async function waitForIdleJobs(databaseUrl: string, withinMs = 600_000): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    while (Date.now() - started < withinMs) {
      const { rows } = await client.query<{ busy: number }>(
        "select count(*)::int as busy from jobs where status = 'RUNNING' or (status = 'QUEUED' and run_at <= now())",
      );
      if (rows[0]!.busy === 0) return (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error(`background jobs still busy after ${withinMs / 1000} s`);
  } finally {
    await client.end();
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Signs a demo user in through the spec's `/token/` call and answers the access token. */
export async function signIn(base: string, username: string): Promise<string> {
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
  return reply.access;
}

/** The user id and session family an access token carries (the claims the server's principal check reads). */
export function tokenClaims(access: string): { userId: number; familyId: string } {
  const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  return { userId: Number(claims.sub), familyId: claims.sid };
}

// ---------------------------------------------------------------------------------------------------------------
// Latency percentiles

export type Latency = { p50: number; p95: number; p99: number; max: number };

export function percentiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// Load through the real server

export type LoadResult = {
  requests: number;
  /** responses with the expected status */
  ok: number;
  non2xx: number;
  errors: number;
  /** expected responses per second */
  rps: number;
  /** of the expected responses (autocannon's own summary has no p95) */
  latencyMs: Latency;
};

/**
 * autocannon for `options.duration` seconds, with every expected response's latency recorded (status `okStatus`,
 * 200 unless told): throughput counts the expected responses only.
 */
export function runLoad(options: autocannon.Options & { duration: number }, okStatus = 200): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        requests: result.requests.total,
        ok: latencies.length,
        non2xx: result.non2xx,
        errors: result.errors,
        rps: Math.round((latencies.length / options.duration) * 10) / 10,
        latencyMs: percentiles(latencies),
      });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode === okStatus) latencies.push(responseTime);
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Statements captured at the driver: what the server's own functions send, as text, bind parameters and rows

export type Captured = { sql: string; params: unknown[]; rows: Record<string, unknown>[] };

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Runs `run` (the server's own functions, on `db`) and records every statement it sends, raw and named prepared
 * statements alike, pooled or inside a transaction: on PostgreSQL at node-postgres's Client, on PGlite at the
 * instance. Each entry carries the result rows (named by the result's fields when drizzle reads in array mode).
 */
export async function captureStatements<T>(
  db: Database,
  run: () => Promise<T>,
): Promise<{ result: T; statements: Captured[] }> {
  const client = (db as unknown as { $client: { query: QueryFunction } }).$client;
  const target: { query: QueryFunction } =
    client instanceof pg.Pool ? (pg.Client.prototype as unknown as { query: QueryFunction }) : client;
  const original = target.query;
  const statements: Captured[] = [];
  const named = (value: unknown): Record<string, unknown>[] => {
    const reply = value as { rows?: unknown[]; fields?: { name: string }[] } | undefined;
    return (Array.isArray(reply?.rows) ? reply.rows : []).map((row) =>
      Array.isArray(row)
        ? Object.fromEntries((reply?.fields ?? []).map((field, j) => [field.name, row[j] as unknown]))
        : (row as Record<string, unknown>),
    );
  };
  target.query = function (this: unknown, first: unknown, ...rest: unknown[]) {
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const values = typeof first === 'object' && first && 'values' in first && first.values ? first.values : rest[0];
    const entry: Captured = {
      sql: text.replace(/\s+/g, ' ').trim(),
      params: Array.isArray(values) ? (values as unknown[]) : [],
      rows: [],
    };
    statements.push(entry);
    // node-postgres's pool calls query with a callback (no promise); everything else awaits the promise
    const last = rest.at(-1);
    if (typeof last === 'function') {
      const callback = last as (error: unknown, value: unknown) => void;
      const args = [
        ...rest.slice(0, -1),
        (error: unknown, value: unknown) => {
          if (!error) entry.rows = named(value);
          callback(error, value);
        },
      ];
      return original.call(this, first, ...args);
    }
    const result = original.call(this, first, ...rest);
    return result instanceof Promise
      ? result.then((value: unknown) => {
          entry.rows = named(value);
          return value;
        })
      : result;
  };
  try {
    const result = await run();
    return { result, statements };
  } finally {
    target.query = original;
  }
}

// node-postgres's own conversion of a bind parameter to its text form (arrays, dates, JSON, booleans)
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (v: unknown) => unknown };
export const parameterText = (value: unknown): string => String(prepareValue(value));

// ---------------------------------------------------------------------------------------------------------------
// pgbench: the database's own ceiling for the same statements at the same concurrency

/**
 * One pgbench script running `statements` in order as one transaction of the ceiling, each bind parameter as a
 * pgbench variable (`-D`), so with `-M extended` the database receives unnamed statements with bind parameters, as
 * node-postgres sends them (the server's named prepared statements, such as the principal check, are parsed once per
 * connection there and on every transaction here: a few tens of microseconds against the API).
 */
export function pgbenchScript(
  statements: Captured[],
  prefix = 's',
): { script: string; variables: Record<string, string> } {
  const variables: Record<string, string> = {};
  const script = statements
    .map((statement, s) =>
      statement.sql.replace(/\$(\d+)/g, (_match, n: string) => {
        const name = `${prefix}${s}p${n}`;
        const value = statement.params[Number(n) - 1];
        if (value === null || value === undefined) return 'NULL';
        variables[name] = parameterText(value);
        return `:${name}`;
      }),
    )
    .map((text) => `${text};`)
    .join('\n');
  return { script: `${script}\n`, variables };
}

export type PgbenchResult = { tps: number; transactions: number; failed: number; latencyMs: Latency };

/**
 * pgbench against `url` (asynchronous, so a running probe keeps sampling): the scripts (each with weight 1), the
 * variables, the protocol, `connections` clients on 2 threads for `seconds`; every transaction's latency is logged
 * and answered as percentiles.
 */
export async function runPgbench(options: {
  url: string;
  scripts: string[];
  variables?: Record<string, string>;
  protocol: 'simple' | 'extended' | 'prepared';
  connections: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-pgbench-'));
  try {
    const files = options.scripts.map((script, index) => {
      const file = path.join(dir, `script-${index}.sql`);
      fs.writeFileSync(file, script.endsWith('\n') ? script : `${script}\n`);
      return file;
    });
    const u = new URL(options.url);
    const { stdout: out } = await execFileAsync(
      'pgbench',
      [
        '-n',
        '-M',
        options.protocol,
        '-c',
        String(options.connections),
        '-j',
        '2',
        '-T',
        String(options.seconds),
        '-l',
        '--log-prefix',
        path.join(dir, 'log'),
        ...Object.entries(options.variables ?? {}).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
        ...files.flatMap((file) => ['-f', `${file}@1`]),
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
    const processed = /number of transactions actually processed: (\d+)/.exec(out);
    const failed = /number of failed transactions: (\d+)/.exec(out);
    const latencies: number[] = [];
    for (const file of fs.readdirSync(dir).filter((name) => name.startsWith('log'))) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    return {
      tps: round(Number(tps[1]), 1),
      transactions: Number(processed?.[1] ?? 0),
      failed: Number(failed?.[1] ?? 0),
      latencyMs: percentiles(latencies),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The machine probe: what a measured window cost the server, the database and the machine, and whether the machine
// was shared with other work meanwhile (a noisy run). Wiring into a bench:
//
//   const probe = await startProbe({ serverPid: server.child.pid, databaseUrl: dbUrl });
//   … the measured load …
//   const machine = await stopProbe(probe, requests);
//   printProbe('receipt posts, API', machine);
//
// Linux only (/proc). Everything is CPU time, not wall time: "per request" divides the CPU seconds the window cost
// by the requests (or transactions) it completed.

/** The machine's load average (1 min) when this bench program started, before any of its own work. */
export const ambientLoadAverage = os.loadavg()[0] ?? 0;

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime (and, with `children`, the CPU of its finished and awaited children) of a process, in seconds; null once it is gone. */
function processCpu(pid: number | 'self', children = false): { seconds: number; startedAtTick: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may itself hold ") ": the fields start after its last one
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    // fields after the command: [0] state … [11] utime, [12] stime, [13] cutime, [14] cstime, [19] starttime
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return { seconds: ticks / CLOCK_TICKS, startedAtTick: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** The process and its descendants (a supervisor's server processes, WEB_CONCURRENCY), from /proc's children lists. */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    const parent = pids[index]!;
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(' ').map(Number));
      } catch {
        // the task ended meanwhile
      }
    }
  }
  return pids;
}

/** CPU seconds of each process of the tree under `pid`, by pid. */
function treeCpu(pid: number): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const member of processTree(pid)) {
    const cpu = processCpu(member);
    if (cpu) seconds.set(member, cpu.seconds);
  }
  return seconds;
}

/** The machine's CPU from /proc/stat, in seconds over all cores: busy (not idle, not waiting for I/O) and total. */
function machineCpu(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1, 9).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

const uptimeTicks = () => Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * CLOCK_TICKS;

export type ProbeOptions = {
  /** the server process the bench started (its CPU, with its children's, is "server CPU") */
  serverPid?: number | undefined;
  /**
   * PostgreSQL of the bench: the CPU of its client backends (and parallel workers) connected to this URL's database,
   * found in pg_stat_activity at every sample. The server must run on this machine.
   */
  databaseUrl?: string | undefined;
  /** an embedded database (PGlite) running inside this process: `self`, or inside the server: `server` */
  databaseInProcess?: 'self' | 'server' | undefined;
  /** sampling period (ms) of the load average and the database's backends; 200 unless told */
  intervalMs?: number;
};

type Backend = { base: number; last: number };

export type Probe = {
  options: ProbeOptions;
  startedAt: number;
  startTick: number;
  machine: { busy: number; total: number };
  server: Map<number, number> | null;
  bench: number;
  self: number;
  load: { start: number; min: number; max: number };
  backends: Map<number, Backend>;
  admin: pg.Client | null;
  databaseName: string | null;
  timer: NodeJS.Timeout | null;
  sampling: Promise<void>;
  notes: string[];
};

export type ProbeFigures = {
  seconds: number;
  /** what the window completed, and what "per request" divides by: API requests, or the ceiling's transactions */
  requests: number;
  per: 'request' | 'transaction';
  cores: number;
  /** the server process: CPU seconds over the window and per request (ms), and its share of one core */
  server: { cpuSeconds: number; cpuMsPerRequest: number; coreShare: number } | null;
  /** the database: CPU seconds over the window and per request (ms), over how many backend processes */
  database: { cpuSeconds: number; cpuMsPerRequest: number; processes: number; source: string } | null;
  /** this bench process and its finished children (autocannon, pgbench): the load generator */
  bench: { cpuSeconds: number };
  machine: {
    busyPercent: number;
    cpuMsPerRequest: number;
    /** CPU used by processes that are neither the server, the database's backends nor the bench, % of the machine */
    othersPercent: number;
  };
  loadAverage: { ambient: number; start: number; min: number; max: number; end: number };
  noisy: boolean;
  noise: string[];
  notes: string[];
};

async function sampleBackends(probe: Probe): Promise<void> {
  if (!probe.admin) return;
  const { rows } = await probe.admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       and backend_type in ('client backend', 'parallel worker')`,
  );
  for (const { pid } of rows) {
    const cpu = processCpu(pid);
    if (!cpu) continue;
    const known = probe.backends.get(pid);
    if (known) known.last = cpu.seconds;
    // a backend that started during the window counts from zero; one that was there, from its first reading
    else probe.backends.set(pid, { base: cpu.startedAtTick >= probe.startTick ? 0 : cpu.seconds, last: cpu.seconds });
  }
}

function sampleLoad(probe: Probe): void {
  const load = os.loadavg()[0] ?? 0;
  probe.load.min = Math.min(probe.load.min, load);
  probe.load.max = Math.max(probe.load.max, load);
}

/** Starts sampling: the machine's and the processes' CPU now, then the load average and the backends periodically. */
export async function startProbe(options: ProbeOptions): Promise<Probe> {
  const notes: string[] = [];
  let admin: pg.Client | null = null;
  let databaseName: string | null = null;
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    databaseName = url.pathname.slice(1);
    if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) {
      notes.push(`database CPU not read: PostgreSQL at ${url.hostname} is not on this machine`);
    } else {
      admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      notes.push(
        `database CPU: client backends of ${databaseName} sampled every ${options.intervalMs ?? 200} ms; PostgreSQL's background processes (checkpointer, WAL writer, autovacuum) excluded`,
      );
    }
  }
  const load = os.loadavg()[0] ?? 0;
  const probe: Probe = {
    options,
    startedAt: performance.now(),
    startTick: uptimeTicks(),
    machine: machineCpu(),
    server: options.serverPid ? treeCpu(options.serverPid) : null,
    bench: processCpu('self', true)?.seconds ?? 0,
    self: processCpu('self')?.seconds ?? 0,
    load: { start: load, min: load, max: load },
    backends: new Map(),
    admin,
    databaseName,
    timer: null,
    sampling: Promise.resolve(),
    notes,
  };
  await sampleBackends(probe);
  probe.timer = setInterval(() => {
    sampleLoad(probe);
    // one sample at a time; a failed sample (a backend gone) is simply skipped
    probe.sampling = probe.sampling.then(() => sampleBackends(probe)).catch(() => {});
  }, options.intervalMs ?? 200);
  return probe;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Stops sampling and answers the window's figures, per request over the `requests` completed (for a ceiling: `per`
 * transaction, over pgbench's transactions).
 */
export async function stopProbe(
  probe: Probe,
  requests: number,
  per: ProbeFigures['per'] = 'request',
): Promise<ProbeFigures> {
  if (probe.timer) clearInterval(probe.timer);
  await probe.sampling;
  await sampleBackends(probe).catch(() => {});
  sampleLoad(probe);
  const seconds = (performance.now() - probe.startedAt) / 1000;
  const machineNow = machineCpu();
  const busy = machineNow.busy - probe.machine.busy;
  const total = Math.max(machineNow.total - probe.machine.total, 0.01);
  const cores = os.cpus().length;
  const perRequest = (cpuSeconds: number) => round((cpuSeconds * 1000) / Math.max(requests, 1));
  const { options } = probe;

  let server: ProbeFigures['server'] = null;
  let serverSeconds = 0;
  if (options.serverPid && probe.server !== null) {
    const now = treeCpu(options.serverPid);
    if (now.has(options.serverPid)) {
      // a process started during the window counts from zero; one that ended during it is not counted
      for (const [pid, cpu] of now) serverSeconds += cpu - (probe.server.get(pid) ?? 0);
      const ended = [...probe.server.keys()].filter((pid) => !now.has(pid));
      if (ended.length > 0)
        probe.notes.push(`server CPU: ${ended.length} server process(es) ended during the window, not counted`);
      if (now.size > 1) probe.notes.push(`server CPU: ${now.size} processes (the server and its children)`);
      server = {
        cpuSeconds: round(serverSeconds),
        cpuMsPerRequest: perRequest(serverSeconds),
        coreShare: round(serverSeconds / seconds),
      };
    } else probe.notes.push('server CPU not read: the server process ended during the window');
  }
  const benchSeconds = (processCpu('self', true)?.seconds ?? 0) - probe.bench;

  let database: ProbeFigures['database'] = null;
  let databaseSeconds = 0;
  if (probe.admin) {
    for (const backend of probe.backends.values()) databaseSeconds += backend.last - backend.base;
    database = {
      cpuSeconds: round(databaseSeconds),
      cpuMsPerRequest: perRequest(databaseSeconds),
      processes: probe.backends.size,
      source: `PostgreSQL backends of ${probe.databaseName}`,
    };
    await probe.admin.end();
  } else if (options.databaseInProcess === 'self') {
    const selfSeconds = (processCpu('self')?.seconds ?? 0) - probe.self;
    database = {
      cpuSeconds: round(selfSeconds),
      cpuMsPerRequest: perRequest(selfSeconds),
      processes: 1,
      source: 'PGlite in the bench process (with the loop that drives it)',
    };
    probe.notes.push('database CPU: PGlite runs in the bench process, so its figure includes the driving loop');
  } else if (options.databaseInProcess === 'server') {
    probe.notes.push('database CPU: PGlite runs inside the server process, so server CPU includes the database');
  }

  // the bench process's own CPU already holds an in-process database's
  const ours = serverSeconds + benchSeconds + (probe.admin ? databaseSeconds : 0);
  const othersPercent = round((Math.max(0, busy - ours) / total) * 100, 1);
  const loadAverage = {
    ambient: round(ambientLoadAverage),
    start: round(probe.load.start),
    min: round(probe.load.min),
    max: round(probe.load.max),
    end: round(os.loadavg()[0] ?? 0),
  };
  const noise: string[] = [];
  if (othersPercent > 10) noise.push(`other processes used ${othersPercent} % of the machine (over 10 %)`);
  if (loadAverage.ambient > cores) {
    noise.push(`the load average was ${loadAverage.ambient} before the bench began (over ${cores} cores)`);
  }
  return {
    seconds: round(seconds),
    requests,
    per,
    cores,
    server,
    database,
    bench: { cpuSeconds: round(benchSeconds) },
    machine: { busyPercent: round((busy / total) * 100, 1), cpuMsPerRequest: perRequest(busy), othersPercent },
    loadAverage,
    noisy: noise.length > 0,
    noise,
    notes: probe.notes,
  };
}

/** The standard report block of one measured window. */
export function printProbe(label: string, figures: ProbeFigures): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`.padEnd(10);
  const per = figures.per;
  const { loadAverage: l, server, database } = figures;
  const processes = (n: number) => (n === 1 ? '1 process' : `${n} processes`);
  const lines = [
    `── ${label}: ${figures.seconds} s, ${figures.requests} ${per}s${figures.noisy ? '   NOISY' : ''}`,
    ...(server
      ? [
          `   server CPU per ${per}`.padEnd(32) +
            `${ms(server.cpuMsPerRequest)} (${Math.round(server.coreShare * 100)} % of one core)`,
        ]
      : []),
    database
      ? `   database CPU per ${per}`.padEnd(32) +
        `${ms(database.cpuMsPerRequest)} (${processes(database.processes)}: ${database.source})`
      : `   database CPU per ${per}`.padEnd(32) + 'not read',
    `   machine CPU per ${per}`.padEnd(32) +
      `${ms(figures.machine.cpuMsPerRequest)} (all ${figures.cores} cores, every process)`,
    '   machine busy'.padEnd(32) +
      `${figures.machine.busyPercent} % (other processes ${figures.machine.othersPercent} %)`,
    '   load average (1 min)'.padEnd(32) +
      `before the bench ${l.ambient}; window start ${l.start}, min ${l.min}, max ${l.max}, end ${l.end}`,
    ...figures.noise.map((reason) => `   NOISY: ${reason}`),
    ...figures.notes.map((note) => `   note: ${note}`),
  ];
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------------------------
// The ceiling: the captured statements on the database alone, with the probe around it

export type Ceiling = {
  /** transactions per second; one transaction = the statements one request runs */
  tps: number;
  transactions: number;
  latencyMs: Latency;
  statements: number;
  probe: ProbeFigures;
};

/**
 * The database's own ceiling for `statements` (one request's, in order) over `seconds`: pgbench at `connections`
 * clients on PostgreSQL (`url`), or, on PGlite (`db`: one connection in this process), the statements back to back
 * in a loop. The probe's figures are per transaction.
 */
export async function measureCeiling(
  target: { url: string } | { db: Database },
  statements: Captured[],
  options: { connections: number; seconds: number },
): Promise<Ceiling> {
  if ('url' in target) {
    const { script, variables } = pgbenchScript(statements);
    const probe = await startProbe({ databaseUrl: target.url });
    const result = await runPgbench({
      url: target.url,
      scripts: [script],
      variables,
      protocol: 'extended',
      ...options,
    });
    return {
      ...result,
      statements: statements.length,
      probe: await stopProbe(probe, result.transactions, 'transaction'),
    };
  }
  const client = (target.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } })
    .$client;
  const latencies: number[] = [];
  const probe = await startProbe({ databaseInProcess: 'self' });
  const end = Date.now() + options.seconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    for (const statement of statements) await client.query(statement.sql, statement.params);
    latencies.push(performance.now() - t0);
  }
  return {
    tps: round(latencies.length / options.seconds, 1),
    transactions: latencies.length,
    latencyMs: percentiles(latencies),
    statements: statements.length,
    probe: await stopProbe(probe, latencies.length, 'transaction'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The fair ratio: the API's throughput against the database's ceiling for exactly the statements one request runs

/** API throughput / the ceiling of the same statements (principal check included; a cached count excluded). */
export function fairRatio(apiRps: number, ceilingTps: number): number {
  return ceilingTps > 0 ? Math.round((apiRps / ceilingTps) * 1000) / 1000 : Number.NaN;
}

/** The standard line of a comparison: both throughputs and p95s, what the ceiling runs, the ratio. */
export function printRatio(
  label: string,
  api: { rps: number; latencyMs: Latency },
  ceiling: { tps: number; latencyMs: Latency },
  covers: string,
): void {
  console.log(
    [
      `── ${label}: API ${api.rps} req/s (p95 ${api.latencyMs.p95} ms) / ceiling ${ceiling.tps} tx/s (p95 ${ceiling.latencyMs.p95} ms) = ${fairRatio(api.rps, ceiling.tps)}`,
      `   ceiling = the database alone running what one request runs: ${covers}`,
    ].join('\n'),
  );
}
