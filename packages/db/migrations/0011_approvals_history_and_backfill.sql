-- The history of an approval request is append-only: a step is corrected by a later step, never by editing it.
CREATE OR REPLACE FUNCTION approval_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'approval_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER approval_events_no_update_trg BEFORE UPDATE OR DELETE ON approval_events FOR EACH ROW EXECUTE FUNCTION approval_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER approval_events_no_truncate_trg BEFORE TRUNCATE ON approval_events FOR EACH STATEMENT EXECUTE FUNCTION approval_events_refuse_change();
--> statement-breakpoint
-- Re-allocation requests, PTP deviations and escalations made before the approval kit become its requests.
INSERT INTO approval_requests (flow_code, subject_type, subject_id, unit_path, maker_user_id, maker_unit_id, status,
  decision, last_checker_user_id, decided_at, remarks, payload, version, created_at, updated_at)
SELECT 'REALLOCATION', 'REALLOCATION_REQUEST', r.id, r.maker_unit_path, r.maker_user_id, r.maker_unit_id, r.status,
  CASE r.status WHEN 'APPROVED' THEN 'approve' WHEN 'REJECTED' THEN 'reject' END,
  r.checker_user_id, r.checked_at, r.checker_remarks, jsonb_build_object('reason', r.reason),
  CASE WHEN r.status = 'PENDING' THEN 1 ELSE 2 END, r.created_at, coalesce(r.checked_at, r.created_at)
FROM reallocation_requests r;
--> statement-breakpoint
INSERT INTO approval_requests (flow_code, subject_type, subject_id, unit_path, maker_user_id, maker_unit_id, status,
  decision, last_checker_user_id, decided_at, remarks, amount, currency, payload, version, created_at, updated_at)
SELECT 'PTP_DEVIATION', 'PTP', p.id, a.unit_path, p.captured_by_user_id, p.captured_in_unit_id,
  CASE WHEN p.deviation_status = 'PENDING' AND p.status = 'CANCELLED' THEN 'WITHDRAWN' ELSE p.deviation_status END,
  CASE p.deviation_status WHEN 'APPROVED' THEN 'approve' WHEN 'REJECTED' THEN 'reject' END,
  p.reviewed_by_user_id, p.reviewed_at, p.review_remarks, p.promised_amount, p.currency,
  jsonb_build_object('reasons', p.deviation_reasons),
  CASE WHEN p.deviation_status = 'PENDING' AND p.status <> 'CANCELLED' THEN 1 ELSE 2 END, p.created_at, coalesce(p.reviewed_at, p.created_at)
FROM ptps p JOIN accounts a ON a.id = p.account_id
WHERE p.deviation_status <> 'NONE';
--> statement-breakpoint
INSERT INTO approval_requests (flow_code, subject_type, subject_id, unit_path, maker_user_id, status, decision,
  last_checker_user_id, decided_at, remarks, payload, version, created_at, updated_at)
SELECT 'ESCALATION', 'ESCALATION', e.id, a.unit_path, e.raised_by_user_id,
  CASE e.status WHEN 'OPEN' THEN 'PENDING' WHEN 'REALLOCATED' THEN 'APPROVED' ELSE e.status END,
  CASE e.status WHEN 'APPROVED' THEN 'approve' WHEN 'REJECTED' THEN 'reject' WHEN 'REALLOCATED' THEN 'reallocate' END,
  e.resolved_by_user_id, e.resolved_at, e.resolution_remarks, jsonb_build_object('reason', e.reason),
  CASE WHEN e.status = 'OPEN' THEN 1 ELSE 2 END, e.created_at, coalesce(e.resolved_at, e.created_at)
FROM escalations e JOIN accounts a ON a.id = e.account_id;
--> statement-breakpoint
INSERT INTO approval_events (request_id, action, from_status, to_status, to_level, actor_user_id, acting_unit_id,
  request_version, created_at)
SELECT id, 'REQUEST', NULL, 'PENDING', 1, maker_user_id, maker_unit_id, 1, created_at FROM approval_requests;
--> statement-breakpoint
INSERT INTO approval_events (request_id, action, decision, from_status, to_status, from_level, to_level,
  actor_user_id, remarks, request_version, created_at)
SELECT id, CASE status WHEN 'APPROVED' THEN 'APPROVE' WHEN 'REJECTED' THEN 'REJECT' ELSE 'WITHDRAW' END, decision,
  'PENDING', status, 1, 1, last_checker_user_id, remarks, 2, updated_at
FROM approval_requests WHERE status <> 'PENDING';
