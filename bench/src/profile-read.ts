import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { freePort } from './support.ts';

// Benchmark: the session profile read (GET /collapp/getUserProfileNew/collapp — bearer check, session family
// check, organisation, units, authorities, apps) through the real server under N connections, beside the
// database's own ceiling for the same five statements at the same concurrency (pgbench on PostgreSQL; an
// in-process loop on PGlite, which is single-connection). Prints percentiles and the API/ceiling ratio.

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
const repoRoot = path.resolve(import.meta.dirname, '../..');
const USERNAME = 'mgr.mumbai';
const PASSWORD = 'Recovery@Desk2026';

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_MODE: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready within 60 s');
}

async function signIn(base: string): Promise<{ access: string; userId: number; familyId: string }> {
  const config = (await (await fetch(`${base}/api/public-config`)).json()) as { userkeyKey: string };
  const userkey = await sealUserkey({ username: USERNAME, password: PASSWORD }, config.userkeyKey);
  const reply = (await (
    await fetch(`${base}/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userkey }),
    })
  ).json()) as { access?: string; detail?: string };
  if (!reply.access) throw new Error(`sign-in failed: ${reply.detail}`);
  const claims = JSON.parse(Buffer.from(reply.access.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return { access: reply.access, userId: Number(claims.sub), familyId: claims.sid };
}

/** The statements one profile request runs (auth hook + profile service), for the ceiling. */
function profileStatements(userId: number, familyId: string): string[] {
  return [
    `select id, username, email, full_name, is_active, exists (select 1 from refresh_tokens where family_id = '${familyId}'
       and user_id = ${userId} and family_expires_at > now()) and not exists (select 1 from refresh_tokens
       where family_id = '${familyId}' and revoked_at is not null) from users where id = ${userId}`,
    `select business_date, otp_for_login from organisation where id = 1`,
    `select units.id, unit_code, name, level, path from user_units inner join units on units.id = user_units.unit_id
       where user_units.user_id = ${userId} and units.is_active = true order by path, units.id`,
    `select unit_id, app_code, system_auth, tabs from user_authorities where user_id = ${userId}
       order by unit_id, app_code, system_auth`,
    `select code, label_key, home_path from apps order by sort_order, code`,
  ];
}

async function pgliteCeiling(dataDir: string, userId: number, familyId: string): Promise<number> {
  const db = new PGlite(dataDir);
  const statements = profileStatements(userId, familyId);
  let done = 0;
  const end = Date.now() + duration * 1000;
  while (Date.now() < end) {
    for (const statement of statements) await db.query(statement);
    done += 1;
  }
  await db.close();
  return done / duration;
}

function pgbenchCeiling(url: string, userId: number, familyId: string): number {
  const script = path.join(os.tmpdir(), `rd-profile-${process.pid}.sql`);
  fs.writeFileSync(
    script,
    profileStatements(userId, familyId)
      .map((s) => s.replace(/\s+/g, ' ') + ';')
      .join('\n') + '\n',
  );
  const u = new URL(url);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(duration),
      '-f',
      script,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username || 'postgres'),
      u.pathname.slice(1),
    ],
    { encoding: 'utf8' },
  );
  fs.rmSync(script);
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
  return Number(tps[1]);
}

async function load(base: string, access: string, unitId: number) {
  return autocannon({
    url: `${base}/collapp/getUserProfileNew/collapp`,
    connections,
    duration,
    headers: { authorization: `Bearer ${access}`, 'x-acting-unit': String(unitId) },
  });
}

async function main() {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let dataDir = '';
  let dbUrl = '';
  if (args.db === 'postgres') {
    const name = `rd_bench_${randomBytes(4).toString('hex')}`;
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

  let server = await startServer(env);
  try {
    const session = await signIn(server.base);
    const profile = (await (
      await fetch(`${server.base}/collapp/getUserProfileNew/home`, {
        headers: { authorization: `Bearer ${session.access}` },
      })
    ).json()) as { data: { units: { id: number }[] }[] };
    const unitId = profile.data[0]!.units[0]!.id;

    const api = await load(server.base, session.access, unitId);
    let ceiling: number;
    if (args.db === 'postgres') {
      ceiling = pgbenchCeiling(dbUrl, session.userId, session.familyId);
    } else {
      // PGlite is one connection in one process: stop the server, measure the same statements in-process.
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      ceiling = await pgliteCeiling(dataDir, session.userId, session.familyId);
      server = { ...server, child: server.child };
    }
    const result = {
      benchmark: 'profile-read',
      database: args.db,
      connections,
      durationSeconds: duration,
      requests: api.requests.total,
      non2xx: api.non2xx,
      errors: api.errors,
      latencyMs: { p50: api.latency.p50, p90: api.latency.p90, p97_5: api.latency.p97_5, p99: api.latency.p99 },
      apiRequestsPerSecond: api.requests.average,
      ceilingRequestsPerSecond: Math.round(ceiling),
      ratioApiToCeiling: Number((api.requests.average / ceiling).toFixed(3)),
    };
    console.log(JSON.stringify(result, null, 2));
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(repoRoot, `bench/results/profile-read-${args.db}.json`),
      JSON.stringify(result, null, 2),
    );
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await cleanup();
  }
}

await main();
