import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  collectionsSettingsReplySchema,
  DEFAULT_COLLECTIONS_SETTINGS,
} from '@recovery-desk/domain/collections/settings.ts';
import { apiAs, createOrg, createStaff, errorOf } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// Collections settings (/collapp/settings): defaults until the first save, saved with the version read, audited,
// bad values a 400 naming the field, saving only with SCHED_PRO_COLL_SAUTH.

const URL = '/api/collections/settings';

describe.each(testDatabaseKinds())('collections settings (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('reads the defaults, saves with the version read, refuses a stale one, and audits the change', async () => {
    const org = await createOrg(handle.db);
    const admin = await apiAs(t, await createStaff(handle.db, org.ho, ['SCHED_PRO_COLL_SAUTH']), org.ho);
    const first = collectionsSettingsReplySchema.parse((await admin.get(URL)).json());
    expect(first).toMatchObject({ settings: DEFAULT_COLLECTIONS_SETTINGS, version: 1, updatedBy: null });

    const changed = { ...DEFAULT_COLLECTIONS_SETTINGS, ptpHorizonDaysB1: 10, collectorCapacity: 350 };
    const saved = await admin.inject({ method: 'PATCH', url: URL, payload: { ...changed, version: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(collectionsSettingsReplySchema.parse(saved.json())).toMatchObject({ settings: changed, version: 2 });

    const stale = await admin.inject({ method: 'PATCH', url: URL, payload: { ...changed, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const [audit] = await auditRows(handle.db, { action: 'collections.settings.update' });
    expect(audit).toMatchObject({
      before: expect.objectContaining({ ptpHorizonDaysB1: 7 }),
      after: expect.objectContaining({ ptpHorizonDaysB1: 10 }),
    });

    // Any collections user reads them; only the authority saves them.
    const reader = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    expect(collectionsSettingsReplySchema.parse((await reader.get(URL)).json()).settings).toEqual(changed);
    const refused = await reader.inject({ method: 'PATCH', url: URL, payload: { ...changed, version: 2 } });
    expect(refused.statusCode).toBe(403);
  });

  it('answers bad values with a 400 naming the field, and a save without a version with 428', async () => {
    const org = await createOrg(handle.db);
    const admin = await apiAs(t, await createStaff(handle.db, org.ho, ['SCHED_PRO_COLL_SAUTH']), org.ho);
    const { version } = collectionsSettingsReplySchema.parse((await admin.get(URL)).json());
    const cases: [Record<string, unknown>, string][] = [
      [{ ptpHorizonDaysB1: 0 }, 'ptpHorizonDaysB1'],
      [{ collectorCapacity: 2.5 }, 'collectorCapacity'],
      [{ ptpHorizonDaysB1: 20, ptpHorizonDaysLater: 10 }, 'ptpHorizonDaysLater'],
      [{ ptpMaxDays: 5 }, 'ptpMaxDays'],
      [{ escalationBrokenPtps: 'two' }, 'escalationBrokenPtps'],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.inject({
        method: 'PATCH',
        url: URL,
        payload: { ...DEFAULT_COLLECTIONS_SETTINGS, ...overrides, version },
      });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(errorOf(response).fields).toContain(field);
    }
    const unversioned = await admin.inject({ method: 'PATCH', url: URL, payload: DEFAULT_COLLECTIONS_SETTINGS });
    expect(unversioned.statusCode).toBe(428);
  });
});
