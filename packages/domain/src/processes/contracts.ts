import { z } from 'zod';
import { jobSchema } from '../jobs/contracts.ts';
import { pageParam, pageSizeParam } from '../numeric-params.ts';

// Schedule Process (/collapp/scheduleproc, SCHED_PRO_COLL_SAUTH; issue 14). The catalogue of the product's processes
// is the job kinds the server runs: a scheduled kind runs every N minutes (INTERVAL) or once a day at a time (DAILY),
// as edited here; the other kinds (exports, reports, uploads, notices) run when a user starts them (ON_DEMAND) and are
// listed with their runs only. The code of a process is its job kind.
//   GET  /api/processes                   the catalogue: schedule, whether a run is live, the last runs of each
//   GET  /api/processes/:code/runs        one process's runs, newest first (paged): duration, outcome and log
//   PUT  /api/processes/:code/schedule    edit a scheduled process's schedule (enabled, interval or time of day)
//   POST /api/processes/:code/run         Run now: queue a run (202, the job); 409 while one is queued or running

export const PROCESS_MODES = ['INTERVAL', 'DAILY', 'ON_DEMAND'] as const;
export type ProcessMode = (typeof PROCESS_MODES)[number];

/** Shown first, in this order; any other kind follows by code. */
export const PROCESS_ORDER = [
  'collections.day_start',
  'mail.retry',
  'legal.hearing_reminders',
  'reports.daily_pack',
  'payments.upi_poll',
  'settlements.check',
  'retention.purge',
  'audit.checkpoint',
  'cmdcenter.partitions',
] as const;

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_EVERY_MINUTES = 1440;

export const processSchema = z.object({
  code: z.string(),
  mode: z.enum(PROCESS_MODES),
  /** false: the scheduler does not queue it (Run now still does) */
  enabled: z.boolean(),
  /** INTERVAL: the least minutes between two scheduled runs (null: the kind's own cadence, when work is waiting) */
  everyMinutes: z.number().nullable(),
  /** DAILY: HH:MM in `timeZone` */
  timeOfDay: z.string().nullable(),
  /** 0 until the schedule is first edited */
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** a run is QUEUED or RUNNING */
  live: z.boolean(),
  /** Run now is offered (scheduled kinds; on-demand ones need their screen's input) */
  canRunNow: z.boolean(),
  lastRuns: z.array(jobSchema),
});
export type Process = z.infer<typeof processSchema>;

export const processesReplySchema = z.object({ timeZone: z.string(), rows: z.array(processSchema) });
export type ProcessesReply = z.infer<typeof processesReplySchema>;

export const processParamsSchema = z.object({ code: z.string().regex(/^[a-z_]+\.[a-z_]+$/, 'is not a process code') });

export const processRunsQuerySchema = z.object({ page: pageParam, pageSize: pageSizeParam });
export type ProcessRunsQuery = z.infer<typeof processRunsQuerySchema>;

export const processRunsReplySchema = z.object({
  rows: z.array(jobSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProcessRunsReply = z.infer<typeof processRunsReplySchema>;

export const scheduleInputSchema = z
  .object({
    enabled: z.boolean(),
    /** INTERVAL processes: 1–1440, or null for the kind's own cadence */
    everyMinutes: z
      .number({ error: 'Give the minutes as a whole number' })
      .int('Give the minutes as a whole number')
      .min(1, 'must be at least 1 minute')
      .max(MAX_EVERY_MINUTES, 'must be at most 1440 minutes (a day)')
      .nullable()
      .optional(),
    /** DAILY processes: HH:MM (24-hour) */
    timeOfDay: z.string().regex(TIME_OF_DAY_PATTERN, 'Give the time as HH:MM (24-hour)').optional(),
    /** the version read (0 before the first edit) */
    version: z.number().int().min(0),
  })
  .strict();
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** How long a run took, in whole seconds (null while it has not both started and finished). */
export function runSeconds(run: { startedAt: string | null; finishedAt: string | null }): number | null {
  if (!run.startedAt || !run.finishedAt) return null;
  return Math.max(0, Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000));
}
