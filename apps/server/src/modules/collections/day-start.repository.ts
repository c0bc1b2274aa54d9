import { sql } from 'drizzle-orm';
import { ESCALATION_FLOW } from '@recovery-desk/domain/approvals/flows/escalation.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { MARK_EFFECTS } from '@recovery-desk/domain/collections/account-marks.ts';

export type PtpResolution = { kept: number; partial: number; broken: number };

/** Serialises day starts (a second one waits for the first, then finds nothing left to resolve). */
export async function lockDayStart(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(4242003)`);
}

/**
 * Day start step 2: resolves every OPEN PTP on a business date in one set-based statement, with the rule of
 * packages/domain/src/collections/ptp-policy.ts `resolvePtp` (a test holds the two together):
 * paid = payments on the account from the PTP's capture date up to promised date + grace;
 * paid ≥ promised → KEPT (at once); else still OPEN until grace ends; then PARTIAL if anything was paid, else
 * BROKEN. Each newly broken PTP counts on its account (its escalation is step 3).
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
        (select count(*)::int from counted) as accounts`,
  );
  return { kept: row?.kept ?? 0, partial: row?.partial ?? 0, broken: row?.broken ?? 0 };
}

/**
 * Day start step 3: a PTP broken on the business date without an escalation raises an OPEN escalation (BROKEN_PTP),
 * waiting for a supervisor as a request of the ESCALATION approval flow (raised by the system: no maker), once its
 * account has broken `brokenPtps` promises in a row (Collections Settings "broken promises before escalation"):
 * this PTP and the account's other BROKEN ones resolved since its last KEPT one (PARTIAL neither breaks nor ends a
 * run). 1 (the default) escalates every broken promise. Idempotent: a PTP already escalated is skipped, so a retried
 * step raises nothing twice.
 */
export async function raiseBrokenPtpEscalations(
  db: Executor,
  input: { businessDate: string; brokenPtps: number },
): Promise<number> {
  const businessDate = sql`${input.businessDate}::date`;
  const [row] = await selectRows<{ escalations: number }>(
    db,
    sql`with raised as (
        insert into escalations (account_id, reason, ptp_id, status, raised_on)
        select p.account_id, 'BROKEN_PTP', p.id, 'OPEN', ${businessDate} from ptps p
        where p.status = 'BROKEN' and p.resolved_on = ${businessDate}
          -- a hashed subplan (one pass over escalations, whatever the estimate of today's broken PTPs, which the
          -- statistics do not know yet: an anti-join planned for one PTP scanned every escalation per PTP)
          and p.id not in (select e.ptp_id from escalations e where e.ptp_id is not null)
          and 1 + (select count(*) from ptps q
            where q.account_id = p.account_id and q.id <> p.id and q.status = 'BROKEN'
              and q.resolved_on <= ${businessDate}
              and q.resolved_on > coalesce((select max(k.resolved_on) from ptps k
                where k.account_id = p.account_id and k.status = 'KEPT'), date '0001-01-01')
          ) >= ${input.brokenPtps}::int
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
      )
      select (select count(*)::int from raised) as escalations, (select count(*)::int from opened_history) as events`,
  );
  return row?.escalations ?? 0;
}

/** The marks that keep an account out of allocation (MARK_EFFECTS.noAllocation), as SQL text literals. */
const NO_ALLOCATION_MARKS = sql.join(
  MARK_EFFECTS.noAllocation.map((mark) => sql`${mark}`),
  sql`, `,
);

/**
 * Day start step 4: rule-based allocation of newly delinquent accounts (delinquent, allocated to nobody, not held,
 * not suppressed, not settling, no FRAUD/DECEASED mark). Rules are taken by priority; each allocates, in one
 * statement, the matching accounts of the rule's unit's subtree (product, bucket, primary address pincode prefix; a
 * null criterion matches all), highest DPD first, up to its collector's spare capacity: the rule's capacity, capped by
 * Collections Settings "accounts per collector" (`collectorCapacity`), minus the accounts the collector holds now.
 * Each allocation is recorded (kind RULE) like a manual one. Returns the accounts allocated.
 */
