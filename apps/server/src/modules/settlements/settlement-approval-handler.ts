import { eq, sql } from 'drizzle-orm';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import { settlements } from '@recovery-desk/db/settlements-schema.ts';
import { SETTLEMENT_FLOW } from '@recovery-desk/domain/approvals/flows/settlement.ts';
import { isRestructuring, minorToDecimal } from '@recovery-desk/domain/settlements/arithmetic.ts';
import type { Transaction } from '../../db/transaction.ts';
import type { ApprovalEffect, ApprovalHandler } from '../approvals/index.ts';
import { requireBusinessDate } from '../organisation/index.ts';
import { findSettlementUnitPath, listInstalments, replaceInstalments } from './settlements.repository.ts';
import { termColumns, type ComputedTerms } from './services/terms.ts';

// The SETTLEMENT flow's handler: where a settlement lives (its account's branch), the version its checker confirms
// (the settlement row's), the level it waits at again after a pushback (what its terms require), and what each step
// does to the settlement and its account.

/** What a resubmit passes to the reopen effect: the new terms (undefined for a reconsider). */
export type SettlementStepInput = { terms: ComputedTerms } | undefined;

async function step(
  tx: Transaction,
  effect: ApprovalEffect<SettlementStepInput>,
  values: Partial<typeof settlements.$inferInsert>,
): Promise<void> {
  await tx
    .update(settlements)
    .set({ ...values, version: sql`${settlements.version} + 1`, updatedAt: effect.at })
    .where(eq(settlements.id, effect.request.subjectId));
}

export const SETTLEMENT_APPROVAL_HANDLER: ApprovalHandler<SettlementStepInput> = {
  flow: SETTLEMENT_FLOW,
  findSubject: async (db, subjectId) => {
    const unitPath = await findSettlementUnitPath(db, subjectId);
    return unitPath === undefined ? undefined : { unitPath };
  },
  subjectVersion: { table: settlements, id: settlements.id, version: settlements.version },
  reopenLevel: (request) => {
    const level = Number(request.payload.requiredLevel);
    return Number.isInteger(level) && level >= 1 ? level : 1;
  },
  onApproved: async (tx, effect) => {
    const businessDate = await requireBusinessDate(tx);
    const schedule = await listInstalments(tx, effect.request.subjectId);
    // The plan's 90 days run from approval: a late approval can turn a plan into a restructuring.
    const restructuring = isRestructuring(
      businessDate,
      schedule.map((item) => ({ dueDate: item.dueDate, amountMinor: BigInt(item.amountMinor) })),
    );
    await step(tx, effect, {
      status: 'APPROVED',
      stage: 'PAYMENT',
      approvedOn: businessDate,
      approvedAt: effect.at,
      decidedAt: effect.at,
      decidedByUserId: effect.ctx.user.id,
      decisionRemarks: effect.remarks,
      restructuring,
    });
    const [row] = await tx
      .select({ accountId: settlements.accountId })
      .from(settlements)
      .where(eq(settlements.id, effect.request.subjectId));
    // Paying an approved settlement: the schedule is the account's collection plan, so it leaves the trays.
    await tx
      .update(accounts)
      .set({ settlementStatus: 'ACTIVE', version: sql`${accounts.version} + 1`, updatedAt: effect.at })
      .where(eq(accounts.id, row!.accountId));
    return { approvedOn: businessDate, restructuring };
  },
  onRejected: async (tx, effect) => {
    await step(tx, effect, {
      status: 'REJECTED',
      stage: 'CLOSED',
      decidedAt: effect.at,
      decidedByUserId: effect.ctx.user.id,
      decisionRemarks: effect.remarks,
    });
    return { status: 'REJECTED' };
  },
  onPushback: async (tx, effect) => {
    await step(tx, effect, { status: 'PUSHBACK', decisionRemarks: effect.remarks });
    return { status: 'PUSHBACK' };
  },
  onReopened: async (tx, effect) => {
    const terms = effect.input?.terms;
    if (!terms) {
      await step(tx, effect, { status: 'PENDING_APPROVAL', stage: 'APPROVAL', decisionRemarks: null });
      return { status: 'PENDING_APPROVAL' };
    }
    await step(tx, effect, {
      status: 'PENDING_APPROVAL',
      stage: 'APPROVAL',
      decisionRemarks: null,
      ...termColumns(terms),
    });
    const [row] = await tx
      .select({ currency: settlements.currency })
      .from(settlements)
      .where(eq(settlements.id, effect.request.subjectId));
    await replaceInstalments(tx, {
      settlementId: effect.request.subjectId,
      currency: row!.currency,
      instalments: terms.instalments,
    });
    return {
      status: 'PENDING_APPROVAL',
      totalPayable: minorToDecimal(terms.split.totalPayable),
      waiverAmount: minorToDecimal(terms.split.totalWaiver),
      requiredLevel: terms.level.level,
      instalments: terms.instalments.length,
    };
  },
};
