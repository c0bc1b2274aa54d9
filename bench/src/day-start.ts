import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type {} from 'fastify';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { RequestContext } from '../../apps/server/src/http/request-context.ts';
import { runCollectionsDayStart } from '../../apps/server/src/modules/collections/services/run-day-start.ts';
import { printProbe, startProbe, stopProbe } from './support.ts';

// Benchmark: day start (business date +1) on a generated book on PostgreSQL, through the server's own day start
// (runCollectionsDayStart: the five steps, each its own transaction, as the job runs them). Prints seconds per step,
// rows each step changed, the machine's load average and CPU count before and after, and writes
// bench/results/day-start-<accounts>.json (day-start-<name>.json with --reuse, whose book size it does not know). Creates its own database (--name, default bench_ops_day_start) and drops it
// unless --keep; --reuse benchmarks an already seeded one (and never drops it). `--days N` runs N consecutive days (linear check).

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '100000' },
    days: { type: 'string', default: '2' },
    name: { type: 'string', default: 'bench_ops_day_start' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const BUSINESS_DATE = '2026-03-31';
const accounts = Number(args.accounts);
const days = Number(args.days);
const admin = (sqlText: string) =>
  (async () => {
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  })();

async function main(): Promise<void> {
  const url = new URL(args['database-url']!);
  url.pathname = `/${args.name}`;
  const results: Record<string, unknown> = { accounts, days, cpus: os.cpus().length, loadBefore: os.loadavg() };
  if (!args.reuse) {
    await admin(`drop database if exists ${args.name} with (force)`);
    await admin(`create database ${args.name}`);
  }
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    if (!args.reuse) {
      const t0 = performance.now();
      await seedDemoOrganisation(handle.db, { businessDate: BUSINESS_DATE, accounts: 0 });
      const book = await generateBook(handle.db, { accounts, businessDate: BUSINESS_DATE, concurrency: 2 });
      await (handle.db as unknown as { $client: pg.Pool }).$client.query('vacuum analyze');
      results.seedSeconds = (performance.now() - t0) / 1000;
      results.seedRows = book.rows;
      console.log(`seeded ${accounts} accounts in ${(results.seedSeconds as number).toFixed(1)} s`);
    }
    const deps = { db: handle.db, clock: { now: () => new Date(), sleep: async () => {} } } as unknown as AppDeps;
    const ctx: RequestContext = { requestId: 'bench-day-start', ip: 'bench', user: null, actingUnit: null, app: null };
    const runs = [];
    const client = (handle.db as unknown as { $client: pg.Pool }).$client;
    let date = (
      (await client.query(`select to_char(business_date, 'YYYY-MM-DD') as d from organisation`)).rows[0] as {
        d: string;
      }
    ).d;
    for (let day = 0; day < days; day += 1) {
      date = addDays(date, 1);
      await client.query(`update organisation set business_date = $1`, [date]);
      const load = os.loadavg()[0] ?? 0;
      // The day start runs in this process: its CPU is the "server" CPU, PostgreSQL's backends the database's.
      const probe = await startProbe({ serverPid: process.pid, databaseUrl: url.toString() });
      const t0 = performance.now();
      const reply = await runCollectionsDayStart(deps, date, ctx);
      const seconds = (performance.now() - t0) / 1000;
      const machine = await stopProbe(probe, 1, 'transaction');
      printProbe(`day start ${date} (per day)`, machine);
      runs.push({
        businessDate: date,
        seconds,
        loadBefore: load,
        loadAfter: os.loadavg()[0],
        steps: reply.steps,
        machine,
      });
      console.log(
        `day start ${date}: ${seconds.toFixed(2)} s (load ${load.toFixed(2)} → ${(os.loadavg()[0] ?? 0).toFixed(2)})`,
      );
      for (const step of reply.steps) {
        console.log(`  ${step.step.padEnd(15)} ${(step.ms / 1000).toFixed(2).padStart(7)} s  ${step.rows} rows`);
      }
    }
    results.runs = runs;
    results.loadAfter = os.loadavg();
    const file = path.resolve(import.meta.dirname, `../results/day-start-${args.reuse ? args.name : accounts}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${file}`);
  } finally {
    await handle.close();
    // a database given with --reuse is the caller's: never dropped
    if (!args.keep && !args.reuse) await admin(`drop database if exists ${args.name} with (force)`);
  }
}

await main();
