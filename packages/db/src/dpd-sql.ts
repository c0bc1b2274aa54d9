import { sql, type SQL } from 'drizzle-orm';

// DPD in SQL (migration 0029). DPD is not stored: `a.dpd` on an accounts row is the SQL function dpd(accounts),
// business date − oldest unpaid due date + 1 (0 when nothing is overdue). Filters and orders go through the stored
// `overdue_key` (9999-12-31 − oldest unpaid due date, 0 when nothing is overdue) instead, which the tray and DPD
// indexes carry: DPD = overdue_key − (9999-12-31 − business date) + 1 for an overdue account, so a DPD bound is an
// overdue_key bound computed once per statement.

/** overdue_key of an account that is `offset` + 1 days past due (`offset` is DPD − 1, a value bound later or now). */
function keyAtOffset(offset: SQL): SQL {
  return sql`((date '9999-12-31' - business_date()) + ${offset}::int)`;
}

/**
 * How a lower DPD bound reads: the form depends on the value, the value is bound (as DPD − 1, `dpdKeyOffset`). A
 * statement whose text is built once per shape (the collections trays) keeps the form in its shape.
 */
export type DpdAtLeastForm = 'all' | 'bound';
export const dpdAtLeastForm = (dpd: number): DpdAtLeastForm => (dpd <= 0 ? 'all' : 'bound');
/** How an upper DPD bound reads: nothing (below 0), nothing overdue (0), or a bound value. */
export type DpdAtMostForm = 'none' | 'zero' | 'bound';
export const dpdAtMostForm = (dpd: number): DpdAtMostForm => (dpd < 0 ? 'none' : dpd === 0 ? 'zero' : 'bound');
/** The value a 'bound' form binds for `dpd`. */
export const dpdKeyOffset = (dpd: number): number => dpd - 1;

/** The account `alias` is at least DPD days past due, in `form`, with `offset` (DPD − 1) bound. */
export function dpdAtLeastBound(alias: string, form: DpdAtLeastForm, offset: SQL): SQL {
  if (form === 'all') return sql`true`;
  return sql`${sql.raw(alias)}.overdue_key >= ${keyAtOffset(offset)}`;
}

/** The account `alias` is at most DPD days past due, in `form`, with `offset` (DPD − 1) bound. */
export function dpdAtMostBound(alias: string, form: DpdAtMostForm, offset: SQL): SQL {
  if (form === 'none') return sql`false`;
  if (form === 'zero') return sql`${sql.raw(alias)}.overdue_key = 0`;
  // overdue_key is 0 (nothing overdue) or a key, and the key of a DPD ≥ 1 is far above 0, so one bound covers both:
  // a plain range is an index condition, where `= 0 or <= key` left the upper bound to a filter after the scan.
  return sql`${sql.raw(alias)}.overdue_key <= ${keyAtOffset(offset)}`;
}

/** The account `alias` is at least `dpd` days past due. */
export function dpdAtLeast(alias: string, dpd: number): SQL {
  return dpdAtLeastBound(alias, dpdAtLeastForm(dpd), sql`${dpdKeyOffset(dpd)}`);
}

/** The account `alias` is at most `dpd` days past due (0: nothing overdue). */
export function dpdAtMost(alias: string, dpd: number): SQL {
  return dpdAtMostBound(alias, dpdAtMostForm(dpd), sql`${dpdKeyOffset(dpd)}`);
}

/** The account `alias` is overdue (DPD > 0). */
export const isOverdue = (alias: string): SQL => sql`${sql.raw(alias)}.overdue_key > 0`;

/** The account `alias` has nothing overdue (DPD = 0). */
export const isNotOverdue = (alias: string): SQL => sql`${sql.raw(alias)}.overdue_key = 0`;

/** The DPD order key of account `alias`: sorting by it descending is sorting by DPD descending (the tray indexes). */
export const dpdOrderKey = (alias: string): SQL => sql.raw(`${alias}.overdue_key`);
