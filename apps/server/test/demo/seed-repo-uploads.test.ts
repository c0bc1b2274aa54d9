import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { repoUploadPageSchema } from '@recovery-desk/domain/repo/uploads.ts';
import { DEMO_REPO_UPLOADERS, queueDemoRepoUploads } from '../../src/modules/demo/services/seed-repo-uploads.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's first start queues an initiation file as repo.pune and one as sarf.mumbai: one case started, one row
// refused (an account number typed wrong), on each one's upload dashboard with its errors CSV.

describe.each(testDatabaseKinds())('demo repossession and SARFAESI uploads (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoOrganisation(handle.db, { businessDate: '2026-03-31', accounts: 200 });
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('leaves each persona a processed file with a row error on their dashboard', async () => {
    const jobIds = await queueDemoRepoUploads(testDeps(t));
    expect(jobIds).toHaveLength(2);
    await t.app.jobs.drain();
    for (const uploader of DEMO_REPO_UPLOADERS) {
      const [unit] = await queryRows<{ id: number }>(
        handle.db,
        sql`select id from units where unit_code = ${uploader.unit}`,
      );
      const { access } = await signIn(t, { username: uploader.username, password: DEMO_PASSWORD });
      const headers = bearer(access, unit!.id);
      const page = repoUploadPageSchema.parse(
        (await t.inject({ method: 'GET', url: `/api/repo/${uploader.code}/uploads`, headers })).json(),
      );
      expect(page.data.map((row) => [row.fileName, row.status, row.okRows, row.failedRows])).toEqual([
        [uploader.file, 'COMPLETED_WITH_ERRORS', 1, 1],
      ]);
      const errors = await t.inject({
        method: 'GET',
        url: `/api/repo/${uploader.code}/uploads/${page.data[0]!.uploadId}/errors`,
        headers,
      });
      expect(errors.body).toContain('Account LN0000000000 not found in your units');
    }
  });
});
