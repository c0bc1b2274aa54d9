import { sql, type SQL } from 'drizzle-orm';
import { BUCKETS } from '@recovery-desk/domain/collections/dpd.ts';
import type { CollectionDimension, ReportKey } from '@recovery-desk/domain/reports/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';

// The SQL of every report (issue 14). Each statement's column aliases are the report's column keys
// (packages/domain/src/reports/contracts.ts); extra keys (`groupKind`, `movement`) help the screen and the export.
// Money: amounts kept as numeric(18,2) are turned into minor units (× 100: every currency of CURRENCY_MINOR_UNITS has
// two) and summed per currency, never across currencies. Rates are basis points, null when the denominator is 0.
// Scope: the selected unit's subtree (the acting unit's, or a unit below it), on the rows' own `unit_path`.

export type ReportParams = {
  from: string;
  to: string;
  businessDate: string;
  /** the selected unit's path (the acting unit's subtree, checked by the service) */
  unitPath: string;
  /** whether the selected unit is the root (the BOM snapshot is organisation-wide) */
  isRoot: boolean;
  product?: string | undefined;
  bucket?: string | undefined;
  by: CollectionDimension;
};

const BUCKET_ARRAY = sql.raw(`ARRAY[${BUCKETS.map((bucket) => `'${bucket}'`).join(',')}]::text[]`);

/** SQL of the DPD bucket of a DPD expression (bucketOf of packages/domain/src/collections/dpd.ts). */
function bucketOfDpd(dpd: SQL): SQL {
  return sql`case when ${dpd} <= 0 then 'CURRENT' when ${dpd} <= 30 then 'B1' when ${dpd} <= 60 then 'B2'
    when ${dpd} <= 90 then 'B3' when ${dpd} <= 180 then 'B4' when ${dpd} <= 365 then 'B5' else 'B6' end`;
}

function rate(numerator: SQL, denominator: SQL): SQL {
  return sql`case when (${denominator}) > 0 then round((${numerator}) * 10000.0 / (${denominator}))::int end`;
}

function minor(amount: SQL): SQL {
  return sql`round(coalesce(${amount}, 0) * 100)::bigint`;
}

/** Accounts of the selected subtree, with the product and bucket filters. */
function accountScope(params: ReportParams, alias = 'a', withBucket = true): SQL {
  const a = sql.raw(alias);
  return sql`${a}.unit_path like ${likePrefix(params.unitPath)}
    ${params.product ? sql`and ${a}.product = ${params.product}` : sql``}
    ${withBucket && params.bucket ? sql`and ${a}.bucket = ${params.bucket}` : sql``}`;
}

function collectionEfficiency(params: ReportParams): SQL {
  const group: Record<CollectionDimension, { expr: SQL; kind: string }> = {
    bucket: { expr: sql`a.bucket`, kind: 'bucket' },
    product: { expr: sql`a.product`, kind: 'product' },
    branch: { expr: sql`(select u.unit_code || ' ' || u.name from units u where u.id = a.unit_id)`, kind: 'text' },
    agent: {
      expr: sql`coalesce((select usr.full_name from users usr where usr.id = a.allocated_user_id), '—')`,
      kind: 'text',
    },
    account: { expr: sql`a.account_no`, kind: 'text' },
  };
  if (params.by === 'account') return efficiencyByAccount(params);
  const { expr, kind } = group[params.by];
  const order = params.by === 'bucket' ? sql`array_position(${BUCKET_ARRAY}, grp)` : sql`grp`;
  return sql`with demand as (
      select d.account_id, sum(d.amount_due) as amount from dues d
      where d.due_date >= ${params.from} and d.due_date <= ${params.to} group by d.account_id
    ), collected as (
      select p.account_id, sum(p.amount) as amount from payments p
      where p.paid_on >= ${params.from} and p.paid_on <= ${params.to} group by p.account_id
    ), rows as (
      select ${expr} as grp, a.currency, dm.amount as demand, cl.amount as collected
      from accounts a
      left join demand dm on dm.account_id = a.id
      left join collected cl on cl.account_id = a.id
      where ${accountScope(params)} and (dm.amount is not null or cl.amount is not null)
    )
    select grp as "groupLabel", ${kind} as "groupKind", currency, count(*)::int as accounts,
      ${minor(sql`sum(demand)`)} as "demandMinor", ${minor(sql`sum(collected)`)} as "collectedMinor",
      ${rate(sql`coalesce(sum(collected), 0)`, sql`coalesce(sum(demand), 0)`)} as "efficiencyBp"
    from rows group by grp, currency order by ${order}, currency`;
}

