import { emitAudit } from '../audit/emit-audit.ts';
import { AppError } from '../http/app-error.ts';
import type { Transaction } from '../db/transaction.ts';
import type { UnitContext } from '../http/request-context.ts';
import type { JobKind } from './job-kind.ts';
import { insertJob } from './jobs.repository.ts';

export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * Queues a job for the user and acting unit of `ctx`, inside the caller's transaction (with its audit row): the job
 * exists exactly when the change that asked for it commits. Call `deps.jobs.wake()` after the commit so this
 * process's worker picks it up at once (other processes find it on their next poll).
 */
export async function enqueueJob<P>(
  tx: Transaction,
  ctx: UnitContext,
  input: {
    kind: JobKind<P>;
    payload: P;
    inputFile?: Uint8Array;
    at: Date;
    /** one live (QUEUED or RUNNING) job per key: a second is refused with a 409 carrying `busyMessage` */
    singleton?: { key: string; busyMessage: string };
  },
): Promise<number> {
  const payload = input.kind.payload.parse(input.payload);
  const id = await insertJob(tx, {
    kind: input.kind.kind,
    payload,
    inputFile: input.inputFile ?? null,
    userId: ctx.user.id,
    unitId: ctx.actingUnit.id,
    unitPath: ctx.actingUnit.path,
    maxAttempts: input.kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    singletonKey: input.singleton?.key ?? null,
    at: input.at,
  });
  if (id === null && input.singleton) throw new AppError('ACTION_NOT_ALLOWED', input.singleton.busyMessage);
  if (id === null) throw new Error(`job ${input.kind.kind} was not queued`);
  await emitAudit(tx, ctx, { action: 'job.enqueue', entity: 'job', entityId: id, after: { kind: input.kind.kind } });
  return id;
}
