import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { DEFAULT_POSTING_ORDER } from '@recovery-desk/domain/receipts/posting.ts';
// The server's own code: the ceiling replays exactly the statements POST /api/receipts runs (the idempotency key,
// the scope check, the posting, the verification request, the reply row), captured at the driver.
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import { runIdempotent } from '../../apps/server/src/http/idempotency.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { captureReceiptInTx } from '../../apps/server/src/modules/receipts/index.ts';
import { RECEIPT_CAPTURE_AUTHORITY } from '../../apps/server/src/modules/receipts/receipts.routes.ts';
import {
  benchDatabaseName,
  captureStatements,
  fairRatio,
  parameterText,
  printProbe,
  printRatio,
  repoRoot,
  runLoad,
  runPgbench,
  signIn,
  startProbe,
  startServer,
  stopProbe,
  stopServer,
  tokenClaims,
  type Captured,
  type LoadResult,
  type ProbeFigures,
} from './support.ts';

// Benchmark: receipt posting (POST /api/receipts with an Idempotency-Key) through the real server under N connections
// with autocannon — every request a new key, a new UPI reference and the next account of the Andheri branch, ₹1.00
// each so no account runs out of dues — beside the database's own ceiling for the same statements: the statements of
// real postings captured at the driver (text and bind parameters) and replayed by pgbench at the same concurrency,
// each transaction one posting (the principal check of the auth hook first), with the ids a posting creates (receipt, payment, approval request, key) taken
// fresh from the replay's own inserts (`\gset`). Records p50/p95/p99, the fair API/ceiling ratio and the machine
// probe (server and database CPU per request, machine busy, load average, NOISY). PostgreSQL only. Writes
// bench/results/receipt-post.json. bench/README.md says how to read it.

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '200000' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    /** server pool size (DATABASE_POOL_SIZE) */
    pool: { type: 'string', default: '32' },
    /** how many distinct postings the pgbench script set holds (pgbench takes at most 128 scripts) */
    scripts: { type: 'string', default: '128' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    reuse: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const accounts = Number(args.accounts);
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const scriptCount = Math.min(128, Number(args.scripts));
const BUSINESS_DATE = '2026-03-31';
const COLLECTOR = 'fc.andheri';
const BRANCH = 'BR-AND';
const ROUTE = 'POST /api/receipts';

/** autocannon posting receipts: each request a fresh key, reference and account (a 201 is a posted receipt). */
function postLoad(base: string, access: string, unitId: number, accountIds: number[], seconds: number) {
  let next = Math.floor(Math.random() * accountIds.length);
  return runLoad(
    {
      url: `${base}/api/receipts`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            next = (next + 1) % accountIds.length;
            const body = {
              accountId: accountIds[next],
              mode: 'UPI',
              amount: '1.00',
              currency: 'INR',
              reference: randomBytes(8).toString('hex').toUpperCase(),
            };
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${access}`,
                'x-acting-unit': String(unitId),
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify(body),
            };
          },
        },
      ],
    },
    201,
  );
}

/**
 * Captures the statements of real postings at the driver, with their result rows: the auth hook's principal check
 * (the bearer's user and session family, the acting unit and the capture authority), then the route's own functions.
 */
async function capturePostings(
  db: Database,
  ctx: UnitContext,
  familyId: string,
  accountIds: number[],
): Promise<Captured[][]> {
  const deps = {
    db,
    config: { receiptPostingOrder: DEFAULT_POSTING_ORDER },
    clock: { now: () => new Date() },
  } as unknown as AppDeps;
  const postings: Captured[][] = [];
  for (const accountId of accountIds) {
    const body = {
      accountId,
      mode: 'UPI' as const,
      amount: '1.00',
      currency: 'INR' as const,
      reference: randomBytes(8).toString('hex').toUpperCase(),
    };
    const { statements } = await captureStatements(db, async () => {
      const principal = await findPrincipal(db, {
        userId: ctx.user.id,
        familyId,
        now: new Date(),
        unit: { id: ctx.actingUnit.id, authority: { app: 'collapp', code: RECEIPT_CAPTURE_AUTHORITY } },
      });
      if (!principal?.unit?.hasAuthority) throw new Error('the principal check refuses the bench session');
      await runIdempotent(db, { userId: ctx.user.id, route: ROUTE, key: randomUUID(), body }, async (tx) => ({
        statusCode: 201,
        body: await captureReceiptInTx(deps, tx, { ctx, body }),
      }));
    });
    postings.push(statements);
  }
  return postings;
}

const asText = parameterText;
const literal = (value: unknown): string => `'${asText(value).replace(/'/g, "''")}'`;

/**
 * One pgbench script per captured posting: the same statements in the same order, each parameter written as the
 * untyped literal of the text node-postgres sends for it (so the server resolves its type as it does for a bind
 * parameter); a statement that created a row (insert … returning, nextval) stores its one row in variables
 * (`\gset qN_`), and every later parameter equal to such a created value uses the variable, so each replay creates
 * its own receipt, payment, approval request and key. Idempotency keys are fresh random numbers. (Simple protocol:
 * one round trip per statement, where node-postgres sends parse/bind/execute — if anything, a higher ceiling.)
 */
function scriptOf(posting: Captured[]): string {
  const created = new Map<string, string>();
  const lines: string[] = ['\\set ikey random(1, 9000000000000000)'];
  posting.forEach((statement, index) => {
    if (/^(begin|commit|rollback)$/i.test(statement.sql)) {
      lines.push(`${statement.sql.toUpperCase()};`);
      return;
    }
    const isKeyInsert = statement.sql.startsWith('insert into idempotency_keys');
    const text = statement.sql.replace(/\$(\d+)/g, (_match, n: string) => {
      const value = statement.params[Number(n) - 1];
      if (isKeyInsert && Number(n) === 3) return `(:ikey)::text`;
      if (value === null || value === undefined) return 'NULL';
      const variable = created.get(asText(value));
      if (variable?.startsWith('__rno__')) return `('E' || lpad((:${variable.slice(7)})::text, 10, '0'))`;
      if (variable) return `:${variable}`;
      return literal(value);
    });
    const creates = /^insert .* returning|nextval\(/i.test(statement.sql) && statement.rows.length === 1;
    if (creates) {
      const prefix = `q${index}_`;
      for (const [column, value] of Object.entries(statement.rows[0]!)) {
        if (value !== null && /^\d{6,}$/.test(String(value))) created.set(String(value), `${prefix}${column}`);
      }
      // a system receipt number is `E` + the sequence value, zero-padded (post-receipt.ts)
      const n = statement.rows[0]!.n;
      if (statement.sql.includes('receipt_system_no_seq') && n !== undefined) {
        created.set(`E${String(n).padStart(10, '0')}`, `__rno__${prefix}n`);
      }
      lines.push(text, `\\gset ${prefix}`);
    } else {
      lines.push(`${text};`);
    }
  });
  return lines.join('\n');
}

async function main() {
  const results: Record<string, unknown> = {
    benchmark: 'receipt-post',
    database: 'postgres',
    accounts,
    connections,
    serverPool: Number(args.pool),
    durationSeconds: duration,
    warmupSeconds: warmup,
    cores: os.cpus().length,
    loadAverageAtStart: os.loadavg(),
  };
  const name = args.reuse ?? benchDatabaseName('receipt');
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
        'vacuum analyze accounts, customers, dues, payments, ptps, users, units',
      );
    } finally {
      await handle.close();
    }
  }

  // a database this run created is dropped however the run ends
  try {
    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
    const client = (handle.db as unknown as { $client: pg.Pool }).$client;
    // created ids far from every other number in the statements, so the replay maps them without ambiguity
    await client.query(
      `select setval(pg_get_serial_sequence('receipts', 'id'), greatest(1000000000, (select coalesce(max(id), 0) from receipts))),
            setval(pg_get_serial_sequence('payments', 'id'), greatest(2000000000, (select coalesce(max(id), 0) from payments))),
            setval(pg_get_serial_sequence('approval_requests', 'id'), greatest(3000000000, (select coalesce(max(id), 0) from approval_requests))),
            setval(pg_get_serial_sequence('idempotency_keys', 'id'), greatest(4000000000, (select coalesce(max(id), 0) from idempotency_keys))),
            setval('receipt_system_no_seq', greatest(5000000000, (select last_value from receipt_system_no_seq)))`,
    );
    const { rows: unitRows } = await client.query<{ id: number; path: string }>(
      'select id, path from units where unit_code = $1',
      [BRANCH],
    );
    const unit = unitRows[0]!;
    const { rows: accountRows } = await client.query<{ id: string }>(
      `select id from accounts where unit_id = $1 and currency = 'INR'
       and total_principal_outstanding + total_interest_outstanding > 10000 order by id`,
      [unit.id],
    );
    const accountIds = accountRows.map((row) => Number(row.id));
    results.branchAccounts = accountIds.length;
    console.log(`${accountIds.length} accounts in ${BRANCH} take the posts`);
    const { rows: userRows } = await client.query<{ id: number; email: string; full_name: string }>(
      'select id, email, full_name from users where username = $1',
      [COLLECTOR],
    );
    const user = userRows[0]!;

    const server = await startServer({ DATABASE_URL: dbUrl, DATABASE_POOL_SIZE: String(args.pool) });
    let familyId: string;
    let api: LoadResult & { probe?: ProbeFigures };
    try {
      const access = await signIn(server.base, COLLECTOR);
      familyId = tokenClaims(access).familyId;
      console.log(`warm-up ${warmup} s, then ${duration} s of posts at ${connections} connections…`);
      if (warmup > 0) await postLoad(server.base, access, unit.id, accountIds, warmup);
      const probe = await startProbe({ serverPid: server.child.pid, databaseUrl: dbUrl });
      api = await postLoad(server.base, access, unit.id, accountIds, duration);
      api.probe = await stopProbe(probe, api.ok);
      results.api = api;
      printProbe('receipt posts, API', api.probe);
    } finally {
      await stopServer(server.child);
    }

    // the ceiling: the same statements, captured from real postings, replayed by pgbench
    const ctx = {
      requestId: 'bench',
      ip: '127.0.0.1',
      app: 'collapp',
      user: { id: user.id, username: COLLECTOR, email: user.email, fullName: user.full_name, familyId: 'bench' },
      actingUnit: { id: unit.id, code: BRANCH, path: unit.path, hasChildren: false },
    } as UnitContext;
    const sample = Array.from(
      { length: Math.min(scriptCount, accountIds.length) },
      (_, i) => accountIds[Math.floor((i * accountIds.length) / scriptCount)]!,
    );
    const postings = await capturePostings(handle.db, ctx, familyId, sample);
    const scripts = postings.map(scriptOf);
    results.statementsPerPosting = postings[0]!.filter((s) => !/^(begin|commit)$/i.test(s.sql)).length;
    const covers = `principal check, then the posting's ${Number(results.statementsPerPosting) - 1} statements in one transaction`;
    results.exampleScript = scripts[0];
    const probe = await startProbe({ databaseUrl: dbUrl });
    const replay = await runPgbench({ url: dbUrl, scripts, protocol: 'simple', connections, seconds: duration });
    const ceiling = { ...replay, covers, probe: await stopProbe(probe, replay.transactions, 'transaction') };
    results.ceiling = ceiling;
    await handle.close();
    printProbe(`receipt posts, ceiling (${scripts.length} captured postings)`, ceiling.probe);

    results.fairRatio = fairRatio(api.rps, ceiling.tps);
    printRatio('receipt posts, API / ceiling (fair)', api, ceiling, covers);
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'bench/results/receipt-post.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('written bench/results/receipt-post.json');
  } finally {
    await cleanup();
  }
}

await main();
