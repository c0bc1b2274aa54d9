import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { InventoryReply } from '@recovery-desk/domain/secured-assets/inventory.ts';
import {
  REPOSSESSION_CASE,
  REPOSSESSION_INVENTORY,
  SARFAESI_INVENTORY,
} from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { act, apiAs, caseView, errorOf, rows, uploadDocument, type Api } from '../workflow/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  DEFINITIONS,
  PHOTO_PNG,
  startCase,
  stepOk,
  uploadMissing,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// The asset inventory of a repossession case (the assetInventory widget's API): saved at Asset Detail Capture by the
// stage's authority, audited; the stage's submit refused (400 naming the field) until the vehicle's details and a
// photo are there; read-only afterwards; 404 for other units, 403 without the stage's authority; a SARFAESI case
// takes property details instead.

describe.each(testDatabaseKinds())('asset inventory (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  let caseId: number;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-06-30' }));
    const account = await createSecuredAccount(handle.db, org.branch);
    ({ caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id));
    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'approve', 'Notice', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'KitGeneration', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'AssetDtlCapture', REPOSSESSION_CASE);
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const url = () => `/api/secured-assets/cases/${caseId}/inventory`;
  const read = async (api: Api) => (await api.get(url())).json<InventoryReply>();
  const put = (api: Api, payload: object) => api.inject({ method: 'PUT', url: url(), payload: payload as never });
  /** Submit Asset Detail Capture with its form from the sample (its documents uploaded). */
  const submit = async () => {
    const view = await caseView(staff.makerApi, caseId);
    const stage = DEFINITIONS.REPOSSESSION!.stages.find((s) => s.code === 'AssetDtlCapture')!;
    const fields = Object.fromEntries(
      stage.fields.flatMap((field) => {
        const value = REPOSSESSION_CASE[field.name];
        return value === undefined ? [] : [[field.name, value]];
      }),
    );
    await uploadMissing(staff.makerApi, view, DEFINITIONS.REPOSSESSION!, { ...view.case.fields, ...fields });
    return act(staff.makerApi, caseId, 'submit', { fields });
  };
  const countRows = async () =>
    (
      await rows<{ n: number }>(
        handle.db,
        sql`select (select count(*) from asset_inventories where case_id = ${caseId})::int
          + (select count(*) from asset_inventory_items where case_id = ${caseId})::int as n`,
      )
    )[0]!.n;

  it('refuses the stage until the vehicle details are captured, naming the inventory', async () => {
    const before = await read(staff.makerApi);
    expect(before).toMatchObject({
      kind: 'VEHICLE',
      editable: true,
      inventory: null,
      photos: [],
      photoCode: 'repossessionPhotos',
      missing: ['inventory', 'photos'],
    });
    const refused = await submit();
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toContain('inventory');
    expect((await caseView(staff.makerApi, caseId)).case.stage).toBe('AssetDtlCapture');
  });

  it('answers 400 naming the field for bad values, writing nothing', async () => {
    const noVehicle = await put(staff.makerApi, { ...REPOSSESSION_INVENTORY, vehicle: null });
    expect(noVehicle.statusCode).toBe(400);
    expect(errorOf(noVehicle).fields).toContain('vehicle');
    const property = await put(staff.makerApi, { ...REPOSSESSION_INVENTORY, property: SARFAESI_INVENTORY.property });
    expect(property.statusCode).toBe(400);
    expect(errorOf(property).fields).toContain('property');
    const odometer = await put(staff.makerApi, {
      ...REPOSSESSION_INVENTORY,
      vehicle: { ...REPOSSESSION_INVENTORY.vehicle, odometerKm: -5 },
    });
    expect(odometer.statusCode).toBe(400);
    expect(errorOf(odometer).fields).toContain('vehicle.odometerKm');
    const quantity = await put(staff.makerApi, {
      ...REPOSSESSION_INVENTORY,
      items: [{ item: 'Jack', quantity: 0, condition: 'GOOD' }],
    });
    expect(quantity.statusCode).toBe(400);
    expect(errorOf(quantity).fields).toContain('items.0.quantity');
    const extra = await put(staff.makerApi, { ...REPOSSESSION_INVENTORY, colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(await countRows()).toBe(0);
  });

  it('saves the vehicle and its lines, audited; still refuses the stage without a photo', async () => {
    const saved = await put(staff.makerApi, REPOSSESSION_INVENTORY);
    expect(saved.statusCode).toBe(200);
    const reply = saved.json<InventoryReply>();
    expect(reply.inventory).toMatchObject({
      kind: 'VEHICLE',
      vehicle: REPOSSESSION_INVENTORY.vehicle,
      items: REPOSSESSION_INVENTORY.items,
    });
    expect(reply.missing).toEqual(['photos']);
    // saved again with one line fewer: the lines are replaced
    const again = await put(staff.makerApi, {
      ...REPOSSESSION_INVENTORY,
      items: REPOSSESSION_INVENTORY.items.slice(1),
    });
    expect(again.json<InventoryReply>().inventory!.items).toHaveLength(2);
    const audits = await auditRows(handle.db, { action: 'secured_assets.inventory_save', entityId: caseId });
    expect(audits).toHaveLength(2);

    const refused = await submit();
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toContain('photos');
    // a PDF under the photo code is not a photo
    await uploadDocument(staff.makerApi, caseId, 'repossessionPhotos');
    expect((await read(staff.makerApi)).missing).toEqual(['photos']);
  });

  it('answers 404 to another unit and 403 without the capture authority', async () => {
    const foreign = await apiAs(t, await createRepoStaff(handle.db, org.foreign), org.foreign);
    expect((await foreign.get(url())).statusCode).toBe(404);
    expect((await put(foreign, REPOSSESSION_INVENTORY)).statusCode).toBe(404);
    const reader = await apiAs(
      t,
      await createRepoStaff(handle.db, org.branch, { authorities: ['REPO_VAL_COMP_SAUTH'] }),
      org.branch,
    );
    expect((await read(reader)).editable).toBe(false);
    expect((await put(reader, REPOSSESSION_INVENTORY)).statusCode).toBe(403);
  });

  it('takes the stage once a photo is there, and is read-only afterwards', async () => {
    const photo = await uploadDocument(staff.makerApi, caseId, 'repossessionPhotos', {
      content: PHOTO_PNG,
      fileName: 'front.png',
    });
    expect(photo.statusCode).toBe(200);
    const ready = await read(staff.makerApi);
    expect(ready.missing).toEqual([]);
    expect(ready.photos).toEqual([expect.objectContaining({ fileName: 'front.png', mimeType: 'image/png' })]);

    // the vehicle must be in a yard of the register too (requireYardIn)
    const noYard = await submit();
    expect(noYard.statusCode).toBe(400);
    expect(errorOf(noYard).fields).toContain('yard');
    const [yard] = await rows<{ id: number }>(
      handle.db,
      sql`insert into yards (name, address, capacity, unit_id) values ('Pune Yard 2', 'MIDC', 40, ${org.branch.id})
        returning id`,
    );
    const yardIn = await staff.makerApi.post(`/api/secured-assets/cases/${caseId}/yard-in`, {
      yardId: yard!.id,
      inDate: '2026-04-13',
      condition: 'GOOD',
    });
    expect(yardIn.statusCode).toBe(200);
    // the case's yard fields follow the yard record
    expect((await caseView(staff.makerApi, caseId)).case.fields).toMatchObject({
      yardName: 'Pune Yard 2',
      yardInDate: '2026-04-13',
    });
    const submitted = await submit();
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<CaseView>().case.stage).toBe('ValuationAgcAllocation');
    const after = await read(staff.makerApi);
    expect(after).toMatchObject({ editable: false, stage: 'ValuationAgcAllocation', missing: [] });
    const late = await put(staff.makerApi, REPOSSESSION_INVENTORY);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('WRONG_STAGE');
  });

  it('takes property details for a SARFAESI case (no photo needed)', async () => {
    const account = await createSecuredAccount(handle.db, org.branch);
    const sarf = await startCase(t, staff.maker, org.branch, 'SARFAESI', account.id);
    await handle.db.execute(sql`update cases set stage = 'AssetDtlCapture' where id = ${sarf.caseId}`);
    const sarfUrl = `/api/secured-assets/cases/${sarf.caseId}/inventory`;
    const vehicle = await staff.makerApi.inject({ method: 'PUT', url: sarfUrl, payload: REPOSSESSION_INVENTORY });
    expect(vehicle.statusCode).toBe(400);
    expect(errorOf(vehicle).fields).toContain('property');
    const saved = await staff.makerApi.inject({ method: 'PUT', url: sarfUrl, payload: SARFAESI_INVENTORY });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<InventoryReply>()).toMatchObject({
      kind: 'PROPERTY',
      photoCode: 'propertyPhotos',
      missing: [],
      inventory: { property: SARFAESI_INVENTORY.property, remarks: 'No movables inside' },
    });
  });
});
