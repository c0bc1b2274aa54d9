import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { TargetRow, TargetsReply } from '@recovery-desk/domain/reports/targets.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';

// Collection targets (issue 14): set per unit, month and currency in minor units under REPORT_GENERATION_SAUTH, with
// an optimistic version, audited, read back by the collections dashboard.

describe.each(testDatabaseKinds())('collection targets (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let head: Api;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
    head = await apiAs(t, await createStaff(handle.db, org.zone, ['REPORT_GENERATION_SAUTH']), org.zone);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const put = (api: Api, payload: object) => api.inject({ method: 'PUT', url: '/api/collections/targets', payload });

  it('sets, edits with the version read and lists a branch’s target of a month, audited', async () => {
    const before = (await head.get('/api/collections/targets?month=2026-04')).json<TargetsReply>();
    expect(before.month).toBe('2026-04');
    const branchRow = before.rows.find((row) => row.unitId === org.branch.id)!;
    expect(branchRow).toMatchObject({ currency: 'INR', targetMinor: null, version: 0 });
    expect(before.rows.map((row) => row.unitId)).not.toContain(org.foreign.id);

    const body = { unitId: org.branch.id, month: '2026-04', currency: 'INR', targetMinor: '250000000', version: 0 };
    const created = await put(head, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<TargetRow>()).toMatchObject({ targetMinor: '250000000', version: 1 });
    const again = await put(head, body);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('STALE_VERSION');
    const edited = await put(head, { ...body, targetMinor: '300000000', version: 1 });
    expect(edited.json<TargetRow>()).toMatchObject({ targetMinor: '300000000', version: 2 });
    const audit = await auditRows(handle.db, {
      action: 'collections.target.update',
      entityId: `${org.branch.id}:2026-04:INR`,
    });
    expect(audit.map((row) => row.after)).toEqual([{ targetMinor: '250000000' }, { targetMinor: '300000000' }]);
    expect(audit[1]!.before).toEqual({ targetMinor: '250000000' });
    const listed = (await head.get('/api/collections/targets?month=2026-04')).json<TargetsReply>();
    expect(listed.rows.find((row) => row.unitId === org.branch.id)).toMatchObject({
      targetMinor: '300000000',
      version: 2,
    });
  });

  it('refuses bad input naming the field, a unit outside the subtree, and a caller without the authority', async () => {
    const body = { unitId: org.sibling.id, month: '2026-05', currency: 'INR', targetMinor: '1000', version: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [{ targetMinor: '0' }, 'targetMinor'],
      [{ targetMinor: '12.50' }, 'targetMinor'],
      [{ targetMinor: '-5' }, 'targetMinor'],
      [{ month: '2026-13' }, 'month'],
      [{ currency: 'EUR' }, 'currency'],
      [{ unitId: org.foreign.id }, 'unitId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await put(head, { ...body, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(response).fields).toEqual([field]);
    }
    expect(
      (await put(head, { unitId: org.sibling.id, month: '2026-05', currency: 'INR', targetMinor: '1' })).statusCode,
    ).toBe(428);
    const stranger = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
    expect((await put(stranger, body)).statusCode).toBe(403);
    expect((await stranger.get('/api/collections/targets')).statusCode).toBe(403);
  });
});
