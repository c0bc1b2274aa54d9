import type { z } from 'zod';
import type {
  ReallocationRequestRow,
  reallocationRequestInputSchema,
} from '@recovery-desk/domain/collections/contracts.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requestApprovalInTx } from '../../approvals/index.ts';
import { REALLOCATION_HANDLER } from '../approval-handlers.ts';
import { findAccountsInPendingRequests, insertRequest } from '../reallocation.repository.ts';
import { findTrayRow } from '../trays.repository.ts';
import { distinctIds, lockAllocatableAccounts } from './allocate-accounts.ts';
import { requireAssigneeReach, resolveAssignee } from './tray-access.ts';

export type ReallocationRequestInput = z.infer<typeof reallocationRequestInputSchema>;

/**
 * POST /api/collections/reallocation-requests — the maker's request to move allocated accounts to another
 * collector or agency. The accounts must be in scope (else 404), allocated, not on hold and in no other pending
 * request (else 409 naming them). A different user with MAN_REALLOC_APPROVAL_SAUTH decides it (REALLOCATION flow).
 */
export async function requestReallocation(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: ReallocationRequestInput },
): Promise<ReallocationRequestRow> {
  const accountIds = distinctIds(input.accountIds);
  if (accountIds.length === 0) throw validationError('accountIds', 'Select accounts for Re-allocation');
  const assignee = await resolveAssignee(deps.db, ctx, input);
  const at = deps.clock.now();

  const requestId = await withTransaction(deps.db, async (tx) => {
    const locked = await lockAllocatableAccounts(tx, ctx, accountIds);
    const unallocated = locked.filter((a) => a.allocatedUserId === null && a.allocatedAgencyId === null);
    if (unallocated.length > 0) {
      const numbers = unallocated.map((a) => a.accountNo).join(', ');
      throw new AppError(
        'ACCOUNT_NOT_ALLOCATED',
        `These accounts are not allocated yet; use Manual Allocation: ${numbers}`,
        {
          extra: { accounts: numbers },
        },
      );
    }
    await requireAssigneeReach(tx, assignee, accountIds);
    const pending = new Set(await findAccountsInPendingRequests(tx, accountIds));
    if (pending.size > 0) {
      const numbers = locked
        .filter((a) => pending.has(a.id))
        .map((a) => a.accountNo)
        .join(', ');
      throw new AppError(
        'ACCOUNT_IN_PENDING_REQUEST',
        `These accounts already wait in a pending re-allocation request: ${numbers}`,
        {
          extra: { accounts: numbers },
        },
      );
    }
    const id = await insertRequest(tx, {
      toUserId: assignee.userId,
      toAgencyId: assignee.agencyId,
      reason: input.reason,
      makerUserId: ctx.user.id,
      makerUnitId: ctx.actingUnit.id,
      makerUnitPath: ctx.actingUnit.path,
      at,
      accounts: locked.map((a) => ({
        accountId: a.id,
        fromUserId: a.allocatedUserId,
        fromAgencyId: a.allocatedAgencyId,
      })),
    });
    // The approval request (audited as collections.reallocation.request by the kit).
    await requestApprovalInTx(tx, ctx, REALLOCATION_HANDLER, {
      subjectId: id,
      unitPath: ctx.actingUnit.path,
      maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
      payload: { accountIds, toUserId: assignee.userId, toAgencyId: assignee.agencyId, reason: input.reason },
      at,
    });
    return id;
  });
  const row = await findTrayRow(deps.db, 'reallocationRequest', requestId, deps.trayNames);
  if (!row) throw new Error(`reallocation request ${requestId} vanished`);
  return row;
}
