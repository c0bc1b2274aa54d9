import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_POSITIONS_PER_BATCH, type PositionInput } from '@recovery-desk/domain/command-center/ingest.ts';
import {
  liveFeed,
  simulateDay,
  type PlantKind,
  type SimulatedDay,
  type SimCustomer,
} from '@recovery-desk/domain/command-center/simulator.ts';
import { toEpochMs, wallClock } from '@recovery-desk/domain/command-center/time.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import { routeOrder } from '@recovery-desk/domain/field/route.ts';
import { BOOK_MODES, type ReceiptMode } from '@recovery-desk/domain/receipts/contracts.ts';
import { BOOK_BRANCHES } from '@recovery-desk/db/demo-book-data.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { commandCenterSettingsOf, ingestPositions } from '../../command-center/index.ts';
import { issueReceiptBookInTx, postReceiptInTx, type PostReceiptInput } from '../../receipts/index.ts';
import { findUnitsByCode, findUsersByUsername, type DemoUnitRow, type DemoUserRow } from '../demo-seed.repository.ts';
import { DEMO_SEED_REQUEST_ID } from './seed-legal-cases.ts';

// The command center's demo field force (issue 16, first start in demo mode): each demo field collector works the
// previous three days in full and today up to the seeding moment, as the domain's simulator plays them over their
// allocated customers (routed from their branch with field/route.ts). Everything goes through the real services:
// each simulated receipt is posted by the receipts part (a receipt book per collector for cash and cheques), then the
// day's positions are sent through the ingest service as the collector from the collector's device, with a RECEIPT
// event (ref = the receipt's number) where each receipt was taken and a VISIT event (ref = the account number) at
// each arrival. The shady plants are spread so that each zone has every rule, and exactly one collector per zone goes
// silent today (DEVICE_SILENT: the phone sends nothing after the silence starts). The rest of today is the live
// feed's (demoFeedTick, the `cmdcenter.demo_feed` job, demo mode only): it re-derives the same days from the same
// seed and sends what has come due since the device's last fix.
//
// Departure: the receipts service dates receipts by the business date (received_on), so every demo receipt has
// today's business date; the positions' days (their RECEIPT events) are the truth of when each was taken.

export const DEMO_FEED_JOB_KIND = 'cmdcenter.demo_feed';
const SEED = 'recovery-desk-cc-demo';
/** days before today that are played in full */
const PAST_DAYS = 3;
const CUSTOMERS_PER_DAY = 8;
/** §269ST: cash of ₹2,00,000 or more from one person in a day is refused */
const CASH_LIMIT_MINOR = 2_00_000_00n;
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
/** customers further than this from the branch are not in a demo day */
const RADIUS_DEG = 0.2;

type Collector = {
  username: string;
  branch: string;
  /** the plants of each day, by days before today (0 = today) */
  plants: Partial<Record<number, PlantKind[]>>;
};

/** ZN-W: fc.andheri and fc.thane; ZN-N: fc.delhi; ZN-S: fc.chennai. One silent collector per zone today. */
export const DEMO_FIELD_FORCE: readonly Collector[] = [
  {
    username: 'fc.andheri',
    branch: 'BR-AND',
    plants: { 3: ['UNDEPOSITED_CASH', 'FAR_RECEIPT', 'MOCK_RECEIPT'], 2: ['STATIONARY_RECEIPTS', 'IMPOSSIBLE_TRAVEL'] },
  },
  {
    username: 'fc.thane',
    branch: 'BR-THN',
    plants: { 2: ['FAR_RECEIPT', 'LATE_RECEIPT'], 1: ['UNDEPOSITED_CASH', 'MOCK_RECEIPT'], 0: ['DEVICE_SILENT'] },
  },
  {
    username: 'fc.delhi',
    branch: 'BR-CP',
    plants: {
      3: ['UNDEPOSITED_CASH', 'FAR_RECEIPT'],
      2: ['MOCK_RECEIPT', 'STATIONARY_RECEIPTS'],
      1: ['IMPOSSIBLE_TRAVEL', 'LATE_RECEIPT'],
      0: ['DEVICE_SILENT'],
    },
  },
  {
    username: 'fc.chennai',
    branch: 'BR-CHN',
    plants: {
      2: ['UNDEPOSITED_CASH', 'FAR_RECEIPT', 'MOCK_RECEIPT'],
      1: ['STATIONARY_RECEIPTS', 'IMPOSSIBLE_TRAVEL', 'LATE_RECEIPT'],
      0: ['DEVICE_SILENT'],
    },
  },
];

export const demoDeviceOf = (username: string) => `demo-${username}`;
const bookOf = (branch: string) => `CC-${branch.replace(/^BR-/, '')}-01`;

