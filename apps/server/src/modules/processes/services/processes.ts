import { sql } from 'drizzle-orm';
import {
  PROCESS_ORDER,
  type Process,
  type ProcessesReply,
  type ProcessMode,
  type ProcessRunsQuery,
  type ProcessRunsReply,
  type ScheduleInput,
} from '@recovery-desk/domain/processes/contracts.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { enqueueJob } from '../../../jobs/enqueue-job.ts';
import type { JobKind } from '../../../jobs/job-kind.ts';
import { findJob, hasLiveJob, listJobs, type JobScope } from '../../../jobs/jobs.repository.ts';

// Schedule Process (issue 14): the catalogue is the job kinds the worker runs. A kind with a `schedule` is a
// scheduled process (DAILY when it has a time of day, else INTERVAL) whose schedule is edited here and stored in
// `process_schedules` (read by the worker on every tick, so edits apply without a restart); every other kind is
// ON_DEMAND (started from its own screen with its input: exports, reports, uploads, notices) and listed with its runs.

const LAST_RUNS = 5;

type StoredSchedule = {
  code: string;
  enabled: boolean;
  everyMinutes: number | null;
  timeOfDay: string | null;
  version: number;
  updatedAt: Date | string;
  updatedBy: string | null;
};

function modeOf(kind: JobKind<unknown>): ProcessMode {
  if (!kind.schedule) return 'ON_DEMAND';
  return kind.schedule.timeOfDay === undefined ? 'INTERVAL' : 'DAILY';
}

function orderOf(code: string): number {
  const index = (PROCESS_ORDER as readonly string[]).indexOf(code);
  return index === -1 ? PROCESS_ORDER.length : index;
}

function catalogue(deps: AppDeps): JobKind<unknown>[] {
  return [...deps.jobs.jobKinds].sort((a, b) => orderOf(a.kind) - orderOf(b.kind) || a.kind.localeCompare(b.kind));
}

function kindOf(deps: AppDeps, code: string): JobKind<unknown> {
  const kind = deps.jobs.jobKinds.find((candidate) => candidate.kind === code);
  if (!kind) throw new AppError('NOT_FOUND', `There is no process ${code}`);
  return kind;
}

/** Runs a Schedule Process user sees: the acting unit's subtree, and at a root unit the scheduled system runs too. */
function scopeOf(ctx: UnitContext): JobScope {
  return { unitPath: ctx.actingUnit.path, includeSystem: /^\/\d+\/$/.test(ctx.actingUnit.path) };
}

async function storedSchedules(db: Executor, code?: string): Promise<Map<string, StoredSchedule>> {
  const rows = await selectRows<StoredSchedule>(
    db,
    sql`select s.code, s.enabled, s.every_minutes as "everyMinutes", s.time_of_day as "timeOfDay", s.version,
        s.updated_at as "updatedAt", u.full_name as "updatedBy"
      from process_schedules s left join users u on u.id = s.updated_by_user_id
      ${code === undefined ? sql`` : sql`where s.code = ${code}`}`,
  );
  return new Map(rows.map((row) => [row.code, row]));
}

async function describe(
  deps: AppDeps,
  ctx: UnitContext,
  kind: JobKind<unknown>,
  stored: StoredSchedule | undefined,
): Promise<Process> {
  const mode = modeOf(kind);
  const [live, runs] = await Promise.all([
    hasLiveJob(deps.db, kind.kind),
    listJobs(deps.db, { scope: scopeOf(ctx), kind: kind.kind, limit: LAST_RUNS, offset: 0 }),
  ]);
  return {
    code: kind.kind,
    mode,
    enabled: mode === 'ON_DEMAND' ? false : (stored?.enabled ?? kind.schedule?.enabledByDefault ?? true),
    everyMinutes: mode === 'INTERVAL' ? (stored?.everyMinutes ?? null) : null,
    timeOfDay: mode === 'DAILY' ? (stored?.timeOfDay ?? kind.schedule?.timeOfDay ?? null) : null,
    version: stored?.version ?? 0,
    updatedAt: stored ? new Date(stored.updatedAt).toISOString() : null,
    updatedBy: stored?.updatedBy ?? null,
    live,
    canRunNow: mode !== 'ON_DEMAND',
    lastRuns: runs.rows,
  };
}

