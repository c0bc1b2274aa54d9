import { z } from 'zod';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';
import {
  SEVERITIES,
  SHADY_BASES,
  SHADY_REPORTS,
  SHADY_RULES,
  type ShadyReport,
  type ShadyRule,
} from './shady-rules.ts';

// The shady transaction reports (issue 16, spec §2.6: Shady Transaction Time and Shady Transaction Location):
//   GET /api/cmd-center/shady?report=TIME|LOCATION&from=&to=&userId=&severity=&rule=&page=&pageSize=
//   GET /api/cmd-center/shady/export?…&format=csv|xlsx
// ACTIVE_INACTIVE_SAUTH. The findings are the domain's rules (shady-rules.ts) over each field user-day of the
// acting unit's subtree; which report lists a rule is the severity table's `report`.

/** The longest range one read covers. */
export const MAX_SHADY_RANGE_DAYS = 31;

const isoDate = z.iso.date('must be a date (YYYY-MM-DD)');

const shadyFilters = {
  report: z.enum(SHADY_REPORTS),
  from: isoDate,
  to: isoDate,
  userId: idParam.optional(),
  severity: z.enum(SEVERITIES).optional(),
  rule: z.enum(SHADY_RULES).optional(),
};

const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (dayCount(value.from, value.to) > MAX_SHADY_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_SHADY_RANGE_DAYS} days after from` });
  }
}

export const shadyQuerySchema = z
  .strictObject({ ...shadyFilters, page: pageParam, pageSize: pageSizeParam })
  .superRefine(checkRange);
export type ShadyQuery = z.infer<typeof shadyQuerySchema>;

export const shadyExportQuerySchema = z
  .strictObject({ ...shadyFilters, format: z.enum(['csv', 'xlsx']) })
  .superRefine(checkRange);
export type ShadyExportQuery = z.infer<typeof shadyExportQuerySchema>;

/** The rules a report lists (its rows of the severity table). */
export function rulesOfReport(report: ShadyReport, table: readonly { rule: ShadyRule; report: ShadyReport }[]) {
  return table.filter((row) => row.report === report).map((row) => row.rule);
}

const place = z.object({ latitude: z.number(), longitude: z.number() });

export const shadyFindingRowSchema = z.object({
  /** stable within a read: receipt id and rule */
  key: z.string(),
  rule: z.enum(SHADY_RULES),
  severity: z.enum(SEVERITIES),
  basis: z.enum(SHADY_BASES),
  report: z.enum(SHADY_REPORTS),
  /** the rule's measured values (distanceM, minutesOutside, speedKmh …) */
  measured: z.record(z.string(), z.number()),
  receipt: z.object({
    id: z.number().int(),
    receiptNo: z.string(),
    amountMinor: z.string(),
    currency: z.string(),
    mode: z.string(),
    status: z.string(),
    /** the RECEIPT event's time, else the receipt's created_at */
    time: z.string(),
    place: place.nullable(),
    accuracyM: z.number().nullable(),
    mock: z.boolean(),
    depositedAt: z.string().nullable(),
  }),
  account: z.object({ id: z.number().int(), accountNo: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), place: place.nullable() }),
  collector: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
  /** the collector's day (India time) the finding belongs to: the route replay's date */
  date: z.string(),
  /** where the collector recorded visits to this customer that day */
  visits: z.array(place),
  /** the stops of the day near the receipt's time (± 1 hour) */
  stops: z.array(place.extend({ startTime: z.string(), endTime: z.string() })),
  relatedReceiptNos: z.array(z.string()),
});
export type ShadyFindingRow = z.infer<typeof shadyFindingRowSchema>;

export const shadyReplySchema = z.object({
  report: z.enum(SHADY_REPORTS),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** the geofence radius the screens draw around a customer's address */
  geofenceRadiusM: z.number(),
  /** the report's findings (before the severity filter) counted per severity */
  severityCounts: z.object({ RED: z.number().int(), AMBER: z.number().int(), YELLOW: z.number().int() }),
  /** the report's findings (before the rule filter) counted per rule */
  ruleCounts: z.array(z.object({ rule: z.enum(SHADY_RULES), count: z.number().int() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(shadyFindingRowSchema),
});
export type ShadyReply = z.infer<typeof shadyReplySchema>;

/** What a finding measured, as a sentence: the dictionary key and its values (numbers the caller formats). */
export type ShadyWords = { key: string; values: Record<string, number> };

const km = (metres: number) => Math.round(metres / 100) / 10;

/** The words of a finding's measured values ("3.2 km from the customer's address", "42 min after 19:00" …). */
export function shadyMeasureWords(rule: ShadyRule, measured: Record<string, number>): ShadyWords {
  const m = (name: string) => measured[name] ?? 0;
  switch (rule) {
    case 'FAR_FROM_CUSTOMER':
      return { key: 'CcShadyWordsFar', values: { km: km(m('distanceM')) } };
    case 'NEVER_IN_GEOFENCE':
      return m('noTrackNear') > 0
        ? { key: 'CcShadyWordsNoTrackNear', values: {} }
        : { key: 'CcShadyWordsNeverIn', values: { km: km(m('closestApproachM')) } };
    case 'MOCK_LOCATION':
      return m('mock') > 0 ? { key: 'CcShadyWordsMock', values: {} } : { key: 'CcShadyWordsNoLocation', values: {} };
    case 'MANY_RECEIPTS_STATIONARY':
      return { key: 'CcShadyWordsStationary', values: { count: m('receiptsAtStop'), minutes: m('stopMinutes') } };
    case 'OUTSIDE_HOURS':
      return m('localMinutes') < 12 * 60
        ? { key: 'CcShadyWordsBefore', values: { minutes: m('minutesOutside') } }
        : { key: 'CcShadyWordsAfter', values: { minutes: m('minutesOutside') } };
    case 'IMPOSSIBLE_TRAVEL':
      return { key: 'CcShadyWordsSpeed', values: { speed: m('speedKmh'), km: km(m('distanceM')) } };
    case 'CASH_269ST':
      return { key: 'CcShadyWordsDayCash', values: { amountMinor: m('dayCashMinor') } };
    case 'CASH_NOT_DEPOSITED':
      return m('undeposited') > 0
        ? { key: 'CcShadyWordsUndeposited', values: { hours: m('hoursLate') } }
        : { key: 'CcShadyWordsLate', values: { hours: m('hoursLate') } };
    case 'CANCEL_REISSUE':
      return { key: 'CcShadyWordsCancellations', values: { count: m('cancellations') } };
  }
}
