import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Opens the approval requests (with their REQUEST history step) of re-allocation requests, PTP deviations and
 * escalations that have none: rows written in bulk by the demo book, straight into the subject tables. Decided
 * subjects get a decided request. Set-based, and a no-op for subjects that already have a request. (Migration 0010
 * did the same once for the rows made before the approval kit.)
 */
export async function backfillApprovalRequests(db: Pick<Database, 'execute'>): Promise<number> {
  const result = (await db.execute(sql`
    with opened as (
      insert into approval_requests (flow_code, subject_type, subject_id, unit_path, maker_user_id, maker_unit_id,
        status, decision, last_checker_user_id, decided_at, remarks, amount, currency, payload, version, created_at,
        updated_at)
      select 'REALLOCATION', 'REALLOCATION_REQUEST', r.id, r.maker_unit_path, r.maker_user_id, r.maker_unit_id,
        r.status, case r.status when 'APPROVED' then 'approve' when 'REJECTED' then 'reject' end,
        r.checker_user_id, r.checked_at, r.checker_remarks, null::numeric, null::text,
        jsonb_build_object('reason', r.reason), case when r.status = 'PENDING' then 1 else 2 end, r.created_at,
        coalesce(r.checked_at, r.created_at)
      from reallocation_requests r
      where not exists (select 1 from approval_requests q
        where q.flow_code = 'REALLOCATION' and q.subject_id = r.id and q.subject_type = 'REALLOCATION_REQUEST')
      union all
      select 'PTP_DEVIATION', 'PTP', p.id, a.unit_path, p.captured_by_user_id, p.captured_in_unit_id,
        case when p.deviation_status = 'PENDING' and p.status = 'CANCELLED' then 'WITHDRAWN' else p.deviation_status end,
        case p.deviation_status when 'APPROVED' then 'approve' when 'REJECTED' then 'reject' end,
        p.reviewed_by_user_id, p.reviewed_at, p.review_remarks, p.promised_amount, p.currency,
        jsonb_build_object('reasons', p.deviation_reasons),
        case when p.deviation_status = 'PENDING' and p.status <> 'CANCELLED' then 1 else 2 end, p.created_at,
        coalesce(p.reviewed_at, p.created_at)
      from ptps p join accounts a on a.id = p.account_id
      where p.deviation_status <> 'NONE' and not exists (select 1 from approval_requests q
        where q.flow_code = 'PTP_DEVIATION' and q.subject_id = p.id and q.subject_type = 'PTP')
      union all
      select 'ESCALATION', 'ESCALATION', e.id, a.unit_path, e.raised_by_user_id, null::int,
        case e.status when 'OPEN' then 'PENDING' when 'REALLOCATED' then 'APPROVED' else e.status end,
        case e.status when 'APPROVED' then 'approve' when 'REJECTED' then 'reject' when 'REALLOCATED' then 'reallocate' end,
        e.resolved_by_user_id, e.resolved_at, e.resolution_remarks, null::numeric, null::text,
        jsonb_build_object('reason', e.reason), case when e.status = 'OPEN' then 1 else 2 end, e.created_at,
        coalesce(e.resolved_at, e.created_at)
      from escalations e join accounts a on a.id = e.account_id
      where not exists (select 1 from approval_requests q
        where q.flow_code = 'ESCALATION' and q.subject_id = e.id and q.subject_type = 'ESCALATION')
      returning id, status, decision, maker_user_id, maker_unit_id, last_checker_user_id, remarks, created_at,
        updated_at
    ), requested as (
      insert into approval_events (request_id, action, from_status, to_status, to_level, actor_user_id,
        acting_unit_id, request_version, created_at)
      select id, 'REQUEST', null, 'PENDING', 1, maker_user_id, maker_unit_id, 1, created_at from opened
      returning id
    ), decided as (
      insert into approval_events (request_id, action, decision, from_status, to_status, from_level, to_level,
        actor_user_id, remarks, request_version, created_at)
      select id, case status when 'APPROVED' then 'APPROVE' when 'REJECTED' then 'REJECT' else 'WITHDRAW' end,
        decision, 'PENDING', status, 1, 1, last_checker_user_id, remarks, 2, updated_at
      from opened where status <> 'PENDING'
      returning id
    )
    select (select count(*)::int from opened) as opened, (select count(*) from requested) as requested,
      (select count(*) from decided) as decided`)) as unknown as { rows: { opened: number }[] };
  return Number(result.rows[0]?.opened ?? 0);
}
