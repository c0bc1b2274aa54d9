import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import type { PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import { routeDayReplySchema } from '@recovery-desk/domain/command-center/route-day.ts';
import { simulateDay } from '@recovery-desk/domain/command-center/simulator.ts';
import { apiAs, createOrg, createStaff, type Api, type Org } from '../collections/factories.ts';
import { createUser, ensureOrganisation } from '../factories.ts';
import { createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';

// The route replay's day (issue 16, Animated Route Taken) on PGlite and PostgreSQL: a simulated day sent through the
// ingest in batches comes back as the kept fixes in order, a stop at each long visit with its duration, the trips
// and the receipts on the route; a poor fix is left out and counted; another unit's supervisor gets 404.

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

  const supervisor = async (unit: Org['zone']): Promise<Api> =>
    apiAs(
      t,
      await createUser(handle.db, {
        units: [{ unit, grants: { cmdcenter: [{ system_auth: 'ACTIVE_INACTIVE_SAUTH', tabs: [] }] } }],
      }),
      unit,
    );

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
});
