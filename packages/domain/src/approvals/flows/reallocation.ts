import type { ApprovalFlow } from '../flow.ts';

/** Manual re-allocation: a maker asks to move allocated accounts; a different checker approves or rejects. */
export const REALLOCATION_FLOW: ApprovalFlow = {
  code: 'REALLOCATION',
  app: 'collapp',
  subject: 'REALLOCATION_REQUEST',
  labelKey: 'ReallocationApproval',
  makerAuthority: 'MAN_REALLOC_SAUTH',
  levels: [{ authority: 'MAN_REALLOC_APPROVAL_SAUTH', labelKey: 'ReallocationApprover' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.reallocation', entity: 'reallocation_request' },
  routes: 'module',
  texts: {
    name: 'Re-allocation request',
    ownWork: 'a re-allocation request',
    notFound: 'Re-allocation request not found',
  },
};
