import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, collaterals } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  delegatesReplySchema,
  heatMapReplySchema,
  pvrCaseDetailSchema,
  pvrTrayPageSchema,
  teamPlansReplySchema,
  workPlanReplySchema,
  type PvrCaseDetail,
  type WorkPlanReply,
} from '@recovery-desk/domain/field/contracts.ts';
import {
  apiAs,
  createAccount,
  createAgency,
  createOrg,
  createStaff,
  errorOf,
  type Api,
  type Org,
} from '../collections/factories.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { multipart } from '../legal/factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';

// Work plans and PVR cases (issue 14) on PGlite and PostgreSQL: the plan's route order and scope, the PVR lifecycle
// (open → delegate → photo → capture → review, and send back), authority refusals, geotag validation.

const NOW = Date.parse(`${BUSINESS_DATE}T06:00:00Z`);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseKinds())('field work (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { clock: new FakeClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  async function geocodedAccount(
    org: Org,
    latitude: number,
    longitude: number,
    options: { property?: boolean; unit?: Org['branch'] } = {},
  ) {
    const account = await createAccount(handle.db, { unit: options.unit ?? org.branch, dpd: 45, totalDue: '12500.50' });
    await handle.db.insert(addresses).values({
      customerId: account.customerId,
      addressType: 'RESIDENCE',
      line1: 'Flat 4, Sai Darshan',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400053',
      latitude,
      longitude,
    });
    if (options.property) {
      await handle.db.insert(collaterals).values({
        accountId: account.id,
        collateralType: 'PROPERTY',
        description: '2 BHK flat, Sai Darshan, Mumbai',
        value: '6500000',
        currency: 'INR',
      });
    }
    return account;
  }

  const put = (api: Api, url: string, payload: unknown) =>
    api.inject({ method: 'PUT', url, payload: payload as object });
  const del = (api: Api, url: string) => api.inject({ method: 'DELETE', url });

  async function plan(
    api: Api,
    response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ): Promise<WorkPlanReply> {
    const reply = await response;
    expect(reply.statusCode, reply.body).toBe(200);
    return workPlanReplySchema.parse(reply.json());
  }

  it('keeps a collector’s plan: adds visits, orders them by priority then nearest neighbour, marks and reorders', async () => {
    const org = await createOrg(handle.db);
    const collector = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['COLLAPP_WORKPLAN_SAUTH'], { fullName: 'Santosh Jadhav' }),
      org.branch,
    );
    const near = await geocodedAccount(org, 19.12, 72.85);
    const far = await geocodedAccount(org, 19.3, 72.85);
    const urgent = await geocodedAccount(org, 19.25, 72.85);
    const low = await geocodedAccount(org, 19.121, 72.85);

    const empty = await plan(collector, collector.get(`/api/field/work-plan?date=${BUSINESS_DATE}`));
    expect(empty.plan).toBeNull();
    expect(empty.editable).toBe(true);

    for (const [account, priority] of [
      [far, 'MEDIUM'],
      [low, 'LOW'],
      [near, 'MEDIUM'],
      [urgent, 'HIGH'],
    ] as const) {
      await plan(
        collector,
        collector.post('/api/field/work-plan/visits', { date: BUSINESS_DATE, accountNo: account.accountNo, priority }),
      );
    }
    const duplicate = await collector.post('/api/field/work-plan/visits', {
      date: BUSINESS_DATE,
      accountNo: near.accountNo,
      priority: 'LOW',
    });
    expect(duplicate.statusCode).toBe(409);

    let current = await plan(collector, collector.get(`/api/field/work-plan?date=${BUSINESS_DATE}`));
    expect(current.visits.map((visit) => visit.accountNo)).toEqual([far, low, near, urgent].map((a) => a.accountNo));
    expect(current.visits[0]!.target).toBe('12500.50');
    expect(current.totals).toEqual([{ currency: 'INR', target: '50002.00', collected: '0.00' }]);

    // Start at the branch (19.10, 72.85): HIGH first (urgent), then MEDIUM nearest from there (far at 19.30 is 0.05°
    // away, near at 19.12 is 0.13°), then LOW.
    current = await plan(
      collector,
      collector.post(`/api/field/work-plans/${current.plan!.id}/optimise`, {
        version: current.plan!.version,
        startLatitude: 19.1,
        startLongitude: 72.85,
      }),
    );
    expect(current.visits.map((visit) => visit.accountNo)).toEqual([urgent, far, near, low].map((a) => a.accountNo));
    expect(current.visits[0]!.legKm).toBeCloseTo(16.7, 0);

    const stale = await collector.post(`/api/field/work-plans/${current.plan!.id}/optimise`, {
      version: current.plan!.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const order = [...current.visits].reverse().map((visit) => visit.id);
    const badOrder = await put(collector, `/api/field/work-plans/${current.plan!.id}/order`, {
      visitIds: order.slice(1),
      version: current.plan!.version,
    });
    expect(badOrder.statusCode).toBe(400);
    expect(errorOf(badOrder).fields).toContain('visitIds');
    current = await plan(
      collector,
      put(collector, `/api/field/work-plans/${current.plan!.id}/order`, {
        visitIds: order,
        version: current.plan!.version,
      }),
    );
    expect(current.visits.map((visit) => visit.id)).toEqual(order);

    const first = current.visits[0]!;
    const unpaid = await collector.post(`/api/field/work-plan/visits/${first.id}/status`, {
      status: 'PAID',
      version: first.version,
    });
    expect(unpaid.statusCode).toBe(400);
    expect(errorOf(unpaid).fields).toContain('collected');
    current = await plan(
      collector,
      collector.post(`/api/field/work-plan/visits/${first.id}/status`, {
        status: 'PAID',
        collected: '5000',
        remarks: 'Cash, receipt issued',
        version: first.version,
      }),
    );
    expect(current.visits[0]).toMatchObject({ status: 'PAID', collected: '5000.00' });
    expect(current.totals[0]!.collected).toBe('5000.00');
    const removeMade = await del(collector, `/api/field/work-plan/visits/${first.id}`);
    expect(removeMade.statusCode).toBe(409);
    current = await plan(collector, del(collector, `/api/field/work-plan/visits/${current.visits[1]!.id}`));
    expect(current.visits).toHaveLength(3);
    expect(current.visits.map((visit) => visit.seq)).toEqual([1, 2, 3]);

    const audits = await auditRows(handle.db, { action: 'field.work_plan.visit_status' });
    expect(audits.length).toBeGreaterThan(0);
  });

  it('lets a supervisor see the team’s plans of the subtree only, read-only; refuses without the authority', async () => {
    const org = await createOrg(handle.db);
    const collector = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['COLLAPP_WORKPLAN_SAUTH'], { fullName: 'Field One' }),
      org.branch,
    );
    const outsider = await apiAs(t, await createStaff(handle.db, org.foreign, ['COLLAPP_WORKPLAN_SAUTH']), org.foreign);
    const supervisor = await apiAs(t, await createStaff(handle.db, org.zone, ['COLLAPP_WORKPLAN_SAUTH']), org.zone);
    const noAuthority = await apiAs(t, await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']), org.zone);
    const account = await geocodedAccount(org, 19.1, 72.8);
    const made = await plan(
      collector,
      collector.post('/api/field/work-plan/visits', {
        date: BUSINESS_DATE,
        accountNo: account.accountNo,
        priority: 'HIGH',
      }),
    );

    const team = teamPlansReplySchema.parse(
      (await supervisor.get(`/api/field/work-plans/team?date=${BUSINESS_DATE}`)).json(),
    );
    expect(team.rows).toEqual([
      expect.objectContaining({
        fullName: 'Field One',
        visits: 1,
        done: 0,
        totals: [{ currency: 'INR', target: '12500.50', collected: '0.00' }],
      }),
    ]);
    const seen = await plan(
      supervisor,
      supervisor.get(`/api/field/work-plan?date=${BUSINESS_DATE}&userId=${collector.user.id}`),
    );
    expect(seen.editable).toBe(false);
    expect(seen.visits).toHaveLength(1);
    // The supervisor cannot change it, the other zone cannot see it or its accounts.
    const change = await supervisor.post(`/api/field/work-plan/visits/${made.visits[0]!.id}/status`, {
      status: 'VISITED',
      version: 1,
    });
    expect(change.statusCode).toBe(404);
    expect(
      (await outsider.get(`/api/field/work-plan?date=${BUSINESS_DATE}&userId=${collector.user.id}`)).statusCode,
    ).toBe(404);
    expect(
      teamPlansReplySchema.parse((await outsider.get(`/api/field/work-plans/team?date=${BUSINESS_DATE}`)).json()).rows,
    ).toEqual([]);
    const foreignAdd = await outsider.post('/api/field/work-plan/visits', {
      date: BUSINESS_DATE,
      accountNo: account.accountNo,
      priority: 'HIGH',
    });
    expect(foreignAdd.statusCode).toBe(404);
    const refused = await noAuthority.get('/api/field/work-plans/team');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    const past = await collector.post('/api/field/work-plan/visits', {
      date: '2020-01-01',
      accountNo: account.accountNo,
      priority: 'HIGH',
    });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).fields).toContain('date');
  });

  async function pvr(
    response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ): Promise<PvrCaseDetail> {
    const reply = await response;
    expect(reply.statusCode, reply.body).toBe(200);
    return pvrCaseDetailSchema.parse(reply.json());
  }

  async function addPhoto(api: Api, caseId: number, content: Buffer = PNG, name = 'front.png') {
    const body = multipart({}, [{ name, content }]);
    return api.inject({
      method: 'POST',
      url: `/api/pvr/cases/${caseId}/photos`,
      payload: body.payload,
      headers: body.headers,
    });
  }

  const visit = (version: number, extra: Record<string, unknown> = {}) => ({
    visitedAt: `${BUSINESS_DATE}T05:30:00Z`,
    latitude: 19.1205,
    longitude: 72.8501,
    occupancy: 'SELF_OCCUPIED',
    condition: 'GOOD',
    personMet: 'Borrower’s wife',
    remarks: 'Flat occupied by the family, well kept',
    version,
    ...extra,
  });

  it('runs a PVR case: open → delegate → photo → capture → send back → capture → approve, by two users', async () => {
    const org = await createOrg(handle.db);
    const officer = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['INIT_PVR_TRAY_SAUTH'], { fullName: 'PVR Officer' }),
      org.branch,
    );
    const field = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['INIT_PVR_TRAY_SAUTH'], { fullName: 'Field Staff' }),
      org.branch,
    );
    const agency = await createAgency(handle.db, org.branch);
    const account = await geocodedAccount(org, 19.12, 72.85, { property: true });
    const unsecured = await geocodedAccount(org, 19.12, 72.85);

    const noProperty = await officer.post('/api/pvr/cases', {
      accountNo: unsecured.accountNo,
      reason: 'Pre-legal check',
    });
    expect(noProperty.statusCode).toBe(409);
    expect(errorOf(noProperty).code).toBe('NOT_ELIGIBLE');

    let current = await pvr(
      officer.post('/api/pvr/cases', { accountNo: account.accountNo, reason: 'SARFAESI pre-check: occupancy' }),
    );
    expect(current).toMatchObject({ status: 'INITIATED', accountId: account.id, latitude: 19.12, longitude: 72.85 });
    expect(current.caseNo).toMatch(/^PVR-\d{6}$/);
    const second = await officer.post('/api/pvr/cases', { accountNo: account.accountNo, reason: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).code).toBe('CASE_ALREADY_OPEN');

    const delegates = delegatesReplySchema.parse((await officer.get('/api/pvr/delegates')).json());
    expect(delegates.users.map((user) => user.fullName)).toEqual(
      expect.arrayContaining(['PVR Officer', 'Field Staff']),
    );
    expect(delegates.agencies.map((row) => row.id)).toContain(agency.id);
    // an agency empanelled at the zone serves the branch too; one of another zone does not
    const zoneAgency = await createAgency(handle.db, org.zone);
    const foreignAgency = await createAgency(handle.db, org.foreign);
    const wider = delegatesReplySchema.parse((await officer.get('/api/pvr/delegates')).json());
    expect(wider.agencies.map((row) => row.id)).toContain(zoneAgency.id);
    expect(wider.agencies.map((row) => row.id)).not.toContain(foreignAgency.id);
    expect(delegates.users[0]!.capacity).toBeGreaterThan(0);

    const badAssignee = await officer.post(`/api/pvr/cases/${current.id}/delegate`, {
      assigneeKind: 'USER',
      assigneeId: 999999,
      dueDate: BUSINESS_DATE,
      version: current.version,
    });
    expect(badAssignee.statusCode).toBe(400);
    expect(errorOf(badAssignee).fields).toContain('assigneeId');
    current = await pvr(
      officer.post(`/api/pvr/cases/${current.id}/delegate`, {
        assigneeKind: 'USER',
        assigneeId: field.user.id,
        dueDate: '2026-04-15',
        version: current.version,
      }),
    );
    expect(current).toMatchObject({ status: 'DELEGATED', assignee: 'Field Staff', dueDate: '2026-04-15' });
    expect(current.can.capture).toBe(false);

    // Only the delegated officer records the visit; a photo first.
    expect((await officer.post(`/api/pvr/cases/${current.id}/visit`, visit(current.version))).statusCode).toBe(409);
    const noPhoto = await field.post(`/api/pvr/cases/${current.id}/visit`, visit(current.version));
    expect(noPhoto.statusCode).toBe(400);
    expect(errorOf(noPhoto).fields).toContain('photos');
    const pdf = await addPhoto(field, current.id, Buffer.from('%PDF-1.7\n%%EOF\n'), 'x.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(errorOf(pdf).fields).toContain('file');
    current = await pvr(addPhoto(field, current.id));
    expect(current.photos).toHaveLength(1);
    const photo = await field.get(`/api/pvr/cases/${current.id}/photos/${current.photos[0]!.id}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    current = await pvr(field.post(`/api/pvr/cases/${current.id}/visit`, visit(current.version)));
    expect(current.status).toBe('CAPTURED');
    expect(current.visit).toMatchObject({ occupancy: 'SELF_OCCUPIED', condition: 'GOOD', capturedBy: 'Field Staff' });
    expect(current.visit!.distanceM).toBeGreaterThan(0);
    expect(current.visit!.distanceM).toBeLessThan(100);

    // The visitor cannot review their own visit.
    const own = await field.post(`/api/pvr/cases/${current.id}/review`, {
      decision: 'approve',
      version: current.version,
    });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('MAKER_CANNOT_CHECK');
    const noRemarks = await officer.post(`/api/pvr/cases/${current.id}/review`, {
      decision: 'sendBack',
      version: current.version,
    });
    expect(noRemarks.statusCode).toBe(400);
    expect(errorOf(noRemarks).fields).toContain('remarks');
    current = await pvr(
      officer.post(`/api/pvr/cases/${current.id}/review`, {
        decision: 'sendBack',
        remarks: 'Photo of the rear side missing',
        version: current.version,
      }),
    );
    expect(current).toMatchObject({ status: 'SENT_BACK', review: { remarks: 'Photo of the rear side missing' } });
    current = await pvr(addPhoto(field, current.id, PNG, 'rear.png'));
    current = await pvr(
      field.post(`/api/pvr/cases/${current.id}/visit`, visit(current.version, { condition: 'FAIR' })),
    );
    const stale = await officer.post(`/api/pvr/cases/${current.id}/review`, {
      decision: 'approve',
      version: current.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    current = await pvr(
      officer.post(`/api/pvr/cases/${current.id}/review`, {
        decision: 'approve',
        remarks: 'Verified',
        version: current.version,
      }),
    );
    expect(current.status).toBe('APPROVED');
    expect(current.events.map((event) => event.action)).toEqual([
      'OPEN',
      'DELEGATE',
      'CAPTURE',
      'SEND_BACK',
      'CAPTURE',
      'APPROVE',
    ]);
    expect(current.can).toEqual({ delegate: false, capture: false, review: false });

    // The detail reads at both PVRCaseDtl routes (no authority: any user acting in the subtree), with the account.
    const viewer = await apiAs(t, await createStaff(handle.db, org.zone, ['RECEIPT_VIEWER_SAUTH']), org.zone);
    expect((await viewer.get(`/api/pvr/cases/${current.id}?accountId=${account.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/pvr/cases/${current.id}?accountId=${unsecured.id}`)).statusCode).toBe(404);
    const foreign = await apiAs(t, await createStaff(handle.db, org.foreign, ['INIT_PVR_TRAY_SAUTH']), org.foreign);
    expect((await foreign.get(`/api/pvr/cases/${current.id}`)).statusCode).toBe(404);

    // Approved: a new case may be opened; the history is append-only.
    await pvr(officer.post('/api/pvr/cases', { accountNo: account.accountNo, reason: 'Annual re-inspection' }));
    await expect(
      handle.db.execute(sql`update pvr_case_events set remarks = 'x' where case_id = ${current.id}`),
    ).rejects.toThrow();
    const audits = await auditRows(handle.db, { action: 'field.pvr.approve' });
    expect(audits.length).toBeGreaterThan(0);

    const tray = pvrTrayPageSchema.parse((await officer.get('/api/pvr/cases?status=APPROVED')).json());
    expect(tray.rows.map((row) => row.id)).toContain(current.id);
    expect(tray.counts.APPROVED).toBeGreaterThanOrEqual(1);
    expect(tray.counts.INITIATED).toBe(1);

    // An agency's case is captured by an officer of the unit.
    const agencyAccount = await geocodedAccount(org, 19.2, 72.9, { property: true });
    let agencyCase = await pvr(
      officer.post('/api/pvr/cases', { accountNo: agencyAccount.accountNo, reason: 'Vacancy report' }),
    );
    agencyCase = await pvr(
      officer.post(`/api/pvr/cases/${agencyCase.id}/delegate`, {
        assigneeKind: 'AGENCY',
        assigneeId: agency.id,
        dueDate: BUSINESS_DATE,
        version: agencyCase.version,
      }),
    );
    expect(agencyCase.can.capture).toBe(true);
  });

  it('refuses geotags out of range and other bad input with a 400 naming the field, and callers without the authority', async () => {
    const org = await createOrg(handle.db);
    const officer = await apiAs(t, await createStaff(handle.db, org.branch, ['INIT_PVR_TRAY_SAUTH']), org.branch);
    const account = await geocodedAccount(org, 19.12, 72.85, { property: true });
    let current = await pvr(officer.post('/api/pvr/cases', { accountNo: account.accountNo, reason: 'Check' }));
    current = await pvr(
      officer.post(`/api/pvr/cases/${current.id}/delegate`, {
        assigneeKind: 'USER',
        assigneeId: officer.user.id,
        dueDate: BUSINESS_DATE,
        version: current.version,
      }),
    );
    current = await pvr(addPhoto(officer, current.id));
    for (const [field, value] of [
      ['latitude', 91],
      ['latitude', -90.5],
      ['longitude', 180.01],
      ['longitude', -181],
      ['latitude', 'north'],
    ] as const) {
      const response = await officer.post(
        `/api/pvr/cases/${current.id}/visit`,
        visit(current.version, { [field]: value }),
      );
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(errorOf(response).fields).toEqual([field]);
    }
    const future = await officer.post(
      `/api/pvr/cases/${current.id}/visit`,
      visit(current.version, { visitedAt: '2030-01-01T00:00:00Z' }),
    );
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toContain('visitedAt');
    const badOccupancy = await officer.post(
      `/api/pvr/cases/${current.id}/visit`,
      visit(current.version, { occupancy: 'HAUNTED' }),
    );
    expect(errorOf(badOccupancy).fields).toContain('occupancy');
    // Unchanged after the refusals.
    expect((await pvr(officer.get(`/api/pvr/cases/${current.id}`))).status).toBe('DELEGATED');

    const noAuthority = await apiAs(t, await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']), org.branch);
    for (const [method, url] of [
      ['GET', '/api/pvr/cases'],
      ['POST', '/api/pvr/cases'],
      ['GET', '/api/pvr/delegates'],
      ['POST', `/api/pvr/cases/${current.id}/delegate`],
      ['POST', `/api/pvr/cases/${current.id}/visit`],
      ['POST', `/api/pvr/cases/${current.id}/review`],
      ['GET', '/api/pvr/heat-map'],
      ['GET', '/api/field/work-plan'],
    ] as const) {
      const response = await noAuthority.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('draws the heat map: density of accounts awaiting a visit and of visits made, in the subtree', async () => {
    const org = await createOrg(handle.db);
    const officer = await apiAs(t, await createStaff(handle.db, org.zone, ['INIT_PVR_TRAY_SAUTH']), org.zone);
    const branchOfficer = await apiAs(t, await createStaff(handle.db, org.branch, ['INIT_PVR_TRAY_SAUTH']), org.branch);
    for (const [lat, lon] of [
      [19.1201, 72.8501],
      [19.1202, 72.8502],
      [19.2501, 72.9501],
    ] as const) {
      const account = await geocodedAccount(org, lat, lon, { property: true });
      await pvr(branchOfficer.post('/api/pvr/cases', { accountNo: account.accountNo, reason: 'Heat map' }));
    }
    const awaiting = heatMapReplySchema.parse((await officer.get('/api/pvr/heat-map?layer=awaiting')).json());
    expect(awaiting.total).toBe(3);
    expect(awaiting.cells[0]).toEqual({ latitude: 19.125, longitude: 72.855, count: 2 });
    const visits = heatMapReplySchema.parse((await officer.get('/api/pvr/heat-map?layer=visits')).json());
    expect(visits.total).toBe(0);
    const foreign = await apiAs(t, await createStaff(handle.db, org.foreign, ['INIT_PVR_TRAY_SAUTH']), org.foreign);
    expect(heatMapReplySchema.parse((await foreign.get('/api/pvr/heat-map')).json()).total).toBe(0);
    const bad = await officer.get('/api/pvr/heat-map?layer=everything');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields.join()).toContain('layer');
  });
});
