import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { runUploadCrashes } from '../support/upload-crash.ts';

// A bulk upload survives `kill -9` of the server running it: the upload record exists from the request on and counts
// exactly the rows applied at the moment of the crash (read from the database with the server dead); after a restart
// the upload is resumed and finishes with every row applied once. Three kills per database, at different points.

const ROWS = 20;

describe.each(testDatabaseKinds())('a legal upload killed with SIGKILL (%s)', (kind) => {
  it(
    'is visible after the crash with the rows applied, and finishes after the restart',
    { timeout: 600_000 },
    async () => {
      const runs = await runUploadCrashes(kind, { killAfter: [1, 6, 14], rows: ROWS });
      for (const run of runs) {
        // Visible right after the crash, counting exactly the rows applied (and the job's checkpoint agrees).
        expect(run.afterKill, JSON.stringify(run)).not.toBeNull();
        expect(run.afterKill!.totalRows).toBe(ROWS);
        expect(run.afterKill!.okRows + run.afterKill!.failedRows, JSON.stringify(run)).toBe(run.appliedAtKill);
        expect(run.checkpointAtKill).toBe(run.appliedAtKill);
        // Resumed after the restart: every row applied, none twice.
        expect(run.final, JSON.stringify(run)).toEqual({
          status: 'COMPLETED',
          okRows: ROWS,
          failedRows: 0,
          totalRows: ROWS,
        });
        expect(run.appliedAtEnd).toBe(ROWS);
        expect(run.duplicates).toBe(0);
      }
      // The kills fell in the middle of the uploads (not before the first row, not after the last).
      expect(runs.some((run) => run.appliedAtKill > 0 && run.appliedAtKill < ROWS)).toBe(true);
    },
  );
});