/**
 * Collection efficiency of each account: one row per account with a due or a payment in the period, in account id
 * order, with no grouping or sorting of the result, so a cursor streams it from the first row (1,000,000 rows for a
 * whole book: the export benchmark).
 */
function efficiencyByAccount(params: ReportParams): SQL {
  return sql`select a.account_no as "groupLabel", 'text' as "groupKind", a.currency, 1 as accounts,
      ${minor(sql`dm.amount`)} as "demandMinor", ${minor(sql`cl.amount`)} as "collectedMinor",
      ${rate(sql`coalesce(cl.amount, 0)`, sql`coalesce(dm.amount, 0)`)} as "efficiencyBp"
    from accounts a
    left join (
      select d.account_id, sum(d.amount_due) as amount from dues d
      where d.due_date >= ${params.from} and d.due_date <= ${params.to} group by d.account_id
    ) dm on dm.account_id = a.id
    left join (
      select p.account_id, sum(p.amount) as amount from payments p
      where p.paid_on >= ${params.from} and p.paid_on <= ${params.to} group by p.account_id
    ) cl on cl.account_id = a.id
    where ${accountScope(params)} and (dm.amount is not null or cl.amount is not null)
    order by a.id`;
}

function ptpKeptRate(params: ReportParams): SQL {
  return sql`select coalesce(u.full_name, '—') as agent, p.currency,
      count(*)::int as promised,
      count(*) filter (where p.status = 'KEPT')::int as kept,
      count(*) filter (where p.status = 'PARTIAL')::int as partial,
      count(*) filter (where p.status = 'BROKEN')::int as broken,
      count(*) filter (where p.status = 'OPEN')::int as open,
      ${rate(
        sql`count(*) filter (where p.status = 'KEPT')`,
        sql`count(*) filter (where p.status in ('KEPT', 'PARTIAL', 'BROKEN'))`,
      )} as "keptRateBp",
      ${minor(sql`sum(p.promised_amount)`)} as "promisedMinor", ${minor(sql`sum(p.amount_paid)`)} as "paidMinor"
    from ptps p
    join accounts a on a.id = p.account_id
    left join users u on u.id = p.captured_by_user_id
    where ${accountScope(params)} and p.status <> 'CANCELLED'
      and p.promised_date >= ${params.from} and p.promised_date <= ${params.to}
    group by u.id, u.full_name, p.currency order by agent, u.id, p.currency`;
}

/**
 * Each account of the subtree with its bucket when the period began (end of the day before `from`, rebuilt from its
 * due schedule: the oldest instalment due by then and not paid in full by then) and its bucket now.
 */
function movements(params: ReportParams): SQL {
  const start = sql`(${params.from}::date - 1)`;
  return sql`moves as (
      select a.id, a.bucket as to_bucket, a.settlement_status,
        ${bucketOfDpd(sql`coalesce(${start} - o.oldest + 1, 0)`)} as from_bucket
      from accounts a
      left join lateral (
        select min(d.due_date) as oldest from dues d
        where d.account_id = a.id and d.due_date <= ${start} and (d.paid_date is null or d.paid_date > ${start})
      ) o on true
      where ${accountScope(params, 'a', false)}
    ), ranked as (
      select m.*, array_position(${BUCKET_ARRAY}, m.from_bucket) as from_rank,
        array_position(${BUCKET_ARRAY}, m.to_bucket) as to_rank
      from moves m
    )`;
}

function rollRates(params: ReportParams): SQL {
  const snapshot = params.isRoot
    ? sql`(select sum(s.accounts)::int from bom_bucket_snapshots s
        where s.month = date_trunc('month', ${params.from}::date)::date and s.bucket = r.from_bucket)`
    : sql`null::int`;
  return sql`with ${movements(params)}
    select r.from_bucket as "fromBucket", count(*)::int as accounts,
      count(*) filter (where r.to_rank > r.from_rank)::int as "rolledForward",
      count(*) filter (where r.to_rank = r.from_rank)::int as stable,
      count(*) filter (where r.to_rank < r.from_rank)::int as "rolledBack",
      ${rate(sql`count(*) filter (where r.to_rank > r.from_rank)`, sql`count(*)`)} as "rollForwardBp",
      ${rate(sql`count(*) filter (where r.to_rank < r.from_rank)`, sql`count(*)`)} as "rollBackBp",
      ${snapshot} as "snapshotAccounts"
    from ranked r group by r.from_bucket, r.from_rank order by r.from_rank`;
}

/**
 * The roll rates' monthly trend: for each month (`start`, its first day; `end`, its last day or the business date),
 * the accounts of the subtree delinquent at the end of the day before `start` and how many were in a worse (rolled
 * forward) or better (rolled back) bucket at `end`, both buckets rebuilt from the due schedule.
 */
