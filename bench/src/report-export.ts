import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { printProbe, startProbe, stopProbe, type ProbeFigures } from './support.ts';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import type { ReportQuery } from '@recovery-desk/domain/reports/contracts.ts';
// The server's own export code: the bench runs exactly what the `reports.export` job runs. (The fastify type import
// puts the module the server's request context augments into this program.)
import type {} from 'fastify';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import {
  reportStatement,
  resolveReportParams,
  streamReportRows,
  writeReportExport,
} from '../../apps/server/src/modules/reports/index.ts';

// Benchmark: the report export job (issue 14) on PostgreSQL. Target: 1,000,000 rows at ≥ 100,000 rows/s in
// < 200 MB RSS. The report is collection efficiency by account over the business date's month (the default period) at the head office:
// one row per account of the book. Printed side by side:
//   - db: the database's own time to produce the rows (EXPLAIN ANALYZE of the report's statement, timing off);
//   - copy: the database producing the same rows and sending them as text (COPY … TO STDOUT read by psql): the
//     ceiling of any export of these rows;
//   - read: the rows through the export's cursor (FETCH 10,000 at a time) into report rows, nothing written;
//   - csv / xlsx: the whole export as the job runs it (cursor → file → the file's bytes), rows/s and peak RSS.
// Each measurement runs in a fresh child process, so its peak RSS (VmHWM) is the export's alone.
// Usage: npm run report-export -w @recovery-desk/bench -- [--accounts 1000000] [--reuse bench_reports] [--keep]

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000000' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    /** measure an already seeded database of that name (kept) */
    reuse: { type: 'string' },
    /** the database to create (default bench_reports) */
    name: { type: 'string', default: 'bench_reports' },
    keep: { type: 'boolean', default: false },
    formats: { type: 'string', default: 'csv,xlsx' },
    /**
     * node flags of the measured processes, e.g. `--max-old-space-size=100`: without a cap V8 lets a million rows'
     * garbage grow the heap by ~90 MB before collecting it (the export's live memory is one batch)
     */
    'node-flags': { type: 'string', default: '' },
    /** internal: run one measurement in this process */
    child: { type: 'string' },
    url: { type: 'string' },
  },
});

const BUSINESS_DATE = '2026-03-31';
const QUERY: ReportQuery = { by: 'account' };

type Measurement = {
  step: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** the process's peak RSS (VmHWM) */
  peakRssMb: number;
  /** its RSS before the step (node, tsx, the server's modules and dictionaries loaded) */
  baseRssMb: number;
  /** the process's own CPU time during the step (user + system), which the machine's load does not inflate */
  cpuSeconds: number;
  /** the database's CPU and the machine's load during the step (bench/src/support.ts) */
  machine?: ProbeFigures;
};

function peakRssMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 1024 / 1024;
}

/** The pool under the Drizzle database (the bench's own statements are plain SQL). */
function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

