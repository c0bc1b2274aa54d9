import { sql } from 'drizzle-orm';
import { receipts } from '@recovery-desk/db/receipts-schema.ts';
import { RECEIPT_CANCELLATION_FLOW } from '@recovery-desk/domain/approvals/flows/receipt-cancellation.ts';
import { RECEIPT_VERIFICATION_FLOW } from '@recovery-desk/domain/approvals/flows/receipt-verification.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { Executor } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApprovalHandler, ApprovalSubject } from '../approvals/index.ts';
import { reverseReceiptInTx } from './services/reverse-receipt.ts';

// The receipt flows on the approval kit (docs/architecture.md "Receipts"): the kit decides (scope, maker ≠ checker,
// one conditional UPDATE, history, audit); these effects change the receipt. The checker's version is the receipt's
// own (`subjectVersion`): the kit locks the receipt row and every effect bumps its version.

/** A receipt's scope: the branch of its account. */
export async function findReceiptSubject(db: Executor, subjectId: number): Promise<ApprovalSubject | undefined> {
  const [row] = await selectRows<{ unit_path: string }>(
    db,
    sql`select unit_path from receipts where id = ${subjectId}`,
  );
  return row ? { unitPath: row.unit_path } : undefined;
}

async function setStatus(
  tx: Executor,
  input: { id: number; from: string; to: string; verifiedBy?: number; at?: Date },
): Promise<{ status: string; version: number }> {
  const [row] = await selectRows<{ status: string; version: number }>(
    tx,
    sql`update receipts set status = ${input.to}, version = version + 1
          ${input.verifiedBy ? sql`, verified_by_user_id = ${input.verifiedBy}, verified_at = ${input.at!.toISOString()}::timestamptz` : sql``}
        where id = ${input.id} and status = ${input.from}
        returning status, version`,
  );
  if (!row)
    throw new AppError(
      'ALREADY_DECIDED',
      `This receipt is no longer ${input.from.toLowerCase().replaceAll('_', ' ')}.`,
    );
  return row;
}

const subjectVersion = { table: receipts, id: receipts.id, version: receipts.version };

/** Verified: the receipt is VERIFIED. Rejected: the money is not there — the posting is reversed exactly. */
export const RECEIPT_VERIFICATION_HANDLER: ApprovalHandler<undefined> = {
  flow: RECEIPT_VERIFICATION_FLOW,
  findSubject: findReceiptSubject,
  subjectVersion,
  async onApproved(tx, { ctx, request, at }) {
    return setStatus(tx, {
      id: request.subjectId,
      from: 'PENDING_VERIFICATION',
      to: 'VERIFIED',
      verifiedBy: ctx.user.id,
      at,
    });
  },
  async onRejected(tx, { ctx, request, remarks }) {
    const receipt = await reverseReceiptInTx(
      tx,
      request.subjectId,
      { code: 'NOT_VERIFIED', remarks: remarks ?? '' },
      ctx,
    );
    return { status: receipt.status, version: receipt.version };
  },
};

/** Approved: the posting is reversed exactly (CANCELLED). Rejected: the receipt is VERIFIED again. */
export const RECEIPT_CANCELLATION_HANDLER: ApprovalHandler<undefined> = {
  flow: RECEIPT_CANCELLATION_FLOW,
  findSubject: findReceiptSubject,
  subjectVersion,
  async onApproved(tx, { ctx, request }) {
    const payload = request.payload as { reason?: string; remarks?: string };
    const receipt = await reverseReceiptInTx(
      tx,
      request.subjectId,
      { code: payload.reason ?? 'OTHER', remarks: payload.remarks ?? '' },
      ctx,
    );
    return { status: receipt.status, version: receipt.version };
  },
  async onRejected(tx, { request }) {
    return setStatus(tx, { id: request.subjectId, from: 'CANCEL_REQUESTED', to: 'VERIFIED' });
  },
};

export const RECEIPT_APPROVAL_HANDLERS: readonly ApprovalHandler<never>[] = [
  RECEIPT_VERIFICATION_HANDLER as ApprovalHandler<never>,
  RECEIPT_CANCELLATION_HANDLER as ApprovalHandler<never>,
];
