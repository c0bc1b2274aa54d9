import { sql } from 'drizzle-orm';
import { AppError } from '../http/app-error.ts';
import type { Executor } from './transaction.ts';

// Account writes never race a day start (issue 14), in one place: migration 0023's statement-level trigger
// `refuse_write_during_day_start` on the account book's tables (accounts, dues, payments, follow-ups, PTPs,
// escalations, allocations, holds and suppressions, marks, receipts) refuses every write while a
// `collections.day_start` job is RUNNING, with SQLSTATE RD409 and the message "Day start is running for <date>; try
// again when it ends". The error mapper answers it 409 (`dayStartRefusal`); a background job that hits it is retried
// after a backoff like any other failed attempt. Day start's own step transactions pass (`enterDayStartStep`).

export const DAY_START_GUARD_SQLSTATE = 'RD409';

/** Marks the current transaction as a day start step: the guard lets its writes through (transaction-local). */
export async function enterDayStartStep(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('recovery_desk.day_start', 'on', true)`);
}

/** The guard's refusal as a 409 AppError, when `error` (or one of its causes) is it; else null. */
export function dayStartRefusal(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === DAY_START_GUARD_SQLSTATE) {
      const message =
        typeof candidate.message === 'string' ? candidate.message : 'Day start is running; try again when it ends';
      return new AppError('ACTION_NOT_ALLOWED', message, { cause: error });
    }
    current = candidate.cause;
  }
  return null;
}
