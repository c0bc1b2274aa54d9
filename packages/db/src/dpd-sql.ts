import { sql, type SQL } from 'drizzle-orm';

// DPD in SQL (migration 0029). DPD is not stored: `a.dpd` on an accounts row is the SQL function dpd(accounts),
// business date − oldest unpaid due date + 1 (0 when nothing is overdue). Filters and orders go through the stored
// `overdue_key` (9999-12-31 − oldest unpaid due date, 0 when nothing is overdue) instead, which the tray and DPD
// indexes carry: DPD = overdue_key − (9999-12-31 − business date) + 1 for an overdue account, so a DPD bound is an
// overdue_key bound computed once per statement.

/** overdue_key of an account that is `dpd` (≥ 1) days past due on the business date. */
function keyAtDpd(dpd: number): SQL {
  return sql`((date '9999-12-31' - business_date()) + ${dpd - 1}::int)`;
}

/** The account `alias` (an accounts row) is at least `dpd` days past due. */
export function dpdAtLeast(alias: string, dpd: number): SQL {
  if (dpd <= 0) return sql`true`;
  return sql`${sql.raw(alias)}.overdue_key >= ${keyAtDpd(dpd)}`;
}

/** The account `alias` is at most `dpd` days past due (0: nothing overdue). */
export function dpdAtMost(alias: string, dpd: number): SQL {
  if (dpd < 0) return sql`false`;
  if (dpd === 0) return sql`${sql.raw(alias)}.overdue_key = 0`;
  // overdue_key is 0 (nothing overdue) or a key, and the key of a DPD ≥ 1 is far above 0, so one bound covers both:
  // a plain range is an index condition, where `= 0 or <= key` left the upper bound to a filter after the scan.
  return sql`${sql.raw(alias)}.overdue_key <= ${keyAtDpd(dpd)}`;
}

/** The account `alias` is overdue (DPD > 0). */
export const isOverdue = (alias: string): SQL => sql`${sql.raw(alias)}.overdue_key > 0`;

/** The account `alias` has nothing overdue (DPD = 0). */
export const isNotOverdue = (alias: string): SQL => sql`${sql.raw(alias)}.overdue_key = 0`;

/** The DPD order key of account `alias`: sorting by it descending is sorting by DPD descending (the tray indexes). */
export const dpdOrderKey = (alias: string): SQL => sql.raw(`${alias}.overdue_key`);
