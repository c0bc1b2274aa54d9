import type { CollUploadError } from '@recovery-desk/domain/collections/uploads.ts';
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
