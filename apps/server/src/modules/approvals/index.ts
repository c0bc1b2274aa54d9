// The approval kit's public surface: what other modules (collections, and the flows to come) may import from it.
export type { ApprovalEffect, ApprovalHandler, ApprovalSubject, EffectResult } from './approval-handler.ts';
export type { ApprovalRecord } from './approvals.repository.ts';
export { approvalRoutes } from './approvals.routes.ts';
export { approvalReply } from './services/get-approval.ts';
export { decideApproval, resubmitApproval, withdrawApproval } from './services/decide-approval.ts';
export { requestApproval, requestApprovalInTx, requestCheckedApprovalInTx } from './services/request-approval.ts';
export { notTheMaker, notWaiting } from './services/refusals.ts';
export { withdrawApprovalsInTx } from './services/withdraw-approvals.ts';
export { approvalHandlers, dataOnlyHandler } from './subjects.ts';
