import { sql } from 'drizzle-orm';
import { ESCALATION_FLOW } from '@recovery-desk/domain/approvals/flows/escalation.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

export type PtpResolution = { kept: number; partial: number; broken: number; escalations: number };

/** Serialises day starts (a second one waits for the first, then finds nothing left to resolve). */
export async function lockDayStart(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(4242003)`);
}

/**
 * Resolves every OPEN PTP on a business date in one set-based statement, with the rule of
 * packages/domain/src/collections/ptp-policy.ts `resolvePtp` (a test holds the two together):
 * paid = payments on the account from the PTP's capture date up to promised date + grace;
 * paid ≥ promised → KEPT (at once); else still OPEN until grace ends; then PARTIAL if anything was paid, else
 * BROKEN. Each newly broken PTP raises an OPEN escalation (BROKEN_PTP), waiting for a supervisor as a request of
 * the ESCALATION approval flow (raised by the system: no maker), and counts on its account.
 */
export async function resolveOpenPtps(
  db: Executor,
  input: { businessDate: string; graceDays: number },
): Promise<PtpResolution> {
  const grace = sql`${input.graceDays}::int`;
  const businessDate = sql`${input.businessDate}::date`;
  const [row] = await selectRows<PtpResolution>(
    db,
    sql`with decided as (
        select p.id, paid.amount as amount_paid,
          case when paid.amount >= p.promised_amount then 'KEPT'
            when ${businessDate} <= p.promised_date + ${grace} then 'OPEN'
            when paid.amount > 0 then 'PARTIAL'
            else 'BROKEN' end as status
        from ptps p
        left join follow_ups f on f.id = p.follow_up_id
        cross join lateral (
          select coalesce(sum(pay.amount), 0) as amount from payments pay
          where pay.account_id = p.account_id
            and pay.paid_on >= coalesce(f.business_date, p.created_at::date)
            and pay.paid_on <= p.promised_date + ${grace}
        ) paid
        where p.status = 'OPEN'
      ), resolved as (
        update ptps p set status = d.status, amount_paid = d.amount_paid, resolved_on = ${businessDate},
          version = p.version + 1
        from decided d
        where d.id = p.id and d.status <> 'OPEN' and p.status = 'OPEN'
        returning p.id, p.account_id, p.status
      ), raised as (
        insert into escalations (account_id, reason, ptp_id, status, raised_on)
        select account_id, 'BROKEN_PTP', id, 'OPEN', ${businessDate} from resolved where status = 'BROKEN'
        returning id, account_id
      ), opened as (
        insert into approval_requests (flow_code, subject_type, subject_id, unit_path, payload)
        select ${ESCALATION_FLOW.code}, ${ESCALATION_FLOW.subject}, r.id, a.unit_path,
          jsonb_build_object('reason', 'BROKEN_PTP')
        from raised r join accounts a on a.id = r.account_id
        returning id
      ), opened_history as (
        insert into approval_events (request_id, action, to_status, to_level, request_version, remarks)
        select id, 'REQUEST', 'PENDING', 1, 1, 'Broken promise (day start)' from opened
        returning id
      ), counted as (
        update accounts a set broken_ptp_count = a.broken_ptp_count + b.n, version = a.version + 1, updated_at = now()
        from (select account_id, count(*)::int as n from resolved where status = 'BROKEN' group by account_id) b
        where a.id = b.account_id
        returning a.id
      )
      select
        (select count(*)::int from resolved where status = 'KEPT') as kept,
        (select count(*)::int from resolved where status = 'PARTIAL') as partial,
        (select count(*)::int from resolved where status = 'BROKEN') as broken,
        (select count(*)::int from raised) as escalations,
        (select count(*)::int from counted) as accounts`,
  );
  return {
    kept: row?.kept ?? 0,
    partial: row?.partial ?? 0,
    broken: row?.broken ?? 0,
    escalations: row?.escalations ?? 0,
  };
}

export type BomRow = { bucket: string; currency: string; accounts: number; principalOutstandingMinor: string };

/**
 * Takes (again) the BOM snapshot of `month` (its first day): accounts and principal outstanding (minor units, from
 * the numeric(18,2) column) per bucket and currency, replacing what the month had. Returns the rows written.
 */
export async function takeBomSnapshot(
  db: Executor,
  input: { month: string; takenOn: string; userId: number | null; at: Date },
): Promise<number> {
  await db.execute(sql`delete from bom_bucket_snapshots where month = ${input.month}::date`);
  const rows = await selectRows<{ bucket: string }>(
    db,
    sql`insert into bom_bucket_snapshots (month, bucket, currency, accounts, principal_outstanding_minor, taken_on,
        taken_at, taken_by_user_id)
      select ${input.month}::date, a.bucket, a.currency, count(*)::int,
        coalesce(sum(round(a.total_principal_outstanding * 100)), 0)::bigint, ${input.takenOn}::date,
        ${input.at.toISOString()}::timestamptz, ${input.userId}
      from accounts a group by a.bucket, a.currency
      returning bucket`,
  );
  return rows.length;
}

/** The latest BOM snapshot (its month, when it was taken, its rows by bucket), or null before the first. */
export async function latestBomSnapshot(
  db: Executor,
): Promise<{ month: string; takenOn: string; rows: BomRow[] } | null> {
  const rows = await selectRows<BomRow & { month: string | Date; takenOn: string | Date }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, to_char(taken_on, 'YYYY-MM-DD') as "takenOn", bucket, currency,
        accounts, principal_outstanding_minor::text as "principalOutstandingMinor"
      from bom_bucket_snapshots where month = (select max(month) from bom_bucket_snapshots)
      order by bucket, currency`,
  );
  const first = rows[0];
  if (!first) return null;
  return {
    month: String(first.month),
    takenOn: String(first.takenOn),
    rows: rows.map(({ bucket, currency, accounts, principalOutstandingMinor }) => ({
      bucket,
      currency,
      accounts,
      principalOutstandingMinor,
    })),
  };
}
