import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  DEFAULT_COMMAND_CENTER_SETTINGS,
  commandCenterSettingsReplySchema,
} from '@recovery-desk/domain/command-center/settings.ts';
import { apiAs, createOrg, createStaff, errorOf } from '../collections/factories.ts';
import { createUser, ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// The one command-center settings record (issue 16, /cmdCenter/settings) on PGlite and PostgreSQL: the defaults until
// the first save, a save versioned and audited, a bad value refused with 400 naming the field and nothing written,
// a stale version refused, and the authority of the spec (LEGAL_SETTINGS_SAUTH of the command center) required.

describe.each(testDatabaseKinds())('command center: settings (%s)', (kind) => {
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

  const administrator = async () => {
    const org = await createOrg(handle.db);
    return apiAs(
      t,
      await createUser(handle.db, {
        units: [{ unit: org.ho, grants: { cmdcenter: [{ system_auth: 'LEGAL_SETTINGS_SAUTH', tabs: [] }] } }],
      }),
      org.ho,
    );
  };

  it('reads the defaults, saves a version with one audit row, refuses a bad value and a stale version', async () => {
    const admin = await administrator();
    const first = commandCenterSettingsReplySchema.parse((await admin.get('/api/cmd-center/settings')).json());
    expect(first.settings).toEqual(DEFAULT_COMMAND_CENTER_SETTINGS);
    expect(first.version).toBe(1);
    expect(first.updatedBy).toBeNull();

    const audits = (await auditRows(handle.db, { action: 'cmdcenter.settings.update' })).length;
    const changed = { ...first.settings, idleMinMinutes: 45, shadyFarM: 800, retentionDays: 120 };
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...changed, version: first.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reply = commandCenterSettingsReplySchema.parse(saved.json());
    expect(reply.settings).toEqual(changed);
    expect(reply.version).toBe(2);
    expect(reply.updatedBy).not.toBeNull();
    const rows = await auditRows(handle.db, { action: 'cmdcenter.settings.update' });
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)?.before).toMatchObject({ idleMinMinutes: 30 });
    expect(rows.at(-1)?.after).toMatchObject({ idleMinMinutes: 45 });

    const tooFar = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...changed, geofenceRadiusM: 250, version: reply.version },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(errorOf(tooFar).fields).toEqual(['geofenceRadiusM']);
    const backwards = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...changed, shiftStart: '18:00', shiftEnd: '10:00', version: reply.version },
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields).toEqual(['shiftEnd']);
    const stale = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...changed, idleMinMinutes: 60, version: first.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const after = commandCenterSettingsReplySchema.parse((await admin.get('/api/cmd-center/settings')).json());
    expect(after.settings).toEqual(changed);
    expect(after.version).toBe(2);
    expect(await auditRows(handle.db, { action: 'cmdcenter.settings.update' })).toHaveLength(audits + 1);

    // back to the defaults for the other tests of this database
    const reset = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...DEFAULT_COMMAND_CENTER_SETTINGS, version: after.version },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('refuses a user without the settings authority', async () => {
    const org = await createOrg(handle.db);
    const collector = await apiAs(t, await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']), org.branch);
    expect((await collector.get('/api/cmd-center/settings')).statusCode).toBe(403);
    const refused = await collector.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...DEFAULT_COMMAND_CENTER_SETTINGS, version: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });
});
