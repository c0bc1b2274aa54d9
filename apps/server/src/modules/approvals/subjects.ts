import { eq } from 'drizzle-orm';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import { cases } from '@recovery-desk/db/workflow-schema.ts';
import type { ApprovalFlow, ApprovalSubjectKind } from '@recovery-desk/domain/approvals/flow.ts';
import type { Executor } from '../../db/transaction.ts';
import type { ApprovalHandler, ApprovalSubject } from './approval-handler.ts';

// Scope finders the kit knows itself: an account belongs to its branch, a case to the branch of its account (both
// carry the ancestry path). A flow over another subject registers a handler with its own finder.

type Finder = (db: Executor, subjectId: number) => Promise<ApprovalSubject | undefined>;

const FINDERS: Partial<Record<ApprovalSubjectKind, Finder>> = {
  ACCOUNT: async (db, subjectId) => {
    const [row] = await db.select({ unitPath: accounts.unitPath }).from(accounts).where(eq(accounts.id, subjectId));
    return row;
  },
  CASE: async (db, subjectId) => {
    const [row] = await db.select({ unitPath: cases.unitPath }).from(cases).where(eq(cases.id, subjectId));
    return row;
  },
};

/** The handler of a flow with no side effects, over a subject the kit can find (an account or a case). */
export function dataOnlyHandler(flow: ApprovalFlow): ApprovalHandler<never> {
  const findSubject = FINDERS[flow.subject];
  if (!findSubject) {
    throw new Error(`${flow.code}: the kit cannot find ${flow.subject} subjects; register a handler with findSubject`);
  }
  return { flow, findSubject };
}

/**
 * The handler of every flow the kit serves: each built-in flow (APPROVAL_FLOWS) with the handler its module
 * registered, or the data-only handler; then any registered flow outside the catalogue (a test's own).
 */
export function approvalHandlers(
  flows: readonly ApprovalFlow[],
  registered: readonly ApprovalHandler<never>[],
): ApprovalHandler<never>[] {
  const byCode = new Map(registered.map((handler) => [handler.flow.code, handler]));
  if (byCode.size !== registered.length) throw new Error('two approval handlers register the same flow code');
  const handlers = flows.map((flow) => {
    const handler = byCode.get(flow.code);
    if (handler && handler.flow !== flow) throw new Error(`${flow.code}: the handler carries another flow's data`);
    return handler ?? dataOnlyHandler(flow);
  });
  const known = new Set(flows.map((flow) => flow.code));
  return [...handlers, ...registered.filter((handler) => !known.has(handler.flow.code))];
}
