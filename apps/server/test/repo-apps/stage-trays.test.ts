import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { stageTrayPageSchema } from '@recovery-desk/domain/workflow/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { createOrg, createStaff, errorOf, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs } from '../workflow/factories.ts';
import { createRepoStaff } from './factories.ts';

// The SARFAESI Auction Batch list has no permission in the spec: any repoapp authority in the acting unit opens its
// tray (and export); every other stage tray needs its stage's authority.

describe.each(testDatabaseKinds())('repossession stage trays (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('opens the Auction Batch tray to any repoapp authority, and no other stage’s', async () => {
    const officer = await apiAs(t, await createRepoStaff(handle.db, org.branch, ['SARF_INIT_SAUTH']), org.branch);
    const batch = await officer.get('/api/workflow/SARFAESI/stages/BatchGen/cases?view=team');
    expect(batch.statusCode, batch.body).toBe(200);
    expect(stageTrayPageSchema.parse(batch.json()).count).toBe(0);
    const exported = await officer.get('/api/workflow/SARFAESI/stages/BatchGen/cases/export?format=csv&view=team');
    expect(exported.statusCode, exported.body).toBe(200);

    const notice = await officer.get('/api/workflow/SARFAESI/stages/AuctionNotice/cases?view=team');
    expect(notice.statusCode).toBe(403);

    const collector = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    const refused = await collector.get('/api/workflow/SARFAESI/stages/BatchGen/cases?view=team');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    const refusedExport = await collector.get('/api/workflow/SARFAESI/stages/BatchGen/cases/export?format=csv');
    expect(refusedExport.statusCode).toBe(403);
  });
});
