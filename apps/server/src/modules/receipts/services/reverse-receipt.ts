import { sql } from 'drizzle-orm';
import { DEFAULT_PTP_POLICY } from '@recovery-desk/domain/collections/ptp-policy.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { Transaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { findReceipt, type Receipt } from '../receipts.repository.ts';
import { recomputeAccountDelinquency, type PostingRecord } from './post-receipt.ts';

/**
 * The exact reversal of a receipt's posting, inside the caller's transaction: the dues get back the amounts and paid
 * dates the posting changed, the account its charges, interest, principal and overdue; DPD, bucket and asset class are
 * recomputed for the business date; the promises the posting resolved are resolved again from the payments left (or
 * get back their state before). A NEGATIVE `payments` row with the same reference keeps "sum of payments" the money
 * actually received. Status CANCELLED, audit row. A receipt already cancelled is refused (409 ALREADY_DECIDED).
 */
export async function reverseReceiptInTx(
  tx: Transaction,
  receiptId: number,
  reason: { code: string; remarks: string },
  ctx: RequestContext,
): Promise<Receipt> {
  const receipt = await findReceipt(tx, receiptId, { lock: true });
  if (!receipt) throw new AppError('NOT_FOUND', 'Receipt not found');
  if (receipt.status === 'CANCELLED') throw new AppError('ALREADY_DECIDED', 'This receipt is already cancelled.');
  // the account first, as the posting does (one posting or reversal at a time per account)
  await tx.execute(sql`select id from accounts where id = ${receipt.accountId} for update`);
  const posting = receipt.posting as PostingRecord;
  const businessDate = await requireBusinessDate(tx);

  for (const application of posting.dues) {
    await tx.execute(sql`
      update dues set amount_paid = amount_paid - ${minorToDecimal(BigInt(application.appliedMinor))}::numeric,
        paid_date = ${application.paidDateBefore}::date
      where id = ${application.dueId}`);
  }
  const a = posting.allocation;
  const dec = (value: string) => minorToDecimal(BigInt(value));
  await tx.execute(sql`
    update accounts set
      bounce_charges = bounce_charges + ${dec(a.bounceCharges)}::numeric,
      overdue_charges = overdue_charges + ${dec(a.overdueCharges)}::numeric,
      other_charges = other_charges + ${dec(a.otherCharges)}::numeric,
      total_interest_outstanding = total_interest_outstanding + ${dec(a.interest)}::numeric,
      total_principal_outstanding = total_principal_outstanding + ${dec(a.principal)}::numeric,
      total_due_amount = total_due_amount + ${dec(posting.overdueReduction)}::numeric,
      version = version + 1, updated_at = now()
    where id = ${receipt.accountId}`);
  const delinquency = await recomputeAccountDelinquency(tx, receipt.accountId, businessDate);

  const [reversal] = await selectRows<{ id: string; reference: string | null }>(
    tx,
    sql`insert into payments (account_id, paid_on, amount, currency, mode, reference)
        select account_id, ${businessDate}::date, -amount, currency, mode, reference from payments
        where id = ${receipt.paymentId}
        returning id::text, reference`,
  );

  // promises the posting resolved: from the payments left, KEPT / PARTIAL, or back to their state before
  for (const before of posting.ptps) {
    await tx.execute(sql`
      with paid as (
        select p.id, p.promised_amount, coalesce((
          select sum(pay.amount) from payments pay left join follow_ups f on f.id = p.follow_up_id
          where pay.account_id = p.account_id and pay.paid_on >= coalesce(f.business_date, p.created_at::date)
            and pay.paid_on <= p.promised_date + ${DEFAULT_PTP_POLICY.graceDays}::int), 0) as amount
        from ptps p where p.id = ${before.id}
      )
      update ptps p set
        status = case when paid.amount >= paid.promised_amount then 'KEPT' when paid.amount > 0 then 'PARTIAL'
          else ${before.status} end,
        amount_paid = case when paid.amount > 0 then paid.amount else ${before.amountPaid}::numeric end,
        resolved_on = case when paid.amount >= paid.promised_amount then p.resolved_on else ${before.resolvedOn}::date end,
        version = p.version + 1
      from paid where p.id = paid.id and p.status in ('KEPT', 'PARTIAL')`);
  }

  await tx.execute(sql`
    update receipts set status = 'CANCELLED', reversal_payment_id = ${reversal ? Number(reversal.id) : null},
      cancel_reason_code = ${reason.code}, cancel_remarks = ${reason.remarks}, cancelled_at = now(),
      version = version + 1
    where id = ${receiptId}`);
  await emitAudit(tx, ctx, {
    action: 'receipts.reverse',
    entity: 'receipt',
    entityId: receiptId,
    before: { status: receipt.status },
    after: {
      status: 'CANCELLED',
      reason: reason.code,
      remarks: reason.remarks,
      amount: minorToDecimal(receipt.amountMinor),
      dpd: delinquency.dpd,
      bucket: delinquency.bucket,
    },
  });
  return (await findReceipt(tx, receiptId))!;
}