async function headOfficeContext(db: Database): Promise<UnitContext> {
  const result = await poolOf(db).query<{ id: number; code: string; path: string; user_id: number; username: string }>(
    `select u.id, u.unit_code as code, u.path, usr.id as user_id, usr.username
      from units u, users usr where u.parent_id is null and usr.username = 'admin' order by u.id limit 1`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('no root unit or admin user: seed the demo organisation first');
  return {
    requestId: 'bench-report-export',
    ip: '127.0.0.1',
    app: 'collapp',
    language: 'en',
    user: { id: row.user_id, username: row.username, email: 'admin@example.com', fullName: 'Admin', familyId: 'bench' },
    actingUnit: { id: Number(row.id), code: row.code, path: row.path, hasChildren: true },
  };
}

async function child(step: string, url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    const db = handle.db;
    const deps = { db } as unknown as AppDeps;
    const ctx = await headOfficeContext(db);
    const { params } = await resolveReportParams(db, ctx, QUERY);
    const baseRssMb = process.memoryUsage().rss / 1024 / 1024;
    const startedCpu = process.cpuUsage();
    const cpuSeconds = () => {
      const used = process.cpuUsage(startedCpu);
      return (used.user + used.system) / 1e6;
    };
    const started = performance.now();
    let rows = 0;
    if (step === 'copy') {
      // the database producing and sending the same rows as text (what the export's cursor receives), read and
      // discarded by psql: `COPY (statement) TO STDOUT` with the parameters inlined, no JIT
      const dialect = (
        db as unknown as { dialect: { sqlToQuery: (query: unknown) => { sql: string; params: unknown[] } } }
      ).dialect;
      const statement = dialect.sqlToQuery(reportStatement('collectionEfficiency', params));
      const client = await poolOf(db).connect();
      const inlined = statement.sql.replace(/\$(\d+)/g, (_, index: string) =>
        client.escapeLiteral(String(statement.params[Number(index) - 1])),
      );
      client.release();
      const copied = await new Promise<number>((resolve, reject) => {
        const psql = spawn(
          'psql',
          ['-X', '-q', '-d', url, '-c', 'set jit = off', '-c', `copy (${inlined}) to stdout`],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        let lines = 0;
        psql.stdout.on('data', (chunk: Buffer) => {
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        psql.on('error', reject);
        psql.on('exit', (code) => (code === 0 ? resolve(lines) : reject(new Error(`psql exited with ${code}`))));
      });
      rows = copied;
      const seconds = (performance.now() - started) / 1000;
      emit({ step, rows, seconds, rowsPerSecond: rows / seconds, peakRssMb: peakRssMb(), baseRssMb, cpuSeconds: 0 });
      return;
    }
    if (step === 'db') {
      const dialect = (
        db as unknown as { dialect: { sqlToQuery: (query: unknown) => { sql: string; params: unknown[] } } }
      ).dialect;
      const statement = dialect.sqlToQuery(reportStatement('collectionEfficiency', params));
      // as the export runs it: no JIT (parallel workers allowed: the database's best)
      const client = await poolOf(db).connect();
      await client.query('set jit = off');
      const plan = await client.query<{
        'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Actual Rows': number } }];
      }>(`explain (analyze, timing off, format json) ${statement.sql}`, statement.params);
      client.release();
      const top = plan.rows[0]!['QUERY PLAN'][0];
      rows = top.Plan['Actual Rows'];
      const seconds = top['Execution Time'] / 1000;
      emit({ step, rows, seconds, rowsPerSecond: rows / seconds, peakRssMb: peakRssMb(), baseRssMb, cpuSeconds: 0 });
      return;
    }
    if (step === 'read') {
      rows = await streamReportRows(deps, 'collectionEfficiency', params, 'en', async () => undefined);
    } else {
      // the job's row, as the worker claims it; the file goes into its chunks as the cursor is read
      const job = await poolOf(db).query<{ id: string }>(
        `insert into jobs (kind, status, payload, attempts) values ('reports.export', 'RUNNING', '{}'::jsonb, 1)
          returning id`,
      );
      const jobId = Number(job.rows[0]!.id);
      const file = await writeReportExport(deps, {
        ctx,
        job: { id: jobId, attempt: 1 },
        report: 'collectionEfficiency',
        query: QUERY,
        format: step as 'csv' | 'xlsx',
      });
      rows = file.rows;
      await poolOf(db).query(
        `update jobs set status = 'DONE', result_file_size = $2, result_file_name = $3, result_content_type = $4
          where id = $1`,
        [jobId, file.stored.size, file.fileName, file.contentType],
      );
      console.error(`${step}: ${(file.stored.size / 1024 / 1024).toFixed(1)} MB file in job ${jobId}'s chunks`);
    }
    const seconds = (performance.now() - started) / 1000;
    emit({
      step,
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      peakRssMb: peakRssMb(),
      baseRssMb,
      cpuSeconds: cpuSeconds(),
    });
  } finally {
    await handle.close();
  }
}

function emit(measurement: Measurement): void {
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}

function measure(step: string, url: string): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [
        ...args['node-flags']!.split(' ').filter(Boolean),
        '--import',
        'tsx',
        import.meta.filename,
        '--child',
        step,
        '--url',
        url,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${step} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Measurement);
    });
  });
}

async function main(): Promise<void> {
  if (args.child) return child(args.child, args.url!);
  const accounts = Number(args.accounts);
  const name = args.reuse ?? args.name!;
  const u = new URL(args['database-url']!);
  u.pathname = `/${name}`;
  const url = u.toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!args.reuse) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    try {
      const t0 = Date.now();
      await seedDemoOrganisation(handle.db, { businessDate: BUSINESS_DATE, accounts: 0 });
      await generateBook(handle.db, { accounts, businessDate: BUSINESS_DATE, concurrency: 2 });
      await (handle.db as unknown as { $client: pg.Pool }).$client.query('vacuum analyze');
      console.log(`seeded ${accounts} accounts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } finally {
      await handle.close();
    }
  }
  const results: Measurement[] = [];
  try {
    for (const step of ['db', 'copy', 'read', ...args.formats!.split(',')]) {
      // The step's own process CPU is in the measurement; the probe adds the database's CPU and the machine's load.
      const probe = await startProbe({ databaseUrl: url });
      const result = await measure(step, url);
      const machine = await stopProbe(probe, 1, 'transaction');
      printProbe(`${step} (the whole step)`, machine);
      results.push({ ...result, machine });
      console.log(
        `${step.padEnd(5)} ${String(result.rows).padStart(8)} rows  ${result.seconds.toFixed(2).padStart(7)} s  ` +
          `${Math.round(result.rowsPerSecond).toLocaleString('en-US').padStart(9)} rows/s  peak RSS ${result.peakRssMb.toFixed(0)} MB ` +
          `(${result.baseRssMb.toFixed(0)} MB before the step), node CPU ${result.cpuSeconds.toFixed(2)} s, ` +
          `load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    if (!args.keep && !args.reuse) await admin(`drop database if exists ${name} with (force)`);
  }
  const out = path.resolve(import.meta.dirname, '../results/report-export-postgres.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ accounts, query: QUERY, nodeFlags: args['node-flags'], load: os.loadavg(), results }, null, 2)}\n`,
  );
  const exportRun = results.find((result) => result.step === 'csv');
  const met = exportRun && exportRun.rowsPerSecond >= 100_000 && exportRun.peakRssMb < 200;
  console.log(met ? 'target met (csv)' : 'target NOT met (csv)');
  process.exitCode = met ? 0 : 1;
}

await main();
