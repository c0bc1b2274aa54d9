import type { CollUploadError } from '@recovery-desk/domain/collections/uploads.ts';
import { dayStartRefusal } from '../../../../db/day-start-guard.ts';
import type { Validated } from '../upload-types.ts';

// What the payment upload types share: the amount message, chunking and the errors' order (by row, then column).

export const AMOUNT_MESSAGE = 'must be an amount in rupees above zero with at most 2 decimals (e.g. 12450.50)';

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

export function sortedErrors(errors: CollUploadError[]): Omit<Validated<never>, 'plan'> {
  errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  return { errors, errorRows: new Set(errors.map((error) => error.row)).size };
}

/** Runs `work` in a transaction that is always rolled back (a dry run of the real writes). */
export class DryRun extends Error {}

/**
 * A write refused by the day start guard, as a plain error with the guard's words: the job's attempt fails with a
 * readable reason and is retried after its backoff (an AppError would end the upload FAILED for good).
 */
export function dayStartWait(error: unknown): unknown {
  const refusal = dayStartRefusal(error);
  return refusal ? new Error(refusal.message, { cause: error }) : error;
}
