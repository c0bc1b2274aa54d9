import type { ApprovalHandler } from '../approvals/index.ts';
import { SETTLEMENT_APPROVAL_HANDLER } from './settlement-approval-handler.ts';

/** The approval handlers the settlements module registers with the kit (app.ts). */
export const SETTLEMENT_APPROVAL_HANDLERS: readonly ApprovalHandler<never>[] = [
  SETTLEMENT_APPROVAL_HANDLER as ApprovalHandler<never>,
];
