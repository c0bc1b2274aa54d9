import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
// The server's own code: the in-process run and the captured statements are exactly what the upload job runs.
import type {} from 'fastify';
import { withTransaction } from '../../apps/server/src/db/transaction.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { allocationUpload } from '../../apps/server/src/modules/collection-uploads/services/upload-types.ts';
import { readLines } from '../../apps/server/src/modules/collection-uploads/services/uploads.ts';
import { printProbe, repoRoot, signIn, startProbe, startServer, stopProbe, stopServer } from './support.ts';

// Benchmark: a 100,000-row allocation file (issue 14, target ≤ 15 s on PostgreSQL) on a generated book (1,000,000
// accounts by default), from the request to the applied result, through the real server: POST
// /api/collections/uploads as mgr.mumbai (RG-MUM), then GET /api/jobs/:id until the job is DONE and the upload
// APPLIED. Beside it, the database's own time for the same statements: the job's validation and apply run in process
// (the same functions) with every statement captured at the driver (text, bind parameters, time), then the captured
// statements replayed by a plain pg client in one transaction (rolled back). PostgreSQL only. Writes
// bench/results/allocation-upload.json.

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000000' },
    rows: { type: 'string', default: '100000' },
    pool: { type: 'string', default: '8' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    reuse: { type: 'string' },
    /** the name of the database to generate (default rd_bench_upload_<random>) */
    name: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const accounts = Number(args.accounts);
const rowCount = Number(args.rows);
const BUSINESS_DATE = '2026-03-31';
const UPLOADER = 'mgr.mumbai';
const UPLOADER_UNIT = 'RG-MUM';
const BRANCH = 'BR-AND';

type Captured = { sql: string; params: unknown[]; ms: number };

/** Runs `work` with every statement of node-postgres captured (text, parameters, time at the driver). */
async function capturing<T>(work: () => Promise<T>): Promise<{ value: T; statements: Captured[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => Promise<unknown> };
  const original = proto.query;
  const statements: Captured[] = [];
  proto.query = function (this: unknown, ...callArgs: unknown[]) {
    const [first, second] = callArgs;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const values = (typeof first === 'object' && first && 'values' in first ? first.values : second) as
      unknown[] | undefined;
    const entry: Captured = { sql: text, params: Array.isArray(values) ? values : [], ms: 0 };
    statements.push(entry);
    const started = performance.now();
    const last = callArgs.at(-1);
    if (typeof last === 'function') {
      // the pool's own query: node-postgres calls back instead of returning a promise
      const done = last as (...a: unknown[]) => void;
      const wrapped = [
        ...callArgs.slice(0, -1),
        (...a: unknown[]) => {
          entry.ms = performance.now() - started;
          done(...a);
        },
      ];
      return original.apply(this, wrapped);
    }
    const result = original.apply(this, callArgs) as Promise<unknown>;
    return result.then((value) => {
      entry.ms = performance.now() - started;
      return value;
    });
  };
  try {
    return { value: await work(), statements };
  } finally {
    proto.query = original;
  }
}

const seconds = (ms: number) => Math.round(ms) / 1000;

async function main(): Promise<void> {
  const results: Record<string, unknown> = {
    benchmark: 'allocation-upload',
    at: new Date().toISOString(),
    accounts,
    rows: rowCount,
    serverPool: Number(args.pool),
    cores: os.cpus().length,
    loadAverageAtStart: os.loadavg(),
  };
  const name = args.reuse ?? args.name ?? `rd_bench_upload_${randomBytes(4).toString('hex')}`;
  const u = new URL(args['database-url']!);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  let cleanup = async () => {};
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
      results.seed = { seconds: (Date.now() - t0) / 1000, rows: book.rows };
      console.log(`seeded ${accounts} accounts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      await (handle.db as unknown as { $client: pg.Pool }).$client.query(
        'vacuum analyze accounts, allocations, account_marks, users, units, user_units, user_authorities, agencies',
      );
    } finally {
      await handle.close();
    }
  }

  try {
    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
    const client = (handle.db as unknown as { $client: pg.Pool }).$client;
    // Two assignees who both reach Andheri: its telecaller and its field collector (the West zone's agencies sit
    // above the uploader's region, so they are not "of your units").
    const assignees = [
      ['tc.andheri', ''],
      ['fc.andheri', ''],
    ] as const;
    // Every row moves its account (an upload leaves the accounts already with the row's assignee as they are): an
    // account with one of the two goes to the other, the rest alternate. Made again before each run, so the API
    // run, the in-process run and a reused book all measure the same work.
    const makeFile = async () => {
      const { rows: accountRows } = await client.query<{ account_no: string; username: string | null }>(
        `select a.account_no, au.username from accounts a join units u on u.id = a.unit_id
            left join users au on au.id = a.allocated_user_id
          where u.unit_code = $1 and not a.is_on_hold order by a.id limit $2`,
        [BRANCH, rowCount],
      );
      if (accountRows.length < rowCount) throw new Error(`${BRANCH} has only ${accountRows.length} accounts`);
      const lines = accountRows.map((row, index) => {
        const current = assignees.findIndex(([user]) => user === row.username);
        const [user, agency] = assignees[current >= 0 ? (current + 1) % assignees.length : index % assignees.length]!;
        return `${row.account_no},${user},${agency},Bench allocation`;
      });
      return Buffer.from(`accountNo,collectorUsername,agencyCode,reason\r\n${lines.join('\r\n')}\r\n`, 'utf8');
    };
    // The tables the upload writes, vacuumed before each run: every run (and each rolled-back in-process run) leaves
    // 100,000 dead row versions in accounts, allocations and the trail, which autovacuum (off on some servers) would
    // clear; a run on a bloated book would measure the leftovers of the previous ones.
    const vacuum = async () => {
      const started = performance.now();
      await client.query('vacuum analyze accounts, allocations, collection_upload_rows');
      return seconds(performance.now() - started);
    };
    results.vacuumSeconds = [await vacuum()];
    const file = await makeFile();
    results.fileBytes = file.length;
    const { rows: unitRows } = await client.query<{ id: number; path: string }>(
      'select id, path from units where unit_code = $1',
      [UPLOADER_UNIT],
    );
    const unit = unitRows[0]!;

    // 1. Through the real server: request → job → applied.
    const server = await startServer({ DATABASE_URL: dbUrl, DATABASE_POOL_SIZE: String(args.pool) });
    try {
      const access = await signIn(server.base, UPLOADER);
      const headers = { authorization: `Bearer ${access}`, 'x-acting-unit': String(unit.id) };
      const form = new FormData();
      form.set('type', 'ALLOCATION');
      form.set('file', new Blob([file], { type: 'text/csv' }), 'bench-allocation.csv');
      const loadBefore = os.loadavg();
      const probe = await startProbe({ serverPid: server.child.pid, databaseUrl: dbUrl });
      const started = performance.now();
      const reply = await fetch(`${server.base}/api/collections/uploads`, { method: 'POST', headers, body: form });
      const accepted = performance.now();
      if (reply.status !== 202) throw new Error(`upload refused: ${reply.status} ${await reply.text()}`);
      const { id: jobId } = (await reply.json()) as { id: number };
      let job: {
        status: string;
        error: string | null;
        result: { status: string; appliedRows: number; errors?: unknown[] } | null;
      };
      for (;;) {
        job = (await (await fetch(`${server.base}/api/jobs/${jobId}`, { headers })).json()) as typeof job;
        if (job.status === 'DONE' || job.status === 'FAILED') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const finished = performance.now();
      const apiMachine = await stopProbe(probe, 1);
      results.apiMachine = apiMachine;
      printProbe('allocation upload through the server (per upload)', apiMachine);
      const { rows: timing } = await client.query<{ queued: number; ran: number }>(
        `select extract(epoch from (started_at - created_at)) * 1000 as queued,
                extract(epoch from (finished_at - started_at)) * 1000 as ran from jobs where id = $1`,
        [jobId],
      );
      results.api = {
        jobStatus: job.status,
        error: job.error,
        uploadStatus: job.result?.status,
        appliedRows: job.result?.appliedRows,
        firstErrors: job.result?.errors?.slice(0, 3),
        requestSeconds: seconds(accepted - started),
        requestToAppliedSeconds: seconds(finished - started),
        jobQueuedSeconds: seconds(Number(timing[0]?.queued ?? 0)),
        jobRunSeconds: seconds(Number(timing[0]?.ran ?? 0)),
        loadAverage: { before: loadBefore, after: os.loadavg() },
      };
      console.log('API', results.api);
    } finally {
      await stopServer(server.child);
    }

    // 2. The same job's work in process (the same functions), every statement captured at the driver, rolled back.
    const { rows: userRows } = await client.query<{ id: number; email: string; full_name: string }>(
      'select id, email, full_name from users where username = $1',
      [UPLOADER],
    );
    const user = userRows[0]!;
    const ctx = {
      requestId: 'bench',
      ip: '127.0.0.1',
      app: 'collapp',
      user: { id: user.id, username: UPLOADER, email: user.email, fullName: user.full_name, familyId: 'bench' },
      actingUnit: { id: unit.id, code: UPLOADER_UNIT, path: unit.path, hasChildren: true },
    } as UnitContext;
    const deps = { db: handle.db, clock: { now: () => new Date() } } as unknown as AppDeps;
    (results.vacuumSeconds as number[]).push(await vacuum());
    const inProcessFile = await makeFile();
    const parseStarted = performance.now();
    const { lines: parsed } = await readLines('ALLOCATION', inProcessFile);
    const parseMs = performance.now() - parseStarted;
    const fakeIds = { job: 1_900_000_000 + Math.floor(Math.random() * 1000), upload: 1_900_000_000 };
    const inProcessStarted = performance.now();
    const { statements } = await capturing(async () => {
      const validated = await allocationUpload.validate(deps, ctx, parsed, async () => {});
      if (validated.errors.length > 0)
        throw new Error(`validation found errors: ${JSON.stringify(validated.errors[0])}`);
      await withTransaction(handle.db as Database, async (tx) => {
        await tx.execute(
          // a record for the rows to belong to (explicit ids, so the replay makes the same rows)
          sql.raw(
            `insert into jobs (id, kind, status) values (${fakeIds.job}, 'collections.upload', 'RUNNING');
             insert into collection_uploads (id, job_id, type, file_name, status, total_rows, uploaded_by_user_id,
               unit_id, unit_path, created_at)
             values (${fakeIds.upload}, ${fakeIds.job}, 'ALLOCATION', 'bench.csv', 'PROCESSING', ${parsed.length},
               ${user.id}, ${unit.id}, '${unit.path}', now())`,
          ),
        );
        await allocationUpload.apply(tx, deps, ctx, validated.plan, {
          uploadId: fakeIds.upload,
          fileName: 'bench.csv',
          at: new Date(),
        });
        throw new RollBack();
      }).catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    });
    const inProcessMs = performance.now() - inProcessStarted;
    const work = statements.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.sql));
    const driverMs = work.reduce((sum, s) => sum + s.ms, 0);

    // 3. The database's own time: the captured statements replayed by a plain client in one transaction, rolled back.
    const replayer = new pg.Client({ connectionString: dbUrl });
    await replayer.connect();
    const replayProbe = await startProbe({ databaseUrl: dbUrl });
    const replayStarted = performance.now();
    await replayer.query('begin');
    for (const statement of work) await replayer.query(statement.sql, statement.params as unknown[]);
    await replayer.query('rollback');
    const replayMs = performance.now() - replayStarted;
    const replayMachine = await stopProbe(replayProbe, 1, 'transaction');
    results.replayMachine = replayMachine;
    printProbe('the same statements replayed (per file, one transaction)', replayMachine);
    await replayer.end();
    await handle.close();

    results.inProcess = {
      parseSeconds: seconds(parseMs),
      validateAndApplySeconds: seconds(inProcessMs),
      statements: work.length,
      driverSeconds: seconds(driverMs),
      slowest: [...work]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => ({ ms: Math.round(s.ms), sql: s.sql.replace(/\s+/g, ' ').slice(0, 120) })),
    };
    results.database = { replaySeconds: seconds(replayMs), statements: work.length };
    results.loadAverageAtEnd = os.loadavg();
    const api = results.api as { requestToAppliedSeconds: number };
    console.table({
      'API request → applied': { seconds: api.requestToAppliedSeconds },
      'in process: parse': { seconds: seconds(parseMs) },
      'in process: validate + apply': { seconds: seconds(inProcessMs) },
      'database (replay of the same statements)': { seconds: seconds(replayMs) },
    });
    const out = path.join(repoRoot, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'allocation-upload.json'), JSON.stringify(results, null, 2));
    console.log(`target ≤ 15 s: ${api.requestToAppliedSeconds <= 15 ? 'met' : 'NOT met'}`);
  } finally {
    await cleanup();
  }
}

class RollBack extends Error {}

await main();
