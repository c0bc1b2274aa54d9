import { z } from 'zod';
import { PAGE_SIZES } from './paging.ts';

// The one parser of numbers that arrive as text: path parameters (`/cases/:caseId`) and query strings (`?page=2`).
// Only plain decimal digits count (no sign, no leading zero, no `0x10`, `1e3`, ` 16` or empty string, all of
// which Number() and z.coerce.number() accept), so `/api/workflow/cases/0x10` never opens case 16. A JSON number
// is taken as it is (the same schemas serve the web's forms).

const DECIMAL = /^(0|[1-9]\d{0,15})$/;

/** A whole number from `min` to `max`, from decimal digits or a JSON number. */
export function wholeNumberParam(min: number, max: number, message = `must be a whole number from ${min} to ${max}`) {
  return z
    .union([z.number(), z.string().regex(DECIMAL, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** A record id in a path or query string (a positive whole number). */
export const idParam = wholeNumberParam(1, Number.MAX_SAFE_INTEGER, 'must be a positive whole number (an id)');

/** `page` of a paged list (from 1). */
export const pageParam = wholeNumberParam(1, 100_000).default(1);

/** `pageSize` of a paged list: one of PAGE_SIZES. */
export const pageSizeParam = wholeNumberParam(1, 100_000)
  .refine(
    (n) => (PAGE_SIZES as readonly number[]).includes(n),
    `must be ${PAGE_SIZES.slice(0, -1).join(', ')} or ${PAGE_SIZES.at(-1)}`,
  )
  .default(25);
