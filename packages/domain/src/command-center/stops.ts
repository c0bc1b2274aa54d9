import { distanceM, PointIndex, type Point } from './geometry.ts';
import { COMMAND_CENTER_TIME_ZONE, wallClock, zonedEpochMs } from './time.ts';
import type { Fix } from './track.ts';
import { addDays } from '../dates.ts';

// Stops, trips, idle spells and time spent at customers (issue 16, domain §4), over a normalised track (track.ts:
// sorted by fix time, filtered). All of it is pure and a pass or two over the fixes.
//
// STOPS follow Traccar's motion logic (session/state/NewMotionProcessor.java: a device is stopped once it has stayed
// within a distance for a minimal duration; `report.trip.minimalParkingDuration`, default 300 s). Phones seldom send a
// trustworthy speed, so motion is read from positions, not from the speed field:
// - a stop starts as a run of consecutive fixes all within `radiusM` of the run's first fix, lasting at least
//   `minDurationS` from its first fix to its last (the stay-point rule), and goes on while the next fixes stay within
//   `radiusM` of its place (so a first fix taken on arrival, at the edge, does not cut the stop short);
// - its place is the mean of its fixes; it starts at its first fix and ends at its last;
// - two stops whose places are within `radiusM` of each other with less than `minDurationS` between them are one
//   stop: the fix that broke them apart was GPS scatter, not a departure;
// - a trip is the movement between two stops (or before the first, or after the last): from the stop's last fix to
//   the next stop's first fix, its distance the sum of the straight lines between its fixes.
// The scan looks ahead from each fix only while the fixes stay within the radius, and jumps past every stop found, so
// it costs O(n × k), k the fixes in `minDurationS` (a few dozen), i.e. linear in the day.
//
// IDLE (domain §4; Traccar has no idle event): stationary within R metres (`idleRadiusM`) for at least N minutes
// (`idleMinMinutes`) while on shift. An idle spell is a stop found with R and N whose part inside the shift hours
// (wall clock of the command center's zone, each day it spans) lasts at least N minutes; only that part is reported.
// A spell inside a customer's geofence is reported with that customer (the report shows it as time at a customer).
//
// TIME SPENT (domain §4): dwell time inside each customer's geofence (a circle of `radiusM`, 100–200 m, around the
// customer's address), per visit, with the enter and leave times. The hysteresis rule, so that GPS scatter does not
// split a visit in two: a visit starts at the first fix inside the geofence and ends at the last fix inside it before
// the person is seen OUTSIDE for longer than `exitGraceS` — measured from the first fix outside to the next fix inside
// (or to the latest fix outside). A shorter excursion (a fix or two thrown outside while indoors) stays part of the
// visit, its time counted as dwell, and is counted in `excursions`. A gap in the data while inside (the phone asleep)
// does not end a visit. Dwell = leave − enter; a drive-by (one fix inside) is a visit of zero dwell.

export type Id = string | number;
export type Customer = Point & { id: Id };

export type Stop = {
  startTime: number;
  endTime: number;
  durationMs: number;
  latitude: number;
  longitude: number;
  fixCount: number;
  /** indexes of its first and last fix in the track */
  firstIndex: number;
  lastIndex: number;
};

export type Trip = {
  startTime: number;
  endTime: number;
  durationMs: number;
  distanceM: number;
  /** the highest of the reported speeds and the speeds implied between fixes */
  maxSpeedKmh: number;
  firstIndex: number;
  lastIndex: number;
};

export type StopOptions = { radiusM: number; minDurationS: number };

function stopOf(fixes: readonly Fix[], first: number, last: number): Stop {
  let latSum = 0;
  let lonSum = 0;
  for (let i = first; i <= last; i++) {
    latSum += fixes[i]!.latitude;
    lonSum += fixes[i]!.longitude;
  }
  const count = last - first + 1;
  const startTime = fixes[first]!.time;
  const endTime = fixes[last]!.time;
  return {
    startTime,
    endTime,
    durationMs: endTime - startTime,
    latitude: latSum / count,
    longitude: lonSum / count,
    fixCount: count,
    firstIndex: first,
    lastIndex: last,
  };
}

/** The stops of a track (see above), in time order. */
export function detectStops(fixes: readonly Fix[], options: StopOptions): Stop[] {
  const minMs = options.minDurationS * 1000;
  const runs: [number, number][] = [];
  let i = 0;
  while (i < fixes.length) {
    const anchor = fixes[i]!;
    let j = i + 1;
    while (j < fixes.length && distanceM(anchor, fixes[j]!) <= options.radiusM) j++;
    if (fixes[j - 1]!.time - anchor.time >= minMs) {
      // a stop: it goes on while the next fixes stay within the radius of its place (the running mean)
      let latSum = 0;
      let lonSum = 0;
      for (let k = i; k < j; k++) {
        latSum += fixes[k]!.latitude;
        lonSum += fixes[k]!.longitude;
      }
      while (j < fixes.length) {
        const count = j - i;
        const place = { latitude: latSum / count, longitude: lonSum / count };
        if (distanceM(place, fixes[j]!) > options.radiusM) break;
        latSum += fixes[j]!.latitude;
        lonSum += fixes[j]!.longitude;
        j++;
      }
      runs.push([i, j - 1]);
      i = j;
    } else {
      i++;
    }
  }
  const stops: Stop[] = [];
  for (const [first, last] of runs) {
    const stop = stopOf(fixes, first, last);
    const previous = stops[stops.length - 1];
    if (previous && stop.startTime - previous.endTime < minMs && distanceM(previous, stop) <= options.radiusM) {
      stops[stops.length - 1] = stopOf(fixes, previous.firstIndex, last);
    } else {
      stops.push(stop);
    }
  }
  return stops;
}

