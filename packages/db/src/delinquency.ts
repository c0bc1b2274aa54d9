import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * Recomputes every account's oldest unpaid due date, DPD, bucket, SMA/NPA class and delinquent flag for a
 * business date in ONE set-based statement (domain reference §2.1; must agree with
 * packages/domain/src/collections/dpd.ts — a test holds them together). Returns the number of accounts changed.
 */
export async function recomputeDelinquency(db: Executor, businessDate: string): Promise<number> {
  const result = await db.execute(sql`
    with oldest as (
      -- one grouped pass over the unpaid dues (a correlated subquery here was re-run per reference to dpd)
      select d.account_id as id, min(d.due_date) as due from dues d
      where d.amount_paid < d.amount_due and d.due_date <= ${businessDate}::date
      group by d.account_id
    ), computed as (
      -- An account closed as settled (issue 13) owes nothing: its unpaid dues were waived, so it is never overdue.
      select a.id, case when a.settlement_status = 'SETTLED' then null else o.due end as due,
        case when o.due is null or a.settlement_status = 'SETTLED' then 0
          else (${businessDate}::date - o.due) + 1 end as dpd
      from accounts a left join oldest o on o.id = a.id
    )
    update accounts a set
      oldest_unpaid_due_date = c.due,
      dpd = c.dpd,
      bucket = case when c.dpd <= 0 then 'CURRENT' when c.dpd <= 30 then 'B1' when c.dpd <= 60 then 'B2'
        when c.dpd <= 90 then 'B3' when c.dpd <= 180 then 'B4' when c.dpd <= 365 then 'B5' else 'B6' end,
      asset_class = case when c.dpd <= 0 then 'STANDARD' when c.dpd <= 30 then 'SMA-0' when c.dpd <= 60 then 'SMA-1'
        when c.dpd <= 90 then 'SMA-2' else 'NPA' end,
      delinquent_flag = c.dpd > 0,
      updated_at = now()
    from computed c
    where c.id = a.id
      and (a.dpd is distinct from c.dpd or a.oldest_unpaid_due_date is distinct from c.due)
  `);
  return Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}
