import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  dayPositionsReplySchema,
  fieldUsersReplySchema,
  ingestReplySchema,
  type PositionInput,
} from '@recovery-desk/domain/command-center/ingest.ts';
import { selectRows } from '../../src/db/sql-rows.ts';
import { apiAs, createOrg, createStaff, errorOf, type Api, type Org } from '../collections/factories.ts';
import { createUser, ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, FakeClock, type TestApp } from '../support/test-app.ts';
import { commandCenterSupervisor } from './supervisor.ts';

// Location ingest (issue 16) on PGlite and PostgreSQL: idempotent resends, out-of-order fixes read back in order, the
// accuracy filter, all-or-nothing validation, another user's device refused, other units' field users invisible, the
// day partitions made ahead and dropped after the retention by the scheduled job, and a backfilled day's partition.

const NOW = Date.parse('2026-11-20T06:00:00Z'); // 11:30 in Asia/Kolkata
const DAY = '2026-11-20';
const at = (minutes: number) => new Date(NOW - 5 * 60 * 60_000 + minutes * 60_000).toISOString(); // from 06:00 IST

function fix(seq: number, minutes: number, extra: Partial<PositionInput> = {}): PositionInput {
  return {
    seq,
    fixTime: at(minutes),
    latitude: 19.12 + seq / 10_000,
    longitude: 72.85,
    accuracyM: 12,
    speedKmh: 18,
    battery: 90 - seq,
    ...extra,
  };
}

