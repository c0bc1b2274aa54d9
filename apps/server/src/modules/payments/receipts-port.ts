import type { Transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../deps.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { postReceiptInTx, reverseReceiptInTx, type PostReceiptInput } from '../receipts/index.ts';

// The receipts part's contract (receipts own posting): the one place the payments module calls it.

export type { PostReceiptInput };
export type PostedReceipt = { id: number; receiptNo: string };

/**
 * Posts a receipt in the caller's transaction (in the configured posting order, at the app clock's time); a source
 * ref that already has a receipt returns that one. It waits for verification by another user like any receipt.
 */
export async function postReceipt(
  tx: Transaction,
  deps: AppDeps,
  input: PostReceiptInput,
  ctx: RequestContext,
): Promise<PostedReceipt> {
  const receipt = await postReceiptInTx(tx, input, ctx, {
    postingOrder: deps.config.receiptPostingOrder,
    at: deps.clock.now(),
  });
  return { id: receipt.id, receiptNo: receipt.receiptNo };
}

/** The exact reversal of a receipt's posting (negative payments row, CANCELLED, dues restored). */
export async function reverseReceipt(
  tx: Transaction,
  receiptId: number,
  reason: { code: string; remarks: string },
  ctx: RequestContext,
): Promise<PostedReceipt> {
  const receipt = await reverseReceiptInTx(tx, receiptId, reason, ctx);
  return { id: receipt.id, receiptNo: receipt.receiptNo };
}
