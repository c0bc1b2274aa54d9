import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { mapsApiUsage, units } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { unitSubtree } from '../src/access/unit-scope.ts';
import { createUnit, createUser, ensureOrganisation } from './factories.ts';
import { auditRows, bearer, createTestApp, signIn, type TestApp } from './support/test-app.ts';

/** A test-only route that declares an authority and echoes the request context. */
function telecallerRoute(app: FastifyInstance): void {
  app.get(
    '/api/test/telecaller-tray',
    { config: { auth: { app: 'collapp', authority: 'TELECALLER_SAUTH' } } },
    (request) => ({ ctx: request.ctx }),
  );
}

describe.each(testDatabaseKinds())('acting unit and authority checks (%s)', (kind) => {
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
    t = await createTestApp(handle.db, { routes: telecallerRoute });
  });
  afterEach(async () => {
    await t.close();
  });

  async function telecaller() {
    const branch = await createUnit(handle.db, { level: 'BRANCH' });
    const plainUnit = await createUnit(handle.db, { level: 'BRANCH' });
    const foreign = await createUnit(handle.db, { level: 'BRANCH' });
    const user = await createUser(handle.db, {
      units: [
        { unit: branch, grants: { collapp: [{ system_auth: 'TELECALLER_SAUTH' }] } },
        { unit: plainUnit, grants: { legalapp: [{ system_auth: 'TELECALLER_SAUTH' }] } },
      ],
    });
    const { access } = await signIn(t, user);
    return { branch, plainUnit, foreign, user, access };
  }

  const tray = (headers: Record<string, string>) =>
    t.inject({ method: 'GET', url: '/api/test/telecaller-tray', headers });

  it('lets a user act in their unit with the declared authority and fills the request context', async () => {
    const { branch, user, access } = await telecaller();
    const response = await tray(bearer(access, branch.id));
    expect(response.statusCode).toBe(200);
    const { ctx } = response.json<{ ctx: Record<string, unknown> }>();
    expect(ctx).toMatchObject({
      user: { id: user.id, username: user.username },
      actingUnit: { id: branch.id, code: branch.code, path: branch.path },
      app: 'collapp',
      ip: '127.0.0.1',
    });
    expect(ctx.requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses a missing or malformed acting unit with 403 UNIT_NOT_ALLOWED', async () => {
    const { access } = await telecaller();
    for (const headers of [bearer(access), { ...bearer(access), 'x-acting-unit': 'BR-01' }, bearer(access, -1)]) {
      const response = await tray(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error_code: string }>().error_code).toBe('UNIT_NOT_ALLOWED');
    }
  });

  it('refuses a unit that is not the user’s with 403 UNIT_NOT_ALLOWED', async () => {
    const { foreign, access } = await telecaller();
    const response = await tray(bearer(access, foreign.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You cannot act in this unit.', error_code: 'UNIT_NOT_ALLOWED' });
  });

  it('refuses a unit where the authority is missing for that app with 403 AUTHORITY_MISSING', async () => {
    const { plainUnit, access } = await telecaller();
    const response = await tray(bearer(access, plainUnit.id));
    expect(response.statusCode).toBe(403);
    // The reply names the screen the authority opens; the code travels as a field for the web's own wording.
    expect(response.json()).toEqual({
      detail: 'You do not have access to Telecaller in this unit.',
      error_code: 'AUTHORITY_MISSING',
      authority: 'TELECALLER_SAUTH',
      app: 'collapp',
    });
    const german = await tray({ ...bearer(access, plainUnit.id), 'accept-language': 'de' });
    expect(german.json().detail).toBe('Sie haben in der handelnden Einheit keinen Zugriff auf Telefoninkasso.');
  });

  it('checks the token before the unit', async () => {
    const { branch } = await telecaller();
    const response = await tray({ 'x-acting-unit': String(branch.id) });
    expect(response.statusCode).toBe(401);
  });

  describe('POST /googleApiTrackerApi', () => {
    const track = (headers: Record<string, string>, data: unknown) =>
      t.inject({ method: 'POST', url: '/googleApiTrackerApi', headers, payload: { data } });

    it('records the maps load for the acting unit with an audit row', async () => {
      const { branch, user, access } = await telecaller();
      const response = await track(bearer(access, branch.id), {
        username: branch.code,
        googleApi: 'maps-js',
        callFrom: 'cmdCenter/heatMap',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ error_code: '0' });
      const rows = await handle.db.select().from(mapsApiUsage).where(eq(mapsApiUsage.unitCode, branch.code));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ googleApi: 'maps-js', callFrom: 'cmdCenter/heatMap', userId: user.id });
      const audit = await auditRows(handle.db, { action: 'maps.usage', entityId: rows[0]!.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: user.id, actingUnitId: branch.id });
    });

    it('needs the acting unit header, and the username must be that unit’s code', async () => {
      const { branch, plainUnit, access } = await telecaller();
      const data = { username: branch.code, googleApi: 'maps-js', callFrom: 'x' };
      expect((await track(bearer(access), data)).statusCode).toBe(403);
      const mismatch = await track(bearer(access, plainUnit.id), data);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        error_code: 'VALIDATION',
        detail: 'data.username: must be the code of the acting unit',
        fields: [{ field: 'data.username', message: 'must be the code of the acting unit' }],
      });
      const missing = await track(bearer(access, branch.id), { username: branch.code });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        'data.googleApi',
        'data.callFrom',
      ]);
    });
  });

  it('scopes rows to the acting unit and the units below it', async () => {
    const headOffice = await createUnit(handle.db, { level: 'HO' });
    const zone = await createUnit(handle.db, { parent: headOffice, level: 'ZONE' });
    const branchA = await createUnit(handle.db, { parent: zone });
    const branchB = await createUnit(handle.db, { parent: zone });
    const otherZone = await createUnit(handle.db, { parent: headOffice, level: 'ZONE' });
    await createUnit(handle.db, { parent: otherZone });
    const rows = await handle.db.select({ id: units.id }).from(units).where(unitSubtree(zone)).orderBy(asc(units.id));
    expect(rows.map((row) => row.id)).toEqual([zone.id, branchA.id, branchB.id]);
    const fromBranch = await handle.db.select({ id: units.id }).from(units).where(unitSubtree(branchA));
    expect(fromBranch.map((row) => row.id)).toEqual([branchA.id]);
  });
});
