import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import {
  createMigratedPostgresDatabase,
  prepareMigratedPgliteDataDir,
  type TestDatabaseKind,
} from '@recovery-desk/db/test-database.ts';
import { UPLOAD_COLUMNS } from '@recovery-desk/domain/legal/contracts.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { createOrg } from '../collections/factories.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import { createLegalStaff, createPoolAccount, OFFICER_AUTHORITIES } from '../legal/factories.ts';
import { TEST_JWT_SECRET, TEST_USERKEY_KEY } from './test-app.ts';
import { serverExit, serverUrl, spawnServer, type ServerProcess } from './server-process.ts';

// A crash during a bulk upload, for real: the server process (`node --import tsx apps/server/src/main.ts`, as
// `npm start` runs it) takes a legal upload of `rows` case initiations, is killed with SIGKILL once the upload
// record counts `killAfter` applied rows, and is started again. Each run reports what was visible right after the
// kill (read from the database with the server dead) and how the upload ended after the restart.
// Used by apps/server/test/legal/upload-crash.test.ts (3 runs per database) and bench/src/upload-crash.ts (10); its
// harness (`withCrashableServer`) also by apps/server/test/collection-uploads/upload-crash.test.ts.

export type CrashRun = {
  killAfter: number;
  /** the upload record right after the kill: null = invisible */
  afterKill: { status: string; okRows: number; failedRows: number; totalRows: number } | null;
  /** rows actually applied at the kill (open cases of the upload's accounts) */
  appliedAtKill: number;
  /** the job's checkpoint at the kill (rows done) */
  checkpointAtKill: number;
  /** the record after the restart, once it left PROCESSING */
  final: { status: string; okRows: number; failedRows: number; totalRows: number } | null;
  /** rows applied in the end */
  appliedAtEnd: number;
  /** cases of the upload's accounts that are open twice (a row applied twice) */
  duplicates: number;
};

const began = Date.now();
const trace = (what: string) => {
  if (process.env.UPLOAD_CRASH_TRACE) console.error(`${((Date.now() - began) / 1000).toFixed(1)} s ${what}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A started server, signed in as the harness's user in its unit. */
export type CrashServer = { url: string; headers: Record<string, string> };

export type CrashHarness<Data> = {
  data: Data;
  /** starts the server process (the previous one must be dead) and signs in */
  start: () => Promise<CrashServer>;
  /** SIGKILL of the running server, waiting for it to be gone */
  kill: () => Promise<void>;
  /** SIGTERM of the running server (at the end, before the last reads) */
  stop: () => Promise<void>;
  /** reads the database while no server runs (PGlite is one process's) */
  read: <T>(reader: (db: DatabaseHandle['db']) => Promise<T>) => Promise<T>;
};

/**
 * The crash harness every upload crash test shares: a fresh database (PGlite in a temporary directory, or a
 * PostgreSQL database made for the run and dropped after it), `prepare` writes the data before any server runs and
 * names the user who uploads, then `body` starts, kills and restarts the real server process and reads the database
 * with the server dead. The server is always gone and the database dropped at the end.
 */
export async function withCrashableServer<Data, Result>(
  kind: TestDatabaseKind,
  prepare: (db: DatabaseHandle['db']) => Promise<{
    data: Data;
    user: { username: string; password: string };
    unitId: number;
  }>,
  body: (harness: CrashHarness<Data>) => Promise<Result>,
): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-upload-crash-'));
  // The database starts migrated (copied from the test snapshot or template), as a deployed one would be.
  let copy: { url: string; drop: () => Promise<void> } | undefined;
  if (kind === 'postgres') copy = await createMigratedPostgresDatabase('rd_crash');
  else await prepareMigratedPgliteDataDir(dataDir);
  const databaseUrl = copy?.url;
  const open = () =>
    databaseUrl
      ? openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
      : openDatabase({ kind: 'pglite', dataDir });
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    USERKEY_KEY: TEST_USERKEY_KEY,
    WEB_DIST: '/nonexistent/recovery-desk-web-dist',
    // A killed worker's upload is resumed by the restarted process once its lease runs out.
    JOB_LEASE_SECONDS: '2',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' } : {}),
  };
  let server: ServerProcess | null = null;
  let handle: DatabaseHandle | null = null;
  try {
    handle = await open();
    await ensureOrganisation(handle.db);
    const { data, user, unitId } = await prepare(handle.db);
    await handle.close();
    handle = null;
    trace('data ready');

    const end = async (signal: 'SIGKILL' | 'SIGTERM') => {
      const running = server as ServerProcess | null;
      running?.child.kill(signal);
      if (running) await serverExit(running);
    };
    return await body({
      data,
      start: async () => {
        server = spawnServer(env);
        const url = await serverUrl(server);
        trace('server up');
        const userkey = await sealUserkey({ username: user.username, password: user.password }, TEST_USERKEY_KEY);
        const signIn = await fetch(`${url}/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userkey }),
        });
        const token = ((await signIn.json()) as { access?: string }).access;
        if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
        return { url, headers: { authorization: `Bearer ${token}`, 'x-acting-unit': String(unitId) } };
      },
      kill: () => end('SIGKILL'),
      stop: () => end('SIGTERM'),
      read: async (reader) => {
        handle = await open();
        try {
          return await reader(handle.db);
        } finally {
          await handle.close();
          handle = null;
        }
      },
    });
  } catch (error) {
    const logs = (server as ServerProcess | null)?.stderr() ?? '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  } finally {
    const last = server as ServerProcess | null;
    if (last && last.child.exitCode === null && last.child.signalCode === null) {
      last.child.kill('SIGKILL');
      await serverExit(last);
    }
    await (handle as DatabaseHandle | null)?.close();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    await copy?.drop();
  }
}

