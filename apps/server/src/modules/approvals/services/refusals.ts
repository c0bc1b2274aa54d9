import type { ApprovalFlow, ApprovalStatus } from '@recovery-desk/domain/approvals/flow.ts';
import { AppError } from '../../../http/app-error.ts';

// The kit's refusals, in the words of the flow (flow.texts).

export function notFound(flow: ApprovalFlow): AppError {
  return new AppError('NOT_FOUND', flow.texts.notFound);
}

export function makerCannotCheck(flow: ApprovalFlow): AppError {
  return new AppError(
    'MAKER_CANNOT_CHECK',
    `You cannot decide ${flow.texts.ownWork} you made yourself; another checker must.`,
  );
}

export function checkerAlreadyApproved(flow: ApprovalFlow, level: number): AppError {
  return new AppError(
    'CHECKER_ALREADY_APPROVED',
    `You approved this ${flow.texts.name.toLowerCase()} at a lower level; a checker of level ${level} must decide it now.`,
  );
}

export function alreadyDecided(flow: ApprovalFlow): AppError {
  return new AppError('ALREADY_DECIDED', `This ${flow.texts.name.toLowerCase()} has already been decided.`);
}

export function notWaiting(flow: ApprovalFlow, status: ApprovalStatus, expected: ApprovalStatus): AppError {
  if (expected === 'PENDING') return alreadyDecided(flow);
  return new AppError(
    'ALREADY_DECIDED',
    `This ${flow.texts.name.toLowerCase()} is ${status.toLowerCase()}, not ${expected.toLowerCase()}.`,
  );
}

export function staleVersion(flow: ApprovalFlow, sent: number, current: number): AppError {
  return new AppError(
    'STALE_VERSION',
    `This ${flow.texts.name.toLowerCase()} changed since you opened it (version ${sent}, now ${current}). Reload and try again.`,
  );
}

export function levelAuthorityMissing(flow: ApprovalFlow, level: number, authority: string): AppError {
  return new AppError(
    'AUTHORITY_MISSING',
    `This ${flow.texts.name.toLowerCase()} waits at level ${level}, which needs ${authority} in this unit.`,
  );
}

export function limitExceeded(flow: ApprovalFlow, amount: string, currency: string): AppError {
  return new AppError(
    'APPROVAL_LIMIT_EXCEEDED',
    `${currency} ${amount} is above your approval limit for this ${flow.texts.name.toLowerCase()}, and no level is above yours; a checker without a limit (or with a higher one) must approve it.`,
  );
}

export function notTheMaker(flow: ApprovalFlow, verb: 'resubmit' | 'withdraw' = 'resubmit'): AppError {
  return new AppError('NOT_THE_MAKER', `Only the maker of this ${flow.texts.name.toLowerCase()} can ${verb} it.`);
}

export function levelUnitTooLow(flow: ApprovalFlow, level: number, unitLevel: string): AppError {
  return new AppError(
    'AUTHORITY_MISSING',
    `This ${flow.texts.name.toLowerCase()} waits at level ${level}, which needs a checker acting at ${unitLevel.toLowerCase()} level or above.`,
  );
}
