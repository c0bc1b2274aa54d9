import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { announceChange, TRAY_COUNTS_CHANGED } from '../cluster/shared-caches.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../http/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { safeText } from '../http/safe-text.ts';
import { withTransaction } from '../db/transaction.ts';
import { DEFAULT_MAX_ATTEMPTS } from './enqueue-job.ts';
import { PermanentJobError, type JobKind } from './job-kind.ts';
import { lastQueuedAt, latestTimeOfDay, readScheduleSettings } from './schedule-settings.ts';
import {
  claimJob,
  completeJob,
  failAttempt,
  findJobActor,
  insertJob,
  reportProgress,
  saveCheckpoint,
  type ClaimedJob,
} from './jobs.repository.ts';

export type JobWorkerOptions = {
  kinds: readonly JobKind<never>[];
  /** how long a claim holds without a heartbeat before another worker may take the job (default 60 s) */
  leaseMs?: number;
  /** how often an idle worker looks for work queued by other processes (default 2 s) */
  pollMs?: number;
  /**
   * Jobs run at once (default 1). Lane 0 takes any job; every other lane only a job a user started, so a user's
   * upload or export never waits behind scheduled work (the morning report pack, data retention) (JOB_LANES).
   */
  lanes?: number;
};

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, … capped at 15 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 4 ** Math.max(0, attempt - 1), 15 * 60_000);
}

/**
 * Runs background jobs of this process, one per lane at a time (see `lanes`): claims the next runnable job from the `jobs` table, runs its
 * kind's handler with a lease it renews while the handler works, and finishes it DONE, QUEUED again after a backoff,
 * or FAILED after its last attempt. Any number of processes may run one on the same database: the claim takes a row
 * lock with SKIP LOCKED, so a job runs in one worker at a time; a worker that dies leaves its job RUNNING until the
 * lease runs out, then another claims it (at-least-once). Scheduled kinds are queued by a timer, as singletons.
 *
 * `start()` / `stop()` run the loop (main.ts, after listening; `app.close()` stops it). Tests call `drain()`, which runs
 * every runnable job to the end without timers, and `schedule()` to queue due scheduled kinds.
 */
