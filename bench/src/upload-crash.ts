import { parseArgs } from 'node:util';
import type { TestDatabaseKind } from '@recovery-desk/db/test-database.ts';
import { invisibleOrWrong, runUploadCrashes } from '../../apps/server/test/support/upload-crash.ts';

// The crash probe of bulk uploads: `--runs` legal uploads (default 10), each killed with SIGKILL at a different
// applied row and restarted (apps/server/test/support/upload-crash.ts). Prints each run and the number of uploads
// that were invisible (or counted other rows than were applied) right after the kill. Target: 0.
//   node --import tsx bench/src/upload-crash.ts --db pglite|postgres [--runs 10] [--rows 60]
// PostgreSQL needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '10' },
    rows: { type: 'string', default: '60' },
  },
});
const runs = Number(args.runs);
const rows = Number(args.rows);
const kind = args.db === 'postgres' ? 'postgres' : ('pglite' as TestDatabaseKind);
// Kill points spread over the upload: after 1 row, then up to about 90 % of the rows.
const killAfter = Array.from(
  { length: runs },
  (_, run) => 1 + Math.floor((run * (rows * 0.9)) / Math.max(1, runs - 1)),
);
const started = Date.now();
const results = await runUploadCrashes(kind, { killAfter, rows });
for (const [index, run] of results.entries()) {
  console.log(
    `run ${index + 1}: kill after ${run.killAfter} → visible ${run.afterKill ? `${run.afterKill.status} ok=${run.afterKill.okRows} failed=${run.afterKill.failedRows}` : 'NO'}, applied ${run.appliedAtKill}, checkpoint ${run.checkpointAtKill}; after restart ${run.final ? `${run.final.status} ok=${run.final.okRows}` : 'not finished'}, applied ${run.appliedAtEnd}, duplicates ${run.duplicates}`,
  );
}
const bad = results.filter(invisibleOrWrong).length;
const unfinished = results.filter((run) => run.final?.status !== 'COMPLETED' || run.duplicates > 0).length;
console.log(
  `\n${kind}: ${bad} invisible or miscounted partial uploads over ${results.length} crash runs; ${unfinished} not completed exactly once after restart (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(bad === 0 && unfinished === 0 ? 0 : 1);
