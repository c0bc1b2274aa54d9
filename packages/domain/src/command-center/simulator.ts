import { CALLING_WINDOW } from '../collections/calling-window.ts';
import { addDays } from '../dates.ts';
import { distanceM, type Point } from './geometry.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS, type CommandCenterSettings } from './settings.ts';
import type { ShadyReceipt, ShadyRule } from './shady-rules.ts';
import type { Id } from './stops.ts';
import { COMMAND_CENTER_TIME_ZONE, parseClock, toEpochMs, wallClock, zonedEpochMs, type Instant } from './time.ts';

// The field-force simulator (issue 16): a realistic, reproducible day of one collector for the demo and the tests.
// The same seed and inputs give the same day (a seeded PRNG, no clock, no Math.random).
//
// The day: the collector leaves the start point (the branch) a few minutes after the shift starts and visits the
// customers in the order given (the caller routes them, e.g. field/route.ts), travelling at city speeds (12–28 km/h)
// along straight-ish legs (a gentle sideways bow), staying 6–25 minutes at each, then goes back to the branch. Visits
// that would end later than 20 minutes before the shift ends are skipped. Positions come every 20–60 s with an
// accuracy of 4–20 m and matching GPS scatter; 3 % are poor fixes (150–400 m accuracy, which the accuracy filter drops)
// and 0.3 % are jumps of 2–5 km with a good accuracy claim (which the speed filter drops). Some visits end with a
// receipt (share `receiptShare`: amount ₹500–₹25,000, cash, UPI or cheque, taken during the visit where the collector
// is; cash deposited the same evening or the next morning, within T+1). `idleSpells` times the collector sits
// 5–20 minutes longer than the idle threshold at a place on the way that is no customer's (a tea stall).
//
// Planted shady cases (options `plants`), each listed in `plants` with the receipts it made and the rules that must
// flag them (with `asOf` after T+1 for the deposit):
// - UNDEPOSITED_CASH: a cash receipt at the first visit never deposited → CASH_NOT_DEPOSITED;
// - FAR_RECEIPT: after a visit the collector rides max(3 km, 5X) away from it (away from the customers' centre) and
//   takes that customer's receipt there during a 2-minute halt (too short to be a stop) → FAR_FROM_CUSTOMER;
// - MOCK_RECEIPT: at a visit the phone reports a mock location (receipt and fixes of the visit's middle) →
//   MOCK_LOCATION;
// - STATIONARY_RECEIPTS: at one visit N + 1 cash receipts, together under ₹2,00,000 → MANY_RECEIPTS_STATIONARY;
// - IMPOSSIBLE_TRAVEL: seconds after the last visit's receipt, a receipt at the place of an earlier visit at least
//   500 m away (a receipt someone else entered) → IMPOSSIBLE_TRAVEL;
// - LATE_RECEIPT: the last customer is kept for a visit after 19:00 India time, with a receipt → OUTSIDE_HOURS;
// - DEVICE_SILENT: the phone sends nothing for inactiveMinutes + 20 minutes, from just after a visit, over the ride
//   to the next customer and most of the stay there (that visit has no receipt) — the active/inactive screen shows
//   the collector inactive.
// A plant that the day cannot hold (too few visits, customers too close together) is left out of `plants`. The
// rules' severities come from the measured values. A clean day (no plants, a shift inside 08:00–19:00, the default
// thresholds) gives no finding at all.

export const PLANT_KINDS = [
  'UNDEPOSITED_CASH',
  'FAR_RECEIPT',
  'MOCK_RECEIPT',
  'STATIONARY_RECEIPTS',
  'IMPOSSIBLE_TRAVEL',
  'LATE_RECEIPT',
  'DEVICE_SILENT',
] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];
export type SimulatorPlants = Partial<Record<PlantKind, boolean>>;
export const ALL_PLANTS: SimulatorPlants = Object.fromEntries(PLANT_KINDS.map((kind) => [kind, true]));

