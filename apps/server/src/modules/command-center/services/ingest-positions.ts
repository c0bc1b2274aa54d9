import { sql } from 'drizzle-orm';
import {
  FUTURE_TOLERANCE_MS,
  type IngestReply,
  type PositionInput,
  type PositionsBatch,
} from '@recovery-desk/domain/command-center/ingest.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import {
  bigintArray,
  booleanArray,
  floatArray,
  integerArray,
  textArray,
  timestamptzArray,
} from '../../../db/sql-arrays.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, rateLimited, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { ensurePartitions, forgetPartitionDays, retentionCutoffDay, utcDay } from '../partitions.ts';
import { commandCenterSettingsOf } from './settings.ts';

// POST /api/cmd-center/positions: one batch of the signed-in field user's positions from one device, in one
// transaction: the device is registered (or refused when it is another user's), the positions inserted with ON
// CONFLICT DO NOTHING on (device, seq, fix time) so a resent batch stores nothing twice, the device's last seen, last
// fix and battery moved forward, and one audit row. Out-of-order fixes are stored as they come (reads order by fix
// time). Fixes with poor accuracy, before the retention window or in the future are dropped and counted.
// A device's batches over HTTP are at least `throttleSeconds` apart (POSITIONS_DEVICE_INTERVAL_SECONDS, reliability
// P4): the device row is locked and its last seen read first, so two batches at once are one accepted and one 429
// with Retry-After, across server processes. The demo seed and feed call the service without it.

type Kept = PositionInput & { at: Date };

/** PostgreSQL's "no partition of relation … found for row" (a day dropped by another process since we cached it). */
function isMissingPartition(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: string }).code === '23514' && /no partition/i.test(cause.message)) return true;
  }
  return false;
}

