import { z } from 'zod';
import { jobSchema } from '../jobs/contracts.ts';
import { pageParam, pageSizeParam } from '../numeric-params.ts';

// Day Start screen (/collapp/daystartproc, DAY_START_COLL_SAUTH). A run is a `collections.day_start` job:
//   GET  /api/collections/day-start/runs              the business date, whether a run is live, the runs of the subtree
//   POST /api/collections/day-start/business-date     move the business date forward: one day start per day, in order
//   POST /api/collections/day-start/runs/:id/retry    queue a FAILED run again (it resumes at the day that failed)
//   POST /api/collections/day-start/bom-refresh       take the BOM snapshot of the business date's month again
//   POST /api/collections/day-start/cycle-refresh     close the statements of card cycles ending on the business date
// Force completion of a FAILED run is the DAY_START_FORCE_COMPLETION approval flow (subject: the run's job).

/** At most this many days are processed by one change of business date. */
export const DAY_START_MAX_DAYS = 31;

export const changeBusinessDateInputSchema = z
  .object({ businessDate: z.iso.date({ error: 'Give the new business date as YYYY-MM-DD' }) })
  .strict();
export type ChangeBusinessDateInput = z.infer<typeof changeBusinessDateInputSchema>;

export const dayStartRunsQuerySchema = z.object({ page: pageParam, pageSize: pageSizeParam });
export type DayStartRunsQuery = z.infer<typeof dayStartRunsQuerySchema>;

/** The latest BOM (beginning of month) snapshot behind the roll rates: accounts and principal outstanding by bucket. */
export const bomSnapshotSchema = z.object({
  /** the first day of the month */
  month: z.string(),
  /** the business date it was taken on */
  takenOn: z.string(),
  rows: z.array(
    z.object({
      bucket: z.string(),
      currency: z.string(),
      accounts: z.number(),
      /** minor units (paise), as a decimal string */
      principalOutstandingMinor: z.string(),
    }),
  ),
});
export type BomSnapshot = z.infer<typeof bomSnapshotSchema>;

export const dayStartRunsReplySchema = z.object({
  businessDate: z.string(),
  /** a run is QUEUED or RUNNING: another start is refused until it ends */
  running: z.boolean(),
  rows: z.array(jobSchema),
  total: z.number(),
  bom: bomSnapshotSchema.nullable(),
  page: z.number(),
  pageSize: z.number(),
});
export type DayStartRunsReply = z.infer<typeof dayStartRunsReplySchema>;

/** The payload of a force completion request (the flow's own field). */
export const forceCompletionPayloadSchema = z
  .object({ reason: z.string().trim().min(5, 'Give a reason of at least 5 characters').max(500) })
  .strict();

/** Cycle Refresh: the business date and how many card statements it closed. */
export const cycleRefreshReplySchema = z.object({ businessDate: z.string(), statements: z.number() });
export type CycleRefreshReply = z.infer<typeof cycleRefreshReplySchema>;

/** The steps of each day of a day start run, in order (the job's progress counts them). */
export const DAY_START_STEPS = ['RECOMPUTE', 'PTP_RESOLUTION', 'ESCALATIONS', 'ALLOCATION', 'EXPIRY'] as const;
export type DayStartStep = (typeof DAY_START_STEPS)[number];
