import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import type { PositionInput, PositionsBatch } from '@recovery-desk/domain/command-center/ingest.ts';
// The server's own code: the ceiling replays exactly the statements POST /api/cmd-center/positions runs (the
// principal check, the settings read, the device upsert, the positions insert, the audit row), captured at the driver.
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import { ingestPositions } from '../../apps/server/src/modules/command-center/index.ts';
import {
  benchDatabaseName,
  captureStatements,
  percentiles,
  printProbe,
  repoRoot,
  signIn,
  startProbe,
  startServer,
  stopProbe,
  stopServer,
  tokenClaims,
  type Captured,
  type Latency,
  type ProbeFigures,
} from './support.ts';

// Benchmark: location ingest (issue 16). N concurrent clients, each a device of the demo field collector, POST
// batches of 500 positions (fresh seq numbers, fixes of the last hours) through the real server on PostgreSQL,
// bounded by a batch count per client and by time. Beside it, in the same run, the database's own ceiling for the
// same statements: one real ingest's statements captured at the driver (the auth hook's principal check, then the
// route's own: settings, device upsert, the unnest insert of 500 positions, the audit row, in one transaction) and
// replayed at the same concurrency by node-postgres clients straight to the database, each replay with fresh seq
// numbers so every replay inserts 500 new rows. Prints positions/s of both, the ratio, server and database CPU per
// batch, machine busy and load average (the probe). Target: ≥ 10,000 positions/s through the API. Writes
// bench/results/positions-ingest.json. 127.0.0.1 only.

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    batch: { type: 'string', default: '500' },
    /** batches each client sends at most in a window */
    batches: { type: 'string', default: '60' },
    /** seconds a window lasts at most */
    duration: { type: 'string', default: '20' },
    /** batches each client sends before the measured window */
    warmup: { type: 'string', default: '3' },
    pool: { type: 'string', default: '16' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    keep: { type: 'boolean', default: false },
  },
});
const clients = Number(args.clients);
const batchSize = Number(args.batch);
const maxBatches = Number(args.batches);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const COLLECTOR = 'fc.andheri';
const BRANCH = 'BR-AND';
const ROUTE = '/api/cmd-center/positions';

let nextSeq = 1;
/** A batch of fresh positions (seq numbers never used before in this run), fixes spread over the last two hours. */
function batchOf(deviceId: string): PositionsBatch {
  const now = Date.now();
  const positions: PositionInput[] = Array.from({ length: batchSize }, (_, index) => {
    const seq = nextSeq++;
    return {
      seq,
      fixTime: new Date(now - 2 * 60 * 60_000 + ((seq * 37) % (2 * 60 * 60_000))).toISOString(),
      latitude: 19.1 + (seq % 1000) / 10_000,
      longitude: 72.8 + (seq % 777) / 10_000,
      accuracyM: 8 + (index % 20),
      speedKmh: index % 40,
      battery: 100 - (index % 60),
      ...(index % 100 === 0 ? { eventType: 'VISIT' as const, ref: `ACC-${seq}` } : {}),
    };
  });
  return { deviceId, platform: 'ANDROID', appVersion: '4.2.0', positions };
}

type Window = { batches: number; positions: number; seconds: number; rate: number; latencyMs: Latency; errors: number };