export function rollForwardTrend(params: ReportParams, months: readonly { start: string; end: string }[]): SQL {
  const values = sql.join(
    months.map((month) => sql`(${month.start}::date, ${month.end}::date)`),
    sql`, `,
  );
  const oldestBy = (day: SQL) => sql`(select min(d.due_date) from dues d
      where d.account_id = a.id and d.due_date <= ${day} and (d.paid_date is null or d.paid_date > ${day}))`;
  return sql`with months(m_start, m_end) as (values ${values}),
    edges as (
      select mo.m_start, ${bucketOfDpd(sql`coalesce((mo.m_start - 1) - ${oldestBy(sql`(mo.m_start - 1)`)} + 1, 0)`)}
          as from_bucket,
        ${bucketOfDpd(sql`coalesce(mo.m_end - ${oldestBy(sql`mo.m_end`)} + 1, 0)`)} as to_bucket
      from months mo cross join accounts a
      where ${accountScope(params, 'a', false)}
    ), ranked as (
      select m_start, array_position(${BUCKET_ARRAY}, from_bucket) as from_rank,
        array_position(${BUCKET_ARRAY}, to_bucket) as to_rank
      from edges where from_bucket <> 'CURRENT'
    )
    select to_char(mo.m_start, 'YYYY-MM') as month, count(r.m_start)::int as accounts,
      count(*) filter (where r.to_rank > r.from_rank)::int as "rolledForward",
      count(*) filter (where r.to_rank < r.from_rank)::int as "rolledBack",
      ${rate(sql`count(*) filter (where r.to_rank > r.from_rank)`, sql`count(r.m_start)`)} as "rollForwardBp",
      ${rate(sql`count(*) filter (where r.to_rank < r.from_rank)`, sql`count(r.m_start)`)} as "rollBackBp"
    from months mo left join ranked r on r.m_start = mo.m_start
    group by mo.m_start order by mo.m_start`;
}

function bucketMovement(params: ReportParams): SQL {
  return sql`with ${movements(params)}
    select r.from_bucket as "fromBucket", r.to_bucket as "toBucket", count(*)::int as accounts,
      r.from_bucket || ' → ' || r.to_bucket as movement
    from ranked r group by r.from_bucket, r.from_rank, r.to_bucket, r.to_rank order by r.from_rank, r.to_rank`;
}

function resolutionRate(params: ReportParams): SQL {
  const resolved = sql`count(*) filter (where r.to_bucket = 'CURRENT' or r.settlement_status = 'SETTLED')`;
  return sql`with ${movements(params)}
    select r.from_bucket as "fromBucket", count(*)::int as accounts, ${resolved}::int as resolved,
      count(*) filter (where r.settlement_status = 'SETTLED')::int as settled,
      ${rate(resolved, sql`count(*)`)} as "resolutionBp"
    from ranked r where r.from_bucket <> 'CURRENT' group by r.from_bucket, r.from_rank order by r.from_rank`;
}

function agentProductivity(params: ReportParams): SQL {
  return sql`with work as (
      select f.contacted_by_user_id as user_id, a.currency,
        count(*) filter (where f.contact_mode = 'CALL') as calls,
        count(*) filter (where d.contact_kind in ('RPC', 'TPC')) as contacts,
        0 as ptps, 0::numeric as ptp_amount, 0::bigint as collected_minor
      from follow_ups f join accounts a on a.id = f.account_id join dispositions d on d.code = f.disposition_code
      where ${accountScope(params)} and f.business_date >= ${params.from} and f.business_date <= ${params.to}
      group by f.contacted_by_user_id, a.currency
      union all
      select p.captured_by_user_id, p.currency, 0, 0, count(*), sum(p.promised_amount), 0
      from ptps p join accounts a on a.id = p.account_id left join follow_ups f on f.id = p.follow_up_id
      where ${accountScope(params)} and p.status <> 'CANCELLED'
        and coalesce(f.business_date, p.created_at::date) >= ${params.from}
        and coalesce(f.business_date, p.created_at::date) <= ${params.to}
      group by p.captured_by_user_id, p.currency
      union all
      select r.received_by_user_id, r.currency, 0, 0, 0, 0, sum(r.amount_minor)
      from receipts r join accounts a on a.id = r.account_id
      where ${accountScope(params)} and r.status not in ('CANCELLED', 'CANCEL_REQUESTED')
        and r.received_on >= ${params.from} and r.received_on <= ${params.to}
      group by r.received_by_user_id, r.currency
    )
    select coalesce(u.full_name, '—') as agent, w.currency, sum(w.calls)::int as calls,
      sum(w.contacts)::int as contacts, sum(w.ptps)::int as ptps, ${minor(sql`sum(w.ptp_amount)`)} as "ptpMinor",
      sum(w.collected_minor)::bigint as "collectedMinor"
    from work w left join users u on u.id = w.user_id
    group by u.id, u.full_name, w.currency order by agent, u.id, w.currency`;
}

