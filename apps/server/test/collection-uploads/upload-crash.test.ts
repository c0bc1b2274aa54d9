import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { queryRows } from '../factories.ts';
import { withCrashableServer, type CrashServer } from '../support/upload-crash.ts';

// A collections upload survives `kill -9` of the server running it: right after the kill (read with the server dead)
// the upload is visible and either nothing of it is applied (PROCESSING) or all of it (APPLIED), never a part; after
// a restart it ends APPLIED with every row applied exactly once. Three kills per database, at different moments.

const ROWS = 300;
const KILL_AFTER_MS = [0, 400, 1500];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Seen = { status: string; appliedRows: number } | null;
type Run = { afterKill: Seen; allocatedAtKill: number; final: Seen; allocatedAtEnd: number; openTwice: number };

async function crashRuns(kind: TestDatabaseKind): Promise<Run[]> {
  const prepare = async (db: DatabaseHandle['db']) => {
    const org = await createOrg(db);
    const uploader = await createStaff(db, org.branch, ['FILE_UPLOAD_COLL_SAUTH']);
    const collector = await createStaff(db, org.branch, ['TELECALLER_SAUTH']);
    const batches: { id: number; accountNo: string }[][] = [];
    for (let run = 0; run < KILL_AFTER_MS.length; run += 1) {
      const batch = [];
      for (let row = 0; row < ROWS; row += 1) batch.push(await createAccount(db, { unit: org.branch }));
      batches.push(batch);
    }
    return { data: { batches, collector }, user: uploader, unitId: org.branch.id };
  };
  const record = async (db: DatabaseHandle['db'], jobId: number): Promise<Seen> => {
    const [row] = await queryRows<{ status: string; appliedRows: number }>(
      db,
      sql`select status, applied_rows as "appliedRows" from collection_uploads where job_id = ${jobId}`,
    );
    return row ?? null;
  };
  const allocated = async (db: DatabaseHandle['db'], run: number) => {
    const [row] = await queryRows<{ rows: number; accounts: number }>(
      db,
      sql`select count(*)::int as rows, count(distinct account_id)::int as accounts
        from allocations where reason = ${`crash run ${run + 1}`}`,
    );
    return { rows: row?.rows ?? 0, twice: (row?.rows ?? 0) - (row?.accounts ?? 0) };
  };

  return withCrashableServer(kind, prepare, async ({ data: { batches, collector }, start, kill, stop, read }) => {
    const runs: Run[] = [];
    let api: CrashServer = await start();
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
      await kill();

      // With the server dead: the upload is there, with all or nothing of it applied.
      const { afterKill, atKill } = await read(async (db) => ({
        afterKill: await record(db, jobId),
        atKill: await allocated(db, run),
      }));

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
    await stop();
    await read(async (db) => {
      for (const [run, result] of runs.entries()) {
        const end = await allocated(db, run);
        result.allocatedAtEnd = end.rows;
        result.openTwice = end.twice;
      }
    });
    return runs;
  });
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
