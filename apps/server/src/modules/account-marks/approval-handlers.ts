import { and, eq, inArray, isNull } from 'drizzle-orm';
import { accountMarks } from '@recovery-desk/db/account-marks-schema.ts';
import { accounts, customers, documents } from '@recovery-desk/db/collections-schema.ts';
import { ACCOUNT_MARKING_FLOW, ACCOUNT_UNMARKING_FLOW } from '@recovery-desk/domain/approvals/flows/account-marking.ts';
import type { Executor } from '../../db/transaction.ts';
import { AppError, validationError } from '../../http/app-error.ts';
import type { ApprovalHandler } from '../approvals/index.ts';

// The two account-marking flows on the approval kit (docs/architecture.md "Account marking"). The request is the
// kit's (POST /api/approvals/ACCOUNT_MARKING/requests, body {subjectId: accountId, payload: {mark, reason,
// documentId?}}); `checkRequest` refuses what could never be approved; approval sets or ends the mark in the same
// transaction as the decision, its history step and its audit row.

async function accountPath(db: Executor, accountId: number) {
  const [row] = await db.select({ unitPath: accounts.unitPath }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** An account's number and borrower, for the approval lists. */
async function accountLabels(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, accountNo: accounts.accountNo, name: customers.name })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, `${row.accountNo} · ${row.name}`]));
}

function isActiveMarkConflict(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; message?: unknown };
    if (candidate.code === '23505') return true;
    if (typeof current !== 'object') break;
  }
  return false;
}

function markActive(mark: string): AppError {
  return new AppError('MARK_ACTIVE', `The account is already marked ${mark}.`);
}

/** The handlers of ACCOUNT_MARKING and ACCOUNT_UNMARKING, given the configured list of marks. */
export function accountMarkHandlers(codes: readonly string[]): ApprovalHandler<never>[] {
  const marking: ApprovalHandler<never> = {
    flow: ACCOUNT_MARKING_FLOW,
    findSubject: accountPath,
    subjectLabels: accountLabels,
    async checkRequest(tx, { subjectId, payload }) {
      const mark = String(payload.mark);
      if (!codes.includes(mark)) throw validationError('payload.mark', `must be one of ${codes.join(', ')}`);
      const [active] = await tx
        .select({ id: accountMarks.id })
        .from(accountMarks)
        .where(and(eq(accountMarks.accountId, subjectId), eq(accountMarks.mark, mark), isNull(accountMarks.endedAt)));
      if (active) throw markActive(mark);
      if (payload.documentId !== undefined) {
        const [document] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, Number(payload.documentId)), eq(documents.accountId, subjectId)));
        if (!document) throw validationError('payload.documentId', 'is not a document of this account');
      }
    },
    // A resubmitted (possibly changed) request is checked again, in the resubmit's transaction.
    async onReopened(tx, { ctx, request }) {
      await marking.checkRequest!(tx, { ctx, subjectId: request.subjectId, payload: request.payload });
    },
    async onApproved(tx, { ctx, request, at }) {
      const mark = String(request.payload.mark);
      const [subject] = await tx
        .select({ unitPath: accounts.unitPath })
        .from(accounts)
        .where(eq(accounts.id, request.subjectId));
      try {
        const [row] = await tx
          .insert(accountMarks)
          .values({
            accountId: request.subjectId,
            unitPath: subject!.unitPath,
            mark,
            reason: String(request.payload.reason),
            documentId: request.payload.documentId === undefined ? null : Number(request.payload.documentId),
            requestId: request.id,
            requestedBy: request.makerUserId,
            approvedBy: ctx.user.id,
            markedAt: at,
          })
          .returning({ id: accountMarks.id });
        return { markId: row!.id, mark };
      } catch (error) {
        if (isActiveMarkConflict(error)) throw markActive(mark);
        throw error;
      }
    },
  };

  const unmarking: ApprovalHandler<never> = {
    flow: ACCOUNT_UNMARKING_FLOW,
    findSubject: accountPath,
    subjectLabels: accountLabels,
    async checkRequest(tx, { subjectId, payload }) {
      const [active] = await tx
        .select({ id: accountMarks.id })
        .from(accountMarks)
        .where(
          and(
            eq(accountMarks.id, Number(payload.markId)),
            eq(accountMarks.accountId, subjectId),
            isNull(accountMarks.endedAt),
          ),
        );
      if (!active) throw validationError('payload.markId', 'is not an active mark of this account');
    },
    async onReopened(tx, { ctx, request }) {
      await unmarking.checkRequest!(tx, { ctx, subjectId: request.subjectId, payload: request.payload });
    },
    async onApproved(tx, { ctx, request, at }) {
      const [ended] = await tx
        .update(accountMarks)
        .set({
          endedAt: at,
          endedBy: ctx.user.id,
          endRequestId: request.id,
          endReason: String(request.payload.reason),
        })
        .where(
          and(
            eq(accountMarks.id, Number(request.payload.markId)),
            eq(accountMarks.accountId, request.subjectId),
            isNull(accountMarks.endedAt),
          ),
        )
        .returning({ id: accountMarks.id, mark: accountMarks.mark });
      if (!ended) throw new AppError('MARK_NOT_ACTIVE', 'This mark has already ended.');
      return { markId: ended.id, mark: ended.mark };
    },
  };
  return [marking, unmarking];
}
