import { z } from 'zod';

// Collections settings (issue 14, /collapp/settings): the rules of collections a business user may change, stored
// in one row (collections_settings) with these defaults until the first save. Saving needs SCHED_PRO_COLL_SAUTH; it
// is audited with the values before and after. None is an amount of money, so a save takes no second approval.

export const COLLECTIONS_SETTINGS_AUTHORITY = 'SCHED_PRO_COLL_SAUTH' as const;

const days = (min: number, max: number) =>
  z
    .number({ error: 'This field is required' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const settingsShape = {
  /** furthest promised date without a supervisor, in days from the business date: bucket B1 (and current) */
  ptpHorizonDaysB1: days(1, 60),
  /** the same for B2 and later */
  ptpHorizonDaysLater: days(1, 90),
  /** furthest promised date at all: a promise beyond it is refused, not sent to a supervisor */
  ptpMaxDays: days(1, 730),
  /** accounts one collector carries at most (rule-based allocation fills collectors up to it) */
  collectorCapacity: days(1, 5000),
  /** broken PTPs in a row after which an account is escalated to its unit manager */
  escalationBrokenPtps: days(1, 10),
};

function ordered(
  value: { ptpHorizonDaysB1: number; ptpHorizonDaysLater: number; ptpMaxDays: number },
  context: z.RefinementCtx,
) {
  if (value.ptpHorizonDaysLater < value.ptpHorizonDaysB1) {
    context.addIssue({ code: 'custom', path: ['ptpHorizonDaysLater'], message: 'must be at least the B1 horizon' });
  }
  if (value.ptpMaxDays < Math.max(value.ptpHorizonDaysB1, value.ptpHorizonDaysLater)) {
    context.addIssue({ code: 'custom', path: ['ptpMaxDays'], message: 'must be at least the longest PTP horizon' });
  }
}

export const collectionsSettingsSchema = z.strictObject(settingsShape).superRefine(ordered);
export type CollectionsSettings = z.infer<typeof collectionsSettingsSchema>;

export const DEFAULT_COLLECTIONS_SETTINGS: CollectionsSettings = {
  // the PTP policy's defaults (ptp-policy.ts; settings.test.ts holds them equal), written out so that the settings
  // screen's chunk and the tray's do not share a chunk of the policy (page weight)
  ptpHorizonDaysB1: 7,
  ptpHorizonDaysLater: 15,
  ptpMaxDays: 365,
  collectorCapacity: 400,
  escalationBrokenPtps: 1,
};

/** PATCH /api/collections/settings: the settings and the version they were read at (optimistic concurrency). */
export const collectionsSettingsUpdateSchema = z
  .strictObject({ ...settingsShape, version: z.number().int().positive().max(2_147_483_647) })
  .superRefine(ordered);
export type CollectionsSettingsUpdate = z.infer<typeof collectionsSettingsUpdateSchema>;

export const collectionsSettingsReplySchema = z.object({
  settings: z.object({
    ptpHorizonDaysB1: z.number(),
    ptpHorizonDaysLater: z.number(),
    ptpMaxDays: z.number(),
    collectorCapacity: z.number(),
    escalationBrokenPtps: z.number(),
  }),
  defaults: z.object({
    ptpHorizonDaysB1: z.number(),
    ptpHorizonDaysLater: z.number(),
    ptpMaxDays: z.number(),
    collectorCapacity: z.number(),
    escalationBrokenPtps: z.number(),
  }),
  /** 1 before the first save */
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CollectionsSettingsReply = z.infer<typeof collectionsSettingsReplySchema>;
