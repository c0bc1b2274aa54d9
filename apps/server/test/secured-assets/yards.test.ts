import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { CaseYardReply, YardInventory, YardsReply } from '@recovery-desk/domain/secured-assets/yards.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { apiAs, errorOf, type Api } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  startCase,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// The yard register (REPO_SETTINGS_SAUTH, audited, units of the acting subtree), a case asset's yard-in and yard-out
// (no second yard-in while in a yard, no yard-out before the yard-in or in the future, 404 for another unit), and the
// yard inventory (assets now, days held, stages) on the business date 2026-03-31.

describe.each(testDatabaseKinds())('yards (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  let admin: Api;
  let yardId: number;
  let caseId: number;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind));
    admin = await apiAs(
      t,
      await createRepoStaff(handle.db, org.zone, { authorities: ['REPO_SETTINGS_SAUTH', 'DASH_REPO_SAUTH'] }),
      org.zone,
    );
    const account = await createSecuredAccount(handle.db, org.branch);
    ({ caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id));
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const yard = (over: Record<string, unknown> = {}) => ({
    name: 'Hadapsar Yard',
    address: 'Plot 12, Hadapsar Industrial Estate, Pune',
    capacity: 40,
    unitId: org.zone.id,
    ...over,
  });

  it('offers the register forms the active units of the acting subtree, to REPO_SETTINGS_SAUTH only', async () => {
    const reply = await admin.get('/api/secured-assets/register-units');
    expect(reply.statusCode).toBe(200);
    const ids = reply.json<{ units: { id: number }[] }>().units.map((unit) => unit.id);
    expect(ids).toEqual(expect.arrayContaining([org.zone.id, org.branch.id]));
    expect(ids).not.toContain(org.foreign.id);
    expect((await staff.makerApi.get('/api/secured-assets/register-units')).statusCode).toBe(403);
  });

  it('keeps the yard register: add, change, deactivate, audited; units of the acting subtree only', async () => {
    const added = await admin.post('/api/secured-assets/yards', yard());
    expect(added.statusCode).toBe(200);
    const first = added.json<YardsReply>().yards[0]!;
    expect(first).toMatchObject({ name: 'Hadapsar Yard', capacity: 40, active: true, unitId: org.zone.id });
    yardId = first.id;
    const spare = (await admin.post('/api/secured-assets/yards', yard({ name: 'Spare Yard' }))).json<YardsReply>();
    const spareId = spare.yards.find((y) => y.name === 'Spare Yard')!.id;
    const off = await admin.inject({
      method: 'PUT',
      url: `/api/secured-assets/yards/${spareId}`,
      payload: yard({ name: 'Spare Yard', active: false }),
    });
    expect(off.json<YardsReply>().yards.find((y) => y.id === spareId)!.active).toBe(false);
    expect(await auditRows(handle.db, { action: 'secured_assets.yard_create' })).toHaveLength(2);
    expect(await auditRows(handle.db, { action: 'secured_assets.yard_update', entityId: spareId })).toHaveLength(1);

    const foreignUnit = await admin.post('/api/secured-assets/yards', yard({ unitId: org.foreign.id }));
    expect(foreignUnit.statusCode).toBe(400);
    expect(errorOf(foreignUnit).fields).toContain('unitId');
    const noCapacity = await admin.post('/api/secured-assets/yards', yard({ capacity: 0 }));
    expect(errorOf(noCapacity).fields).toContain('capacity');
    expect((await staff.makerApi.post('/api/secured-assets/yards', yard())).statusCode).toBe(403);
    // the branch sees its zone's yards (to yard-in), the other zone does not
    expect((await staff.makerApi.get('/api/secured-assets/yards')).json<YardsReply>().yards).toHaveLength(2);
    const foreign = await apiAs(t, await createRepoStaff(handle.db, org.foreign), org.foreign);
    expect((await foreign.get('/api/secured-assets/yards')).json<YardsReply>().yards).toHaveLength(0);
  });

  it('refuses a second yard-in while the asset is in a yard and a yard-out before its yard-in', async () => {
    const url = `/api/secured-assets/cases/${caseId}`;
    const yardIn = await staff.makerApi.post(`${url}/yard-in`, { yardId, inDate: '2026-03-01', condition: 'GOOD' });
    expect(yardIn.statusCode).toBe(200);
    expect(yardIn.json<CaseYardReply>().current).toMatchObject({ yardName: 'Hadapsar Yard', inDate: '2026-03-01' });

    const again = await staff.makerApi.post(`${url}/yard-in`, { yardId, inDate: '2026-03-02', condition: 'GOOD' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toContain('already in Hadapsar Yard');
    const early = await staff.makerApi.post(`${url}/yard-out`, { outDate: '2026-02-28', reason: 'SALE' });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).fields).toContain('outDate');
    const future = await staff.makerApi.post(`${url}/yard-out`, { outDate: '2026-04-02', reason: 'SALE' });
    expect(errorOf(future).fields).toContain('outDate');
    const reason = await staff.makerApi.post(`${url}/yard-out`, { outDate: '2026-03-10', reason: 'LOST' });
    expect(errorOf(reason).fields).toContain('reason');

    const foreign = await apiAs(t, await createRepoStaff(handle.db, org.foreign), org.foreign);
    expect((await foreign.get(`${url}/yard`)).statusCode).toBe(404);
    expect((await foreign.post(`${url}/yard-out`, { outDate: '2026-03-10', reason: 'SALE' })).statusCode).toBe(404);
    expect(await auditRows(handle.db, { action: 'secured_assets.yard_in', entityId: caseId })).toHaveLength(1);
  });

  it('counts the assets in each yard now, the days held and the stages of their cases', async () => {
    const reply = await admin.get('/api/secured-assets/yard-inventory');
    expect(reply.statusCode).toBe(200);
    const inventory = reply.json<YardInventory>();
    const hadapsar = inventory.yards.find((y) => y.yardId === yardId)!;
    expect(hadapsar).toMatchObject({ assets: 1, maxDaysHeld: 30, over30Days: 0, capacity: 40 });
    expect(hadapsar.stages).toEqual([{ definitionCode: 'REPOSSESSION', stage: 'RepoInitiate', count: 1 }]);
    expect((await staff.makerApi.get('/api/secured-assets/yard-inventory')).statusCode).toBe(403);
  });

  it('takes the asset out (a transfer) and in again, no earlier than the last yard-out', async () => {
    const url = `/api/secured-assets/cases/${caseId}`;
    const out = await staff.makerApi.post(`${url}/yard-out`, { outDate: '2026-03-10', reason: 'TRANSFER' });
    expect(out.statusCode).toBe(200);
    expect(out.json<CaseYardReply>().current).toBeNull();
    const before = await staff.makerApi.post(`${url}/yard-in`, { yardId, inDate: '2026-03-09', condition: 'GOOD' });
    expect(errorOf(before).fields).toContain('inDate');
    const back = await staff.makerApi.post(`${url}/yard-in`, { yardId, inDate: '2026-03-11', condition: 'AVERAGE' });
    expect(back.json<CaseYardReply>().stays).toHaveLength(2);
    const inventory = (await admin.get('/api/secured-assets/yard-inventory')).json<YardInventory>();
    expect(inventory.yards.find((y) => y.yardId === yardId)).toMatchObject({ assets: 1, maxDaysHeld: 20 });
    expect(await auditRows(handle.db, { action: 'secured_assets.yard_out', entityId: caseId })).toHaveLength(1);
  });
});
