import type { z } from 'zod';
import type { allocationInputSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { allocateAccounts as moveAccounts, lockAccountsInScope, type LockedAccount } from '../casework.repository.ts';
import { requireAssigneeReach, resolveAssignee } from './tray-access.ts';
import { activeMarksOf } from '../../account-marks/index.ts';
import { MARK_EFFECTS } from '@recovery-desk/domain/collections/account-marks.ts';

export type AllocationInput = z.infer<typeof allocationInputSchema>;
export type AllocationReply = { allocated: number; accountIds: number[]; to: string };

export const SELECT_ACCOUNTS_MESSAGE = 'Select accounts for Allocation';

/** Why a locked account of the subtree cannot be allocated: on allocation hold, or marked FRAUD/DECEASED. */
export type AllocationRefusal = { account: LockedAccount; reason: 'HELD' | 'MARKED'; marks: string[] };

/**
 * Locks the selected accounts of the acting unit's subtree (FOR UPDATE) and sorts them into those that can be
 * allocated and those that cannot, with the reason (held first, then marked); ids outside the subtree (or unknown)
 * are `missing`. Writes nothing. Map-based allocation (command center) skips the refused ones; the collections
 * verbs refuse the whole call (`lockAllocatableAccounts`).
 */
export async function sortAllocatableAccounts(
  tx: Transaction,
  ctx: UnitContext,
  accountIds: readonly number[],
): Promise<{ allocatable: LockedAccount[]; refused: AllocationRefusal[]; missing: number[] }> {
  const locked = await lockAccountsInScope(tx, { ids: accountIds, unitPath: ctx.actingUnit.path });
  const found = new Set(locked.map((account) => account.id));
  const missing = accountIds.filter((id) => !found.has(id));
  // FRAUD and DECEASED accounts are not worked by collectors (docs/architecture.md "Account marking").
  const marks =
    locked.length > 0
      ? await activeMarksOf(
          tx,
          locked.map((account) => account.id),
        )
      : new Map();
  const allocatable: LockedAccount[] = [];
  const refused: AllocationRefusal[] = [];
  for (const account of locked) {
    const accountMarks: string[] = marks.get(account.id) ?? [];
    if (account.isOnHold) refused.push({ account, reason: 'HELD', marks: accountMarks });
    else if (accountMarks.some((mark) => (MARK_EFFECTS.noAllocation as readonly string[]).includes(mark)))
      refused.push({ account, reason: 'MARKED', marks: accountMarks });
    else allocatable.push(account);
  }
  return { allocatable, refused, missing };
}

/**
 * Locks the selected accounts of the acting unit's subtree; any id outside it (or unknown) answers 404 and an
 * account on hold answers 409 naming the accounts. Nothing is written in either case.
 */
export async function lockAllocatableAccounts(
  tx: Transaction,
  ctx: UnitContext,
  accountIds: readonly number[],
): Promise<LockedAccount[]> {
  const { allocatable, refused, missing } = await sortAllocatableAccounts(tx, ctx, accountIds);
  if (missing.length > 0) {
    throw new AppError('NOT_FOUND', 'One or more of the selected accounts were not found');
  }
  const held = refused.filter((refusal) => refusal.reason === 'HELD').map((refusal) => refusal.account);
  if (held.length > 0) {
    const numbers = held.map((account) => account.accountNo).join(', ');
    throw new AppError('ACCOUNT_ON_HOLD', `These accounts are on allocation hold and cannot be allocated: ${numbers}`, {
      extra: { accounts: numbers },
    });
  }
  const barred = refused.filter((refusal) => refusal.reason === 'MARKED');
  if (barred.length > 0) {
    const numbers = barred.map(({ account, marks }) => `${account.accountNo} (${marks.join(', ')})`).join(', ');
    throw new AppError('ACCOUNT_MARKED', `These accounts are marked and cannot be allocated: ${numbers}`, {
      extra: { accounts: numbers },
    });
  }
  return allocatable;
}

export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/**
 * POST /api/collections/allocations — allocates the selected accounts to a collector (a user holding
 * TELECALLER_SAUTH or FIELD_COLLECTOR_SAUTH in the subtree) or an agency of the subtree. All or nothing.
 */
export async function allocate(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AllocationInput },
): Promise<AllocationReply> {
  const accountIds = distinctIds(input.accountIds);
  if (accountIds.length === 0) {
    // The screen shows this detail as it is (spec §5), so it carries no field prefix.
    throw new AppError('VALIDATION', SELECT_ACCOUNTS_MESSAGE);
  }
  const assignee = await resolveAssignee(deps.db, ctx, input);
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const locked = await lockAllocatableAccounts(tx, ctx, accountIds);
    await requireAssigneeReach(tx, assignee, accountIds);
    await moveAccounts(tx, {
      accountIds,
      userId: assignee.userId,
      agencyId: assignee.agencyId,
      byUserId: ctx.user.id,
      kind: 'MANUAL',
      reason: input.reason ?? null,
      at,
    });
    await emitAudit(tx, ctx, {
      action: 'collections.allocation.create',
      entity: 'account',
      entityId: accountIds.length === 1 ? accountIds[0] : null,
      before: locked.map((a) => ({ accountId: a.id, userId: a.allocatedUserId, agencyId: a.allocatedAgencyId })),
      after: { accountIds, userId: assignee.userId, agencyId: assignee.agencyId, reason: input.reason ?? null },
    });
  });
  return { allocated: accountIds.length, accountIds, to: assignee.name };
}
