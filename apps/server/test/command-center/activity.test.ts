import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  accountActivityReplySchema,
  activeUsersReplySchema,
  idleReportReplySchema,
  timeSpentReplySchema,
} from '@recovery-desk/domain/command-center/activity.ts';
import type { PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { simulateDay } from '@recovery-desk/domain/command-center/simulator.ts';
import {
  apiAs,
  createAccount,
  createOrg,
  createStaff,
  errorOf,
  type Org,
  type TestAccount,
} from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { commandCenterSupervisor } from './supervisor.ts';

// The activity reports (issue 16) on PGlite and PostgreSQL, over a simulated day (fixed seed) sent through the ingest
// as a field user, with VISIT events: the statuses at their thresholds (test clock), the idle spells the simulator
// planted found with their minutes, the dwell at each visited customer, an account's field activity, exports, other
// units' users and accounts invisible, and 400 naming the field for a bad range.

const DAY = '2026-11-20';
const EVENING = Date.parse('2026-11-20T14:30:00Z'); // 20:00 in Asia/Kolkata: the day's shift is over
const START = { latitude: 19.1136, longitude: 72.8697 };
const PLACES = [
  { latitude: 19.1197, longitude: 72.8468 },
  { latitude: 19.1075, longitude: 72.8263 },
  { latitude: 19.1334, longitude: 72.8291 },
];

describe.each(testDatabaseKinds())('command center: activity reports (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let clock: FakeClock;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    clock = new FakeClock(EVENING);
    t = await createTestApp(handle.db, { clock });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const supervisor = (unit: Org['zone']) => commandCenterSupervisor(t, handle.db, unit, ['LEGAL_POOL_SAUTH']);

  it('reports statuses, idle spells, dwell per customer and an account’s activity; other units see none', async () => {
    const org = await createOrg(handle.db);
    const fcUser = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], {
      fullName: `Activity ${kind}`,
    });
    const fc = await apiAs(t, fcUser, org.branch);
    const idler = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: `Silent ${kind}` });
    const accounts: TestAccount[] = [];
    for (const place of PLACES) {
      const account = await createAccount(handle.db, { unit: org.branch, allocatedTo: fcUser });
      await handle.db.insert(addresses).values({
        customerId: account.customerId,
        addressType: 'RESIDENCE',
        line1: '1 Link Road',
        city: 'Mumbai',
        state: 'MH',
        pinCode: '400053',
        ...place,
      });
      accounts.push(account);
    }
    const day = simulateDay({
      seed: `activity-${kind}`,
      date: DAY,
      start: START,
      customers: accounts.map((account, index) => ({ id: account.customerId, ...PLACES[index]! })),
      idleSpells: 1,
      receiptShare: 0,
    });
    const positions: PositionInput[] = day.positions.map((position) => ({
      seq: position.sequence,
      fixTime: position.fixTime,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracyM: position.accuracyM,
      speedKmh: position.speedKmh,
      battery: position.battery,
      mock: position.mock,
    }));
    const visits: PositionInput[] = day.visits.map((visit, index) => ({
      seq: 1_000_000 + index,
      fixTime: visit.arriveAt,
      latitude: visit.latitude,
      longitude: visit.longitude,
      accuracyM: 10,
      eventType: 'VISIT',
      ref: accounts.find((account) => account.customerId === visit.customerId)!.accountNo,
    }));
    const all = [...positions, ...visits];
    for (let index = 0; index < all.length; index += 1000) {
      const reply = await fc.post('/api/cmd-center/positions', {
        deviceId: `activity-${kind}`,
        positions: all.slice(index, index + 1000),
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    expect(day.idle.length).toBeGreaterThan(0);
    expect(day.visits.length).toBeGreaterThan(0);

    let cc = await supervisor(org.zone);
    const otherZone = (await createOrg(handle.db)).zone;

    // Active Inactive Users: the statuses at the thresholds (online 10 min, offline 60 min, inactive 30 min)
    // (the clock moves past the access token's life: each reading signs in anew)
    const statusOf = async () => {
      cc = await supervisor(org.zone);
      const response = await cc.get(`/api/cmd-center/active-users?date=${DAY}&q=${encodeURIComponent(kind)}`);
      expect(response.statusCode, response.body).toBe(200);
      const reply = activeUsersReplySchema.parse(response.json());
      return { reply, row: reply.rows.find((row) => row.userId === fcUser.id)! };
    };
    let { reply, row } = await statusOf();
    expect(row.status).toBe('ONLINE');
    expect(row.inactive).toBe(false);
    expect(row.day.positions).toBeGreaterThan(100);
    expect(row.day.positions).toBeLessThanOrEqual(all.length);
    expect(row.day.visits).toBe(day.visits.length);
    expect(row.day.stops).toBeGreaterThan(0);
    expect(row.day.distanceKm).toBeGreaterThan(1);
    expect(reply.counts).toMatchObject({ ALL: 2, ONLINE: 1, OFFLINE: 1, INACTIVE: 1 });
    const silent = reply.rows.find((candidate) => candidate.userId === idler.id)!;
    expect(silent).toMatchObject({ status: 'OFFLINE', inactive: true, lastSeenAt: null, lastPosition: null });
    clock.advance(10 * 60);
    expect((await statusOf()).row.status).toBe('ONLINE');
    clock.advance(1);
    expect((await statusOf()).row.status).toBe('UNKNOWN');
    clock.advance(20 * 60);
    ({ row } = await statusOf());
    expect(row).toMatchObject({ status: 'UNKNOWN', inactive: true });
    clock.advance(30 * 60);
    ({ reply, row } = await statusOf());
    expect(row.status).toBe('OFFLINE');
    expect(reply.counts).toMatchObject({ ONLINE: 0, OFFLINE: 2, INACTIVE: 2 });
    const other = await supervisor(otherZone);
    const onlineOnly = activeUsersReplySchema.parse(
      (await cc.get(`/api/cmd-center/active-users?status=ONLINE&q=${encodeURIComponent(kind)}`)).json(),
    );
    expect(onlineOnly.rows).toEqual([]);
    const theirs = activeUsersReplySchema.parse((await other.get('/api/cmd-center/active-users')).json());
    expect(theirs.rows.map((candidate) => candidate.userId)).not.toContain(fcUser.id);
    const csv = await cc.get(`/api/cmd-center/active-users/export?format=csv&q=${encodeURIComponent(kind)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`Activity ${kind}`);

    // Idle Time Report: each planted idle spell is found, with its minutes
    const idleResponse = await cc.get(`/api/cmd-center/idle-report?from=${DAY}&to=${DAY}&userId=${fcUser.id}`);
    expect(idleResponse.statusCode, idleResponse.body).toBe(200);
    const idle = idleReportReplySchema.parse(idleResponse.json());
    const spells = idle.users[0]!.spells;
    for (const planted of day.idle) {
      const from = Date.parse(planted.from);
      const to = Date.parse(planted.to);
      const found = spells.find((spell) => Date.parse(spell.from) < to && Date.parse(spell.to) > from);
      expect(found, `idle from ${planted.from}`).toBeDefined();
      expect(Math.abs(found!.minutes - (to - from) / 60_000)).toBeLessThanOrEqual(3);
      expect(found!.customer).toBeNull();
    }
    expect(spells.every((spell) => spell.minutes >= idle.minMinutes)).toBe(true);
    expect(idle.users[0]!.totalMinutes).toBeCloseTo(
      spells.reduce((sum, spell) => sum + spell.minutes, 0),
      0,
    );

    // Time Spent Report: each visited customer with its dwell
    const spentResponse = await cc.get(`/api/cmd-center/time-spent-report?from=${DAY}&to=${DAY}&userId=${fcUser.id}`);
    expect(spentResponse.statusCode, spentResponse.body).toBe(200);
    const spent = timeSpentReplySchema.parse(spentResponse.json());
    for (const visit of day.visits) {
      const customer = spent.users[0]!.customers.find((candidate) => candidate.customerId === visit.customerId);
      expect(customer, `customer ${visit.customerId}`).toBeDefined();
      const expected = (Date.parse(visit.leaveAt) - Date.parse(visit.arriveAt)) / 60_000;
      expect(Math.abs(customer!.dwellMinutes - expected)).toBeLessThanOrEqual(3);
      expect(customer!.visits).toBe(1);
      expect(customer!.accountNo).toBe(accounts.find((a) => a.customerId === visit.customerId)!.accountNo);
    }
    const xlsx = await cc.get(`/api/cmd-center/time-spent-report/export?from=${DAY}&to=${DAY}&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const exports = (await auditRows(handle.db, { action: 'cmdcenter.activity.export' })).filter(
      (audit) => audit.actorUserId === cc.user.id,
    );
    expect(exports.map((audit) => (audit.after as { report: string }).report)).toEqual([
      'active-users',
      'time-spent-report',
    ]);

    // An account's field activity: its holder, place, visit events, geofence visits with dwell
    const visited = accounts.find((account) => account.customerId === day.visits[0]!.customerId)!;
    const activityResponse = await cc.get(
      `/api/cmd-center/accounts/${visited.id}/field-activity?from=${DAY}&to=${DAY}`,
    );
    expect(activityResponse.statusCode, activityResponse.body).toBe(200);
    const activity = accountActivityReplySchema.parse(activityResponse.json());
    expect(activity.account.allocatedTo?.userId).toBe(fcUser.id);
    expect(activity.account.location).not.toBeNull();
    expect(activity.visitEvents.map((event) => event.userId)).toEqual([fcUser.id]);
    expect(activity.geofenceVisits).toHaveLength(1);
    expect(activity.geofenceVisits[0]!.dwellMinutes).toBeGreaterThan(0);

    // other units: invisible; a bad range: 400 naming the field
    expect((await other.get(`/api/cmd-center/idle-report?from=${DAY}&to=${DAY}&userId=${fcUser.id}`)).statusCode).toBe(
      404,
    );
    expect((await other.get(`/api/cmd-center/accounts/${visited.id}/field-activity`)).statusCode).toBe(404);
    const tooLong = await cc.get(`/api/cmd-center/time-spent-report?from=2026-10-01&to=${DAY}`);
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toContain('to');
    // a report over all the zone's users is bounded: 12 field users × 31 days is more than 310 user-days
    for (let index = 0; index < 10; index++) {
      await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: `Extra ${index} ${kind}` });
    }
    const tooMany = await cc.get('/api/cmd-center/idle-report?from=2026-10-21&to=2026-11-20');
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).fields).toEqual(['userId']);
    const backwards = await cc.get(`/api/cmd-center/idle-report?from=${DAY}&to=2026-11-19`);
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields).toContain('to');
    const fcAgain = await apiAs(t, fcUser, org.branch);
    expect((await fcAgain.get(`/api/cmd-center/idle-report?from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
  });
});
