import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { dashboardReplySchema } from '@recovery-desk/domain/command-center/dashboard.ts';
import type { PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { commandCenterSupervisor } from './supervisor.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { ALL_PLANTS } from '@recovery-desk/domain/command-center/simulator.ts';
import { plantFieldDay } from './field-day-fixture.ts';

// The command-center dashboard (issue 16) on PGlite and PostgreSQL: from known tracks ingested under the test clock,
// the field force's statuses (online / unknown / offline / inactive with the settings' thresholds), the day's coverage
// (active collectors, visits, allocated vs visited accounts, distance) and the alerts (inactive, SOS, mock, low
// battery; the day's shady findings); another zone's supervisor sees none of it, and a caller without ACTIVE_INACTIVE_SAUTH
// gets the frame only.

const START = Date.parse('2026-11-20T09:00:00Z'); // 14:30 in Asia/Kolkata
const DAY = '2026-11-20';

describe.each(testDatabaseKinds())('command center: dashboard (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let clock: FakeClock;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    clock = new FakeClock(START);
    t = await createTestApp(handle.db, { clock });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const supervisor = (unit: Org['zone']) => commandCenterSupervisor(t, handle.db, unit);

  const post = async (api: Api, deviceId: string, positions: PositionInput[]) => {
    const reply = await api.post('/api/cmd-center/positions', { deviceId, positions });
    expect(reply.statusCode, reply.body).toBe(200);
  };

  it('counts the field force, the coverage and the alerts of the subtree only; the frame without the authority', async () => {
    const org = await createOrg(handle.db);
    const fcMoving = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'A Moving' });
    const fcQuiet = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'B Quiet' });
    await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: 'C Never' });
    const visited = await createAccount(handle.db, { unit: org.branch, allocatedTo: fcMoving });
    await createAccount(handle.db, { unit: org.branch, allocatedTo: fcMoving });
    await createAccount(handle.db, { unit: org.sibling, allocatedTo: fcQuiet });

    // B reports once at 14:30 and then falls silent
    const quiet = await apiAs(t, fcQuiet, org.sibling);
    await post(quiet, `quiet-${kind}`, [
      { seq: 1, fixTime: new Date(START).toISOString(), latitude: 19.1, longitude: 72.85, accuracyM: 10, battery: 80 },
    ]);

    // 40 minutes later A moves 300 m a minute for five minutes, visits an account, one fix mocked, an SOS, battery low
    clock.advance(40 * 60);
    const now = clock.now().getTime();
    const moving = await apiAs(t, fcMoving, org.branch);
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const track: PositionInput[] = [5, 4, 3, 2, 1, 0].map((minutesAgo, index) => ({
      seq: index + 1,
      fixTime: at(minutesAgo),
      latitude: 19.1 + index * 0.0027,
      longitude: 72.85,
      accuracyM: 10,
      speedKmh: 18,
      battery: 12,
      mock: index === 2,
    }));
    track.push(
      {
        seq: 10,
        fixTime: at(0.5),
        latitude: 19.1135,
        longitude: 72.85,
        accuracyM: 10,
        eventType: 'VISIT',
        ref: visited.accountNo,
      },
      { seq: 11, fixTime: at(0.4), latitude: 19.1135, longitude: 72.85, accuracyM: 10, eventType: 'SOS' },
    );
    await post(moving, `moving-${kind}`, track);

    const cc = await supervisor(org.zone);
    const response = await cc.get(`/api/cmd-center/dashboard`);
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = dashboardReplySchema.parse(response.json());
    expect(dashboard.date).toBe(DAY);
    expect(dashboard.access).toBe('FULL');
    expect(dashboard.fieldForce).toMatchObject({ total: 3, online: 1, unknown: 1, offline: 1, inactive: 2 });
    expect(dashboard.fieldForce!.positions.map((p) => [p.fullName, p.status, p.inactive])).toEqual([
      ['A Moving', 'ONLINE', false],
      ['B Quiet', 'UNKNOWN', true],
    ]);
    expect(dashboard.coverage).toMatchObject({
      activeCollectors: 2,
      visits: 1,
      receipts: 0,
      amounts: [],
      accountsAllocated: 3,
      accountsVisited: 1,
    });
    expect(dashboard.coverage!.distanceM).toBeGreaterThan(1000);
    expect(dashboard.alerts).toEqual({ inactiveDevices: 2, sosEvents: 1, mockEvents: 1, lowBattery: 1, shady: 0 });

    // the branch's supervisor sees only the branch's collectors
    const branchOnly = dashboardReplySchema.parse(
      (await (await supervisor(org.branch)).get('/api/cmd-center/dashboard')).json(),
    );
    expect(branchOnly.fieldForce).toMatchObject({ total: 2, online: 1, offline: 1 });
    expect(branchOnly.coverage).toMatchObject({ activeCollectors: 1, accountsAllocated: 2 });

    // another zone: nothing of this one
    const other = await supervisor((await createOrg(handle.db)).zone);
    const foreign = dashboardReplySchema.parse((await other.get('/api/cmd-center/dashboard')).json());
    expect(foreign.fieldForce).toMatchObject({ total: 0, online: 0, positions: [] });
    expect(foreign.coverage).toMatchObject({ activeCollectors: 0, visits: 0, accountsAllocated: 0 });

    // a collector (no ACTIVE_INACTIVE_SAUTH) gets the frame, no field data
    const frame = dashboardReplySchema.parse((await moving.get('/api/cmd-center/dashboard')).json());
    expect(frame).toMatchObject({ access: 'NO_AUTHORITY', fieldForce: null, coverage: null, alerts: null });

    // another day: the coverage of that day
    const yesterday = dashboardReplySchema.parse((await cc.get('/api/cmd-center/dashboard?date=2026-11-19')).json());
    expect(yesterday.coverage).toMatchObject({ activeCollectors: 0, visits: 0 });
    expect((await cc.get('/api/cmd-center/dashboard?date=19-11-2026')).statusCode).toBe(400);
  });
  it('alerts with the day’s findings of both shady reports, as those reports list them', async () => {
    const org = await createOrg(handle.db);
    const collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const depositor = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['PAY_BATCH_GEN_SAUTH', 'PAY_BATCH_VIEWER_SAUTH']),
      org.branch,
    );
    const date = '2026-11-16'; // days before the clock: its cash deposit deadline (T+1) has passed
    const planted = await plantFieldDay(handle.db, {
      branch: org.branch,
      collector,
      collectorApi: await apiAs(t, collector, org.branch),
      depositor,
      seed: `dashboard-${kind}`,
      date,
      plants: ALL_PLANTS,
    });
    const cc = await supervisor(org.zone);
    const listed = async (report: 'TIME' | 'LOCATION') => {
      const reply = await cc.get(`/api/cmd-center/shady?report=${report}&from=${date}&to=${date}&pageSize=100`);
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as { total: number }).total;
    };
    const [time, location] = [await listed('TIME'), await listed('LOCATION')];
    expect(time).toBe(planted.expected.TIME.length);
    expect(location).toBe(planted.expected.LOCATION.length);
    expect(time).toBeGreaterThan(0);
    expect(location).toBeGreaterThan(0);

    const dashboard = dashboardReplySchema.parse((await cc.get(`/api/cmd-center/dashboard?date=${date}`)).json());
    expect(dashboard.alerts!.shady).toBe(time + location);
    // another day of the same zone: none
    const dayBefore = dashboardReplySchema.parse((await cc.get('/api/cmd-center/dashboard?date=2026-11-15')).json());
    expect(dayBefore.alerts!.shady).toBe(0);
  }, 120_000);
});