function fieldVisits(params: ReportParams): SQL {
  return sql`select coalesce(u.full_name, '—') as agent, count(*)::int as visits,
      count(distinct f.account_id)::int as "accountsVisited",
      count(*) filter (where d.contact_kind in ('RPC', 'TPC'))::int as contacts,
      count(*) filter (where f.disposition_code = 'PTP')::int as ptps
    from follow_ups f
    join accounts a on a.id = f.account_id
    join dispositions d on d.code = f.disposition_code
    left join users u on u.id = f.contacted_by_user_id
    where ${accountScope(params)} and f.contact_mode = 'FIELD_VISIT'
      and f.business_date >= ${params.from} and f.business_date <= ${params.to}
    group by u.id, u.full_name order by agent, u.id`;
}

function settlementsWaivers(params: ReportParams): SQL {
  return sql`select s.status, s.currency, count(*)::int as settlements,
      sum(s.total_minor)::bigint as "totalMinor", sum(s.payable_minor)::bigint as "payableMinor",
      sum(s.waiver_minor)::bigint as "waiverMinor", ${rate(sql`sum(s.waiver_minor)`, sql`sum(s.total_minor)`)} as "waiverBp"
    from settlements s join accounts a on a.id = s.account_id
    where s.unit_path like ${likePrefix(params.unitPath)}
      ${params.product ? sql`and a.product = ${params.product}` : sql``}
      and s.initiated_on >= ${params.from} and s.initiated_on <= ${params.to}
    group by s.status, s.currency order by s.status, s.currency`;
}

function receiptsDeposits(params: ReportParams): SQL {
  return sql`with rec as (
      select r.branch_unit_id, r.currency, r.amount_minor,
        exists (select 1 from payment_batch_receipts pbr join payment_batches b on b.id = pbr.batch_id
          where pbr.receipt_id = r.id and pbr.live and b.status <> 'REJECTED') as in_batch,
        exists (select 1 from payment_batch_receipts pbr join payment_batches b on b.id = pbr.batch_id
          where pbr.receipt_id = r.id and pbr.live and b.reconciled_at is not null) as batch_reconciled,
        exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id) as credited
      from receipts r
      where r.unit_path like ${likePrefix(params.unitPath)} and r.status not in ('CANCELLED', 'CANCEL_REQUESTED')
        and r.received_on >= ${params.from} and r.received_on <= ${params.to}
    )
    select u.unit_code || ' ' || u.name as branch, rec.currency, count(*)::int as receipts,
      sum(rec.amount_minor)::bigint as "receivedMinor",
      coalesce(sum(rec.amount_minor) filter (where rec.in_batch or rec.credited), 0)::bigint as "depositedMinor",
      coalesce(sum(rec.amount_minor) filter (where rec.batch_reconciled or rec.credited), 0)::bigint as "reconciledMinor",
      coalesce(sum(rec.amount_minor) filter (where not rec.in_batch and not rec.credited), 0)::bigint as "undepositedMinor"
    from rec join units u on u.id = rec.branch_unit_id
    group by u.id, u.unit_code, u.name, rec.currency order by u.unit_code, rec.currency`;
}

function legalAgeing(params: ReportParams): SQL {
  const age = sql`(${params.businessDate}::date - c.stage_entered_on)`;
  return sql`select c.stage, count(*)::int as cases,
      count(*) filter (where ${age} <= 30)::int as "age0to30",
      count(*) filter (where ${age} between 31 and 90)::int as "age31to90",
      count(*) filter (where ${age} between 91 and 180)::int as "age91to180",
      count(*) filter (where ${age} > 180)::int as "age181plus"
    from cases c
    where c.definition_code = 'LEGAL' and not c.is_closed and c.unit_path like ${likePrefix(params.unitPath)}
    group by c.stage order by c.stage`;
}

const BUILDERS: Record<ReportKey, (params: ReportParams) => SQL> = {
  collectionEfficiency,
  ptpKeptRate,
  rollRates,
  bucketMovement,
  resolutionRate,
  agentProductivity,
  fieldVisits,
  settlementsWaivers,
  receiptsDeposits,
  legalAgeing,
};

/** The statement of a report: every row, in the report's order. */
export function reportStatement(report: ReportKey, params: ReportParams): SQL {
  return BUILDERS[report](params);
}