function tripOf(fixes: readonly Fix[], first: number, last: number): Trip {
  let distance = 0;
  let maxSpeed = 0;
  for (let i = first; i <= last; i++) {
    const fix = fixes[i]!;
    if (fix.speedKmh !== null && fix.speedKmh > maxSpeed) maxSpeed = fix.speedKmh;
    if (i > first) {
      const previous = fixes[i - 1]!;
      const leg = distanceM(previous, fix);
      distance += leg;
      const seconds = (fix.time - previous.time) / 1000;
      if (seconds > 0) maxSpeed = Math.max(maxSpeed, (leg / seconds) * 3.6);
    }
  }
  const startTime = fixes[first]!.time;
  const endTime = fixes[last]!.time;
  return {
    startTime,
    endTime,
    durationMs: endTime - startTime,
    distanceM: distance,
    maxSpeedKmh: maxSpeed,
    firstIndex: first,
    lastIndex: last,
  };
}

/** The trips between the stops (and before the first and after the last, when the track moves there). */
export function tripsBetween(fixes: readonly Fix[], stops: readonly Stop[]): Trip[] {
  const trips: Trip[] = [];
  let from = 0;
  for (const stop of stops) {
    if (stop.firstIndex > from) trips.push(tripOf(fixes, from, stop.firstIndex));
    from = stop.lastIndex;
  }
  if (fixes.length - 1 > from) trips.push(tripOf(fixes, from, fixes.length - 1));
  return trips;
}

export type StopsAndTrips = { stops: Stop[]; trips: Trip[] };

export function detectStopsAndTrips(fixes: readonly Fix[], options: StopOptions): StopsAndTrips {
  const stops = detectStops(fixes, options);
  return { stops, trips: tripsBetween(fixes, stops) };
}

export type IdleOptions = {
  radiusM: number;
  minMinutes: number;
  /** shift hours as minutes past midnight on the zone's wall clock (09:00 = 540); start before end */
  shiftStartMinutes: number;
  shiftEndMinutes: number;
  timeZone?: string;
  /** the day's customers: a spell inside one's geofence names it */
  customers?: readonly Customer[];
  geofenceRadiusM?: number;
};

export type IdleSpell = {
  startTime: number;
  endTime: number;
  durationMs: number;
  latitude: number;
  longitude: number;
  /** the customer whose geofence the spell is in, else null */
  customerId: Id | null;
};

/** Whether an instant falls in the shift hours of its own day (zone wall clock). */
export function isOnShift(
  time: number,
  shiftStartMinutes: number,
  shiftEndMinutes: number,
  timeZone: string = COMMAND_CENTER_TIME_ZONE,
): boolean {
  const clock = wallClock(time, timeZone);
  const minutes = clock.hour * 60 + clock.minute + clock.second / 60;
  return minutes >= shiftStartMinutes && minutes < shiftEndMinutes;
}

/** The parts of [start, end] inside the shift hours of each day it spans. */
export function shiftParts(
  start: number,
  end: number,
  shiftStartMinutes: number,
  shiftEndMinutes: number,
  timeZone: string = COMMAND_CENTER_TIME_ZONE,
): [number, number][] {
  const parts: [number, number][] = [];
  const lastDate = wallClock(end, timeZone).date;
  for (let date = wallClock(start, timeZone).date; date <= lastDate; date = addDays(date, 1)) {
    const from = Math.max(start, zonedEpochMs(date, shiftStartMinutes, timeZone));
    const to = Math.min(end, zonedEpochMs(date, shiftEndMinutes, timeZone));
    if (to > from) parts.push([from, to]);
  }
  return parts;
}

/** Idle spells on shift (see above), in time order. */
export function detectIdle(fixes: readonly Fix[], options: IdleOptions): IdleSpell[] {
  const minMs = options.minMinutes * 60_000;
  const stationary = detectStops(fixes, { radiusM: options.radiusM, minDurationS: options.minMinutes * 60 });
  const index =
    options.customers && options.customers.length > 0
      ? new PointIndex(options.customers, options.geofenceRadiusM ?? 150)
      : null;
  const spells: IdleSpell[] = [];
  for (const stop of stationary) {
    const customer = index?.within(stop, options.geofenceRadiusM ?? 150)[0]?.item ?? null;
    for (const [from, to] of shiftParts(
      stop.startTime,
      stop.endTime,
      options.shiftStartMinutes,
      options.shiftEndMinutes,
      options.timeZone,
    )) {
      if (to - from < minMs) continue;
      spells.push({
        startTime: from,
        endTime: to,
        durationMs: to - from,
        latitude: stop.latitude,
        longitude: stop.longitude,
        customerId: customer ? customer.id : null,
      });
    }
  }
  return spells;
}

