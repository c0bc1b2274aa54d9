// The payments module's public surface (issue 13: UPI collection, payment batches, reconciliation, EFT cancel).
export { paymentsRoutes, UPI_CALLBACK_PATH } from './payments.routes.ts';
export { PAY_BATCH_HANDLER } from './services/batches.ts';
export { upiPollJob } from './upi/upi-poll.job.ts';
export { setUpiCallbackTransport, sandboxOf } from './upi/providers.ts';
export { SIGNATURE_HEADER, signBody, type PaymentProvider } from './upi/provider.ts';
export { decideBatch, generateBatch } from './services/batches.ts';
export { initiateUpiCollect, pollUpiRequests, providerContext, sandboxPayerAction } from './services/upi.ts';
export {
  loadedStatementReferences,
  loadStatementInTx,
  lockStatementReferences,
  parseStatementDate,
  type ParsedCredit,
} from './services/reconciliation.ts';
export { postReceipt } from './receipts-port.ts';
