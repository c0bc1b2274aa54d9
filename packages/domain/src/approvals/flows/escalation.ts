import type { ApprovalFlow } from '../flow.ts';

/**
 * An escalated account (refusal to pay, broken promise, dispute) waits for a supervisor, who approves, rejects, or
 * resolves it by moving the account to another collector or agency (reallocate). Raised by a follow-up or by day
 * start (no maker: any supervisor may decide it).
 */
export const ESCALATION_FLOW: ApprovalFlow = {
  code: 'ESCALATION',
  app: 'collapp',
  subject: 'ESCALATION',
  labelKey: 'EscalationApproval',
  makerAuthority: null,
  levels: [{ authority: 'ESCALATED_SAUTH', labelKey: 'Supervisor' }],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'reallocate', kind: 'approve', labelKey: 'Reallocate' },
  ],
  amountLimited: false,
  audit: { prefix: 'collections.escalation', entity: 'escalation' },
  routes: 'module',
  texts: { name: 'Escalation', ownWork: 'an escalation', notFound: 'Escalation not found' },
};
