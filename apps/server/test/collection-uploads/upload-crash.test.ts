import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import { createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { ensureOrganisation, queryRows } from '../factories.ts';
import { adminQuery, serverExit, serverUrl, spawnServer, type ServerProcess } from '../support/server-process.ts';
import { TEST_JWT_SECRET, TEST_USERKEY_KEY } from '../support/test-app.ts';

// A collections upload survives `kill -9` of the server running it: right after the kill (read with the server dead)
// the upload is visible and either nothing of it is applied (PROCESSING) or all of it (APPLIED), never a part; after
// a restart it ends APPLIED with every row applied exactly once. Three kills per database, at different moments.

const ROWS = 300;
const KILL_AFTER_MS = [0, 400, 1500];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Seen = { status: string; appliedRows: number } | null;
type Run = { afterKill: Seen; allocatedAtKill: number; final: Seen; allocatedAtEnd: number; openTwice: number };

async function crashRuns(kind: TestDatabaseKind): Promise<Run[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-coll-upload-crash-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const dbName = `rd_coll_crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
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
    JOB_LEASE_SECONDS: '2',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' } : {}),
  };
  let server: ServerProcess | null = null;
  let handle: DatabaseHandle | null = null;
  try {
    handle = await open();
    await ensureOrganisation(handle.db);
    const org = await createOrg(handle.db);
    const uploader = await createStaff(handle.db, org.branch, ['FILE_UPLOAD_COLL_SAUTH']);
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const batches: { id: number; accountNo: string }[][] = [];
    for (let run = 0; run < KILL_AFTER_MS.length; run += 1) {
      const batch = [];
      for (let row = 0; row < ROWS; row += 1) batch.push(await createAccount(handle.db, { unit: org.branch }));
      batches.push(batch);
    }
    await handle.close();
    handle = null;

    const start = async () => {
      server = spawnServer(env);
      const url = await serverUrl(server);
      const userkey = await sealUserkey({ username: uploader.username, password: uploader.password }, TEST_USERKEY_KEY);
      const signIn = await fetch(`${url}/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userkey }),
      });
      const token = ((await signIn.json()) as { access?: string }).access;
      if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
      return { url, headers: { authorization: `Bearer ${token}`, 'x-acting-unit': String(org.branch.id) } };
    };
    const record = async (db: DatabaseHandle['db'], jobId: number): Promise<Seen> => {
      const [row] = await queryRows<{ status: string; appliedRows: number }>(
        db,
        sql`select status, applied_rows as "appliedRows" from collection_uploads where job_id = ${jobId}`,
      );
      return row ?? null;
    };
    const allocated = async (db: DatabaseHandle['db'], run: number) => {
      const [row] = await queryRows<{ rows: number; accounts: number; open: number }>(
        db,
        sql`select count(*)::int as rows, count(distinct account_id)::int as accounts,
            count(*) filter (where ended_at is null)::int as open
          from allocations where reason = ${`crash run ${run + 1}`}`,
      );
      return { rows: row?.rows ?? 0, twice: (row?.rows ?? 0) - (row?.accounts ?? 0) };
    };

    const runs: Run[] = [];
    let api = await start();
    for (const [run, delay] of KILL_AFTER_MS.entries()) {
      const csv = [
        'accountNo,collectorUsername,agencyCode,reason',
        ...batches[run]!.map((account) => `${account.accountNo},${collector.username},,crash run ${run + 1}`),
      ].join('\r\n');
      const form = new FormData();
      form.append('type', 'ALLOCATION');
      form.append('file', new Blob([csv], { type: 'text/csv' }), `crash-${run + 1}.csv`);
      const posted = await fetch(`${api.url}/api/collections/uploads`, {
        method: 'POST',
        headers: api.headers,
        body: form,
      });
      if (posted.status !== 202) throw new Error(`upload refused: ${posted.status} ${await posted.text()}`);
      const jobId = ((await posted.json()) as { id: number }).id;
      await sleep(delay);
      const killed = server as ServerProcess | null;
      killed?.child.kill('SIGKILL');
      if (killed) await serverExit(killed);

      handle = await open();
      const afterKill = await record(handle.db, jobId);
      const atKill = await allocated(handle.db, run);
      await handle.close();
      handle = null;

      api = await start();
      let final: Seen = null;
      for (let poll = 0; poll < 600; poll += 1) {
        const reply = await fetch(`${api.url}/api/collections/uploads?pageSize=100`, { headers: api.headers });
        const rows = ((await reply.json()) as { data: { jobId: number; status: string; appliedRows: number }[] }).data;
        const row = rows.find((candidate) => candidate.jobId === jobId);
        if (row && row.status !== 'PROCESSING') {
          final = { status: row.status, appliedRows: row.appliedRows };
          break;
        }
        await sleep(100);
      }
      runs.push({ afterKill, allocatedAtKill: atKill.rows, final, allocatedAtEnd: 0, openTwice: 0 });
    }
    const stopped = server as ServerProcess | null;
    stopped?.child.kill('SIGTERM');
    if (stopped) await serverExit(stopped);
    handle = await open();
    for (const [run, result] of runs.entries()) {
      const end = await allocated(handle.db, run);
      result.allocatedAtEnd = end.rows;
      result.openTwice = end.twice;
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

describe.each(testDatabaseKinds())('a collections upload killed with SIGKILL (%s)', (kind) => {
  it(
    'is visible after the kill with all or nothing applied, and ends applied exactly once',
    { timeout: 600_000 },
    async () => {
      const runs = await crashRuns(kind);
      for (const run of runs) {
        const seen = JSON.stringify(run);
        expect(run.afterKill, seen).not.toBeNull();
        if (run.afterKill!.status === 'APPLIED') expect(run.allocatedAtKill, seen).toBe(ROWS);
        else {
          expect(run.afterKill!.status, seen).toBe('PROCESSING');
          expect(run.allocatedAtKill, seen).toBe(0);
        }
        expect(run.final, seen).toEqual({ status: 'APPLIED', appliedRows: ROWS });
        expect(run.allocatedAtEnd, seen).toBe(ROWS);
        expect(run.openTwice, seen).toBe(0);
      }
    },
  );
});