export type SimCustomer = Point & { id: Id; accountId?: Id | null };

export type SimulatorThresholds = Pick<
  CommandCenterSettings,
  | 'shiftStart'
  | 'shiftEnd'
  | 'stopMinSeconds'
  | 'idleMinMinutes'
  | 'geofenceRadiusM'
  | 'shadyFarM'
  | 'shadyStationaryReceipts'
  | 'inactiveMinutes'
  | 'depositDays'
  | 'impossibleTravelKmh'
>;

export type SimulatorOptions = {
  seed: number | string;
  /** the day, India time (YYYY-MM-DD) */
  date: string;
  start: Point;
  /** the customers to visit, in visiting order */
  customers: readonly SimCustomer[];
  plants?: SimulatorPlants;
  /** the settings the day is made to exercise (defaults: DEFAULT_COMMAND_CENTER_SETTINGS) */
  thresholds?: Partial<SimulatorThresholds>;
  idleSpells?: number;
  /** the share of ordinary visits that end with a receipt (default 0.6) */
  receiptShare?: number;
  /** prefixed to receipt ids (R1, R2 … in time order) */
  idPrefix?: string;
  timeZone?: string;
};

export type SimPosition = {
  /** 1, 2 … in time order: the device's sequence number for an idempotent ingest */
  sequence: number;
  fixTime: string;
  latitude: number;
  longitude: number;
  accuracyM: number;
  speedKmh: number;
  battery: number;
  mock: boolean;
};

export type SimReceipt = Omit<ShadyReceipt, 'id' | 'receivedAt' | 'depositedAt'> & {
  id: string;
  receivedAt: string;
  depositedAt: string | null;
  accuracyM: number;
  mock: boolean;
  cancelled: false;
};

/** A visit as the field app records it (arrival, departure and its geotag). */
export type SimVisit = { customerId: Id; arriveAt: string; leaveAt: string; latitude: number; longitude: number };

export type SimIdle = { from: string; to: string; latitude: number; longitude: number };

export type Plant = {
  kind: PlantKind;
  receiptIds: string[];
  /** the rules that must flag each of `receiptIds` */
  expect: ShadyRule[];
  /** DEVICE_SILENT: the silent period */
  from?: string;
  to?: string;
};

export type SimulatedDay = {
  positions: SimPosition[];
  receipts: SimReceipt[];
  visits: SimVisit[];
  /** stationary spells of at least the idle threshold on shift away from customers (what idle detection finds) */
  idle: SimIdle[];
  plants: Plant[];
  /** customers the shift had no time for */
  skippedCustomerIds: Id[];
};

// --- seeded randomness ------------------------------------------------------------------------------------------

