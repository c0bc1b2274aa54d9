import type { ApprovalFlow } from '../flow.ts';

/**
 * Cancelling a verified receipt (a bounced cheque, the wrong account, …): requested with a reason and remarks by
 * PAY_CANCELLATION_SAUTH (Receipt / Payment Cancellation), decided by RECEIPT_CANCEL_AUTHOR_SAUTH (Receipt Cancel
 * Approval). Approval reverses the posting exactly; rejection returns the receipt to VERIFIED.
 */
export const RECEIPT_CANCELLATION_FLOW: ApprovalFlow = {
  code: 'RECEIPT_CANCELLATION',
  app: 'collapp',
  subject: 'RECEIPT',
  labelKey: 'ReceiptCancelApproval',
  makerAuthority: 'PAY_CANCELLATION_SAUTH',
  levels: [{ authority: 'RECEIPT_CANCEL_AUTHOR_SAUTH', labelKey: 'Approver' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
  ],
  amountLimited: false,
  audit: { prefix: 'receipts.cancellation', entity: 'receipt' },
  routes: 'module',
  texts: { name: 'Receipt cancellation', ownWork: 'a cancellation you requested', notFound: 'Receipt not found' },
};
