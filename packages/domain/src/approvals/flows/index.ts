import type { ApprovalFlow } from '../flow.ts';
import { DAY_START_FORCE_COMPLETION_FLOW } from './day-start-force-completion.ts';
import { ACCOUNT_MARKING_FLOW, ACCOUNT_UNMARKING_FLOW } from './account-marking.ts';
import { ESCALATION_FLOW } from './escalation.ts';
import { PAY_BATCH_FLOW } from './pay-batch.ts';
import { PTP_DEVIATION_FLOW } from './ptp-deviation.ts';
import { REALLOCATION_FLOW } from './reallocation.ts';
import { SETTLEMENT_FLOW } from './settlement.ts';
import { RECEIPT_CANCELLATION_FLOW } from './receipt-cancellation.ts';
import { RECEIPT_VERIFICATION_FLOW } from './receipt-verification.ts';
import { USER_CHANGE_FLOW } from './user-change.ts';

/** Every built-in approval flow (a new flow is one file in this folder and one line here). */
export const APPROVAL_FLOWS: readonly ApprovalFlow[] = [
  REALLOCATION_FLOW,
  PTP_DEVIATION_FLOW,
  ESCALATION_FLOW,
  SETTLEMENT_FLOW,
  PAY_BATCH_FLOW,
  RECEIPT_VERIFICATION_FLOW,
  RECEIPT_CANCELLATION_FLOW,
  DAY_START_FORCE_COMPLETION_FLOW,
  ACCOUNT_MARKING_FLOW,
  ACCOUNT_UNMARKING_FLOW,
  USER_CHANGE_FLOW,
];

export function findApprovalFlow(code: string): ApprovalFlow | undefined {
  return APPROVAL_FLOWS.find((flow) => flow.code === code);
}
