import { z } from 'zod';
import { addDays } from '../dates.ts';
import { idParam, pageParam, pageSizeParam, wholeNumberParam } from '../numeric-params.ts';
import { TRACKING_STATUSES } from './status.ts';

// The command center's activity reports (issue 16, spec §2.6): Active Inactive Users (/cmdCenter/activeinactiveuser),
// an account's field activity (/cmdCenter/activeinactiveuser/account/{accountid}), the Idle Time Report
// (/cmdCenter/idealTimeReport) and the Time Spent Report (/cmdCenter/timeSpentReport). The rules are the domain's
// (status.ts, stops.ts); these are the contracts of their reads. A report reads each user-day once: the range is at
// most MAX_ACTIVITY_DAYS days and users × days at most MAX_ACTIVITY_USER_DAYS (else 400 naming the field).

export const MAX_ACTIVITY_DAYS = 31;
export const MAX_ACTIVITY_USER_DAYS = 310;
export const ACTIVITY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

/** The number of calendar days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The dates from `from` to `to`, both included. */
export function datesInRange(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function rangeChecked<T extends { from: string; to: string }>(value: T, context: z.RefinementCtx) {
  if (value.to < value.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the from date' });
  } else if (daysInRange(value.from, value.to) > MAX_ACTIVITY_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_ACTIVITY_DAYS} days after from` });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Active Inactive Users

export const ACTIVE_STATUS_FILTERS = [...TRACKING_STATUSES, 'INACTIVE'] as const;
export type ActiveStatusFilter = (typeof ACTIVE_STATUS_FILTERS)[number];

export const activeUsersQuerySchema = z.strictObject({
  date: isoDate.optional(),
  status: z.enum(ACTIVE_STATUS_FILTERS).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type ActiveUsersQuery = z.infer<typeof activeUsersQuerySchema>;
export const activeUsersExportQuerySchema = activeUsersQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(ACTIVITY_EXPORT_FORMATS) });
export type ActiveUsersExportQuery = z.infer<typeof activeUsersExportQuerySchema>;

export const activeUserRowSchema = z.object({
  userId: z.number(),
  username: z.string(),
  fullName: z.string(),
  unitCode: z.string(),
  status: z.enum(TRACKING_STATUSES),
  inactive: z.boolean(),
  lastSeenAt: z.string().nullable(),
  lastPosition: z.object({ fixTime: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  battery: z.number().nullable(),
  device: z
    .object({ deviceId: z.string(), platform: z.string().nullable(), appVersion: z.string().nullable() })
    .nullable(),
  day: z.object({
    positions: z.number(),
    visits: z.number(),
    receipts: z.number(),
    stops: z.number(),
    distanceKm: z.number(),
  }),
});
export type ActiveUserRow = z.infer<typeof activeUserRowSchema>;

export const activeUsersReplySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** when the statuses were read (the screen's "updated at") */
  asOf: z.string(),
  counts: z.object({
    ALL: z.number(),
    ONLINE: z.number(),
    UNKNOWN: z.number(),
    OFFLINE: z.number(),
    INACTIVE: z.number(),
  }),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(activeUserRowSchema),
});
export type ActiveUsersReply = z.infer<typeof activeUsersReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Idle Time Report and Time Spent Report

const reportShape = {
  from: isoDate,
  to: isoDate,
  userId: idParam.optional(),
};

export const idleReportQuerySchema = z
  .strictObject({ ...reportShape, minMinutes: wholeNumberParam(5, 480).optional() })
  .superRefine(rangeChecked);
export type IdleReportQuery = z.infer<typeof idleReportQuerySchema>;
export const idleReportExportQuerySchema = z
  .strictObject({
    ...reportShape,
    minMinutes: wholeNumberParam(5, 480).optional(),
    format: z.enum(ACTIVITY_EXPORT_FORMATS),
  })
  .superRefine(rangeChecked);
export type IdleReportExportQuery = z.infer<typeof idleReportExportQuerySchema>;

const userRef = z.object({ userId: z.number(), username: z.string(), fullName: z.string() });
const customerRef = z.object({
  customerId: z.number(),
  customerName: z.string(),
  accountId: z.number().nullable(),
  accountNo: z.string().nullable(),
});

export const idleSpellSchema = z.object({
  date: z.string(),
  from: z.string(),
  to: z.string(),
  minutes: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  /** the customer whose geofence the spell is in */
  customer: customerRef.nullable(),
});
export type IdleSpellRow = z.infer<typeof idleSpellSchema>;

export const idleReportReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  minMinutes: z.number(),
  users: z.array(userRef.extend({ spells: z.array(idleSpellSchema), totalMinutes: z.number() })),
});
export type IdleReportReply = z.infer<typeof idleReportReplySchema>;

export const timeSpentQuerySchema = z.strictObject(reportShape).superRefine(rangeChecked);
export type TimeSpentQuery = z.infer<typeof timeSpentQuerySchema>;
export const timeSpentExportQuerySchema = z
  .strictObject({ ...reportShape, format: z.enum(ACTIVITY_EXPORT_FORMATS) })
  .superRefine(rangeChecked);
export type TimeSpentExportQuery = z.infer<typeof timeSpentExportQuerySchema>;

export const timeSpentRowSchema = customerRef.extend({
  latitude: z.number(),
  longitude: z.number(),
  visits: z.number(),
  dwellMinutes: z.number(),
  firstEnter: z.string(),
  lastLeave: z.string(),
  visitList: z.array(z.object({ enter: z.string(), leave: z.string(), dwellMinutes: z.number() })),
});
export type TimeSpentRow = z.infer<typeof timeSpentRowSchema>;

export const timeSpentReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  geofenceRadiusM: z.number(),
  users: z.array(userRef.extend({ customers: z.array(timeSpentRowSchema), totalDwellMinutes: z.number() })),
});
export type TimeSpentReply = z.infer<typeof timeSpentReplySchema>;

// ---------------------------------------------------------------------------------------------------------------
// An account's field activity

export const accountActivityQuerySchema = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine((value, context) => {
    if (value.from && value.to) rangeChecked({ from: value.from, to: value.to }, context);
  });
export type AccountActivityQuery = z.infer<typeof accountActivityQuerySchema>;

export const accountActivityReplySchema = z.object({
  account: z.object({
    id: z.number(),
    accountNo: z.string(),
    customerName: z.string(),
    allocatedTo: z.object({ userId: z.number(), fullName: z.string() }).nullable(),
    location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  }),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  geofenceRadiusM: z.number(),
  visitEvents: z.array(
    z.object({
      userId: z.number(),
      fullName: z.string(),
      time: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      mock: z.boolean(),
    }),
  ),
  geofenceVisits: z.array(
    z.object({
      userId: z.number(),
      fullName: z.string(),
      enter: z.string(),
      leave: z.string(),
      dwellMinutes: z.number(),
    }),
  ),
  receipts: z.array(
    z.object({
      receiptNo: z.string(),
      receivedBy: z.string(),
      time: z.string(),
      amountMinor: z.string(),
      currency: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
});
export type AccountActivityReply = z.infer<typeof accountActivityReplySchema>;