export class JobWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly kinds: Map<string, JobKind<unknown>>;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly lanes: number;
  private deps: AppDeps | null = null;
  private running = false;
  private loopDone: Promise<void> | null = null;
  /** each idle lane's way to look now rather than at its next poll */
  private readonly wakeUps = new Set<() => void>();
  private scheduleTimer: NodeJS.Timeout | null = null;
  /** the jobs running now, one per busy lane */
  private readonly current = new Set<Promise<unknown>>();

  constructor(options: JobWorkerOptions) {
    this.kinds = new Map(options.kinds.map((kind) => [kind.kind, kind as unknown as JobKind<unknown>]));
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.lanes = Math.max(1, Math.floor(options.lanes ?? 1));
  }

  /** Called once by buildApp: the worker runs jobs with the app's dependencies. */
  attach(deps: AppDeps): void {
    this.deps = deps;
  }

  /** The kinds this worker runs (Schedule Process's catalogue). */
  get jobKinds(): readonly JobKind<unknown>[] {
    return [...this.kinds.values()];
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the loop and the scheduler (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = Promise.all(Array.from({ length: this.lanes }, (_, lane) => this.loop(lane))).then(() => undefined);
    const everyMs = Math.min(
      60_000,
      ...[...this.kinds.values()].flatMap((kind) => (kind.schedule ? [kind.schedule.everyMs] : [])),
    );
    void this.scheduleSafely();
    this.scheduleTimer = setInterval(() => void this.scheduleSafely(), everyMs);
    this.scheduleTimer.unref();
  }

  /** Stops taking jobs and waits for the ones running to finish (their lease would hand them to another worker). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    this.scheduleTimer = null;
    this.wake();
    await this.loopDone;
    this.loopDone = null;
    await Promise.all([...this.current].map((run) => run.catch(() => undefined)));
  }

  /** A job was queued by this process: every idle lane looks now rather than at its next poll. */
  wake(): void {
    for (const wakeUp of [...this.wakeUps]) wakeUp();
  }

  /** Runs runnable jobs until none is left (tests; also usable by a one-off script). Returns how many ran. */
  async drain(limit = 1_000): Promise<number> {
    let ran = 0;
    while (ran < limit && (await this.runOnce())) ran += 1;
    return ran;
  }

  /** Queues every scheduled kind that has due work and no live job. */
  async schedule(): Promise<number> {
    const deps = this.requireDeps();
    let queued = 0;
    // Schedule Process settings are read on every tick, so an edit takes effect without a restart.
    const settings = await readScheduleSettings(deps.db);
    const now = deps.clock.now();
    for (const kind of this.kinds.values()) {
      if (!kind.schedule) continue;
      const setting = settings.get(kind.kind);
      if (!(setting?.enabled ?? kind.schedule.enabledByDefault ?? true)) continue;
      const timeOfDay = kind.schedule.timeOfDay === undefined ? null : (setting?.timeOfDay ?? kind.schedule.timeOfDay);
      const everyMinutes = timeOfDay === null ? (setting?.everyMinutes ?? null) : null;
      if (timeOfDay !== null || everyMinutes !== null) {
        const last = await lastQueuedAt(deps.db, kind.kind);
        if (timeOfDay !== null) {
          const since = latestTimeOfDay(now, timeOfDay, deps.config.scheduleTimeZone);
          if (last && last.getTime() >= since.getTime()) continue;
        } else if (last && now.getTime() - last.getTime() < everyMinutes! * 60_000) continue;
      }
      if (!(await kind.schedule.due(deps))) continue;
      const id = await insertJob(deps.db, {
        kind: kind.kind,
        payload: kind.schedule.payload ? await kind.schedule.payload(deps) : {},
        userId: null,
        unitId: null,
        unitPath: null,
        maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        singletonKey: kind.kind,
        at: deps.clock.now(),
      });
      if (id !== null) queued += 1;
    }
    if (queued > 0) this.wake();
    return queued;
  }

  /**
   * Claims and runs one job; false when nothing was runnable. With `userStartedOnly`, only a job a user started (a
   * lane after the first).
   */
  async runOnce(options: { userStartedOnly?: boolean } = {}): Promise<boolean> {
    const deps = this.requireDeps();
    const claimed = await claimJob(deps.db, {
      workerId: this.workerId,
      now: deps.clock.now(),
      leaseMs: this.leaseMs,
      kinds: [...this.kinds.keys()],
      userStartedOnly: options.userStartedOnly ?? false,
    });
    if (!claimed) return false;
    const run = this.execute(deps, claimed);
    this.current.add(run);
    try {
      await run;
    } finally {
      this.current.delete(run);
    }
    return true;
  }

  private requireDeps(): AppDeps {
    if (!this.deps) throw new Error('JobWorker.attach(deps) was not called');
    return this.deps;
  }

  private async loop(lane: number): Promise<void> {
    while (this.running) {
      let ran = false;
      try {
        ran = await this.runOnce({ userStartedOnly: lane > 0 });
      } catch (error) {
        this.deps?.log.error({ err: error, lane }, 'job worker could not claim a job');
      }
      if (!ran && this.running) {
        let wakeUp: () => void = () => undefined;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
          this.wakeUps.add(wakeUp);
        });
        this.wakeUps.delete(wakeUp);
      }
    }
  }

  private async scheduleSafely(): Promise<void> {
    try {
      await this.schedule();
    } catch (error) {
      this.deps?.log.error({ err: error }, 'scheduled jobs could not be queued');
    }
  }

  private async execute(deps: AppDeps, claimed: ClaimedJob): Promise<void> {
    const log = deps.log.child({ jobId: claimed.id, jobKind: claimed.kind, attempt: claimed.attempts });
    const fence = { id: claimed.id, attempt: claimed.attempts };
    const kind = this.kinds.get(claimed.kind);
    const actor = await findJobActor(deps.db, { userId: claimed.userId, unitId: claimed.unitId });
    const ctx: RequestContext = {
      requestId: `job-${claimed.id}`,
      ip: 'job-worker',
      user: actor.user ? { ...actor.user, familyId: '' } : null,
      actingUnit: actor.unit,
      app: null,
    };
    const fail = async (message: string, retry: boolean) => {
      const error = safeText(message, 1000);
      const now = deps.clock.now();
      if (retry) {
        const retryAt = new Date(now.getTime() + retryDelayMs(claimed.attempts));
        await failAttempt(deps.db, { ...fence, error, retryAt, now });
      } else {
        // Failed for good: the kind closes what it left visible (onFailed) in the same transaction.
        await withTransaction(deps.db, async (tx) => {
          const failed = await failAttempt(tx, { ...fence, error, retryAt: null, now });
          if (failed && kind?.onFailed) await kind.onFailed(tx, { id: claimed.id, ctx, deps, error });
        });
      }
      log.warn({ event: retry ? 'job.retry' : 'job.failed', reason: message }, 'job attempt failed');
    };
    if (!kind) return fail(`No handler for job kind ${claimed.kind}`, false);
    if (claimed.attempts > claimed.maxAttempts) {
      return fail(`The worker running this job stopped during its last attempt (${claimed.maxAttempts}).`, false);
    }
    const payload = kind.payload.safeParse(claimed.payload);
    if (!payload.success) return fail(`The job's input is not valid: ${payload.error.message}`, false);
    if (kind.needs === 'user' && (!actor.user || !actor.unit)) {
      return fail('The user or unit that started this job no longer exists.', false);
    }
    const heartbeat = setInterval(() => {
      void reportProgress(deps.db, { ...fence, now: deps.clock.now(), leaseMs: this.leaseMs })
        .then((held) => {
          if (!held) log.warn({ event: 'job.lease_lost' }, 'job lease lost; its outcome will be discarded');
        })
        .catch((error: unknown) => log.error({ err: error }, 'job heartbeat failed'));
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      const outcome = await kind.run({
        id: claimed.id,
        payload: payload.data,
        attempt: claimed.attempts,
        inputFile: claimed.inputFile ? Buffer.from(claimed.inputFile) : null,
        ctx,
        deps,
        progress: async (done, total) => {
          await reportProgress(deps.db, { ...fence, done, total, now: deps.clock.now(), leaseMs: this.leaseMs });
        },
        resumeFrom:
          claimed.checkpoint === null || claimed.checkpoint === undefined
            ? null
            : { done: claimed.progressDone, state: claimed.checkpoint },
        checkpoint: (tx, done, total, state) =>
          saveCheckpoint(tx, { ...fence, done, total, state, now: deps.clock.now(), leaseMs: this.leaseMs }),
      });
      clearInterval(heartbeat);
      // The job may have changed what trays count (day start, uploads): every instance's cached counts go.
      await announceChange(deps.db, TRAY_COUNTS_CHANGED).catch((error: unknown) =>
        log.warn({ err: error }, 'tray count change could not be announced'),
      );
      const completed = await withTransaction(deps.db, (tx) =>
        completeJob(tx, {
          ...fence,
          result: outcome.summary ?? null,
          file: outcome.file ?? null,
          now: deps.clock.now(),
        }),
      );
      if (completed) log.info({ event: 'job.done' }, 'job done');
      else log.warn({ event: 'job.lease_lost' }, 'job finished after losing its lease; outcome discarded');
    } catch (error) {
      clearInterval(heartbeat);
      // A refusal (4xx other than a conflict) will refuse again: no point in retrying it.
      const permanent =
        error instanceof PermanentJobError ||
        (error instanceof AppError && error.httpStatus < 500 && error.httpStatus !== 409);
      if (!(error instanceof AppError) && !(error instanceof PermanentJobError)) {
        log.error({ err: error }, 'job threw');
      }
      const message = error instanceof Error ? error.message : String(error);
      await fail(message, !permanent && claimed.attempts < claimed.maxAttempts).catch((failure: unknown) =>
        log.error({ err: failure }, 'job failure could not be recorded'),
      );
    }
  }
}