type CollectorDays = {
  collector: Collector;
  user: DemoUserRow;
  unit: DemoUnitRow;
  ctx: UnitContext;
  /** customer id → the account number visited */
  customerAccount: Map<number, string>;
  /** days before today → date and simulated day */
  days: { back: number; date: string; day: SimulatedDay }[];
};

function contextOf(user: DemoUserRow, unit: DemoUnitRow): UnitContext {
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    user: { ...user, familyId: DEMO_SEED_REQUEST_ID },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren },
    app: 'collapp',
  };
}

/** The seq of a fix: the day's number then the simulator's sequence (unique on the collector's one device). */
const seqOf = (date: string, n: number) => Number(date.replaceAll('-', '')) * 100_000 + n;

/** The collectors' days, re-derived from the seed (same inputs, same days). */
export async function planDays(deps: AppDeps, now: Date, pastDays: number): Promise<CollectorDays[]> {
  const names = DEMO_FIELD_FORCE.map((c) => c.username);
  const users = await findUsersByUsername(deps.db, names);
  const units = await findUnitsByCode(
    deps.db,
    DEMO_FIELD_FORCE.map((c) => c.branch),
  );
  const settings = await commandCenterSettingsOf(deps.db);
  const today = wallClock(now.getTime()).date;
  const out: CollectorDays[] = [];
  for (const collector of DEMO_FIELD_FORCE) {
    const user = users.find((row) => row.username === collector.username);
    const unit = units.find((row) => row.code === collector.branch);
    const branch = BOOK_BRANCHES.find((b) => b.unitCode === collector.branch);
    if (!user || !unit || !branch) continue;
    const start = { latitude: branch.localities[0]!.lat, longitude: branch.localities[0]!.lon };
    // the collector's allocated accounts that owe enough, one per customer, with a geocoded residence
    const rows = await selectRows<{
      account_id: number | string;
      account_no: string;
      customer_id: number | string;
      latitude: number;
      longitude: number;
    }>(
      deps.db,
      sql`select account_id, account_no, customer_id, latitude, longitude from (
            select distinct on (a.customer_id) a.id as account_id, a.account_no, a.customer_id,
              ad.latitude, ad.longitude
            from accounts a
            join addresses ad on ad.customer_id = a.customer_id and ad.level = 'PRIMARY'
              and ad.latitude is not null and ad.longitude is not null
            where a.allocated_user_id = ${user.id} and a.currency = 'INR'
              -- owed before the demo's own receipts (so the live feed re-derives the same customers after them)
              and a.total_principal_outstanding + a.total_interest_outstanding + coalesce((select sum(r.amount_minor)
                from receipts r where r.account_id = a.id and r.source_ref like 'ccdemo:%'), 0) / 100.0 > 50000
              and abs(ad.latitude - ${start.latitude}) < ${RADIUS_DEG}
              and abs(ad.longitude - ${start.longitude}) < ${RADIUS_DEG}
            order by a.customer_id, a.id
          ) one_per_customer
          order by customer_id
          limit ${CUSTOMERS_PER_DAY * (PAST_DAYS + 1)}`,
    );
    const customers = rows.map((row) => ({
      id: Number(row.customer_id),
      accountId: Number(row.account_id),
      accountNo: row.account_no,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    }));
    if (customers.length < 4) continue;
    const customerAccount = new Map(customers.map((c) => [c.id, c.accountNo]));
    const days: CollectorDays['days'] = [];
    for (let back = pastDays; back >= 0; back -= 1) {
      // each day its own customers (a customer's cash of the business date stays under §269ST)
      // (a small book: every day over all of them, in another order)
      const disjoint = customers.length >= CUSTOMERS_PER_DAY * (PAST_DAYS + 1);
      const slice = disjoint
        ? customers.filter((_, index) => index % (PAST_DAYS + 1) === back % (PAST_DAYS + 1))
        : customers.slice(back % customers.length).concat(customers.slice(0, back % customers.length));
      const order = routeOrder(
        slice.map((c) => ({ id: c.id, priority: 'MEDIUM' as const, latitude: c.latitude, longitude: c.longitude })),
        start,
      );
      const ordered: SimCustomer[] = order.map((id) => {
        const c = slice.find((s) => s.id === id)!;
        return { id: c.id, accountId: c.accountId, latitude: c.latitude, longitude: c.longitude };
      });
      const date = addDays(today, -back);
      const plants = Object.fromEntries((collector.plants[back] ?? []).map((kind) => [kind, true]));
      const day = simulateDay({
        seed: `${SEED}:${collector.username}:${date}`,
        date,
        start,
        customers: ordered,
        plants,
        thresholds: settings,
        idleSpells: 2,
        idPrefix: `${collector.username}:${date}:`,
      });
      days.push({ back, date, day });
    }
    out.push({ collector, user, unit, ctx: contextOf(user, unit), customerAccount, days });
  }
  return out;
}