describe.each(testDatabaseKinds())('command center: location ingest (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let clock: FakeClock;
  let deviceCounter = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    clock = new FakeClock(NOW);
    t = await createTestApp(handle.db, { clock });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const deviceKey = () => `dev-${kind}-${(deviceCounter += 1)}`;
  const collector = async (org: Org, unit = org.branch, name?: string) =>
    apiAs(t, await createStaff(handle.db, unit, ['FIELD_COLLECTOR_SAUTH'], name ? { fullName: name } : {}), unit);
  const supervisor = (unit: Org['zone']) => commandCenterSupervisor(t, handle.db, unit);
  const send = (api: Api, deviceId: string, positions: unknown[], extra: object = {}) =>
    api.post('/api/cmd-center/positions', { deviceId, positions, ...extra });
  const stored = async (deviceId: string) => {
    const [row] = await selectRows<{ n: number | string }>(
      handle.db,
      sql`select count(*) as n from field_positions p join field_devices d on d.id = p.device_id
          where d.device_key = ${deviceId}`,
    );
    return Number(row?.n ?? 0);
  };

  it('stores a batch once: a resent batch is all duplicates, out-of-order fixes read back in fix-time order', async () => {
    const org = await createOrg(handle.db);
    const fc = await collector(org, org.branch, 'Santosh Jadhav');
    const device = deviceKey();
    const batch = [fix(3, 30), fix(1, 10), fix(2, 20, { eventType: 'RECEIPT', ref: 'RCPT-000001', mock: true })];

    const first = await send(fc, device, batch, { platform: 'ANDROID', appVersion: '4.2.0' });
    expect(first.statusCode, first.body).toBe(200);
    expect(ingestReplySchema.parse(first.json())).toEqual({
      accepted: 3,
      duplicates: 0,
      dropped: { accuracy: 0, tooOld: 0, future: 0 },
    });
    const again = await send(fc, device, batch);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3, dropped: { accuracy: 0, tooOld: 0, future: 0 } });
    // a later batch carries an earlier fix (the device was offline) and repeats one fix within itself
    const late = await send(fc, device, [fix(0, 5), fix(4, 40), fix(4, 40)]);
    expect(late.json()).toEqual({ accepted: 2, duplicates: 1, dropped: { accuracy: 0, tooOld: 0, future: 0 } });
    expect(await stored(device)).toBe(5);

    const cc = await supervisor(org.zone);
    const day = await cc.get(`/api/cmd-center/positions?userId=${fc.user.id}&date=${DAY}`);
    expect(day.statusCode, day.body).toBe(200);
    const reply = dayPositionsReplySchema.parse(day.json());
    expect(reply.positions.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(reply.positions[2]).toMatchObject({
      eventType: 'RECEIPT',
      ref: 'RCPT-000001',
      mock: true,
      deviceId: device,
    });
    expect(reply.positions[0]).toMatchObject({ eventType: 'POSITION', ref: null, mock: false, battery: 90 });
    expect(reply.truncated).toBe(false);

    // the device's last fix is the latest by fix time (seq 4), not the last received; the day counts five
    const users = fieldUsersReplySchema.parse((await cc.get(`/api/cmd-center/field-users?date=${DAY}`)).json());
    const row = users.rows.find((r) => r.userId === fc.user.id);
    expect(row).toMatchObject({
      fullName: 'Santosh Jadhav',
      device: { deviceId: device, platform: 'ANDROID', appVersion: '4.2.0' },
      lastSeenAt: new Date(NOW).toISOString(),
      lastPosition: { fixTime: at(40), latitude: 19.1204, longitude: 72.85, accuracyM: 12 },
      battery: 86,
      positionsOfDay: 5,
    });
    const audits = await auditRows(handle.db, { action: 'cmdcenter.positions.ingest' });
    expect(audits.filter((a) => (a.after as { deviceKey?: string }).deviceKey === device)).toHaveLength(3);
  });

  it('takes a device’s batches at most every POSITIONS_DEVICE_INTERVAL_SECONDS: sooner is 429 with Retry-After', async () => {
    const limitedClock = new FakeClock(NOW);
    const limited = await createTestApp(handle.db, {
      clock: limitedClock,
      config: { positionsDeviceIntervalSeconds: 5 },
    });
    try {
      const org = await createOrg(handle.db);
      const fc = await apiAs(limited, await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']), org.branch);
      const device = deviceKey();
      expect((await send(fc, device, [fix(1, 10)])).statusCode).toBe(200);
      limitedClock.advance(2);
      const soon = await send(fc, device, [fix(2, 20)]);
      expect(soon.statusCode).toBe(429);
      expect(errorOf(soon).code).toBe('RATE_LIMITED');
      expect(soon.headers['retry-after']).toBe('3');
      expect(await stored(device)).toBe(1);
      // another device of the same collector has its own interval
      expect((await send(fc, deviceKey(), [fix(1, 10)])).statusCode).toBe(200);
      limitedClock.advance(3);
      expect((await send(fc, device, [fix(2, 20)])).statusCode).toBe(200);
      expect(await stored(device)).toBe(2);
      // two batches at once after the interval: the device row is locked, so one is taken and one refused
      limitedClock.advance(5);
      const both = await Promise.all([send(fc, device, [fix(3, 30)]), send(fc, device, [fix(4, 40)])]);
      expect(both.map((reply) => reply.statusCode).sort()).toEqual([200, 429]);
      expect(await stored(device)).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('drops fixes worse than the accuracy filter, too old or in the future, and counts them', async () => {
    const org = await createOrg(handle.db);
    const fc = await collector(org);
    const device = deviceKey();
    const old = new Date(NOW - 91 * 24 * 60 * 60_000).toISOString();
    const future = new Date(NOW + 60 * 60_000).toISOString();
    const reply = await send(fc, device, [
      fix(1, 10, { accuracyM: 100 }),
      fix(2, 11, { accuracyM: 150 }),
      fix(3, 12, { accuracyM: 2500 }),
      fix(4, 13, { fixTime: old }),
      fix(5, 14, { fixTime: future }),
    ]);
    expect(reply.json()).toEqual({ accepted: 1, duplicates: 0, dropped: { accuracy: 2, tooOld: 1, future: 1 } });

    // the filter is a setting
    const admin = await apiAs(
      t,
      await createUser(handle.db, {
        units: [{ unit: org.ho, grants: { cmdcenter: [{ system_auth: 'LEGAL_SETTINGS_SAUTH', tabs: [] }] } }],
      }),
      org.ho,
    );
    const current = (await admin.get('/api/cmd-center/settings')).json<{ version: number; settings: object }>();
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...current.settings, accuracyFilterM: 200, version: current.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const looser = await send(fc, device, [fix(2, 11, { accuracyM: 150 }), fix(6, 15, { accuracyM: 250 })]);
    expect(looser.json()).toEqual({ accepted: 1, duplicates: 0, dropped: { accuracy: 1, tooOld: 0, future: 0 } });
    const stale = await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...current.settings, version: current.version },
    });
    expect(errorOf(stale).code).toBe('STALE_VERSION');
    const back = (await admin.get('/api/cmd-center/settings')).json<{ version: number; settings: object }>();
    await admin.inject({
      method: 'PUT',
      url: '/api/cmd-center/settings',
      payload: { ...back.settings, accuracyFilterM: 100, version: back.version },
    });
  });

  it('refuses an invalid batch with 400 naming the field, and writes nothing', async () => {
    const org = await createOrg(handle.db);
    const fc = await collector(org);
    const device = deviceKey();
    const bad = await send(fc, device, [fix(1, 1), fix(2, 2), fix(3, 3), { ...fix(4, 4), latitude: 91 }]);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual(['positions.3.latitude']);
    const clash = await send(fc, device, [fix(1, 1), fix(1, 2)]);
    expect(clash.statusCode).toBe(400);
    expect(errorOf(clash).fields).toEqual(['positions.1.seq']);
    const tooMany = await send(
      fc,
      device,
      Array.from({ length: 1001 }, (_, index) => fix(index, 1)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).fields).toEqual(['positions']);
    expect((await send(fc, 'x', [fix(1, 1)])).statusCode).toBe(400);
    expect(await stored(device)).toBe(0);
    const [devices] = await selectRows<{ n: number | string }>(
      handle.db,
      sql`select count(*) as n from field_devices where device_key = ${device}`,
    );
    expect(Number(devices?.n)).toBe(0);
  });

  it('refuses a device registered to another user, and positions from a user without the field authority', async () => {
    const org = await createOrg(handle.db);
    const first = await collector(org);
    const second = await collector(org);
    const device = deviceKey();
    expect((await send(first, device, [fix(1, 1)])).statusCode).toBe(200);
    const refused = await send(second, device, [fix(2, 2)]);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('DEVICE_OF_ANOTHER_USER');
    expect(await stored(device)).toBe(1);
    const cc = await supervisor(org.zone);
    expect((await send(cc, deviceKey(), [fix(1, 1)])).statusCode).toBe(403);
  });

  it('takes the first positions of a new day from many devices at once', async () => {
    const org = await createOrg(handle.db);
    const fc = await collector(org);
    // a day no other test uses (40 days ago): its partition does not exist yet
    const fixTime = new Date(NOW - 40 * 24 * 60 * 60_000).toISOString();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) => send(fc, deviceKey(), [fix(index, 0, { fixTime })])),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(replies.map((reply) => reply.json<{ accepted: number }>().accepted)).toEqual(
      Array.from({ length: 8 }, () => 1),
    );
  });

  it('shows the subtree’s field users only; another unit’s user answers 404', async () => {
    const org = await createOrg(handle.db);
    const mine = await collector(org, org.branch, 'Aaron Mine');
    const sibling = await collector(org, org.sibling, 'Aaron Sibling');
    const foreign = await collector(org, org.foreign, 'Aaron Foreign');
    await send(foreign, deviceKey(), [fix(1, 1)]);
    const branchSupervisor = await supervisor(org.branch);
    const list = fieldUsersReplySchema.parse(
      (await branchSupervisor.get(`/api/cmd-center/field-users?date=${DAY}&pageSize=100`)).json(),
    );
    const ids = list.rows.map((row) => row.userId);
    expect(ids).toContain(mine.user.id);
    expect(ids).not.toContain(sibling.user.id);
    expect(ids).not.toContain(foreign.user.id);
    expect(list.rows.find((row) => row.userId === mine.user.id)).toMatchObject({
      device: null,
      lastSeenAt: null,
      lastPosition: null,
      battery: null,
      positionsOfDay: 0,
    });
    const zone = fieldUsersReplySchema.parse(
      (await (await supervisor(org.zone)).get(`/api/cmd-center/field-users?pageSize=100`)).json(),
    );
    expect(zone.date).toBe(DAY);
    expect(zone.rows.map((row) => row.userId)).toEqual(expect.arrayContaining([mine.user.id, sibling.user.id]));
    expect(zone.rows.map((row) => row.userId)).not.toContain(foreign.user.id);
    const hidden = await branchSupervisor.get(`/api/cmd-center/positions?userId=${foreign.user.id}&date=${DAY}`);
    expect(hidden.statusCode).toBe(404);
    expect((await mine.get(`/api/cmd-center/field-users`)).statusCode).toBe(403);
  });

  it('makes partitions ahead and drops those past the retention (scheduled job), and makes a backfilled day’s', async () => {
    const days = async () =>
      (
        await selectRows<{ name: string }>(
          handle.db,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = 'field_positions'::regclass order by c.relname`,
        )
      ).map((row) => row.name);
    const org = await createOrg(handle.db);
    const fc = await collector(org);
    // a backfilled fix of 80 days ago (within the 90-day retention) gets its day's partition on ingest
    const backfilled = new Date(NOW - 80 * 24 * 60 * 60_000);
    const reply = await send(fc, deviceKey(), [fix(1, 1, { fixTime: backfilled.toISOString() })]);
    expect(reply.json()).toMatchObject({ accepted: 1 });
    expect(await days()).toContain('field_positions_d20260901');

    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const made = await days();
    for (const day of ['20261120', '20261121', '20261127']) expect(made).toContain(`field_positions_d${day}`);
    expect(made).not.toContain('field_positions_d20261128');

    // 11 days later, the backfilled day (now 91 days old) is past the retention: its partition is dropped
    clock.advance(11 * 24 * 60 * 60);
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const after = await days();
    expect(after).not.toContain('field_positions_d20260901');
    expect(after).toContain('field_positions_d20261208');
    const audits = await auditRows(handle.db, { action: 'cmdcenter.partitions' });
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.some((a) => (a.after as { dropped: string[] }).dropped.includes('2026-09-01'))).toBe(true);
    const [job] = await selectRows<{ status: string }>(
      handle.db,
      sql`select status from jobs where kind = 'cmdcenter.partitions' order by id desc limit 1`,
    );
    expect(job?.status).toBe('DONE');
  });
});
