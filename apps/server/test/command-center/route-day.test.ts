import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { fieldUsersReplySchema, type PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { routeDayReplySchema } from '@recovery-desk/domain/command-center/route-day.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from '@recovery-desk/domain/command-center/settings.ts';
import { simulateDay } from '@recovery-desk/domain/command-center/simulator.ts';
import { apiAs, createOrg, createStaff, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { commandCenterSupervisor } from './supervisor.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { ANDHERI_CUSTOMERS, plantFieldDay } from './field-day-fixture.ts';

// The route replay's day (issue 16, Animated Route Taken) on PGlite and PostgreSQL: a simulated day sent through the
// ingest in batches comes back as the kept fixes in order, a stop at each long visit with its duration, the trips
// and the receipts on the route; a poor fix is left out and counted; another unit's supervisor gets 404. A day of
// real customers (field-day-fixture.ts) carries the geofences of the customers visited that day; the collector
// picker's field-users read searches by name or username.

const DAY = '2026-11-20';
const EVENING = Date.parse('2026-11-20T14:30:00Z'); // 20:00 in Asia/Kolkata: the day's shift is over
const START = { latitude: 19.1136, longitude: 72.8697 };
const CUSTOMERS = [
  { id: 'A', latitude: 19.1197, longitude: 72.8468 },
  { id: 'B', latitude: 19.1075, longitude: 72.8263 },
  { id: 'C', latitude: 19.1334, longitude: 72.8291 },
  { id: 'D', latitude: 19.1402, longitude: 72.8553 },
];

describe.each(testDatabaseKinds())('command center: route of a day (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { clock: new FakeClock(EVENING) });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const supervisor = (unit: Org['zone']) => commandCenterSupervisor(t, handle.db, unit);

  it('gives the replay the day: fixes in order, stops with durations, trips, receipts; 404 for another unit', async () => {
    const org = await createOrg(handle.db);
    const fc = await apiAs(t, await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']), org.branch);
    const day = simulateDay({ seed: `route-${kind}`, date: DAY, start: START, customers: CUSTOMERS });
    const positions: PositionInput[] = day.positions.map((position, index) => ({
      seq: position.sequence,
      fixTime: position.fixTime,
      latitude: position.latitude,
      longitude: position.longitude,
      // one fix in fifty is poor: the accuracy filter (100 m) leaves it out
      accuracyM: index % 50 === 7 ? 400 : position.accuracyM,
      speedKmh: position.speedKmh,
      battery: position.battery,
      mock: position.mock,
    }));
    const receipts: PositionInput[] = day.receipts.map((receipt, index) => ({
      seq: 1_000_000 + index,
      fixTime: receipt.receivedAt,
      latitude: receipt.latitude ?? START.latitude,
      longitude: receipt.longitude ?? START.longitude,
      accuracyM: receipt.accuracyM,
      mock: receipt.mock,
      eventType: 'RECEIPT',
      ref: receipt.id,
    }));
    const all = [...positions, ...receipts].reverse(); // sent newest first
    for (let index = 0; index < all.length; index += 1000) {
      const reply = await fc.post('/api/cmd-center/positions', {
        deviceId: `route-${kind}`,
        positions: all.slice(index, index + 1000),
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }

    const cc = await supervisor(org.zone);
    const response = await cc.get(`/api/cmd-center/route?userId=${fc.user.id}&date=${DAY}`);
    expect(response.statusCode, response.body).toBe(200);
    const route = routeDayReplySchema.parse(response.json());
    const times = route.fixes.map((fix) => Date.parse(fix.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(route.fixes.length).toBeGreaterThan(100);
    expect(route.truncated).toBe(false);

    for (const visit of day.visits) {
      const arrive = Date.parse(visit.arriveAt);
      const leave = Date.parse(visit.leaveAt);
      if (leave - arrive < 10 * 60_000) continue;
      const stop = route.stops.find(
        (candidate) => Date.parse(candidate.startTime) <= leave && Date.parse(candidate.endTime) >= arrive,
      );
      expect(stop, `a stop at customer ${visit.customerId}`).toBeDefined();
      expect(stop!.durationS).toBeGreaterThanOrEqual(300);
    }
    expect(route.trips.length).toBeGreaterThan(0);
    expect(route.totals.distanceM).toBeGreaterThan(1000);
    expect(route.events.map((event) => event.ref)).toEqual(day.receipts.map((receipt) => receipt.id));

    // the poor fixes never reached the route: the ingest dropped them (accuracy filter) before storing
    expect(route.fixes.length).toBeLessThan(positions.length);

    const otherZone = await supervisor((await createOrg(handle.db)).zone);
    expect((await otherZone.get(`/api/cmd-center/route?userId=${fc.user.id}&date=${DAY}`)).statusCode).toBe(404);
    expect((await fc.get(`/api/cmd-center/route?userId=${fc.user.id}&date=${DAY}`)).statusCode).toBe(403);
    expect((await cc.get(`/api/cmd-center/route?userId=${fc.user.id}&date=20-11-2026`)).statusCode).toBe(400);
  });

  it('gives the geofences of the customers visited that day, at their address with the settings’ radius', async () => {
    const org = await createOrg(handle.db);
    const collector = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const depositor = await apiAs(
      t,
      await createStaff(handle.db, org.branch, ['PAY_BATCH_GEN_SAUTH', 'PAY_BATCH_VIEWER_SAUTH']),
      org.branch,
    );
    const planted = await plantFieldDay(handle.db, {
      branch: org.branch,
      collector,
      collectorApi: await apiAs(t, collector, org.branch),
      depositor,
      seed: `route-geofences-${kind}`,
      date: DAY,
    });
    const cc = await supervisor(org.zone);
    const reply = await cc.get(`/api/cmd-center/route?userId=${collector.id}&date=${DAY}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const route = routeDayReplySchema.parse(reply.json());

    const customerOfAccount = new Map(planted.accounts.map((account) => [account.id, account.customerId]));
    const visited = new Set([
      ...planted.day.visits.map((visit) => Number(visit.customerId)),
      ...planted.day.receipts
        .filter((r) => r.latitude !== null)
        .map((r) => customerOfAccount.get(Number(r.accountId))!),
    ]);
    expect(visited.size).toBeGreaterThan(0);
    expect(route.geofences.radiusM).toBe(DEFAULT_COMMAND_CENTER_SETTINGS.geofenceRadiusM);
    expect(route.geofences.customers.map((customer) => customer.customerId).sort((a, b) => a - b)).toEqual(
      [...visited].sort((a, b) => a - b),
    );
    for (const geofence of route.geofences.customers) {
      const index = planted.accounts.findIndex((account) => account.customerId === geofence.customerId);
      expect(geofence.accountNo).toBe(planted.accounts[index]!.accountNo);
      expect({ latitude: geofence.latitude, longitude: geofence.longitude }).toEqual(ANDHERI_CUSTOMERS[index]);
      expect(geofence.customerName).not.toBe('');
    }

    // another day of the same collector: no visits, no geofences (the allocated customers are not drawn)
    const quiet = routeDayReplySchema.parse(
      (await cc.get(`/api/cmd-center/route?userId=${collector.id}&date=2026-11-19`)).json(),
    );
    expect(quiet.geofences.customers).toEqual([]);
  });

  it('searches the field users for the collector picker by name or username', async () => {
    const org = await createOrg(handle.db);
    const marker = `Zeta${kind}${Date.now() % 100_000}`;
    const wanted = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], { fullName: `${marker} Rao` });
    const other = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH'], {
      fullName: 'Another Collector',
    });
    const cc = await supervisor(org.zone);
    const search = async (q: string) => {
      const reply = await cc.get(`/api/cmd-center/field-users?q=${encodeURIComponent(q)}&pageSize=10`);
      expect(reply.statusCode, reply.body).toBe(200);
      return fieldUsersReplySchema.parse(reply.json());
    };
    const byName = await search(marker.toLowerCase());
    expect(byName.rows.map((row) => row.userId)).toEqual([wanted.id]);
    expect(byName.total).toBe(1);
    expect((await search(other.username.toUpperCase())).rows.map((row) => row.userId)).toEqual([other.id]);
    // the LIKE wildcards are searched for, not obeyed
    expect((await search('%')).total).toBe(0);
    const all = await search('');
    expect(all.rows.map((row) => row.userId)).toEqual(expect.arrayContaining([wanted.id, other.id]));
    expect((await cc.get(`/api/cmd-center/field-users?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});