type UploadListRow = {
  jobId: number | null;
  status: string;
  okRows: number;
  failedRows: number;
  totalRows: number;
};

export async function runUploadCrashes(
  kind: TestDatabaseKind,
  options: { killAfter: number[]; rows: number },
): Promise<CrashRun[]> {
  const prepare = async (db: DatabaseHandle['db']) => {
    // An officer and the pool accounts of every run.
    const org = await createOrg(db);
    const officer = await createLegalStaff(db, org.branch, OFFICER_AUTHORITIES);
    const batches: { id: number; accountNo: string }[][] = [];
    for (let run = 0; run < options.killAfter.length; run += 1) {
      const batch: { id: number; accountNo: string }[] = [];
      for (let row = 0; row < options.rows; row += 1) batch.push(await createPoolAccount(db, { unit: org.branch }));
      batches.push(batch);
    }
    return { data: batches, user: officer, unitId: org.branch.id };
  };
  const applied = async (db: DatabaseHandle['db'], batch: { id: number }[]) => {
    const ids = batch.map((account) => account.id);
    const [row] = await queryRows<{ cases: number; accounts: number }>(
      db,
      sql`select count(*)::int as cases, count(distinct account_id)::int as accounts from cases
        where account_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and not is_closed`,
    );
    return { cases: row?.cases ?? 0, duplicates: (row?.cases ?? 0) - (row?.accounts ?? 0) };
  };

  return withCrashableServer(kind, prepare, async ({ data: batches, start, kill, stop, read }) => {
    const uploadOf = async (api: CrashServer, jobId: number): Promise<UploadListRow | undefined> => {
      const reply = await fetch(`${api.url}/api/legal/uploads?pageSize=100`, { headers: api.headers });
      if (reply.status !== 200) throw new Error(`upload list: ${reply.status} ${await reply.text()}`);
      return ((await reply.json()) as { data: UploadListRow[] }).data.find((row) => row.jobId === jobId);
    };
    const runs: CrashRun[] = [];
    let api = await start();
    for (const [run, killAfter] of options.killAfter.entries()) {
      const batch = batches[run]!;
      const form = new FormData();
      form.append('kind', 'CASE_INITIATION');
      const csv = [
        UPLOAD_COLUMNS.CASE_INITIATION.join(','),
        ...batch.map((account) => `${account.accountNo},CIVIL_SUIT,,crash run ${run + 1}`),
      ].join('\r\n');
      form.append('file', new Blob([csv], { type: 'text/csv' }), `crash-${run + 1}.csv`);
      const posted = await fetch(`${api.url}/api/legal/uploads`, { method: 'POST', headers: api.headers, body: form });
      if (posted.status !== 202) throw new Error(`upload refused: ${posted.status} ${await posted.text()}`);
      const jobId = ((await posted.json()) as { id: number }).id;
      trace('upload queued');
      // Kill once the record shows `killAfter` applied rows (polled as a user would see it).
      for (let poll = 0; poll < 3000; poll += 1) {
        const row = await uploadOf(api, jobId);
        if (row && (row.okRows + row.failedRows >= killAfter || row.status !== 'PROCESSING')) break;
        await sleep(2);
      }
      trace('killing');
      await kill();

      // Right after the crash, with no server running: what is visible, and what was applied.
      const seen = await read(async (db) => {
        const [record] = await queryRows<CrashRun['afterKill'] & object>(
          db,
          sql`select status, ok_rows as "okRows", failed_rows as "failedRows", total_rows as "totalRows"
            from legal_uploads where job_id = ${jobId}`,
        );
        const [job] = await queryRows<{ done: number }>(
          db,
          sql`select progress_done as done from jobs where id = ${jobId}`,
        );
        return { record, job, atKill: await applied(db, batch) };
      });

      // Restarted: the upload is resumed (once the lease is over) and closed; this server takes the next upload.
      api = await start();
      let final: UploadListRow | undefined;
      for (let poll = 0; poll < 600; poll += 1) {
        final = await uploadOf(api, jobId);
        if (final && final.status !== 'PROCESSING') break;
        await sleep(100);
      }
      trace('upload finished after the restart');
      runs.push({
        killAfter,
        afterKill: seen.record ?? null,
        appliedAtKill: seen.atKill.cases,
        checkpointAtKill: seen.job?.done ?? 0,
        final:
          final && final.status !== 'PROCESSING'
            ? { status: final.status, okRows: final.okRows, failedRows: final.failedRows, totalRows: final.totalRows }
            : null,
        appliedAtEnd: 0,
        duplicates: 0,
      });
    }
    // In the end, with the server stopped: the rows of every upload applied, none twice.
    await stop();
    await read(async (db) => {
      for (const [run, result] of runs.entries()) {
        const atEnd = await applied(db, batches[run]!);
        result.appliedAtEnd = atEnd.cases;
        result.duplicates = atEnd.duplicates;
      }
    });
    return runs;
  });
}

/** A run whose upload was invisible right after the kill, or whose record disagrees with the rows applied. */
export function invisibleOrWrong(run: CrashRun): boolean {
  if (!run.afterKill) return true;
  return run.afterKill.okRows + run.afterKill.failedRows !== run.appliedAtKill;
}
