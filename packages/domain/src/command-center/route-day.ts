import { z } from 'zod';
import { idParam } from '../numeric-params.ts';
import type { CommandCenterSettings } from './settings.ts';
import { detectStopsAndTrips } from './stops.ts';
import { normaliseTrack, type TrackPoint } from './track.ts';

// Animated Route Taken (spec §2.6 `/cmdCenter/animateRouteTaken`): one field user's day as the replay draws it — the
// kept fixes in time order (Traccar's filters: accuracy, duplicates, outliers), the stops with their durations (the
// minimal parking rule), the trips between them, and the device's events (receipts, visits, login/logout) on the
// route — computed from the stored positions with the command-center settings.

export const routeDayQuerySchema = z.strictObject({
  userId: idParam,
  date: z.iso.date('must be a date (YYYY-MM-DD)'),
});
export type RouteDayQuery = z.infer<typeof routeDayQuerySchema>;

/** Event types drawn on the route as markers (a plain POSITION is the route itself). */
export const ROUTE_EVENT_TYPES = ['RECEIPT', 'VISIT', 'LOGIN', 'LOGOUT', 'SOS'] as const;

const fixSchema = z.object({ time: z.string(), latitude: z.number(), longitude: z.number() });

export const routeDayReplySchema = z.object({
  user: z.object({ id: z.number(), username: z.string(), fullName: z.string() }),
  date: z.string(),
  timeZone: z.string(),
  /** the kept positions, in fix-time order */
  fixes: z.array(fixSchema),
  stops: z.array(
    z.object({
      startTime: z.string(),
      endTime: z.string(),
      durationS: z.number(),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  trips: z.array(
    z.object({
      startTime: z.string(),
      endTime: z.string(),
      durationS: z.number(),
      distanceM: z.number(),
      maxSpeedKmh: z.number(),
    }),
  ),
  events: z.array(fixSchema.extend({ type: z.enum(ROUTE_EVENT_TYPES), ref: z.string().nullable(), mock: z.boolean() })),
  totals: z.object({ distanceM: z.number(), movingS: z.number(), stoppedS: z.number() }),
  /** positions the filters left out, by reason */
  dropped: z.object({
    invalid: z.number(),
    duplicate: z.number(),
    future: z.number(),
    inaccurate: z.number(),
    outlier: z.number(),
  }),
  /** the day had more positions than one read returns: the route covers the first ones */
  truncated: z.boolean(),
  /**
   * the geofences of the customers visited that day (a VISIT event on their account or a RECEIPT event of their
   * receipt): each customer's geocoded address with the settings' geofence radius, drawn as circles
   */
  geofences: z.object({
    radiusM: z.number(),
    customers: z.array(
      z.object({
        customerId: z.number(),
        customerName: z.string(),
        accountNo: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
      }),
    ),
  }),
});
export type RouteDayReply = z.infer<typeof routeDayReplySchema>;

/** A stored position as the route reads it. */
export type StoredPoint = TrackPoint & { fixTime: string; eventType: string; ref: string | null; mock: boolean };

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => Math.round(ms / 1000);

/** The replay's route of a day's stored positions, with the settings' filters and stop rule. */
export function buildRouteDay(
  points: readonly StoredPoint[],
  settings: Pick<CommandCenterSettings, 'accuracyFilterM' | 'maxSpeedKmh' | 'stopRadiusM' | 'stopMinSeconds'>,
  notAfter: number,
): Pick<RouteDayReply, 'fixes' | 'stops' | 'trips' | 'events' | 'totals' | 'dropped'> {
  const { fixes, dropped } = normaliseTrack(points, {
    accuracyM: settings.accuracyFilterM,
    maxSpeedKmh: settings.maxSpeedKmh,
    notAfter,
  });
  const { stops, trips } = detectStopsAndTrips(fixes, {
    radiusM: settings.stopRadiusM,
    minDurationS: settings.stopMinSeconds,
  });
  const events = points
    .filter((point) => (ROUTE_EVENT_TYPES as readonly string[]).includes(point.eventType))
    .map((point) => ({
      type: point.eventType as (typeof ROUTE_EVENT_TYPES)[number],
      time: point.fixTime,
      latitude: point.latitude,
      longitude: point.longitude,
      ref: point.ref,
      mock: point.mock,
    }))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return {
    fixes: fixes.map((fix) => ({ time: iso(fix.time), latitude: fix.latitude, longitude: fix.longitude })),
    stops: stops.map((stop) => ({
      startTime: iso(stop.startTime),
      endTime: iso(stop.endTime),
      durationS: seconds(stop.durationMs),
      latitude: stop.latitude,
      longitude: stop.longitude,
    })),
    trips: trips.map((trip) => ({
      startTime: iso(trip.startTime),
      endTime: iso(trip.endTime),
      durationS: seconds(trip.durationMs),
      distanceM: Math.round(trip.distanceM),
      maxSpeedKmh: Math.round(trip.maxSpeedKmh),
    })),
    events,
    totals: {
      distanceM: Math.round(trips.reduce((sum, trip) => sum + trip.distanceM, 0)),
      movingS: seconds(trips.reduce((sum, trip) => sum + trip.durationMs, 0)),
      stoppedS: seconds(stops.reduce((sum, stop) => sum + stop.durationMs, 0)),
    },
    dropped,
  };
}
