import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { AgenciesReply } from '@recovery-desk/domain/secured-assets/agencies.ts';
import { REPOSSESSION_CASE } from '@recovery-desk/domain/workflow/definitions/sample-cases.ts';
import type { Org } from '../collections/factories.ts';
import { auditRows, type TestApp } from '../support/test-app.ts';
import { apiAs, errorOf, type Api } from '../workflow/factories.ts';
import { multipart, PDF_BYTES } from '../legal/factories.ts';
import {
  createRepoStaff,
  createSecuredAccount,
  startCase,
  step,
  stepOk,
  type Staff,
  closeSecuredAssets,
  openSecuredAssets,
} from './factories.ts';

// The agencies register (REPO_SETTINGS_SAUTH, audited, units of the acting subtree), the usable list the picker
// offers (active and empanelled on the business date), and the refusal of a stage that names a registered agency
// that lapsed or was deactivated.

describe.each(testDatabaseKinds())('agencies register (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  let staff: Staff;
  let admin: Api;

  beforeAll(async () => {
    ({ handle, t, org, staff } = await openSecuredAssets(kind, { businessDate: '2026-06-30' }));
    admin = await apiAs(
      t,
      await createRepoStaff(handle.db, org.zone, { authorities: ['REPO_SETTINGS_SAUTH'] }),
      org.zone,
    );
  });
  afterAll(() => closeSecuredAssets(handle, t));

  const agency = (over: Record<string, unknown> = {}) => ({
    kind: 'REPOSSESSION',
    name: String(REPOSSESSION_CASE.repoAgencyName),
    registrationNo: 'EMP/RA/2025/041',
    validUntil: '2026-06-01',
    contact: 'Suresh Patil, +91 98220 00000',
    unitIds: [org.zone.id],
    ...over,
  });

  it('adds, changes and deactivates agencies, audited, and lists the usable ones of a kind', async () => {
    const added = await admin.post('/api/secured-assets/agencies', agency());
    expect(added.statusCode).toBe(200);
    const reply = added.json<AgenciesReply>();
    expect(reply.agencies[0]).toMatchObject({ kind: 'REPOSSESSION', usable: false, active: true });
    await admin.post(
      '/api/secured-assets/agencies',
      agency({ kind: 'VALUATION', name: 'Kulkarni Valuers', validUntil: '2027-03-31' }),
    );
    const valuers = await staff.makerApi.get('/api/secured-assets/agencies?kind=VALUATION&usable=true');
    expect(valuers.json<AgenciesReply>().agencies.map((a) => a.name)).toEqual(['Kulkarni Valuers']);
    expect(
      (await staff.makerApi.get('/api/secured-assets/agencies?kind=REPOSSESSION&usable=true')).json<AgenciesReply>()
        .agencies,
    ).toEqual([]);
    const valuerId = valuers.json<AgenciesReply>().agencies[0]!.id;
    const off = await admin.inject({
      method: 'PUT',
      url: `/api/secured-assets/agencies/${valuerId}`,
      payload: agency({ kind: 'VALUATION', name: 'Kulkarni Valuers', validUntil: '2027-03-31', active: false }),
    });
    expect(off.json<AgenciesReply>().agencies.find((a) => a.id === valuerId)).toMatchObject({
      active: false,
      usable: false,
    });
    expect(await auditRows(handle.db, { action: 'secured_assets.agency_create' })).toHaveLength(2);
    expect(await auditRows(handle.db, { action: 'secured_assets.agency_update', entityId: valuerId })).toHaveLength(1);

    const foreign = await admin.post('/api/secured-assets/agencies', agency({ unitIds: [org.foreign.id] }));
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toContain('unitIds.0');
    const badKind = await admin.post('/api/secured-assets/agencies', agency({ kind: 'COLLECTION' }));
    expect(errorOf(badKind).fields).toContain('kind');
    const badQuery = await staff.makerApi.get('/api/secured-assets/agencies?kind=NONE');
    expect(badQuery.statusCode).toBe(400);
    expect((await staff.makerApi.post('/api/secured-assets/agencies', agency())).statusCode).toBe(403);
  });

  it('refuses the kit of a registered agency whose empanelment lapsed, and takes it once renewed', async () => {
    const account = await createSecuredAccount(handle.db, org.branch);
    const { caseId } = await startCase(t, staff.maker, org.branch, 'REPOSSESSION', account.id);
    await stepOk(staff, caseId, 'recommend', 'RepoInitiateApproval', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'approve', 'Notice', REPOSSESSION_CASE);
    await stepOk(staff, caseId, 'submit', 'KitGeneration', REPOSSESSION_CASE);
    const lapsed = await step(staff, caseId, 'submit', REPOSSESSION_CASE);
    expect(lapsed.statusCode).toBe(409);
    expect(errorOf(lapsed).detail).toContain('its empanelment lapsed on 01-06-2026');

    const listed = (await admin.get('/api/secured-assets/agencies?kind=REPOSSESSION')).json<AgenciesReply>();
    const id = listed.agencies[0]!.id;
    await admin.inject({
      method: 'PUT',
      url: `/api/secured-assets/agencies/${id}`,
      payload: agency({ validUntil: '2027-06-30' }),
    });
    // Renewed, but its agents carry no authorisation letter yet: still refused, and the register says why.
    const noLetter = await step(staff, caseId, 'submit', REPOSSESSION_CASE);
    expect(noLetter.statusCode).toBe(409);
    expect(errorOf(noLetter).detail).toContain('its authorisation letter is not on file');
    const renewed = (await admin.get('/api/secured-assets/agencies?kind=REPOSSESSION')).json<AgenciesReply>();
    expect(renewed.agencies.find((a) => a.id === id)).toMatchObject({ usable: false, unusableReason: 'NO_LETTER' });
    expect((await uploadLetter(admin, id)).statusCode).toBe(200);
    await stepOk(staff, caseId, 'submit', 'AssetDtlCapture', REPOSSESSION_CASE);
  });

  function uploadLetter(api: Api, agencyId: number, content: Buffer = PDF_BYTES, name = 'letter.pdf') {
    const body = multipart({}, [{ name, content }]);
    return api.inject({
      method: 'POST',
      url: `/api/secured-assets/agencies/${agencyId}/letter`,
      payload: body.payload,
      headers: body.headers,
    });
  }

  it('files an agency authorisation letter, audited, which any repoapp user of the unit downloads', async () => {
    const added = await admin.post(
      '/api/secured-assets/agencies',
      agency({ name: 'Deccan Recovery Services', validUntil: '2027-12-31' }),
    );
    const id = added.json<AgenciesReply>().agencies.find((a) => a.name === 'Deccan Recovery Services')!.id;
    const before = (await staff.makerApi.get('/api/secured-assets/agencies?kind=REPOSSESSION&usable=true'))
      .json<AgenciesReply>()
      .agencies.map((a) => a.name);
    expect(before).not.toContain('Deccan Recovery Services');
    expect((await staff.makerApi.get(`/api/secured-assets/agencies/${id}/letter`)).statusCode).toBe(404);

    // Not a document, nothing sent, not the settings authority, another unit's agency: refused, nothing filed.
    const text = await uploadLetter(admin, id, Buffer.from('just some text'), 'letter.txt');
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).fields).toContain('file');
    const empty = await uploadLetter(admin, id, Buffer.alloc(0));
    expect(errorOf(empty).fields).toContain('file');
    expect((await uploadLetter(staff.makerApi, id)).statusCode).toBe(403);
    const elsewhere = await apiAs(
      t,
      await createRepoStaff(handle.db, org.foreign, { authorities: ['REPO_SETTINGS_SAUTH'] }),
      org.foreign,
    );
    expect((await uploadLetter(elsewhere, id)).statusCode).toBe(404);
    expect(await auditRows(handle.db, { action: 'secured_assets.agency_letter', entityId: id })).toHaveLength(0);

    const filed = await uploadLetter(admin, id);
    expect(filed.statusCode, filed.body).toBe(200);
    const entry = filed.json<AgenciesReply>().agencies.find((a) => a.id === id)!;
    expect(entry).toMatchObject({ usable: true, unusableReason: null, letter: { fileName: 'letter.pdf' } });
    expect(await auditRows(handle.db, { action: 'secured_assets.agency_letter', entityId: id })).toHaveLength(1);
    const usable = (await staff.makerApi.get('/api/secured-assets/agencies?kind=REPOSSESSION&usable=true'))
      .json<AgenciesReply>()
      .agencies.map((a) => a.name);
    expect(usable).toContain('Deccan Recovery Services');

    const download = await staff.makerApi.get(`/api/secured-assets/agencies/${id}/letter`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await elsewhere.get(`/api/secured-assets/agencies/${id}/letter`)).statusCode).toBe(404);
  });
});
