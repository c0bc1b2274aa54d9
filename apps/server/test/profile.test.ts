import { eq } from 'drizzle-orm';
import { units } from '@recovery-desk/db/schema.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { profileReplySchema } from '@recovery-desk/domain/profile.ts';
import { BUSINESS_DATE, createUnit, createUser, ensureOrganisation } from './factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from './support/test-app.ts';

describe.each(testDatabaseKinds())('profile (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    t = await createTestApp(handle.db);
  });
  afterEach(async () => {
    await t.close();
  });

  async function managerWithTwoUnits() {
    const region = await createUnit(handle.db, { level: 'REGION' });
    const branch = await createUnit(handle.db, { parent: region });
    const otherBranch = await createUnit(handle.db, { parent: region });
    const user = await createUser(handle.db, {
      fullName: 'Meera Iyer',
      units: [
        // Legal listed first on purpose: the reply follows the apps' order, not insertion order.
        { unit: region, grants: { legalapp: [{ system_auth: 'LEGAL_POOL_SAUTH' }] } },
        {
          unit: branch,
          grants: {
            collapp: [
              { system_auth: 'TELECALLER_SAUTH', tabs: [{ name: 'Contact', editable: true }] },
              { system_auth: 'ESCALATED_SAUTH' },
            ],
          },
        },
      ],
    });
    return { region, branch, otherBranch, user };
  }

  it('returns the spec §3 profile: business date, apps in order, units with app_data, user details', async () => {
    const { region, branch, user } = await managerWithTwoUnits();
    const { access } = await signIn(t, user);
    const response = await t.inject({ method: 'GET', url: '/collapp/getUserProfileNew/home', headers: bearer(access) });
    expect(response.statusCode).toBe(200);
    const reply = profileReplySchema.parse(response.json());
    expect(reply.data).toHaveLength(1);
    const data = reply.data[0]!;
    expect(data.business_date).toBe(BUSINESS_DATE);
    expect(data.error_code).toBe('0');
    expect(data.available_app).toEqual([
      { code: 'collapp', label_key: 'CollectionsApp', home_path: '/collapp' },
      { code: 'legalapp', label_key: 'LegalApp', home_path: '/legal' },
    ]);
    expect(data.units).toEqual([
      {
        id: region.id,
        unit_code: region.code,
        name: region.name,
        level: 'REGION',
        app_data: { legalapp: [{ system_auth: 'LEGAL_POOL_SAUTH', tabs: [] }] },
      },
      {
        id: branch.id,
        unit_code: branch.code,
        name: branch.name,
        level: 'BRANCH',
        app_data: {
          collapp: [
            { system_auth: 'ESCALATED_SAUTH', tabs: [] },
            { system_auth: 'TELECALLER_SAUTH', tabs: [{ name: 'Contact', editable: true }] },
          ],
        },
      },
    ]);
    expect(data.user_details).toEqual({
      id: user.id,
      username: user.username,
      full_name: 'Meera Iyer',
      email: user.email,
      is_demo_outbox_reader: true,
    });
  });

  it('answers the same data for every app code and for the older getuserprofile path', async () => {
    const { user } = await managerWithTwoUnits();
    const { access } = await signIn(t, user);
    const home = await t.inject({ method: 'GET', url: '/collapp/getUserProfileNew/home', headers: bearer(access) });
    for (const url of [
      '/collapp/getUserProfileNew/collapp',
      '/collapp/getUserProfileNew/legalapp',
      '/collapp/getuserprofile',
    ]) {
      const response = await t.inject({ method: 'GET', url, headers: bearer(access) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(home.json());
    }
  });

  it('refuses an unknown app with 400 naming activeApp', async () => {
    const { user } = await managerWithTwoUnits();
    const { access } = await signIn(t, user);
    const response = await t.inject({
      method: 'GET',
      url: '/collapp/getUserProfileNew/bogus',
      headers: bearer(access),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error_code: string; fields: { field: string }[] }>();
    expect(body.error_code).toBe('VALIDATION');
    expect(body.fields[0]?.field).toBe('activeApp');
  });

  it('leaves out a deactivated unit, and the apps the user holds only there', async () => {
    const { region, branch, user } = await managerWithTwoUnits();
    await handle.db.update(units).set({ isActive: false }).where(eq(units.id, branch.id));
    const { access } = await signIn(t, user);
    const response = await t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(access) });
    const data = profileReplySchema.parse(response.json()).data[0]!;
    expect(data.units.map((unit) => unit.id)).toEqual([region.id]);
    expect(data.available_app.map((app) => app.code)).toEqual(['legalapp']);
  });

  it('returns empty units and apps for a user without units', async () => {
    const user = await createUser(handle.db);
    const { access } = await signIn(t, user);
    const response = await t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(access) });
    const data = profileReplySchema.parse(response.json()).data[0]!;
    expect(data.units).toEqual([]);
    expect(data.available_app).toEqual([]);
  });

  it('marks the outbox reader false outside demo mode', async () => {
    const app = await createTestApp(handle.db, { config: { demoMode: false } });
    try {
      const user = await createUser(handle.db);
      const { access } = await signIn(app, user);
      const response = await app.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(access) });
      expect(profileReplySchema.parse(response.json()).data[0]!.user_details.is_demo_outbox_reader).toBe(false);
    } finally {
      await app.close();
    }
  });
});
