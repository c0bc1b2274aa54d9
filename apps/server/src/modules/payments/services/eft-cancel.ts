import { sql } from 'drizzle-orm';
import { eftReceiptCancellations } from '@recovery-desk/db/payments-schema.ts';
import { minorToDecimal, type EftCancelInput, type EftReceipt } from '@recovery-desk/domain/payments/contracts.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { withdrawApprovalsInTx, type ApprovalHandler } from '../../approvals/index.ts';
import { RECEIPT_APPROVAL_HANDLERS } from '../../receipts/index.ts';
import { reverseReceipt } from '../receipts-port.ts';

// EFT Receipt Cancel: an electronic receipt (NEFT, RTGS, IMPS, UPI) that the bank never credited is cancelled with a
// reason and remarks: the receipts part's exact reversal (reverseReceiptInTx), the cancellation record and an audit
// row, in one transaction. A receipt a statement credit matched was credited: it cannot be cancelled here.

type Row = {
  receipt_id: number | string;
  receipt_no: string;
  account_no: string;
  mode: string;
  amount_minor: string | number | bigint;
  currency: string;
  received_on: string;
  reference: string | null;
  status: string;
  branch_code: string;
  version: number;
};

const SELECT = sql`select r.id as receipt_id, r.receipt_no, a.account_no, r.mode, r.amount_minor, r.currency,
    r.received_on, r.reference, r.status, bu.unit_code as branch_code, r.version
  from receipts r join accounts a on a.id = r.account_id join units bu on bu.id = r.branch_unit_id`;

function toReceipt(row: Row): EftReceipt {
  return {
    receiptId: Number(row.receipt_id),
    receiptNo: row.receipt_no,
    accountNo: row.account_no,
    mode: row.mode,
    amount: minorToDecimal(BigInt(row.amount_minor)),
    currency: row.currency,
    receivedOn: String(row.received_on),
    reference: row.reference,
    status: row.status,
    branchCode: row.branch_code,
    version: Number(row.version),
  };
}

const UNCREDITED = sql`r.mode in ('NEFT', 'RTGS', 'IMPS', 'UPI') and r.status in ('PENDING_VERIFICATION', 'VERIFIED')
  and not exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id)`;

/** Electronic receipts of the subtree that no bank credit matched yet (oldest first): what EFT cancel may take. */
export async function listUncreditedReceipts(
  deps: AppDeps,
  args: { ctx: UnitContext; page: number; pageSize: number },
): Promise<{ data: EftReceipt[]; count: number; page: number; pageSize: number }> {
  const where = sql`r.unit_path like ${likePrefix(args.ctx.actingUnit.path)} and ${UNCREDITED}`;
  const rows = await selectRows<Row>(
    deps.db,
    sql`${SELECT} where ${where} order by r.received_on, r.id
      limit ${args.pageSize} offset ${(args.page - 1) * args.pageSize}`,
  );
  const [count] = await selectRows<{ n: number | string }>(
    deps.db,
    sql`select count(*) as n from receipts r where ${where}`,
  );
  return { data: rows.map(toReceipt), count: Number(count?.n ?? 0), page: args.page, pageSize: args.pageSize };
}

async function lockReceipt(db: Executor, ctx: UnitContext, id: number): Promise<Row & { credited: boolean }> {
  const [row] = await selectRows<Row & { credited: boolean }>(
    db,
    sql`select r.id as receipt_id, r.receipt_no, r.mode, r.status, r.amount_minor, r.currency, r.received_on,
        r.reference, r.version, '' as account_no, '' as branch_code,
        exists (select 1 from bank_statement_credits c where c.matched_receipt_id = r.id) as credited
      from receipts r where r.id = ${id} and r.unit_path like ${likePrefix(ctx.actingUnit.path)} for update of r`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'Receipt not found');
  return row;
}

export async function cancelEftReceipt(
  deps: AppDeps,
  args: { ctx: UnitContext; receiptId: number; input: EftCancelInput },
): Promise<EftReceipt> {
  const { ctx, input } = args;
  await withTransaction(deps.db, async (tx) => {
    const receipt = await lockReceipt(tx, ctx, args.receiptId);
    if (!['NEFT', 'RTGS', 'IMPS', 'UPI'].includes(receipt.mode)) {
      throw new AppError(
        'NOT_ELIGIBLE',
        `Receipt ${receipt.receipt_no} is ${receipt.mode}: EFT cancel takes electronic receipts only.`,
      );
    }
    if (receipt.status === 'CANCELLED')
      throw new AppError('ALREADY_DECIDED', `Receipt ${receipt.receipt_no} is already cancelled.`);
    if (receipt.status === 'CANCEL_REQUESTED') {
      throw new AppError('NOT_ELIGIBLE', `Receipt ${receipt.receipt_no} already waits in a cancellation request.`);
    }
    if (receipt.credited) {
      throw new AppError(
        'NOT_ELIGIBLE',
        `Receipt ${receipt.receipt_no} was credited by the bank (reconciled); it cannot be cancelled as not credited.`,
      );
    }
    await reverseReceipt(tx, Number(receipt.receipt_id), { code: input.reasonCode, remarks: input.remarks }, ctx);
    // A receipt still waiting for verification is not waited for any more: its request is withdrawn.
    const verification = RECEIPT_APPROVAL_HANDLERS.find((handler) => handler.flow.code === 'RECEIPT_VERIFICATION');
    if (verification) {
      await withdrawApprovalsInTx(tx, ctx, verification as ApprovalHandler<never>, {
        subjectIds: [Number(receipt.receipt_id)],
        remarks: `Cancelled at EFT Receipt Cancel: ${input.remarks}`,
        at: deps.clock.now(),
      });
    }
    await tx.insert(eftReceiptCancellations).values({
      receiptId: Number(receipt.receipt_id),
      reasonCode: input.reasonCode,
      remarks: input.remarks,
      cancelledByUserId: ctx.user.id,
      unitId: ctx.actingUnit.id,
    });
    await emitAudit(tx, ctx, {
      action: 'payments.eft_receipt.cancel',
      entity: 'receipt',
      entityId: Number(receipt.receipt_id),
      before: { status: receipt.status },
      after: {
        status: 'CANCELLED',
        reasonCode: input.reasonCode,
        remarks: input.remarks,
        amountMinor: BigInt(receipt.amount_minor).toString(),
        reference: receipt.reference,
      },
    });
  });
  const [row] = await selectRows<Row>(deps.db, sql`${SELECT} where r.id = ${args.receiptId}`);
  return toReceipt(row!);
}
