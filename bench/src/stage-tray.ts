import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '@recovery-desk/db/client.ts';
import { generateBook } from '@recovery-desk/db/generate-book.ts';
import { seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { stageTrayQuerySchema } from '@recovery-desk/domain/workflow/contracts.ts';
import type {} from 'fastify';
import { findPrincipal } from '../../apps/server/src/access/access.repository.ts';
import type { Executor } from '../../apps/server/src/db/transaction.ts';
import type { UnitContext } from '../../apps/server/src/http/request-context.ts';
import { countStageTray, readStageTrayPage } from '../../apps/server/src/modules/workflow/stage-tray.repository.ts';
import { resolveStageTray } from '../../apps/server/src/modules/workflow/services/list-stage-tray.ts';
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
  type Captured,
  type LoadResult,
  type ProbeFigures,
} from './support.ts';

// Benchmark: a workflow stage tray with many open cases (issue 15: "a stage tray with 200,000 open cases"), on
// PostgreSQL. The book (--accounts, default 250,000) is generated, the server starts on it (publishing the built-in
// definitions, seeding the demo), then --cases SARFAESI cases (default 200,000) are put at the stage
// SarfInitiateApprove in one INSERT … SELECT, one in ten assigned to the approver. GET
// /api/workflow/SARFAESI/stages/SarfInitiateApprove/cases for `sarfappr.ho` (head office: every case is in scope) is
// loaded with autocannon in Team View (all cases) and My View (the assigned tenth), page 1 and page 50, beside the
// database's ceiling for exactly the statements one request runs (principal check, definition head, business date,
// page, tab counts; captured from the server's own functions and replayed by pgbench at the same concurrency).
// Prints p50/p95, the fair ratio and the machine probe; writes bench/results/stage-tray-postgres.json.

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '250000' },
    cases: { type: 'string', default: '200000' },
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    reuse: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const accounts = Number(args.accounts);
const caseCount = Number(args.cases);
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const BUSINESS_DATE = '2026-03-31';
const CODE = 'SARFAESI';
const STAGE = 'SarfInitiateApprove';
const APPROVER = 'sarfappr.ho';
const OFFICER = 'sarf.mumbai';

type Scenario = { name: string; params: Record<string, string> };

const trayUrl = (base: string, params: Record<string, string>) =>
  `${base}/api/workflow/${CODE}/stages/${STAGE}/cases?${new URLSearchParams(params).toString()}`;

async function query<T extends Record<string, unknown>>(db: Database, text: string, params: unknown[] = []) {
  const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: T[] }> } }).$client;
  return (await client.query(text, params)).rows;
}

/** Puts `count` SARFAESI cases of accounts without one at the approval stage, as the officer's recommendations. */
async function insertCases(db: Database, count: number): Promise<number> {
  const [ids] = await query<{ officer: number; approver: number; version: number }>(
    db,
    `select (select id from users where username = $1) as officer, (select id from users where username = $2) as approver,
       (select version from workflow_definitions where code = $3 and status = 'ACTIVE') as version`,
    [OFFICER, APPROVER, CODE],
  );
  if (!ids?.officer || !ids.approver || !ids.version) throw new Error('demo users or the SARFAESI definition missing');
  const inserted = await query<{ n: number }>(
    db,
    `with made as (
       insert into cases (case_no, definition_code, definition_version, account_id, unit_id, unit_path, stage, status,
         fields, maker_user_id, assigned_user_id, stage_entered_on, due_on, created_by_user_id)
       select 'SRF/BENCH/' || lpad(a.id::text, 9, '0'), $1, $2, a.id, a.unit_id, a.unit_path, $3, 'Recommended',
         jsonb_build_object('npaDate', '2026-01-10', 'lenderType', 'BANK'), $4,
         case when a.id % 10 = 0 then $5::int else $4::int end,
         date '${BUSINESS_DATE}' - (a.id % 30)::int, date '${BUSINESS_DATE}' - (a.id % 30)::int + 3, $4
       from accounts a
       where not exists (select 1 from cases k where k.account_id = a.id and k.definition_code = $1 and not k.is_closed)
       order by a.id limit $6
       returning 1)
     select count(*)::int as n from made`,
    [CODE, ids.version, STAGE, ids.officer, ids.approver, count],
  );
  await query(db, 'vacuum analyze cases');
  return inserted[0]!.n;
}

async function captureSql(
  db: Database,
  session: { userId: number; familyId: string },
  unit: UnitContext['actingUnit'],
  params: Record<string, string>,
): Promise<Captured[]> {
  const ctx = {
    requestId: 'bench',
    ip: '127.0.0.1',
    app: 'repoapp',
    user: { id: session.userId, username: APPROVER, email: '', fullName: '', familyId: '' },
    actingUnit: unit,
  } as UnitContext;
  const trayQuery = stageTrayQuerySchema.parse(params);
  const { statements } = await captureStatements(db, async () => {
    const principal = await findPrincipal(db, {
      userId: session.userId,
      familyId: session.familyId,
      now: new Date(),
      unit: { id: unit.id, authority: { app: 'repoapp', code: 'SARF_INIT_APP_SAUTH' } },
    });
    if (!principal?.unit) throw new Error('the principal check refuses the bench session');
    const { selection, sort } = await resolveStageTray(db as unknown as Executor, {
      ctx,
      definitionCode: CODE,
      stageCode: STAGE,
      query: trayQuery,
    });
    await readStageTrayPage(db as unknown as Executor, selection, sort, {
      limit: trayQuery.pageSize,
      offset: (trayQuery.page - 1) * trayQuery.pageSize,
    });
    await countStageTray(db as unknown as Executor, selection);
  });
  return statements;
}

