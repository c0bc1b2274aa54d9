import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * Recomputes every account's oldest unpaid due date, bucket, SMA/NPA class and delinquent flag for a business date
 * in ONE set-based statement (domain reference §2.1; must agree with packages/domain/src/collections/dpd.ts — a test
 * holds them together), and writes only the accounts whose stored values change. DPD itself is not stored
 * (migration 0029: `a.dpd` derives it from the oldest unpaid due date and the business date), so a day adds no
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
    ), changed as materialized (
      -- One pass over the accounts: only those whose stored values change (a few per cent of the book on a day)
      -- leave it, so the update below finds them by id rather than joining the whole table to itself.
      select t.id, t.due, t.dpd, t.bucket, t.asset_class from (
        select c.id, c.due, c.dpd, c.oldest, c.stored_bucket, c.stored_class, c.stored_flag,
          case when c.dpd <= 0 then 'CURRENT' when c.dpd <= 30 then 'B1' when c.dpd <= 60 then 'B2'
            when c.dpd <= 90 then 'B3' when c.dpd <= 180 then 'B4' when c.dpd <= 365 then 'B5' else 'B6' end as bucket,
          case when c.dpd <= 0 then 'STANDARD' when c.dpd <= 30 then 'SMA-0' when c.dpd <= 60 then 'SMA-1'
            when c.dpd <= 90 then 'SMA-2' else 'NPA' end as asset_class
        from (
          select a.id, a.oldest_unpaid_due_date as oldest, a.bucket as stored_bucket, a.asset_class as stored_class,
            a.delinquent_flag as stored_flag, k.due,
            case when k.due is null then 0 else (${businessDate}::date - k.due) + 1 end as dpd
          from accounts a left join oldest o on o.id = a.id
          -- An account closed as settled (issue 13) owes nothing: its unpaid dues were waived, so it is never overdue.
          cross join lateral (select case when a.settlement_status = 'SETTLED' then null else o.due end as due) k
        ) c
      ) t
      where t.oldest is distinct from t.due or t.stored_bucket <> t.bucket or t.stored_class <> t.asset_class
        or t.stored_flag <> (t.dpd > 0)
    )
    update accounts a set
      oldest_unpaid_due_date = c.due,
      bucket = c.bucket,
      asset_class = c.asset_class,
      delinquent_flag = c.dpd > 0,
      updated_at = now()
    from changed c
    -- \`= any(array(…))\`: the planner takes the changed ids as a short list to look up by primary key (a join on
    -- the CTE alone is estimated at the whole book and hashes every account again).
    where a.id = any(array(select id from changed)) and c.id = a.id
  `);
  return Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}