/** A deterministic PRNG (mulberry32) from a number or a string (FNV-1a hashed): numbers in [0, 1). */
export function seededRandom(seed: number | string): () => number {
  let state: number;
  if (typeof seed === 'number') state = seed >>> 0;
  else {
    state = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof seededRandom>;

const between = (rng: Random, min: number, max: number) => min + rng() * (max - min);
const gaussian = (rng: Random) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

const METRES_PER_DEGREE = 111_195;

/** The point `northM` metres north and `eastM` metres east of `point`. */
function offset(point: Point, northM: number, eastM: number): Point {
  const cos = Math.cos((point.latitude * Math.PI) / 180);
  return {
    latitude: point.latitude + northM / METRES_PER_DEGREE,
    longitude: point.longitude + eastM / (METRES_PER_DEGREE * cos),
  };
}

function scatter(rng: Random, point: Point, sigmaM: number): Point {
  return offset(point, gaussian(rng) * sigmaM, gaussian(rng) * sigmaM);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

// --- the day's plan ---------------------------------------------------------------------------------------------

type Move = { kind: 'move'; from: Point; to: Point; t0: number; t1: number; bowM: number; speedKmh: number };
type Dwell = { kind: 'dwell'; at: Point; t0: number; t1: number; mockFrom?: number; mockTo?: number };
type Activity = Move | Dwell;

type PlannedVisit = {
  customer: SimCustomer;
  index: number;
  arrive: number;
  leave: number;
  role: PlantKind | null;
};

type DraftReceipt = {
  customer: SimCustomer;
  time: number;
  at: Point;
  accuracyM: number;
  amountRupees: number;
  mode: 'CASH' | 'UPI' | 'CHEQUE';
  mock: boolean;
  depositedAt: number | null;
  /** a plant's receipt */
  planted: boolean;
};

function positionOn(activity: Activity, time: number): Point {
  if (activity.kind === 'dwell') return activity.at;
  const span = activity.t1 - activity.t0;
  const s = span > 0 ? Math.min(1, Math.max(0, (time - activity.t0) / span)) : 1;
  const north = (activity.to.latitude - activity.from.latitude) * METRES_PER_DEGREE;
  const cos = Math.cos((activity.from.latitude * Math.PI) / 180);
  const east = (activity.to.longitude - activity.from.longitude) * METRES_PER_DEGREE * cos;
  const length = Math.hypot(north, east) || 1;
  const bow = activity.bowM * Math.sin(Math.PI * s);
  // along the line, plus the bow at right angles to it
  return offset(activity.from, north * s + (-east / length) * bow, east * s + (north / length) * bow);
}

/** A simulated day (see above). */
export function simulateDay(options: SimulatorOptions): SimulatedDay {
  const rng = seededRandom(options.seed);
  const zone = options.timeZone ?? COMMAND_CENTER_TIME_ZONE;
  const th: SimulatorThresholds = { ...DEFAULT_COMMAND_CENTER_SETTINGS, ...options.thresholds };
  const plants = options.plants ?? {};
  const receiptShare = options.receiptShare ?? 0.6;
  const stationaryCount = th.shadyStationaryReceipts + 1;
  const shiftStartMs = zonedEpochMs(options.date, parseClock(th.shiftStart), zone);
  const shiftEndMs = zonedEpochMs(options.date, parseClock(th.shiftEnd), zone);
  const dayStart = shiftStartMs + Math.floor(between(rng, 0, 10)) * MINUTE;

  const lateCustomer = plants.LATE_RECEIPT && options.customers.length >= 2 ? options.customers.at(-1)! : null;
  const regular = lateCustomer ? options.customers.slice(0, -1) : [...options.customers];
  const roles = (
    ['UNDEPOSITED_CASH', 'FAR_RECEIPT', 'MOCK_RECEIPT', 'STATIONARY_RECEIPTS', 'DEVICE_SILENT'] as const
  ).filter((kind) => plants[kind]);
  const centre = {
    latitude: options.customers.reduce((sum, c) => sum + c.latitude, 0) / Math.max(1, options.customers.length),
    longitude: options.customers.reduce((sum, c) => sum + c.longitude, 0) / Math.max(1, options.customers.length),
  };
  const farM = Math.max(3000, 5 * th.shadyFarM);

  const activities: Activity[] = [];
  const visits: PlannedVisit[] = [];
  const idle: { from: number; to: number; at: Point }[] = [];
  const skipped: Id[] = [];
  let farHalt: { customer: SimCustomer; time: number; at: Point } | null = null;
  let here = options.start;
  let t = dayStart;

  const legMs = (from: Point, to: Point, speedKmh: number) =>
    Math.max(MINUTE, ((distanceM(from, to) * 1.1) / (speedKmh / 3.6)) * 1000);
  const move = (to: Point, speedKmh: number) => {
    const duration = legMs(here, to, speedKmh);
    const bowM = (rng() < 0.5 ? -1 : 1) * Math.min(0.08 * distanceM(here, to), 250) * rng();
    activities.push({ kind: 'move', from: here, to, t0: t, t1: t + duration, bowM, speedKmh });
    t += duration;
    here = to;
  };
  const dwell = (duration: number, mock?: { from: number; to: number }) => {
    activities.push({ kind: 'dwell', at: here, t0: t, t1: t + duration, mockFrom: mock?.from, mockTo: mock?.to });
    t += duration;
  };
  const awayFromCustomers = (point: Point, marginM: number) =>
    options.customers.every((c) => distanceM(point, c) > th.geofenceRadiusM + marginM) &&
    distanceM(point, options.start) > marginM;

  const silentLength = (th.inactiveMinutes + 20) * MINUTE;
  let silent: { from: number; to: number } | null = null;
  let pendingIdle = Math.max(0, options.idleSpells ?? 1);
  const minDwellMin = Math.max(6, Math.ceil(th.stopMinSeconds / 60) + 2);
  for (let i = 0; i < regular.length; i++) {
    const customer = regular[i]!;
    const role = roles[i] ?? null;
    const speed = between(rng, 12, 28);
    let dwellMs = Math.floor(between(rng, minDwellMin, Math.max(minDwellMin, 25) + 1)) * MINUTE;
    if (role === 'STATIONARY_RECEIPTS') dwellMs = Math.max(dwellMs, (stationaryCount * 2 + 4) * MINUTE);
    const middle = {
      latitude: (here.latitude + customer.latitude) / 2,
      longitude: (here.longitude + customer.longitude) / 2,
    };
    const wantIdle =
      role !== 'DEVICE_SILENT' && pendingIdle > 0 && i >= 1 && (rng() < 0.5 || regular.length - i <= pendingIdle);
    const idleHere = wantIdle && awayFromCustomers(middle, 150);
    const idleMs = idleHere ? Math.round(th.idleMinMinutes + between(rng, 5, 20)) * MINUTE : 0;
    const detourMs = role === 'FAR_RECEIPT' ? 2 * legMs(customer, offset(customer, farM, 0), speed) + 2 * MINUTE : 0;
    const travelMs = idleHere
      ? legMs(here, middle, speed) + legMs(middle, customer, speed)
      : legMs(here, customer, speed);
    if (role === 'DEVICE_SILENT') {
      // silent from 2 minutes after leaving the previous place until 3 minutes before leaving this one
      dwellMs = Math.max(dwellMs, 2 * MINUTE + silentLength + 3 * MINUTE - travelMs);
    }
    if (t + travelMs + idleMs + dwellMs + detourMs > shiftEndMs - 20 * MINUTE) {
      skipped.push(...regular.slice(i).map((c) => c.id));
      break;
    }
    if (idleHere) {
      move(middle, speed);
      idle.push({ from: t, to: t + idleMs, at: middle });
      dwell(idleMs);
      pendingIdle--;
    }
    if (role === 'DEVICE_SILENT') silent = { from: t + 2 * MINUTE, to: t + 2 * MINUTE + silentLength };
    move(customer, speed);
    const arrive = t;
    if (role === 'MOCK_RECEIPT') dwell(dwellMs, { from: arrive + 2.5 * MINUTE, to: arrive + dwellMs - 2.5 * MINUTE });
    else dwell(dwellMs);
    visits.push({ customer, index: i, arrive, leave: t, role });
    if (role === 'FAR_RECEIPT') {
      let north = customer.latitude - centre.latitude;
      let east = customer.longitude - centre.longitude;
      if (distanceM(customer, centre) < 50) {
        const bearing = rng() * 2 * Math.PI;
        north = Math.cos(bearing);
        east = Math.sin(bearing);
      }
      const norm = Math.hypot(north, east);
      const spot = offset(customer, (north / norm) * farM, (east / norm) * farM);
      move(spot, speed);
      const haltMs = Math.min(2 * MINUTE, th.stopMinSeconds * 400);
      farHalt = { customer, time: t + haltMs / 2, at: spot };
      dwell(haltMs);
    }
  }
  move(options.start, between(rng, 12, 28));

  // --- receipts ---
  const drafts: DraftReceipt[] = [];
  const plantsOut: { kind: PlantKind; receipts: DraftReceipt[]; expect: ShadyRule[]; from?: number; to?: number }[] =
    [];
  const modeOf = (): DraftReceipt['mode'] => {
    const r = rng();
    return r < 0.5 ? 'CASH' : r < 0.8 ? 'UPI' : 'CHEQUE';
  };
  const depositFor = (mode: DraftReceipt['mode'], time: number): number | null => {
    if (mode !== 'CASH') return null;
    const date = wallClock(time, zone).date;
    const sameDay = zonedEpochMs(date, 19 * 60 + 15 + Math.floor(rng() * 45), zone);
    return rng() < 0.5 || th.depositDays === 0
      ? Math.max(time + 30 * MINUTE, sameDay)
      : zonedEpochMs(addDays(date, 1), 10 * 60 + 30 + Math.floor(rng() * 120), zone);
  };
  const receiptAt = (
    customer: SimCustomer,
    time: number,
    place: Point,
    extra: Partial<DraftReceipt> = {},
  ): DraftReceipt => {
    const accuracyM = Math.round(between(rng, 5, 20));
    const mode = extra.mode ?? modeOf();
    const draft: DraftReceipt = {
      customer,
      time,
      at: scatter(rng, place, accuracyM / 2),
      accuracyM,
      amountRupees: Math.round(between(rng, 500, 25_000) / 100) * 100,
      mode,
      mock: false,
      depositedAt: depositFor(mode, time),
      planted: false,
      ...extra,
    };
    drafts.push(draft);
    return draft;
  };
  const duringVisit = (visit: PlannedVisit) =>
    visit.arrive + Math.floor(between(rng, 2 * MINUTE, Math.max(2 * MINUTE, visit.leave - visit.arrive - 2 * MINUTE)));
  const ordinary = new Map<PlannedVisit, DraftReceipt>();

  for (const visit of visits) {
    const { customer } = visit;
    switch (visit.role) {
      case 'UNDEPOSITED_CASH': {
        const receipt = receiptAt(customer, duringVisit(visit), customer, { mode: 'CASH', planted: true });
        receipt.depositedAt = null;
        plantsOut.push({ kind: 'UNDEPOSITED_CASH', receipts: [receipt], expect: ['CASH_NOT_DEPOSITED'] });
        break;
      }
      case 'FAR_RECEIPT': {
        const halt = farHalt!;
        const receipt = receiptAt(customer, halt.time, halt.at, { planted: true });
        plantsOut.push({ kind: 'FAR_RECEIPT', receipts: [receipt], expect: ['FAR_FROM_CUSTOMER'] });
        break;
      }
      case 'MOCK_RECEIPT': {
        const time = Math.round((visit.arrive + visit.leave) / 2);
        const receipt = receiptAt(customer, time, customer, { mock: true, planted: true });
        plantsOut.push({ kind: 'MOCK_RECEIPT', receipts: [receipt], expect: ['MOCK_LOCATION'] });
        break;
      }
      case 'STATIONARY_RECEIPTS': {
        const capRupees = Math.floor(190_000 / stationaryCount / 100) * 100;
        const step = (visit.leave - visit.arrive - 2 * MINUTE) / stationaryCount;
        const receipts = Array.from({ length: stationaryCount }, (_, j) =>
          receiptAt(customer, Math.round(visit.arrive + MINUTE + j * step + step / 2), customer, {
            mode: 'CASH',
            amountRupees: Math.round((between(rng, 0.6, 1) * capRupees) / 100) * 100,
            planted: true,
          }),
        );
        plantsOut.push({ kind: 'STATIONARY_RECEIPTS', receipts, expect: ['MANY_RECEIPTS_STATIONARY'] });
        break;
      }
      default:
        if (rng() < receiptShare) ordinary.set(visit, receiptAt(customer, duringVisit(visit), customer));
    }
  }

  // IMPOSSIBLE_TRAVEL: the last visit's receipt A, then seconds later one at an earlier visit's place far away.
  if (plants.IMPOSSIBLE_TRAVEL && visits.length >= roles.length + 2) {
    const last = visits.at(-1)!;
    const earlier = visits
      .slice(roles.length, -1)
      .map((visit) => ({ visit, d: distanceM(visit.customer, last.customer) }))
      .filter(({ d }) => d >= 500)
      .sort((a, b) => b.d - a.d)[0];
    if (earlier) {
      const a = ordinary.get(last) ?? receiptAt(last.customer, duringVisit(last), last.customer);
      a.planted = true;
      ordinary.delete(last);
      const removed = ordinary.get(earlier.visit);
      if (removed) {
        drafts.splice(drafts.indexOf(removed), 1);
        ordinary.delete(earlier.visit);
      }
      const plantedSpeed = 4 * th.impossibleTravelKmh; // km/h: past the red band (3V)
      const seconds = Math.max(5, Math.ceil(earlier.d / (plantedSpeed / 3.6)));
      const b = receiptAt(earlier.visit.customer, a.time + seconds * 1000, earlier.visit.customer, {
        accuracyM: 8,
        planted: true,
      });
      plantsOut.push({ kind: 'IMPOSSIBLE_TRAVEL', receipts: [b], expect: ['IMPOSSIBLE_TRAVEL'] });
    }
  }

  // LATE_RECEIPT: wait at the branch, then the kept customer after 19:00.
  if (lateCustomer) {
    const speed = between(rng, 12, 28);
    const windowEnd = Math.max(parseClock(th.shiftEnd), CALLING_WINDOW.endHour * 60);
    const arriveBy = zonedEpochMs(options.date, windowEnd + 35 + Math.floor(rng() * 10), zone);
    const depart = Math.max(t, arriveBy - legMs(here, lateCustomer, speed));
    if (depart > t) {
      const waitFrom = t;
      dwell(depart - t);
      const clippedTo = Math.min(depart, shiftEndMs);
      if (clippedTo - waitFrom >= th.idleMinMinutes * MINUTE) idle.push({ from: waitFrom, to: clippedTo, at: here });
    }
    move(lateCustomer, speed);
    const arrive = t;
    dwell(12 * MINUTE);
    visits.push({ customer: lateCustomer, index: regular.length, arrive, leave: t, role: 'LATE_RECEIPT' });
    const receipt = receiptAt(lateCustomer, arrive + 5 * MINUTE, lateCustomer, { mode: 'UPI', planted: true });
    plantsOut.push({ kind: 'LATE_RECEIPT', receipts: [receipt], expect: ['OUTSIDE_HOURS'] });
  } else {
    dwell(5 * MINUTE);
  }
  const dayEnd = t;

  if (silent) plantsOut.push({ kind: 'DEVICE_SILENT', receipts: [], expect: [], from: silent.from, to: silent.to });

  // --- positions ---
  const positions: SimPosition[] = [];
  const battery0 = between(rng, 70, 100);
  let next = dayStart;
  for (const activity of activities) {
    while (next <= activity.t1 && next <= dayEnd) {
      const time = next;
      next += Math.floor(between(rng, 20, 61)) * 1000;
      if (silent && time >= silent.from && time <= silent.to) continue;
      const truth = activity.kind === 'dwell' ? scatter(rng, activity.at, 5) : positionOn(activity, time);
      const roll = rng();
      let accuracyM: number;
      let fix: Point;
      if (positions.length > 5 && roll < 0.03) {
        accuracyM = Math.round(between(rng, 150, 400));
        fix = scatter(rng, truth, accuracyM / 2);
      } else if (positions.length > 5 && roll < 0.033) {
        accuracyM = Math.round(between(rng, 10, 20));
        const bearing = rng() * 2 * Math.PI;
        const jump = between(rng, 2000, 5000);
        fix = offset(truth, Math.cos(bearing) * jump, Math.sin(bearing) * jump);
      } else {
        accuracyM = Math.round(between(rng, 4, 20));
        fix = scatter(rng, truth, accuracyM / 2);
      }
      const moving = activity.kind === 'move';
      const mock =
        activity.kind === 'dwell' &&
        activity.mockFrom !== undefined &&
        time >= activity.mockFrom &&
        time <= activity.mockTo!;
      positions.push({
        sequence: positions.length + 1,
        fixTime: iso(time),
        latitude: round6(fix.latitude),
        longitude: round6(fix.longitude),
        accuracyM,
        speedKmh: moving
          ? Math.max(0, Math.round((activity.speedKmh + gaussian(rng) * 2) * 10) / 10)
          : rng() < 0.8
            ? 0
            : Math.round(rng() * 15) / 10,
        battery: Math.max(5, Math.round(battery0 - ((time - dayStart) / MINUTE) * 0.1)),
        mock,
      });
    }
  }

  // --- receipts in time order, with their ids ---
  drafts.sort((a, b) => a.time - b.time);
  const ids = new Map<DraftReceipt, string>(drafts.map((draft, i) => [draft, `${options.idPrefix ?? ''}R${i + 1}`]));
  const receipts: SimReceipt[] = drafts.map((draft) => ({
    id: ids.get(draft)!,
    customerId: draft.customer.id,
    accountId: draft.customer.accountId ?? null,
    receivedAt: iso(draft.time),
    amountMinor: BigInt(draft.amountRupees) * 100n,
    currency: 'INR',
    mode: draft.mode,
    latitude: round6(draft.at.latitude),
    longitude: round6(draft.at.longitude),
    accuracyM: draft.accuracyM,
    mock: draft.mock,
    depositedAt: draft.depositedAt === null ? null : iso(draft.depositedAt),
    customerLocation: { latitude: draft.customer.latitude, longitude: draft.customer.longitude },
    cancelled: false,
  }));

  return {
    positions,
    receipts,
    visits: visits.map((visit) => {
      const tag = scatter(rng, visit.customer, 8);
      return {
        customerId: visit.customer.id,
        arriveAt: iso(visit.arrive),
        leaveAt: iso(visit.leave),
        latitude: round6(tag.latitude),
        longitude: round6(tag.longitude),
      };
    }),
    idle: idle.map((spell) => ({
      from: iso(spell.from),
      to: iso(spell.to),
      latitude: round6(spell.at.latitude),
      longitude: round6(spell.at.longitude),
    })),
    plants: plantsOut.map((plant) => ({
      kind: plant.kind,
      receiptIds: plant.receipts.map((receipt) => ids.get(receipt)!),
      expect: plant.expect,
      ...(plant.from !== undefined ? { from: iso(plant.from), to: iso(plant.to!) } : {}),
    })),
    skippedCustomerIds:
      lateCustomer && !visits.some((v) => v.customer === lateCustomer) ? [...skipped, lateCustomer.id] : skipped,
  };
}

export type LiveFeedOptions = {
  /** positions per batch (default 50) */
  batchSize?: number;
  /** only positions fixed after this instant … */
  after?: Instant;
  /** … and up to this one (e.g. now, for a live replay) */
  until?: Instant;
};

/** The day's positions in fix-time order, in batches (for the ingest API, as a phone sends them). */
export function* liveFeed<P extends { fixTime: Instant }>(positions: readonly P[], options: LiveFeedOptions = {}) {
  const size = Math.max(1, options.batchSize ?? 50);
  const after = options.after === undefined ? -Infinity : toEpochMs(options.after);
  const until = options.until === undefined ? Infinity : toEpochMs(options.until);
  const ordered = positions
    .map((position) => ({ position, time: toEpochMs(position.fixTime) }))
    .filter(({ time }) => time > after && time <= until)
    .sort((a, b) => a.time - b.time)
    .map(({ position }) => position);
  for (let i = 0; i < ordered.length; i += size) yield ordered.slice(i, i + size);
}
