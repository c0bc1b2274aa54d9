import type { Transaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestContext } from '../../http/request-context.ts';

// The receipts part's contract (../shared money brief): receipts own posting. This file is the one place the payments
// module calls it, so the rest of the module does not change when the receipts module is merged.
// TODO(merge receipts): replace the bodies with `postReceiptInTx` / `reverseReceiptInTx` of ../receipts/index.ts.

export type PostReceiptInput = {
  accountId: number;
  mode: 'CASH' | 'CHEQUE' | 'DD' | 'NEFT' | 'RTGS' | 'IMPS' | 'UPI';
  amountMinor: bigint;
  currency: 'INR' | 'USD';
  reference?: string | null;
  receivedByUserId: number;
  receivedUnitId: number;
  source: 'MANUAL' | 'UPI_COLLECT' | 'IMPORT';
  sourceRef?: string | null;
};

export type PostedReceipt = { id: number; receiptNo: string };

export async function postReceipt(
  _tx: Transaction,
  _input: PostReceiptInput,
  _ctx: RequestContext,
): Promise<PostedReceipt> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Receipt posting is not available yet.');
}

export async function reverseReceipt(
  _tx: Transaction,
  _receiptId: number,
  _reason: { code: string; remarks: string },
  _ctx: RequestContext,
): Promise<PostedReceipt> {
  throw new AppError('SERVICE_UNAVAILABLE', 'Receipt reversal is not available yet.');
}