async function main() {
  const results: Record<string, unknown> = {
    benchmark: 'stage-tray',
    database: 'postgres',
    accounts,
    connections,
    durationSeconds: duration,
    businessDate: BUSINESS_DATE,
    cores: os.cpus().length,
  };
  const name = args.reuse ?? benchDatabaseName('stage_tray');
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
      await generateBook(handle.db, { accounts, businessDate: BUSINESS_DATE, concurrency: 2 });
      results.bookSeconds = (Date.now() - t0) / 1000;
      console.log(`book of ${accounts} accounts in ${results.bookSeconds} s`);
    } finally {
      await handle.close();
    }
  }

  // the approver signs in without a one-time code (a bench setting: the code is a sign-in step, not the tray's cost)
  const server = await startServer(
    { DATABASE_URL: dbUrl, SIGN_IN_OTP_AUTHORITIES: 'none' },
    { readyWithinMs: 600_000 },
  );
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
  try {
    if (!args.reuse) {
      const t0 = Date.now();
      results.casesInserted = await insertCases(handle.db, caseCount);
      console.log(`${String(results.casesInserted)} cases at ${STAGE} in ${(Date.now() - t0) / 1000} s`);
    }
    const [open] = await query<{ n: number }>(
      handle.db,
      'select count(*)::int as n from cases where definition_code = $1 and stage = $2 and not is_closed',
      [CODE, STAGE],
    );
    results.openCasesAtStage = open!.n;
    const [unit] = await query<{ id: number; path: string }>(
      handle.db,
      "select id, path from units where unit_code = 'HO'",
    );
    const actingUnit = {
      id: Number(unit!.id),
      code: 'HO',
      path: unit!.path,
      hasChildren: true,
    } as UnitContext['actingUnit'];
    const access = await signInToken(server.base, APPROVER);
    const session = tokenClaims(access);
    const headers = { authorization: `Bearer ${access}`, 'x-acting-unit': String(actingUnit.id) };
    const scenarios: Scenario[] = [
      { name: 'teamView page 1', params: { view: 'team', pageSize: '50' } },
      { name: 'teamView page 50', params: { view: 'team', pageSize: '50', page: '50' } },
      { name: 'myView page 1', params: { view: 'my', pageSize: '50' } },
    ];
    const runs: Record<string, unknown> = {};
    const summary: Record<string, unknown> = {};
    for (const scenario of scenarios) {
      const url = trayUrl(server.base, scenario.params);
      const first = await fetch(url, { headers });
      if (!first.ok) throw new Error(`${scenario.name}: ${first.status} ${await first.text()}`);
      const reply = (await first.json()) as { count: number };
      console.log(`${scenario.name}: ${reply.count} cases in the tab`);
      if (warmup > 0) await runLoad({ url, connections, duration: warmup, headers });
      const probe = await startProbe({ serverPid: server.child.pid, databaseUrl: dbUrl });
      const api: LoadResult & { probe?: ProbeFigures } = await runLoad({ url, connections, duration, headers });
      api.probe = await stopProbe(probe, api.requests - api.non2xx);
      printProbe(`${scenario.name}, API`, api.probe);
      const statements = await captureSql(handle.db, session, actingUnit, scenario.params);
      const ceiling = await measureCeiling({ url: dbUrl }, statements, { connections, seconds: duration });
      printProbe(`${scenario.name}, ceiling (${statements.length} statements)`, ceiling.probe);
      const covers = 'principal check, definition head, business date, page, tab counts';
      printRatio(scenario.name, api, ceiling, covers);
      runs[scenario.name] = { casesInTab: reply.count, api, ceiling, sql: statements.map((s) => s.sql) };
      summary[scenario.name] = {
        'cases in tab': reply.count,
        'API req/s': api.rps,
        'API p50 ms': api.latencyMs.p50,
        'API p95 ms': api.latencyMs.p95,
        'API non-2xx': api.non2xx,
        'ceiling tx/s': ceiling.tps,
        'ceiling p95 ms': ceiling.latencyMs.p95,
        'API/ceiling (fair)': fairRatio(api.rps, ceiling.tps),
        'server CPU ms/req': api.probe.server?.cpuMsPerRequest ?? null,
        'DB CPU ms/req (API)': api.probe.database?.cpuMsPerRequest ?? null,
        'DB CPU ms/tx (ceiling)': ceiling.probe.database?.cpuMsPerRequest ?? null,
        noisy: api.probe.noisy || ceiling.probe.noisy,
      };
    }
    console.table(summary);
    results.runs = runs;
    results.summary = summary;
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, 'bench/results/stage-tray-postgres.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    console.log('written bench/results/stage-tray-postgres.json');
  } finally {
    await handle.close();
    await stopServer(server.child);
    await cleanup();
  }
}

await main();