/** When the collector's phone stops for the rest of the day (today's DEVICE_SILENT plant), else null. */
function silentFrom(day: SimulatedDay, back: number): number | null {
  if (back !== 0) return null;
  const plant = day.plants.find((p) => p.kind === 'DEVICE_SILENT');
  return plant?.from ? toEpochMs(plant.from) : null;
}

async function send(deps: AppDeps, ctx: UnitContext, username: string, positions: PositionInput[]): Promise<number> {
  let accepted = 0;
  for (const batch of liveFeed(positions, { batchSize: MAX_POSITIONS_PER_BATCH })) {
    const reply = await ingestPositions(deps, {
      ctx,
      input: { deviceId: demoDeviceOf(username), platform: 'android', appVersion: 'demo-1.0', positions: batch },
    });
    accepted += reply.accepted;
  }
  return accepted;
}

const positionInput = (date: string, p: SimulatedDay['positions'][number]): PositionInput => ({
  seq: seqOf(date, p.sequence),
  fixTime: p.fixTime,
  latitude: p.latitude,
  longitude: p.longitude,
  accuracyM: p.accuracyM,
  speedKmh: p.speedKmh,
  battery: p.battery,
  mock: p.mock,
  eventType: 'POSITION',
});

const digits = (text: string, length: number) => {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return String(hash).padStart(length, '0').slice(-length);
};

/**
 * Seeds the field force's days once (nothing when the demo devices already sent). Returns the positions accepted and
 * the receipts posted.
 */
