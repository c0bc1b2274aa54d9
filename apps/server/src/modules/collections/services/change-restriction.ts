import type { z } from 'zod';
import type { AccountView, restrictionInputSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { listRestrictions } from '../accounts.repository.ts';
import { appendRestriction, lockAccountsInScope, type RestrictionKind } from '../casework.repository.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { ACCOUNT_NOT_FOUND } from './get-account-view.ts';

export type RestrictionInput = z.infer<typeof restrictionInputSchema>;
export type RestrictionReply = {
  restriction: AccountView['restrictions'][number];
  account: { id: number; isOnHold: boolean; isSuppressed: boolean; version: number };
};

const LABEL: Record<RestrictionKind, string> = {
  ALLOCATION_HOLD: 'an allocation hold',
  ACTIVITY_SUPPRESSION: 'an activity suppression',
};

/**
 * POST /api/collections/accounts/:accountId/holds | suppressions — starts or ends an allocation hold or an
 * activity suppression. Each action is a new row (the log is never edited); the account's flag mirrors the
 * latest. Starting an active one or ending an inactive one answers 409.
 */
export async function changeRestriction(
  deps: AppDeps,
  {
    ctx,
    accountId,
    kind,
    input,
  }: { ctx: UnitContext; accountId: number; kind: RestrictionKind; input: RestrictionInput },
): Promise<RestrictionReply> {
  const businessDate = await requireBusinessDate(deps.db);
  if (input.expiresOn !== undefined) {
    if (input.action !== 'START') throw validationError('expiresOn', 'Only a start can carry an expiry date');
    if (input.expiresOn <= businessDate) {
      throw validationError('expiresOn', `must be after the business date ${businessDate}`);
    }
  }
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const [account] = await lockAccountsInScope(tx, { ids: [accountId], unitPath: ctx.actingUnit.path });
    if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND);
    const active = kind === 'ALLOCATION_HOLD' ? account.isOnHold : account.isSuppressed;
    if (input.action === 'START' && active) {
      throw new AppError('RESTRICTION_ACTIVE', `Account ${account.accountNo} already has ${LABEL[kind]}.`);
    }
    if (input.action === 'END' && !active) {
      throw new AppError(
        'RESTRICTION_NOT_ACTIVE',
        `Account ${account.accountNo} has no ${LABEL[kind].slice(3)} to end.`,
      );
    }
    const { id, version } = await appendRestriction(tx, {
      accountId,
      kind,
      action: input.action,
      reason: input.reason,
      remarks: input.remarks ?? null,
      byUserId: ctx.user.id,
      actingUnitId: ctx.actingUnit.id,
      businessDate,
      expiresOn: input.expiresOn ?? null,
      at,
    });
    await emitAudit(tx, ctx, {
      action: `collections.${kind === 'ALLOCATION_HOLD' ? 'hold' : 'suppression'}.${input.action.toLowerCase()}`,
      entity: 'account_restriction',
      entityId: id,
      before: { accountId, active },
      after: {
        accountId,
        active: input.action === 'START',
        reason: input.reason,
        remarks: input.remarks ?? null,
        expiresOn: input.expiresOn ?? null,
      },
    });
    const [restriction] = await listRestrictions(tx, { accountId, restrictionId: id });
    const isOnHold = kind === 'ALLOCATION_HOLD' ? input.action === 'START' : account.isOnHold;
    const isSuppressed = kind === 'ACTIVITY_SUPPRESSION' ? input.action === 'START' : account.isSuppressed;
    return { restriction: restriction!, account: { id: accountId, isOnHold, isSuppressed, version } };
  });
}
