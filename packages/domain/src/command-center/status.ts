import { toEpochMs, type Instant } from './time.ts';

// A field user's status from when their device was last heard from (issue 16, domain §4), as Traccar reports it:
// - ONLINE: an update within `onlineMinutes` (Traccar `status.timeout`, default 10 minutes);
// - UNKNOWN: no update since, but for less than `offlineMinutes` (Traccar's "unknown": the device may still be there);
// - OFFLINE: no update for `offlineMinutes` or more, or never. Traccar calls a device offline when its connection
//   closes; a phone posting batches over HTTP has no connection, so a second timeout stands for it.
// Beside the status, `inactive`: no update for `inactiveMinutes` (Traccar's device-inactive event), the active/inactive
// users screen's rule. A last-seen time in the future (a phone clock ahead) counts as just now.

export const TRACKING_STATUSES = ['ONLINE', 'UNKNOWN', 'OFFLINE'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export type StatusThresholds = { onlineMinutes: number; offlineMinutes: number; inactiveMinutes: number };

export type StatusReading = {
  status: TrackingStatus;
  inactive: boolean;
  /** milliseconds since the last update; null when never heard from */
  silentMs: number | null;
};

export function trackingStatus(
  lastSeen: Instant | null | undefined,
  now: Instant,
  thresholds: StatusThresholds,
): StatusReading {
  const seen = lastSeen === null || lastSeen === undefined ? Number.NaN : toEpochMs(lastSeen);
  if (Number.isNaN(seen)) return { status: 'OFFLINE', inactive: true, silentMs: null };
  const silentMs = Math.max(0, toEpochMs(now) - seen);
  const status: TrackingStatus =
    silentMs <= thresholds.onlineMinutes * 60_000
      ? 'ONLINE'
      : silentMs < thresholds.offlineMinutes * 60_000
        ? 'UNKNOWN'
        : 'OFFLINE';
  return { status, inactive: silentMs >= thresholds.inactiveMinutes * 60_000, silentMs };
}
