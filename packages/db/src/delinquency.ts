import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * Recomputes every account's oldest unpaid due date, bucket, SMA/NPA class and delinquent flag for a business date
 * in ONE set-based statement (domain reference §2.1; must agree with packages/domain/src/collections/dpd.ts — a test
 * holds them together), and writes only the accounts whose stored values change. DPD itself is not stored
 * (migration 0026: `a.dpd` derives it from the oldest unpaid due date and the business date), so a day adds no
 * writes for an account whose DPD merely grows by one: only accounts whose oldest unpaid due date moves (an
 * instalment fell due unpaid, a due was paid or added) or whose DPD crosses a bucket or class threshold that day
 * (1, 31, 61, 91, 181, 366) are updated. One grouped pass over the unpaid dues and one over the accounts.
 * Returns the number of accounts changed.
 */
export async function recomputeDelinquency(db: Executor, businessDate: string): Promise<number> {
  const result = await db.execute(sql`
    with oldest as (
      select d.account_id as id, min(d.due_date) as due from dues d
      where d.amount_paid < d.amount_due and d.due_date <= ${businessDate}::date
      group by d.account_id
    ), computed as (
      -- An account closed as settled (issue 13) owes nothing: its unpaid dues were waived, so it is never overdue.
      select a.id, case when a.settlement_status = 'SETTLED' then null else o.due end as due
      from accounts a left join oldest o on o.id = a.id
    ), classed as (
      select c.id, c.due, case when c.due is null then 0 else (${businessDate}::date - c.due) + 1 end as dpd
      from computed c
    ), target as (
      select c.id, c.due, c.dpd,
        case when c.dpd <= 0 then 'CURRENT' when c.dpd <= 30 then 'B1' when c.dpd <= 60 then 'B2'
          when c.dpd <= 90 then 'B3' when c.dpd <= 180 then 'B4' when c.dpd <= 365 then 'B5' else 'B6' end as bucket,
        case when c.dpd <= 0 then 'STANDARD' when c.dpd <= 30 then 'SMA-0' when c.dpd <= 60 then 'SMA-1'
          when c.dpd <= 90 then 'SMA-2' else 'NPA' end as asset_class
      from classed c
    )
    update accounts a set
      oldest_unpaid_due_date = t.due,
      bucket = t.bucket,
      asset_class = t.asset_class,
      delinquent_flag = t.dpd > 0,
      updated_at = now()
    from target t
    where t.id = a.id
      and (a.oldest_unpaid_due_date is distinct from t.due or a.bucket <> t.bucket or a.asset_class <> t.asset_class
        or a.delinquent_flag <> (t.dpd > 0))
  `);
  return Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}