/** `clients` loops, each posting up to `count` batches, until the time runs out. */
async function postWindow(
  base: string,
  access: string,
  unitId: number,
  count: number,
  seconds: number,
  probe?: { serverPid: number | undefined; databaseUrl: string },
): Promise<Window & { probe?: ProbeFigures }> {
  // bodies made before the clock starts: the load generator's JSON is not what is measured
  const bodies = Array.from({ length: clients }, (_, c) =>
    Array.from({ length: count }, () => JSON.stringify(batchOf(`bench-device-${c + 1}`))),
  );
  const running = probe ? await startProbe(probe) : null;
  const latencies: number[] = [];
  let accepted = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    bodies.map(async (mine) => {
      for (const body of mine) {
        if (performance.now() > deadline) break;
        const t0 = performance.now();
        const reply = await fetch(`${base}${ROUTE}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${access}`,
            'x-acting-unit': String(unitId),
          },
          body,
        });
        const json = (await reply.json()) as { accepted?: number };
        if (reply.status === 200 && typeof json.accepted === 'number') {
          accepted += json.accepted;
          latencies.push(performance.now() - t0);
        } else {
          errors += 1;
          if (errors === 1) console.error(`refused: ${reply.status} ${JSON.stringify(json)}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const result: Window & { probe?: ProbeFigures } = {
    batches: latencies.length,
    positions: accepted,
    seconds: Math.round(elapsed * 100) / 100,
    rate: Math.round(accepted / elapsed),
    latencyMs: percentiles(latencies),
    errors,
  };
  if (running) result.probe = await stopProbe(running, latencies.length);
  return result;
}

/** The statements of one real ingest (principal check first), captured at the driver. */
async function captureIngest(db: Database, ctx: UnitContext, familyId: string): Promise<Captured[]> {
  const deps = { db, clock: { now: () => new Date() }, config: {} } as unknown as AppDeps;
  // one ingest first, so the partitions of the window are known and the capture holds only what a request runs
  await ingestPositions(deps, { ctx, input: batchOf('bench-ceiling-device') });
  const { statements } = await captureStatements(db, async () => {
    const principal = await findPrincipal(db, {
      userId: ctx.user.id,
      familyId,
      now: new Date(),
      unit: { id: ctx.actingUnit.id, authority: { app: 'collapp', code: 'FIELD_COLLECTOR_SAUTH' } },
    });
    if (!principal?.unit?.hasAuthority) throw new Error('the principal check refuses the bench session');
    await ingestPositions(deps, { ctx, input: batchOf('bench-ceiling-device') });
  });
  return statements;
}

/**
 * The ceiling: `clients` node-postgres connections replaying the captured statements back to back, each replay
 * with a fresh seq array (the insert's first unnest parameter), so it inserts as many new rows as the API does.
 */
async function replayWindow(url: string, statements: Captured[], count: number, seconds: number) {
  const insert = statements.find((s) => s.sql.includes('insert into field_positions'));
  if (!insert) throw new Error('no positions insert captured');
  const seqIndex = insert.params.findIndex((p) => typeof p === 'string' && /^\{\d+(,\d+)*\}$/.test(p));
  if (seqIndex < 0) throw new Error('no seq array in the insert');
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const probe = await startProbe({ databaseUrl: url });
  const latencies: number[] = [];
  let inserted = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      connections.map(async (client) => {
        for (let n = 0; n < count && performance.now() < deadline; n += 1) {
          const seqs = `{${Array.from({ length: batchSize }, () => nextSeq++).join(',')}}`;
          const t0 = performance.now();
          for (const statement of statements) {
            const params =
              statement === insert ? statement.params.map((p, i) => (i === seqIndex ? seqs : p)) : statement.params;
            const result = await client.query(statement.sql, params);
            if (statement === insert) inserted += Number((result.rows[0] as { inserted?: string })?.inserted ?? 0);
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((client) => client.end()));
  }
  const elapsed = (performance.now() - started) / 1000;
  return {
    batches: latencies.length,
    positions: inserted,
    seconds: Math.round(elapsed * 100) / 100,
    rate: Math.round(inserted / elapsed),
    latencyMs: percentiles(latencies),
    probe: await stopProbe(probe, latencies.length, 'transaction'),
  };
}

async function main() {
  const results: Record<string, unknown> = {
    benchmark: 'positions-ingest',
    database: 'postgres',
    clients,
    batchSize,
    maxBatchesPerClient: maxBatches,
    durationSeconds: duration,
    serverPool: Number(args.pool),
    cores: os.cpus().length,
    loadAverageAtStart: os.loadavg(),
  };
  const name = benchDatabaseName('positions');
  const u = new URL(args['database-url']!);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
    try {
      await seedDemoOrganisation(handle.db, { accounts: 0 });
      const client = (handle.db as unknown as { $client: pg.Pool }).$client;
      const { rows: unitRows } = await client.query<{ id: number; path: string }>(
        'select id, path from units where unit_code = $1',
        [BRANCH],
      );
      const unit = unitRows[0]!;
      const { rows: userRows } = await client.query<{ id: number; email: string; full_name: string }>(
        'select id, email, full_name from users where username = $1',
        [COLLECTOR],
      );
      const user = userRows[0]!;

      // Each client is one device sending back to back, so the per-device limit (5 s by default) is off here: the
      // bench measures the ingest path without the limit's locked read of the device row (one indexed row a batch).
      const server = await startServer({
        DATABASE_URL: dbUrl,
        DATABASE_POOL_SIZE: String(args.pool),
        POSITIONS_DEVICE_INTERVAL_SECONDS: '0',
      });
      let familyId: string;
      try {
        const access = await signIn(server.base, COLLECTOR);
        familyId = tokenClaims(access).familyId;
        console.log(
          `warm-up: ${warmup} batches a client; then ${clients} clients × ≤ ${maxBatches} batches of ${batchSize}…`,
        );
        if (warmup > 0) await postWindow(server.base, access, unit.id, warmup, duration);
        const api = await postWindow(server.base, access, unit.id, maxBatches, duration, {
          serverPid: server.child.pid,
          databaseUrl: dbUrl,
        });
        results.api = api;
        printProbe('positions ingest, API (per batch)', api.probe!);
        console.log(
          `── API: ${api.positions} positions in ${api.batches} batches, ${api.seconds} s = ${api.rate} positions/s (p95 ${api.latencyMs.p95} ms a batch, ${api.errors} refused)`,
        );
      } finally {
        await stopServer(server.child);
      }

      const ctx = {
        requestId: 'bench',
        ip: '127.0.0.1',
        app: 'collapp',
        user: { id: user.id, username: COLLECTOR, email: user.email, fullName: user.full_name, familyId: 'bench' },
        actingUnit: { id: unit.id, code: BRANCH, path: unit.path, hasChildren: false },
      } as UnitContext;
      const statements = await captureIngest(handle.db, ctx, familyId);
      results.ceilingStatements = statements.map((s) => s.sql.slice(0, 120));
      if (warmup > 0) await replayWindow(dbUrl, statements, warmup, duration);
      const ceiling = await replayWindow(dbUrl, statements, maxBatches, duration);
      results.ceiling = ceiling;
      printProbe('positions ingest, ceiling (per transaction)', ceiling.probe);
      console.log(
        `── ceiling: ${ceiling.positions} positions in ${ceiling.batches} transactions, ${ceiling.seconds} s = ${ceiling.rate} positions/s (p95 ${ceiling.latencyMs.p95} ms a batch)`,
      );
      const api = results.api as Window;
      const ratio = Math.round((api.rate / Math.max(ceiling.rate, 1)) * 1000) / 1000;
      results.ratio = ratio;
      console.log(
        `── positions ingest, API / ceiling: ${api.rate} / ${ceiling.rate} positions/s = ${ratio}; target ≥ 10,000 positions/s: ${api.rate >= 10_000 ? 'met' : 'NOT met'}`,
      );
      console.log(
        `   ceiling = the database alone, ${clients} connections, each transaction what one request runs: ${statements.length} statements (principal check, settings, begin, device upsert, insert of ${batchSize}, audit, commit)`,
      );
    } finally {
      await handle.close();
    }
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, 'bench/results/positions-ingest.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    console.log('written bench/results/positions-ingest.json');
  } finally {
    if (!args.keep) {
      const dropper = new pg.Client({ connectionString: args['database-url'] });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    }
  }
}

await main();