export async function allocateByRules(
  db: Executor,
  input: { byUserId: number | null; at: Date; collectorCapacity: number },
): Promise<number> {
  const rules = await selectRows<{ id: number }>(
    db,
    sql`select r.id from allocation_rules r join users u on u.id = r.user_id
      where r.is_active and u.is_active order by r.priority, r.id`,
  );
  let allocated = 0;
  const at = sql`${input.at.toISOString()}::timestamptz`;
  for (const rule of rules) {
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`with rule as (
          select r.*, greatest(least(r.capacity, ${input.collectorCapacity}::int)
            - (select count(*) from accounts h where h.allocated_user_id = r.user_id), 0)
            as spare
          from allocation_rules r where r.id = ${rule.id}
        ), picked as (
          select a.id from accounts a, rule r
          where a.delinquent_flag and a.allocated_user_id is null and a.allocated_agency_id is null
            and not a.is_on_hold and not a.is_suppressed and a.settlement_status is null
            and (r.unit_id is null or starts_with(a.unit_path, (select path from units where id = r.unit_id)))
            and (r.product is null or a.product = r.product)
            and (r.bucket is null or a.bucket = r.bucket)
            and (r.pin_code_prefix is null or exists (
              select 1 from addresses ad where ad.customer_id = a.customer_id and ad.level = 'PRIMARY'
                and ad.pin_code like r.pin_code_prefix || '%'))
            and not exists (select 1 from account_marks m where m.account_id = a.id and m.ended_at is null
              and m.mark in (${NO_ALLOCATION_MARKS}))
          order by a.overdue_key desc, a.id
          limit (select spare from rule)
          for update of a skip locked
        ), moved as (
          update accounts a set allocated_user_id = r.user_id, allocated_at = ${at}, version = a.version + 1,
            updated_at = ${at}
          from picked p, rule r where a.id = p.id
          returning a.id, a.allocated_user_id
        ), recorded as (
          insert into allocations (account_id, user_id, agency_id, allocated_by_user_id, kind, reason, started_at)
          select id, allocated_user_id, null, ${input.byUserId}, 'RULE', ${`Allocation rule ${rule.id}`}, ${at}
          from moved
          returning id
        )
        select (select count(*)::int from moved) as n, (select count(*)::int from recorded) as r`,
    );
    allocated += row?.n ?? 0;
  }
  return allocated;
}

/**
 * Day start step 5: every active hold or suppression whose START carries an expiry on or before the business date
 * ends: an END row (by the run's starter, or nobody for a scheduled run) and the account's flag cleared.
 */
export async function expireRestrictions(
  db: Executor,
  input: { businessDate: string; byUserId: number | null; actingUnitId: number | null; at: Date },
): Promise<number> {
  const businessDate = sql`${input.businessDate}::date`;
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with latest as (
        select distinct on (r.account_id, r.kind) r.account_id, r.kind, r.action, r.expires_on
        from account_restrictions r
        where r.account_id in (select account_id from account_restrictions where expires_on <= ${businessDate})
        order by r.account_id, r.kind, r.created_at desc, r.id desc
      ), expired as (
        select account_id, kind from latest where action = 'START' and expires_on <= ${businessDate}
      ), ended as (
        insert into account_restrictions (account_id, kind, action, reason, remarks, by_user_id, acting_unit_id,
          business_date, created_at)
        select account_id, kind, 'END', 'Expired', 'Ended by day start', ${input.byUserId}, ${input.actingUnitId},
          ${businessDate}, ${at}
        from expired
        returning account_id, kind
      ), flags as (
        update accounts a set
          is_on_hold = case when exists (select 1 from ended e where e.account_id = a.id and e.kind = 'ALLOCATION_HOLD')
            then false else a.is_on_hold end,
          is_suppressed = case when exists (select 1 from ended e where e.account_id = a.id
            and e.kind = 'ACTIVITY_SUPPRESSION') then false else a.is_suppressed end,
          version = a.version + 1, updated_at = ${at}
        where a.id in (select account_id from ended)
        returning a.id
      )
      select (select count(*)::int from ended) as n, (select count(*)::int from flags) as f`,
  );
  return row?.n ?? 0;
}

/**
 * Cycle Refresh (card billing cycles): every account of a card product whose statement cycle closes on the business
 * date (its `statement_cycle_day` is the date's day of the month; days 29–31 close on the month's last day) gets its
 * statement: balance = principal + interest + charges outstanding, minimum due = 5% of the balance (at least
 * ₹ 200, at most the balance), payment due 20 days later, and the minimum due joins the due schedule as the next
 * instalment (so DPD counts from the payment due date if it goes unpaid). Idempotent per date: an account whose
 * statement is already dated the business date is skipped. Returns the statements closed.
 */
export async function refreshCardCycles(db: Executor, input: { businessDate: string }): Promise<number> {
  const businessDate = sql`${input.businessDate}::date`;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with closing as (
        select a.id,
          (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges)
            as balance
        from accounts a
        where a.product = 'CREDIT_CARD' and a.statement_cycle_day is not null
          and (a.statement_date is null or a.statement_date < ${businessDate})
          and (a.statement_cycle_day = extract(day from ${businessDate})::int
            or (a.statement_cycle_day > extract(day from ${businessDate})::int
              and ${businessDate} = (date_trunc('month', ${businessDate}) + interval '1 month - 1 day')::date))
      ), stated as (
        update accounts a set statement_date = ${businessDate}, statement_balance = c.balance,
          minimum_due = least(c.balance, greatest(round(c.balance * 0.05, 2), 200)),
          payment_due_date = ${businessDate} + 20, version = a.version + 1, updated_at = now()
        from closing c where a.id = c.id
        returning a.id, a.minimum_due, a.payment_due_date
      ), scheduled as (
        insert into dues (account_id, installment_no, due_date, amount_due)
        select s.id, coalesce((select max(d.installment_no) from dues d where d.account_id = s.id), 0) + 1,
          s.payment_due_date, s.minimum_due
        from stated s where s.minimum_due > 0
        returning id
      )
      select (select count(*)::int from stated) as n, (select count(*)::int from scheduled) as d`,
  );
  return row?.n ?? 0;
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
