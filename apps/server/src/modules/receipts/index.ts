// The receipts module's public surface: what other modules may import from it (issue 13 contract,
// /work/briefs/money.md and docs/architecture.md "Receipts").
export { postReceiptInTx, recomputeAccountDelinquency } from './services/post-receipt.ts';
export type { PostReceiptInput, PostReceiptOptions, ReceiptInstrument, Receipt } from './services/post-receipt.ts';
export { reverseReceiptInTx } from './services/reverse-receipt.ts';
export { RECEIPT_APPROVAL_HANDLERS, findReceiptSubject } from './approval-handlers.ts';
export { receiptsRoutes } from './receipts.routes.ts';
export { issueReceiptBookInTx } from './services/receipt-books.ts';
export {
  captureReceiptInTx,
  decideCancellation,
  decideVerification,
  requestCancellation,
} from './services/receipt-services.ts';
