import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The money a repossession or SARFAESI case records before closing: its approved waiver (secured_waivers, migration
// 0038) and its partial payments (receipts of source SECURED_PART_PAYMENT whose source reference names the case).

export const PART_PAYMENT_SOURCE = 'SECURED_PART_PAYMENT' as const;

/** The source reference of a partial payment: the case and the case version of the approving step (unique per step). */
export const partPaymentRef = (caseId: number, caseVersion: number) => `case:${caseId}:v${caseVersion}`;

export type WaiverRecord = {
  id: number;
  caseId: number;
  accountId: number;
  currency: string;
  amountMinor: bigint;
  reason: string;
  approvedOn: string;
  approvedBy: string;
  requestedBy: string | null;
  writtenOffMinor: bigint | null;
};

type WaiverRow = {
  id: string;
  case_id: string;
  account_id: string;
  currency: string;
  amount_minor: string;
  reason: string;
  approved_on: string;
  approved_by: string;
  requested_by: string | null;
  written_off_minor: string | null;
};

/** The case's APPROVED waiver (the one closing counts); `forUpdate` locks it (closing writes it off). */
export async function findApprovedWaiver(
  db: Executor,
  caseId: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<WaiverRecord | undefined> {
  const [row] = await selectRows<WaiverRow>(
    db,
    sql`select w.id::text, w.case_id::text, w.account_id::text, w.currency, w.amount_minor::text, w.reason,
          w.approved_on::text, a.full_name as approved_by, r.full_name as requested_by, w.written_off_minor::text
        from secured_waivers w
        join users a on a.id = w.approved_by_user_id
        left join users r on r.id = w.requested_by_user_id
        where w.case_id = ${caseId} and w.status = 'APPROVED'
        ${forUpdate ? sql`for update of w` : sql``}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    caseId: Number(row.case_id),
    accountId: Number(row.account_id),
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    reason: row.reason,
    approvedOn: row.approved_on,
    approvedBy: row.approved_by,
    requestedBy: row.requested_by,
    writtenOffMinor: row.written_off_minor === null ? null : BigInt(row.written_off_minor),
  };
}

/**
 * Records an approved waiver; an earlier APPROVED waiver of the case (a sale that fell through and came back to the
 * waiver stage) is superseded first. Returns the new row's id and the superseded one's.
 */
export async function insertApprovedWaiver(
  db: Executor,
  values: {
    caseId: number;
    accountId: number;
    currency: string;
    amountMinor: bigint;
    reason: string;
    requestedByUserId: number | null;
    approvedByUserId: number;
    approvedOn: string;
    actingUnitId: number;
    at: Date;
  },
): Promise<{ id: number; supersededId: number | null }> {
  const superseded = await selectRows<{ id: string }>(
    db,
    sql`update secured_waivers set status = 'SUPERSEDED' where case_id = ${values.caseId} and status = 'APPROVED'
        returning id::text`,
  );
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into secured_waivers (case_id, account_id, currency, amount_minor, reason, status,
          requested_by_user_id, approved_by_user_id, approved_on, acting_unit_id, created_at)
        values (${values.caseId}, ${values.accountId}, ${values.currency}, ${values.amountMinor.toString()}::bigint,
          ${values.reason}, 'APPROVED', ${values.requestedByUserId}, ${values.approvedByUserId},
          ${values.approvedOn}::date, ${values.actingUnitId}, ${values.at.toISOString()}::timestamptz)
        returning id::text`,
  );
  return { id: Number(row!.id), supersededId: superseded[0] ? Number(superseded[0].id) : null };
}

export async function markWaiverWrittenOff(db: Executor, waiverId: number, writtenOffMinor: bigint): Promise<void> {
  await db.execute(
    sql`update secured_waivers set written_off_minor = ${writtenOffMinor.toString()}::bigint where id = ${waiverId}`,
  );
}

export type PartialPaymentRecord = {
  receiptNo: string;
  amountMinor: bigint;
  currency: string;
  mode: string;
  receivedOn: string;
  status: string;
};

/** The case's partial payments, each a receipt posted by an approval, oldest first. */
export async function listPartialPayments(db: Executor, caseId: number): Promise<PartialPaymentRecord[]> {
  const rows = await selectRows<{
    receipt_no: string;
    amount_minor: string;
    currency: string;
    mode: string;
    received_on: string;
    status: string;
  }>(
    db,
    sql`select receipt_no, amount_minor::text, currency, mode, received_on::text, status from receipts
        where source = ${PART_PAYMENT_SOURCE} and source_ref like ${`case:${caseId}:v%`}
        order by id`,
  );
  return rows.map((row) => ({
    receiptNo: row.receipt_no,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency,
    mode: row.mode,
    receivedOn: row.received_on,
    status: row.status,
  }));
}

/**
 * Writes a waiver off the account at closing: charges (bounce, overdue, other), then interest, then principal, as a
 * settlement's waiver falls; the overdue goes down by as much (never below zero). The account row is locked by the
 * caller. Returns what came off each component.
 */
export async function writeOffAccount(
  db: Executor,
  accountId: number,
  amountMinor: bigint,
): Promise<{ charges: bigint; interest: bigint; principal: bigint }> {
  const [account] = await selectRows<{
    bounce: string;
    overdue: string;
    other: string;
    interest: string;
    principal: string;
  }>(
    db,
    sql`select (bounce_charges * 100)::bigint::text as bounce, (overdue_charges * 100)::bigint::text as overdue,
          (other_charges * 100)::bigint::text as other, (total_interest_outstanding * 100)::bigint::text as interest,
          (total_principal_outstanding * 100)::bigint::text as principal
        from accounts where id = ${accountId}`,
  );
  let left = amountMinor;
  const take = (available: string) => {
    const have = BigInt(available) > 0n ? BigInt(available) : 0n;
    const taken = left < have ? left : have;
    left -= taken;
    return taken;
  };
  const bounce = take(account!.bounce);
  const overdue = take(account!.overdue);
  const other = take(account!.other);
  const interest = take(account!.interest);
  const principal = take(account!.principal);
  const decimal = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  await db.execute(
    sql`update accounts set
          bounce_charges = bounce_charges - ${decimal(bounce)}::numeric,
          overdue_charges = overdue_charges - ${decimal(overdue)}::numeric,
          other_charges = other_charges - ${decimal(other)}::numeric,
          total_interest_outstanding = total_interest_outstanding - ${decimal(interest)}::numeric,
          total_principal_outstanding = total_principal_outstanding - ${decimal(principal)}::numeric,
          total_due_amount = greatest(total_due_amount - ${decimal(amountMinor - left)}::numeric, 0),
          version = version + 1, updated_at = now()
        where id = ${accountId}`,
  );
  return { charges: bounce + overdue + other, interest, principal };
}
