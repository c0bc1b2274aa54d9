import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { DEMO_PASSWORD, seedDemoOrganisation } from '@recovery-desk/db/seed-demo.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { collUploadPageSchema, downloadPageSchema } from '@recovery-desk/domain/collections/uploads.ts';
import { DEMO_UPLOADER, queueDemoCollectionUploads } from '../../src/modules/demo/services/seed-collection-uploads.ts';
import { queryRows } from '../factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { testDeps } from '../workflow/factories.ts';

// The demo's first start queues two allocation uploads as mgr.mumbai: one rejected with row errors, its corrected
// copy applied. mgr.mumbai sees both on File Upload and the error report on File Download.

describe.each(testDatabaseKinds())('demo collections uploads (%s)', (kind) => {
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

  it('queues a rejected and an applied upload that mgr.mumbai sees on File Upload and File Download', async () => {
    const jobIds = await queueDemoCollectionUploads(testDeps(t));
    expect(jobIds).toHaveLength(2);
    await t.app.jobs.drain();
    const [unit] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from units where unit_code = ${DEMO_UPLOADER.unit}`,
    );
    const { access } = await signIn(t, { username: DEMO_UPLOADER.username, password: DEMO_PASSWORD });
    const headers = bearer(access, unit!.id);
    const uploads = collUploadPageSchema.parse(
      (await t.inject({ method: 'GET', url: '/api/collections/uploads', headers })).json(),
    );
    expect(uploads.data.map((row) => [row.fileName, row.status, row.appliedRows, row.errorRows])).toEqual([
      ['andheri-allocation.csv', 'APPLIED', 5, 0],
      ['andheri-allocation-draft.csv', 'REJECTED', 0, 2],
    ]);
    const downloads = downloadPageSchema.parse(
      (await t.inject({ method: 'GET', url: '/api/collections/downloads', headers })).json(),
    );
    expect(downloads.data.some((row) => row.kind === 'collections.upload' && row.fileName.endsWith('errors.csv'))).toBe(
      true,
    );
  });
});
