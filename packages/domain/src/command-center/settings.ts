import { z } from 'zod';
import { parseClock } from './time.ts';

// Command-center settings (issue 16, /cmdCenter/settings, LEGAL_SETTINGS_SAUTH as the spec says): the thresholds of
// the track filters, stops, idle, time spent, statuses and shady-transaction rules, with these defaults until the
// first save. Each value has bounds; an error names its field by the issue's path (the server's 400 names it).
// Defaults: Traccar's where it has one (minimal parking 300 s, status timeout 10 min), domain §4 otherwise.

export const COMMAND_CENTER_SETTINGS_AUTHORITY = 'LEGAL_SETTINGS_SAUTH' as const;

const whole = (min: number, max: number) =>
  z
    .number({ error: 'This field is required' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const clock = z
  .string({ error: 'This field is required' })
  .refine((value) => !Number.isNaN(parseClock(value)), 'must be a time of day (HH:MM)');

/** The bounds of each numeric setting (the settings screen's inputs show them). */
export const COMMAND_CENTER_SETTING_BOUNDS = {
  accuracyFilterM: [10, 1000],
  maxSpeedKmh: [30, 1000],
  stopRadiusM: [20, 500],
  stopMinSeconds: [60, 3600],
  idleRadiusM: [20, 500],
  idleMinMinutes: [5, 480],
  geofenceRadiusM: [100, 200],
  geofenceExitGraceSeconds: [0, 1800],
  onlineMinutes: [1, 120],
  offlineMinutes: [2, 1440],
  inactiveMinutes: [5, 1440],
  shadyFarM: [100, 10_000],
  shadyStationaryReceipts: [2, 20],
  impossibleTravelKmh: [20, 300],
  depositDays: [0, 7],
  maxCancellations: [1, 20],
  retentionDays: [7, 730],
} as const satisfies Record<string, readonly [number, number]>;

type NumericSetting = keyof typeof COMMAND_CENTER_SETTING_BOUNDS;
const bounded = (key: NumericSetting) =>
  whole(COMMAND_CENTER_SETTING_BOUNDS[key][0], COMMAND_CENTER_SETTING_BOUNDS[key][1]);

const settingsShape = {
  /** drop positions whose accuracy radius is worse than this (Traccar `filter.accuracy`), metres */
  accuracyFilterM: bounded('accuracyFilterM'),
  /** drop jumps implying more than this speed (Traccar `filter.maxSpeed`), km/h */
  maxSpeedKmh: bounded('maxSpeedKmh'),
  /** a stop: stayed within this radius, metres … */
  stopRadiusM: bounded('stopRadiusM'),
  /** … for at least this long (Traccar `minimalParkingDuration`), seconds */
  stopMinSeconds: bounded('stopMinSeconds'),
  /** idle: stationary within R metres … */
  idleRadiusM: bounded('idleRadiusM'),
  /** … for at least N minutes while on shift */
  idleMinMinutes: bounded('idleMinMinutes'),
  /** shift hours, India time (HH:MM), start before end */
  shiftStart: clock,
  shiftEnd: clock,
  /** a customer's geofence around the address (domain §4: 100–200 m), metres */
  geofenceRadiusM: bounded('geofenceRadiusM'),
  /** an excursion outside a geofence shorter than this stays part of the visit, seconds */
  geofenceExitGraceSeconds: bounded('geofenceExitGraceSeconds'),
  /** online until no update for this long (Traccar `status.timeout`), then unknown, minutes */
  onlineMinutes: bounded('onlineMinutes'),
  /** unknown until no update for this long, then offline, minutes */
  offlineMinutes: bounded('offlineMinutes'),
  /** inactive after no update for this long (Traccar's device-inactive event), minutes */
  inactiveMinutes: bounded('inactiveMinutes'),
  /** a receipt farther than X metres from the customer's address and visits (yellow; 2X amber; 4X red) */
  shadyFarM: bounded('shadyFarM'),
  /** this many receipts or more at one stop are "many receipts while stationary" */
  shadyStationaryReceipts: bounded('shadyStationaryReceipts'),
  /** a speed between consecutive receipts above this is impossible travel (domain §4: 80 km/h in a city), km/h */
  impossibleTravelKmh: bounded('impossibleTravelKmh'),
  /** cash is deposited by the end of day T + this many days (T+1) */
  depositDays: bounded('depositDays'),
  /** a receipt cancelled or re-issued more than N times on one account in a day is flagged */
  maxCancellations: bounded('maxCancellations'),
  /** positions are kept this many days */
  retentionDays: bounded('retentionDays'),
};

type SettingsValue = { [K in keyof typeof settingsShape]: z.infer<(typeof settingsShape)[K]> };

function ordered(value: SettingsValue, context: z.RefinementCtx) {
  const start = parseClock(value.shiftStart);
  const end = parseClock(value.shiftEnd);
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
    context.addIssue({ code: 'custom', path: ['shiftEnd'], message: 'must be after the shift start' });
  }
  if (value.offlineMinutes <= value.onlineMinutes) {
    context.addIssue({ code: 'custom', path: ['offlineMinutes'], message: 'must be more than the online minutes' });
  }
}

export const commandCenterSettingsSchema = z.strictObject(settingsShape).superRefine(ordered);
export type CommandCenterSettings = z.infer<typeof commandCenterSettingsSchema>;

export const DEFAULT_COMMAND_CENTER_SETTINGS: CommandCenterSettings = {
  accuracyFilterM: 100,
  maxSpeedKmh: 150,
  stopRadiusM: 100,
  stopMinSeconds: 300,
  idleRadiusM: 100,
  idleMinMinutes: 30,
  shiftStart: '09:00',
  shiftEnd: '19:00',
  geofenceRadiusM: 150,
  geofenceExitGraceSeconds: 180,
  onlineMinutes: 10,
  offlineMinutes: 60,
  inactiveMinutes: 30,
  shadyFarM: 500,
  shadyStationaryReceipts: 3,
  impossibleTravelKmh: 80,
  depositDays: 1,
  maxCancellations: 2,
  retentionDays: 90,
};

/** PATCH of the settings: the values and the version they were read at (optimistic concurrency). */
export const commandCenterSettingsUpdateSchema = z
  .strictObject({ ...settingsShape, version: z.number().int().positive().max(2_147_483_647) })
  .superRefine(ordered);
export type CommandCenterSettingsUpdate = z.infer<typeof commandCenterSettingsUpdateSchema>;

/**
 * GET/PUT /api/cmd-center/settings: the settings in force (the defaults until the first save; a stored value the
 * schema no longer accepts falls back to its default), the defaults, the version to send back and who saved last.
 */
export const commandCenterSettingsReplySchema = z.object({
  settings: z.object(settingsShape),
  defaults: z.object(settingsShape),
  /** 1 until the first save */
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CommandCenterSettingsReply = z.infer<typeof commandCenterSettingsReplySchema>;