export async function seedDemoCommandCenter(deps: AppDeps): Promise<{ positions: number; receipts: number }> {
  const [seeded] = await selectRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from field_devices where device_key = ${demoDeviceOf(DEMO_FIELD_FORCE[0]!.username)}`,
  );
  if ((seeded?.n ?? 0) > 0) return { positions: 0, receipts: 0 };
  const now = deps.clock.now();
  const nowMs = now.getTime();
  let positions = 0;
  let receipts = 0;
  for (const plan of await planDays(deps, now, PAST_DAYS)) {
    const { collector, user, unit, ctx } = plan;
    // receipts first (their numbers are the RECEIPT events' refs), in one transaction per collector
    const receiptNoOf = new Map<string, string>();
    await withTransaction(deps.db, async (tx) => {
      await issueReceiptBookInTx(
        tx,
        { bookNo: bookOf(collector.branch), unitId: unit.id, issuedToUserId: user.id, rangeFrom: 1, rangeTo: 500 },
        ctx,
      );
      let bookNumber = 0;
      for (const { back, day } of plan.days) {
        const silent = silentFrom(day, back);
        for (const receipt of day.receipts) {
          const at = toEpochMs(receipt.receivedAt);
          if (at > nowMs || (silent !== null && at >= silent)) continue;
          // the amount fits the account (at most half of what it still owes, in whole ₹100s); a customer's cash of the
          // business date stays under §269ST (else the payment is taken by UPI)
          const [account] = await selectRows<{ owed: string; cash: string }>(
            tx,
            sql`select (round((a.total_principal_outstanding + a.total_interest_outstanding) * 100))::bigint::text
                  as owed,
                (select coalesce(sum(r.amount_minor), 0)::text from receipts r where r.customer_id = a.customer_id
                  and r.received_on = (select business_date from organisation limit 1) and r.mode = 'CASH'
                  and r.status <> 'CANCELLED') as cash
                from accounts a where a.id = ${Number(receipt.accountId)}`,
          );
          const amountMinor = minBig(receipt.amountMinor, (BigInt(account!.owed) / 2n / 10_000n) * 10_000n);
          if (amountMinor < 50_000n) continue;
          const mode: ReceiptMode =
            receipt.mode === 'CASH' && BigInt(account!.cash) + amountMinor >= CASH_LIMIT_MINOR
              ? 'UPI'
              : (receipt.mode as ReceiptMode);
          const book = BOOK_MODES.includes(mode);
          if (book) bookNumber += 1;
          const instrument: PostReceiptInput['instrument'] =
            mode === 'CASH'
              ? {}
              : mode === 'CHEQUE'
                ? {
                    instrumentNo: digits(receipt.id, 6),
                    bankName: 'State Bank of India',
                    micr: `400${digits(`${receipt.id}:micr`, 6)}`,
                    instrumentDate: null,
                  }
                : {};
          const posted = await postReceiptInTx(
            tx,
            {
              accountId: Number(receipt.accountId),
              mode,
              amountMinor,
              currency: 'INR',
              reference: mode === 'UPI' ? digits(receipt.id, 12) : mode === 'CHEQUE' ? instrument.instrumentNo! : null,
              instrument,
              receivedByUserId: user.id,
              receivedUnitId: unit.id,
              source: 'MANUAL',
              sourceRef: `ccdemo:${receipt.id}`,
              bookNo: book ? bookOf(collector.branch) : null,
              receiptNo: book ? bookNumber : null,
            },
            ctx,
            { postingOrder: deps.config.receiptPostingOrder, at: new Date(at) },
          );
          receiptNoOf.set(receipt.id, posted.receiptNo);
          receipts += 1;
        }
      }
    });
    // then the positions, with their RECEIPT and VISIT events
    const inputs: PositionInput[] = [];
    for (const { back, date, day } of plan.days) {
      const silent = silentFrom(day, back);
      const due = (fix: string) => toEpochMs(fix) <= nowMs && (silent === null || toEpochMs(fix) < silent);
      for (const p of day.positions) if (due(p.fixTime)) inputs.push(positionInput(date, p));
      day.receipts.forEach((receipt, index) => {
        const receiptNo = receiptNoOf.get(receipt.id);
        if (!receiptNo || receipt.latitude === null || receipt.longitude === null) return;
        inputs.push({
          seq: seqOf(date, 90_000 + index),
          fixTime: receipt.receivedAt,
          latitude: receipt.latitude,
          longitude: receipt.longitude,
          accuracyM: receipt.accuracyM,
          mock: receipt.mock,
          eventType: 'RECEIPT',
          ref: receiptNo,
        });
      });
      day.visits.forEach((visit, index) => {
        const account = plan.customerAccount.get(Number(visit.customerId));
        if (!account || !due(visit.arriveAt)) return;
        inputs.push({
          seq: seqOf(date, 80_000 + index),
          fixTime: visit.arriveAt,
          latitude: visit.latitude,
          longitude: visit.longitude,
          accuracyM: 10,
          eventType: 'VISIT',
          ref: account,
        });
      });
    }
    positions += await send(deps, ctx, collector.username, inputs);
  }
  return { positions, receipts };
}

/**
 * The live feed (demo mode only): today's simulated positions and visits of each demo collector whose fix time has
 * come since the device's last fix, through the ingest service. Nothing when the day is over or the seed has not run;
 * the silent collector's phone stays silent. Returns the positions accepted.
 */
export async function demoFeedTick(deps: AppDeps): Promise<number> {
  let accepted = 0;
  for (const { ctx, username, inputs } of await dueFeed(deps)) accepted += await send(deps, ctx, username, inputs);
  return accepted;
}

/** What the live feed has to send now, per collector (nothing for a collector not seeded or with nothing due). */
async function dueFeed(deps: AppDeps): Promise<{ ctx: UnitContext; username: string; inputs: PositionInput[] }[]> {
  const now = deps.clock.now();
  const nowMs = now.getTime();
  const out: { ctx: UnitContext; username: string; inputs: PositionInput[] }[] = [];
  for (const plan of await planDays(deps, now, 0)) {
    const { collector, ctx } = plan;
    const [device] = await selectRows<{ last: Date | string | null }>(
      deps.db,
      sql`select last_fix_at as last from field_devices where device_key = ${demoDeviceOf(collector.username)}`,
    );
    if (!device?.last) continue; // not seeded
    const after = new Date(device.last).getTime();
    const today = plan.days.find((d) => d.back === 0);
    if (!today) continue;
    const silent = silentFrom(today.day, 0);
    const due = (fix: string) => {
      const at = toEpochMs(fix);
      return at > after && at <= nowMs && (silent === null || at < silent);
    };
    const inputs: PositionInput[] = today.day.positions
      .filter((p) => due(p.fixTime))
      .map((p) => positionInput(today.date, p));
    today.day.visits.forEach((visit, index) => {
      const account = plan.customerAccount.get(Number(visit.customerId));
      if (!account || !due(visit.arriveAt)) return;
      inputs.push({
        seq: seqOf(today.date, 80_000 + index),
        fixTime: visit.arriveAt,
        latitude: visit.latitude,
        longitude: visit.longitude,
        accuracyM: 10,
        eventType: 'VISIT',
        ref: account,
      });
    });
    if (inputs.length > 0) out.push({ ctx, username: collector.username, inputs });
  }
  return out;
}

/** The demo's live positions, every minute; registered only in demo mode (jobs/registry.ts jobKindsFor). */
export const demoFeedJob = defineJob({
  kind: DEMO_FEED_JOB_KIND,
  payload: z.object({}),
  needs: 'system',
  maxAttempts: 1,
  schedule: {
    everyMs: 60_000,
    // queued only when a collector has positions due (no empty runs at night or before the seed)
    due: async (deps) => (await dueFeed(deps)).length > 0,
  },
  run: async ({ deps }) => ({ summary: { positions: await demoFeedTick(deps) } }),
});
