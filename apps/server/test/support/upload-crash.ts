import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import type { TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { UPLOAD_COLUMNS } from '@recovery-desk/domain/legal/contracts.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { createOrg } from '../collections/factories.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import { createLegalStaff, createPoolAccount, OFFICER_AUTHORITIES } from '../legal/factories.ts';
import { TEST_JWT_SECRET, TEST_USERKEY_KEY } from './test-app.ts';
import { adminQuery, serverExit, serverUrl, spawnServer, type ServerProcess } from './server-process.ts';

// A crash during a bulk upload, for real: the server process (`node --import tsx apps/server/src/main.ts`, as
// `npm start` runs it) takes a legal upload of `rows` case initiations, is killed with SIGKILL once the upload
// record counts `killAfter` applied rows, and is started again. Each run reports what was visible right after the
// kill (read from the database with the server dead) and how the upload ended after the restart.
// Used by apps/server/test/legal/upload-crash.test.ts (3 runs per database) and bench/src/upload-crash.ts (10).

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-upload-crash-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const dbName = `rd_crash_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
    await adminQuery(baseUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
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
    // The data, before any server runs (PGlite is one process's): an officer and the pool accounts of every run.
    handle = await open();
    await ensureOrganisation(handle.db);
    const org = await createOrg(handle.db);
    const officer = await createLegalStaff(handle.db, org.branch, OFFICER_AUTHORITIES);
    const batches: { id: number; accountNo: string }[][] = [];
    for (let run = 0; run < options.killAfter.length; run += 1) {
      const batch: { id: number; accountNo: string }[] = [];
      for (let row = 0; row < options.rows; row += 1)
        batch.push(await createPoolAccount(handle.db, { unit: org.branch }));
      batches.push(batch);
    }
    await handle.close();
    handle = null;
    trace('data ready');

    const start = async () => {
      server = spawnServer(env);
      const url = await serverUrl(server);
      trace('server up');
      const userkey = await sealUserkey({ username: officer.username, password: officer.password }, TEST_USERKEY_KEY);
      const signIn = await fetch(`${url}/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userkey }),
      });
      const token = ((await signIn.json()) as { access?: string }).access;
      if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
      const headers = { authorization: `Bearer ${token}`, 'x-acting-unit': String(org.branch.id) };
      const uploadOf = async (jobId: number): Promise<UploadListRow | undefined> => {
        const reply = await fetch(`${url}/api/legal/uploads?pageSize=100`, { headers });
        if (reply.status !== 200) throw new Error(`upload list: ${reply.status} ${await reply.text()}`);
        return ((await reply.json()) as { data: UploadListRow[] }).data.find((row) => row.jobId === jobId);
      };
      return { url, headers, uploadOf };
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
        const row = await api.uploadOf(jobId);
        if (row && (row.okRows + row.failedRows >= killAfter || row.status !== 'PROCESSING')) break;
        await sleep(2);
      }
      trace('killing');
      const killed = server as ServerProcess | null;
      killed?.child.kill('SIGKILL');
      if (killed) await serverExit(killed);

      // Right after the crash, with no server running: what is visible, and what was applied.
      handle = await open();
      trace('database open after the kill');
      const [record] = await queryRows<CrashRun['afterKill'] & object>(
        handle.db,
        sql`select status, ok_rows as "okRows", failed_rows as "failedRows", total_rows as "totalRows"
          from legal_uploads where job_id = ${jobId}`,
      );
      const [job] = await queryRows<{ done: number }>(
        handle.db,
        sql`select progress_done as done from jobs where id = ${jobId}`,
      );
      const atKill = await applied(handle.db, batch);
      await handle.close();
      handle = null;

      // Restarted: the upload is resumed (once the lease is over) and closed; this server takes the next upload.
      api = await start();
      let final: UploadListRow | undefined;
      for (let poll = 0; poll < 600; poll += 1) {
        final = await api.uploadOf(jobId);
        if (final && final.status !== 'PROCESSING') break;
        await sleep(100);
      }
      trace('upload finished after the restart');
      runs.push({
        killAfter,
        afterKill: record ?? null,
        appliedAtKill: atKill.cases,
        checkpointAtKill: job?.done ?? 0,
        final:
          final && final.status !== 'PROCESSING'
            ? { status: final.status, okRows: final.okRows, failedRows: final.failedRows, totalRows: final.totalRows }
            : null,
        appliedAtEnd: 0,
        duplicates: 0,
      });
    }
    // In the end, with the server stopped: the rows of every upload applied, none twice.
    const stopped = server as ServerProcess | null;
    stopped?.child.kill('SIGTERM');
    if (stopped) await serverExit(stopped);
    handle = await open();
    for (const [run, result] of runs.entries()) {
      const atEnd = await applied(handle.db, batches[run]!);
      result.appliedAtEnd = atEnd.cases;
      result.duplicates = atEnd.duplicates;
    }
    await handle.close();
    handle = null;
    return runs;
  } catch (error) {
    const logs = (server as ServerProcess | null)?.stderr() ?? '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  } finally {
    const last = server as ServerProcess | null;
    if (last && last.child.exitCode === null && last.child.signalCode === null) {
      last.child.kill('SIGKILL');
      await serverExit(last);
    }
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && baseUrl) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

/** A run whose upload was invisible right after the kill, or whose record disagrees with the rows applied. */
export function invisibleOrWrong(run: CrashRun): boolean {
  if (!run.afterKill) return true;
  return run.afterKill.okRows + run.afterKill.failedRows !== run.appliedAtKill;
}