export async function ingestPositions(
  deps: AppDeps,
  { ctx, input, throttleSeconds = 0 }: { ctx: UnitContext; input: PositionsBatch; throttleSeconds?: number },
): Promise<IngestReply> {
  const now = deps.clock.now();
  const settings = await commandCenterSettingsOf(deps.db);
  const cutoffDay = retentionCutoffDay(now, settings.retentionDays);
  const dropped = { accuracy: 0, tooOld: 0, future: 0 };
  let duplicates = 0;
  const kept: Kept[] = [];
  const bySeq = new Map<number, number>();
  input.positions.forEach((position, index) => {
    const at = new Date(position.fixTime);
    const earlier = bySeq.get(position.seq);
    if (earlier !== undefined) {
      if (earlier !== at.getTime()) {
        throw validationError(`positions.${index}.seq`, 'is repeated in the batch with another fix time');
      }
      duplicates += 1;
      return;
    }
    bySeq.set(position.seq, at.getTime());
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) dropped.future += 1;
    else if (utcDay(at) < cutoffDay) dropped.tooOld += 1;
    else if (position.accuracyM > settings.accuracyFilterM) dropped.accuracy += 1;
    else kept.push({ ...position, at });
  });

  const store = async () => {
    await ensurePartitions(
      deps.db,
      kept.map((position) => utcDay(position.at)),
    );
    return withTransaction(deps.db, async (tx) => {
      if (throttleSeconds > 0) {
        const [last] = await selectRows<{ userId: number | string; lastSeenAt: Date | string }>(
          tx,
          sql`select user_id as "userId", last_seen_at as "lastSeenAt" from field_devices
              where device_key = ${input.deviceId} for update`,
        );
        const waitMs = last ? new Date(last.lastSeenAt).getTime() + throttleSeconds * 1000 - now.getTime() : 0;
        if (last && Number(last.userId) === ctx.user.id && waitMs > 0) throw rateLimited(Math.ceil(waitMs / 1000));
      }
      const latest = kept.reduce<Kept | null>(
        (best, position) => (!best || position.at > best.at ? position : best),
        null,
      );
      const [device] = await selectRows<{ id: number | string }>(
        tx,
        sql`insert into field_devices as d (device_key, user_id, platform, app_version, first_seen_at, last_seen_at,
              last_fix_at, last_latitude, last_longitude, last_accuracy_m, last_battery)
            values (${input.deviceId}, ${ctx.user.id}, ${input.platform ?? null}, ${input.appVersion ?? null},
              ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
              ${latest ? latest.at.toISOString() : null}::timestamptz, ${latest?.latitude ?? null}::float8,
              ${latest?.longitude ?? null}::float8, ${latest?.accuracyM ?? null}::float8,
              ${latest?.battery ?? null}::smallint)
            on conflict (device_key) do update set
              last_seen_at = greatest(d.last_seen_at, excluded.last_seen_at),
              platform = coalesce(excluded.platform, d.platform),
              app_version = coalesce(excluded.app_version, d.app_version),
              last_battery = case when excluded.last_fix_at > coalesce(d.last_fix_at, '-infinity')
                then coalesce(excluded.last_battery, d.last_battery) else d.last_battery end,
              last_latitude = case when excluded.last_fix_at > coalesce(d.last_fix_at, '-infinity')
                then excluded.last_latitude else d.last_latitude end,
              last_longitude = case when excluded.last_fix_at > coalesce(d.last_fix_at, '-infinity')
                then excluded.last_longitude else d.last_longitude end,
              last_accuracy_m = case when excluded.last_fix_at > coalesce(d.last_fix_at, '-infinity')
                then excluded.last_accuracy_m else d.last_accuracy_m end,
              last_fix_at = greatest(d.last_fix_at, excluded.last_fix_at)
            where d.user_id = excluded.user_id
            returning d.id`,
      );
      if (!device) {
        throw new AppError(
          'DEVICE_OF_ANOTHER_USER',
          'This device is registered to another field user: only that user can send positions from it.',
        );
      }
      const deviceId = Number(device.id);
      let accepted = 0;
      if (kept.length > 0) {
        const [row] = await selectRows<{ inserted: number | string }>(
          tx,
          sql`with inserted as (
                insert into field_positions (device_id, user_id, seq, fix_time, received_at, latitude, longitude,
                  accuracy_m, speed_kmh, battery, mock, event_type, ref)
                select ${deviceId}, ${ctx.user.id}, p.seq, p.fix_time, ${now.toISOString()}::timestamptz, p.latitude,
                  p.longitude, p.accuracy_m, p.speed_kmh, p.battery, p.mock, p.event_type, p.ref
                from unnest(${bigintArray(kept.map((p) => p.seq))}, ${timestamptzArray(kept.map((p) => p.at))},
                  ${floatArray(kept.map((p) => p.latitude))}, ${floatArray(kept.map((p) => p.longitude))},
                  ${floatArray(kept.map((p) => p.accuracyM))}, ${floatArray(kept.map((p) => p.speedKmh ?? null))},
                  ${integerArray(kept.map((p) => p.battery ?? null))}, ${booleanArray(kept.map((p) => p.mock ?? false))},
                  ${textArray(kept.map((p) => p.eventType ?? 'POSITION'))}, ${textArray(kept.map((p) => p.ref ?? null))})
                  as p(seq, fix_time, latitude, longitude, accuracy_m, speed_kmh, battery, mock, event_type, ref)
                on conflict (device_id, seq, fix_time) do nothing
                returning 1)
              select count(*) as inserted from inserted`,
        );
        accepted = Number(row?.inserted ?? 0);
      }
      const reply: IngestReply = { accepted, duplicates: duplicates + kept.length - accepted, dropped };
      await emitAudit(tx, ctx, {
        action: 'cmdcenter.positions.ingest',
        entity: 'field_device',
        entityId: deviceId,
        after: { deviceKey: input.deviceId, received: input.positions.length, ...reply },
      });
      return reply;
    });
  };

  try {
    return await store();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    // A partition we knew of was dropped by another process (retention): look again and retry once.
    forgetPartitionDays(deps.db);
    return store();
  }
}
