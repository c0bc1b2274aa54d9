import { z } from 'zod';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';

// Command center (issue 16): location ingest from the field app (mCollect, spec §2.2 /callmcollect) and devices, and
// the reads the command-center screens start from. Positions are stored in `field_positions`, a table partitioned by
// day of fix time (docs/architecture.md "Command center: location ingest").
//   POST /api/cmd-center/positions     FIELD_COLLECTOR_SAUTH  a batch of the signed-in field user's own positions
//   GET  /api/cmd-center/field-users   ACTIVE_INACTIVE_SAUTH  the subtree's field users: device, last position, day
//   GET  /api/cmd-center/positions     ACTIVE_INACTIVE_SAUTH  one field user's day, ordered by fix time
//   The accuracy filter and the retention are command-center settings (settings.ts, GET/PUT /api/cmd-center/settings).

/** What a position records: a plain fix, or a fix taken at an event of the field app. */
export const POSITION_EVENT_TYPES = ['POSITION', 'LOGIN', 'LOGOUT', 'RECEIPT', 'VISIT', 'SOS'] as const;
export type PositionEventType = (typeof POSITION_EVENT_TYPES)[number];

/** Positions one request may carry. */
export const MAX_POSITIONS_PER_BATCH = 1000;
/** A fix time this far after the server's clock is a clock error on the device: dropped as `future`. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Day partitions of `field_positions` created ahead of today (the accuracy filter and the retention are settings). */
export const PARTITION_DAYS_AHEAD = 7;

// ---------------------------------------------------------------------------------------------------------------
// Ingest

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** One fix as the device sends it. `seq` is the device's own counter: a resent fix keeps its seq and fix time. */
export const positionInputSchema = z.strictObject({
  seq: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
  fixTime: z.iso.datetime({ offset: true, error: 'must be a date and time with its offset (ISO 8601)' }),
  latitude: z
    .number({ error: 'must be a latitude in degrees' })
    .min(-90, 'must be a latitude from -90 to 90')
    .max(90, 'must be a latitude from -90 to 90'),
  longitude: z
    .number({ error: 'must be a longitude in degrees' })
    .min(-180, 'must be a longitude from -180 to 180')
    .max(180, 'must be a longitude from -180 to 180'),
  accuracyM: z
    .number({ error: 'must be the accuracy in metres' })
    .min(0, 'must be from 0 to 100000 metres')
    .max(100_000, 'must be from 0 to 100000 metres'),
  speedKmh: z
    .number({ error: 'must be a speed in km/h' })
    .min(0, 'must be from 0 to 1000 km/h')
    .max(1000, 'must be from 0 to 1000 km/h')
    .optional(),
  battery: z
    .number({ error: 'must be a battery level in per cent' })
    .int('must be a whole per cent')
    .min(0, 'must be from 0 to 100')
    .max(100, 'must be from 0 to 100')
    .optional(),
  mock: z.boolean({ error: 'must be true or false' }).optional(),
  eventType: z.enum(POSITION_EVENT_TYPES, { error: `must be one of ${POSITION_EVENT_TYPES.join(', ')}` }).optional(),
  /** the receipt number, account number or visit the event concerns */
  ref: text(64).optional(),
});
export type PositionInput = z.infer<typeof positionInputSchema>;

export const positionsBatchSchema = z.strictObject({
  /** the device's installation id, chosen by the app; registered to the first user who sends from it */
  deviceId: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[A-Za-z0-9._:-]{4,64}$/, 'must be 4 to 64 letters, digits or . _ : -'),
  platform: text(32).optional(),
  appVersion: text(32).optional(),
  positions: z
    .array(positionInputSchema, { error: 'must be a list of positions' })
    .min(1, 'must hold at least one position')
    .max(MAX_POSITIONS_PER_BATCH, `must hold at most ${MAX_POSITIONS_PER_BATCH} positions`),
});
export type PositionsBatch = z.infer<typeof positionsBatchSchema>;

export const ingestReplySchema = z.object({
  /** positions stored by this request */
  accepted: z.number(),
  /** positions already stored (same device, seq and fix time), or repeated within the batch */
  duplicates: z.number(),
  dropped: z.object({
    /** accuracy worse than the accuracy filter */
    accuracy: z.number(),
    /** fixed before the retention window */
    tooOld: z.number(),
    /** fixed more than FUTURE_TOLERANCE_MS after the server's clock */
    future: z.number(),
  }),
});
export type IngestReply = z.infer<typeof ingestReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Reads

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

export const fieldUsersQuerySchema = z.strictObject({
  /** the day whose positions are counted (default today in the organisation's time zone) */
  date: isoDate.optional(),
  /** a part of the name or username (case-insensitive): the route replay's collector picker searches with it */
  q: z.string().trim().max(100).optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type FieldUsersQuery = z.infer<typeof fieldUsersQuerySchema>;

export const fieldDeviceSchema = z.object({
  deviceId: z.string(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});

export const fieldUserRowSchema = z.object({
  userId: z.number(),
  username: z.string(),
  fullName: z.string(),
  /** the field user's unit of the acting unit's subtree (the first by code when several) */
  unitCode: z.string(),
  /** the device that reported last; null: never reported */
  device: fieldDeviceSchema.nullable(),
  /** when the server last heard from the user's device (raw: the status rules are the domain's) */
  lastSeenAt: z.string().nullable(),
  lastPosition: z
    .object({
      fixTime: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      accuracyM: z.number(),
    })
    .nullable(),
  battery: z.number().nullable(),
  /** positions stored for the day */
  positionsOfDay: z.number(),
});
export type FieldUserRow = z.infer<typeof fieldUserRowSchema>;

export const fieldUsersReplySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  rows: z.array(fieldUserRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type FieldUsersReply = z.infer<typeof fieldUsersReplySchema>;

export const dayPositionsQuerySchema = z.strictObject({ userId: idParam, date: isoDate });
export type DayPositionsQuery = z.infer<typeof dayPositionsQuerySchema>;

/** Positions one day's read returns at most (a day of a fix every 5 s is 17,280). */
export const MAX_DAY_POSITIONS = 20_000;

export const storedPositionSchema = z.object({
  deviceId: z.string(),
  seq: z.number(),
  fixTime: z.string(),
  receivedAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyM: z.number(),
  speedKmh: z.number().nullable(),
  battery: z.number().nullable(),
  mock: z.boolean(),
  eventType: z.enum(POSITION_EVENT_TYPES),
  ref: z.string().nullable(),
});
export type StoredPosition = z.infer<typeof storedPositionSchema>;

export const dayPositionsReplySchema = z.object({
  user: z.object({ id: z.number(), username: z.string(), fullName: z.string() }),
  date: z.string(),
  timeZone: z.string(),
  /** ordered by fix time, then device and seq */
  positions: z.array(storedPositionSchema),
  /** more than MAX_DAY_POSITIONS positions: the first ones are returned */
  truncated: z.boolean(),
});
export type DayPositionsReply = z.infer<typeof dayPositionsReplySchema>;