export type GeofenceOptions = { radiusM: number; exitGraceS: number };

export type Visit = {
  customerId: Id;
  enterTime: number;
  leaveTime: number;
  dwellMs: number;
  fixCount: number;
  /** short trips outside the geofence absorbed into the visit (see the hysteresis rule above) */
  excursions: number;
  /** the nearest the fixes came to the customer's address, metres */
  closestM: number;
};

type OpenVisit = {
  customerId: Id;
  enterTime: number;
  lastInside: number;
  fixCount: number;
  excursions: number;
  closestM: number;
  outsideSince: number | null;
};

function closeVisit(visit: OpenVisit): Visit {
  return {
    customerId: visit.customerId,
    enterTime: visit.enterTime,
    leaveTime: visit.lastInside,
    dwellMs: visit.lastInside - visit.enterTime,
    fixCount: visit.fixCount,
    excursions: visit.excursions,
    closestM: visit.closestM,
  };
}

/** Visits to each customer's geofence (see the hysteresis rule above), ordered by enter time. */
export function geofenceVisits(
  fixes: readonly Fix[],
  customers: readonly Customer[],
  options: GeofenceOptions,
): Visit[] {
  if (customers.length === 0) return [];
  const graceMs = options.exitGraceS * 1000;
  const index = new PointIndex(customers, options.radiusM);
  const open = new Map<Id, OpenVisit>();
  const visits: Visit[] = [];
  for (const fix of fixes) {
    const inside = new Map<Id, number>();
    for (const { item, distanceM: d } of index.within(fix, options.radiusM)) {
      if (!inside.has(item.id)) inside.set(item.id, d);
    }
    for (const [id, visit] of open) {
      if (inside.has(id)) continue;
      if (visit.outsideSince === null) visit.outsideSince = fix.time;
      else if (fix.time - visit.outsideSince > graceMs) {
        visits.push(closeVisit(visit));
        open.delete(id);
      }
    }
    for (const [id, d] of inside) {
      let visit = open.get(id);
      if (visit && visit.outsideSince !== null && fix.time - visit.outsideSince > graceMs) {
        visits.push(closeVisit(visit));
        visit = undefined;
      }
      if (!visit) {
        open.set(id, {
          customerId: id,
          enterTime: fix.time,
          lastInside: fix.time,
          fixCount: 1,
          excursions: 0,
          closestM: d,
          outsideSince: null,
        });
        continue;
      }
      if (visit.outsideSince !== null) {
        visit.excursions++;
        visit.outsideSince = null;
      }
      visit.lastInside = fix.time;
      visit.fixCount++;
      if (d < visit.closestM) visit.closestM = d;
    }
  }
  for (const visit of open.values()) visits.push(closeVisit(visit));
  return visits.sort((a, b) => a.enterTime - b.enterTime || String(a.customerId).localeCompare(String(b.customerId)));
}

export type TimeSpent = { customerId: Id; visits: number; dwellMs: number; firstEnter: number; lastLeave: number };

/** Each customer's visits summed: the Time Spent Report's rows (customers never entered are not listed). */
export function timeSpentByCustomer(visits: readonly Visit[]): TimeSpent[] {
  const byCustomer = new Map<Id, TimeSpent>();
  for (const visit of visits) {
    const row = byCustomer.get(visit.customerId);
    if (!row) {
      byCustomer.set(visit.customerId, {
        customerId: visit.customerId,
        visits: 1,
        dwellMs: visit.dwellMs,
        firstEnter: visit.enterTime,
        lastLeave: visit.leaveTime,
      });
      continue;
    }
    row.visits++;
    row.dwellMs += visit.dwellMs;
    row.firstEnter = Math.min(row.firstEnter, visit.enterTime);
    row.lastLeave = Math.max(row.lastLeave, visit.leaveTime);
  }
  return [...byCustomer.values()];
}

/**
 * How near the track came to each customer's address, metres, looking `searchM` around each one; a customer the
 * track never came within `searchM` of (or an empty track) is null.
 */
export function closestApproachM(
  fixes: readonly Fix[],
  customers: readonly Customer[],
  searchM: number,
): Map<Id, number | null> {
  const closest = new Map<Id, number | null>(customers.map((customer) => [customer.id, null]));
  if (customers.length === 0) return closest;
  const index = new PointIndex(customers, searchM);
  for (const fix of fixes) {
    for (const { item, distanceM: d } of index.within(fix, searchM)) {
      const best = closest.get(item.id);
      if (best === null || best === undefined || d < best) closest.set(item.id, d);
    }
  }
  return closest;
}
