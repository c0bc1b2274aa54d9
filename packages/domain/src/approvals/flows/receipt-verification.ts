import type { ApprovalFlow } from '../flow.ts';

/**
 * A captured receipt waits for another user to verify it (issue 13): the request is opened by the capture itself
 * (no maker authority), the collector who captured it is the maker and cannot verify it. Rejecting a receipt (the
 * money was not there, wrong details) reverses its posting exactly; remarks say why.
 */
export const RECEIPT_VERIFICATION_FLOW: ApprovalFlow = {
  code: 'RECEIPT_VERIFICATION',
  app: 'collapp',
  subject: 'RECEIPT',
  labelKey: 'ReceiptVerification',
  makerAuthority: null,
  levels: [{ authority: 'PAY_VERIFICATION_SAUTH', labelKey: 'ReceiptVerifier' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'ReceiptVerify' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
  ],
  amountLimited: false,
  audit: { prefix: 'receipts.verification', entity: 'receipt' },
  routes: 'module',
  texts: { name: 'Receipt verification', ownWork: 'a receipt you captured', notFound: 'Receipt not found' },
};