/** GET /api/processes — every process with its schedule, whether a run is live, and its last runs. */
export async function listProcesses(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<ProcessesReply> {
  const stored = await storedSchedules(deps.db);
  const rows: Process[] = [];
  for (const kind of catalogue(deps)) rows.push(await describe(deps, ctx, kind, stored.get(kind.kind)));
  return { timeZone: deps.config.scheduleTimeZone, rows };
}

/** GET /api/processes/:code/runs — one process's runs in the acting unit's scope, newest first. */
export async function listProcessRuns(
  deps: AppDeps,
  { ctx, code, query }: { ctx: UnitContext; code: string; query: ProcessRunsQuery },
): Promise<ProcessRunsReply> {
  const kind = kindOf(deps, code);
  const page = await listJobs(deps.db, {
    scope: scopeOf(ctx),
    kind: kind.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows: page.rows, total: page.count, page: query.page, pageSize: query.pageSize };
}

/**
 * PUT /api/processes/:code/schedule — edits a scheduled process's schedule: enabled, and its interval (INTERVAL) or
 * time of day (DAILY); the other field is refused (400 naming it). Optimistic: `version` must be the one read (409
 * STALE_VERSION otherwise). Audited with before and after. The worker reads it on its next tick.
 */
export async function updateSchedule(
  deps: AppDeps,
  { ctx, code, input }: { ctx: UnitContext; code: string; input: ScheduleInput },
): Promise<Process> {
  const kind = kindOf(deps, code);
  const mode = modeOf(kind);
  if (mode === 'ON_DEMAND') {
    throw new AppError('ACTION_NOT_ALLOWED', `${code} runs when a user starts it; it has no schedule.`);
  }
  if (mode === 'DAILY' && input.everyMinutes !== undefined && input.everyMinutes !== null) {
    throw validationError('everyMinutes', 'This process runs once a day: give a time of day instead');
  }
  if (mode === 'INTERVAL' && input.timeOfDay !== undefined) {
    throw validationError('timeOfDay', 'This process runs at an interval: give the minutes instead');
  }
  const timeOfDay = mode === 'DAILY' ? (input.timeOfDay ?? null) : null;
  if (mode === 'DAILY' && timeOfDay === null) throw validationError('timeOfDay', 'This field is required');
  const everyMinutes = mode === 'INTERVAL' ? (input.everyMinutes ?? null) : null;
  await withTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242005)`);
    const before = (await storedSchedules(tx, code)).get(code);
    if ((before?.version ?? 0) !== input.version) {
      throw new AppError('STALE_VERSION', 'This schedule was changed meanwhile; reload it and try again.');
    }
    const at = deps.clock.now().toISOString();
    await tx.execute(
      sql`insert into process_schedules (code, enabled, every_minutes, time_of_day, version, updated_by_user_id,
          updated_at)
        values (${code}, ${input.enabled}, ${everyMinutes}, ${timeOfDay}, 1, ${ctx.user.id}, ${at}::timestamptz)
        on conflict (code) do update set enabled = excluded.enabled, every_minutes = excluded.every_minutes,
          time_of_day = excluded.time_of_day, version = process_schedules.version + 1,
          updated_by_user_id = excluded.updated_by_user_id, updated_at = excluded.updated_at`,
    );
    await emitAudit(tx, ctx, {
      action: 'process.schedule.update',
      entity: 'process',
      entityId: code,
      before: before
        ? { enabled: before.enabled, everyMinutes: before.everyMinutes, timeOfDay: before.timeOfDay }
        : { defaults: true },
      after: { enabled: input.enabled, everyMinutes, timeOfDay },
    });
  });
  return describe(deps, ctx, kind, (await storedSchedules(deps.db, code)).get(code));
}

/**
 * POST /api/processes/:code/run — Run now: queues a run of a scheduled process as the user (with the payload the
 * scheduler would give it: a day start moves the business date one day), whatever its schedule says. 409 while a run
 * is queued or running (one live run per process), and for an on-demand process (it needs its screen's input).
 */
export async function runProcessNow(deps: AppDeps, { ctx, code }: { ctx: UnitContext; code: string }): Promise<Job> {
  const kind = kindOf(deps, code);
  if (!kind.schedule) {
    throw new AppError('ACTION_NOT_ALLOWED', `${code} runs when a user starts it from its own screen.`);
  }
  const busyMessage = `${code} is already queued or running; wait for it to end before running it again.`;
  const payload = kind.schedule.payload ? await kind.schedule.payload(deps) : {};
  const jobId = await withTransaction(deps.db, async (tx) => {
    // The same lock as the day start requests: a run now never slips past a start, change of date or retry.
    await tx.execute(sql`select pg_advisory_xact_lock(4242004)`);
    if (await hasLiveJob(tx, kind.kind)) throw new AppError('ACTION_NOT_ALLOWED', busyMessage);
    const id = await enqueueJob(tx, ctx, {
      kind,
      payload,
      at: deps.clock.now(),
      singleton: { key: kind.kind, busyMessage },
    });
    await emitAudit(tx, ctx, { action: 'process.run_now', entity: 'job', entityId: id, after: { kind: kind.kind } });
    return id;
  });
  deps.jobs.wake();
  const job = await findJob(deps.db, { id: jobId, scope: { userId: ctx.user.id } });
  if (!job) throw new Error(`job ${jobId} vanished`);
  return job;
}
