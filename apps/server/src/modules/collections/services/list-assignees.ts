import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  countAccountsInScope,
  listAssigneeAgencies,
  listAssigneeUsers,
  type AssigneeAgency,
  type AssigneeUser,
} from '../tray-access.repository.ts';
import { COLLECTOR_AUTHORITIES, FIELD_COLLECTOR_AUTHORITIES, requireTrayAccess } from './tray-access.ts';

export type AssigneesReply = { users: AssigneeUser[]; agencies: AssigneeAgency[] };

/**
 * GET /api/collections/assignees?for=<trayKey>&accountIds=… — who the dialogs of a tray may pick: active
 * collectors acting in the subtree (field collectors only for PTP referral) and the subtree's active agencies (none
 * for referral, which goes to a person). With `accountIds` (the selected accounts, all in the acting unit's subtree,
 * else 404), only the assignees who work every one of them — by `assigneeWorksAccount`, the rule the allocation,
 * re-allocation, escalation and referral calls enforce on submit — so a picker never offers one the server refuses.
 */
export async function listAssignees(
  deps: AppDeps,
  { ctx, trayKey, accountIds }: { ctx: UnitContext; trayKey: TrayKey; accountIds?: readonly number[] | undefined },
): Promise<AssigneesReply> {
  await requireTrayAccess(deps.db, ctx, trayKey);
  if (accountIds && accountIds.length > 0) {
    const inScope = await countAccountsInScope(deps.db, { ids: accountIds, unitPath: ctx.actingUnit.path });
    if (inScope !== accountIds.length) {
      throw new AppError('NOT_FOUND', 'One or more of the selected accounts were not found');
    }
  }
  const isReferral = trayKey === 'ptpReferral';
  const unitPath = ctx.actingUnit.path;
  const [users, agencies] = await Promise.all([
    listAssigneeUsers(deps.db, {
      unitPath,
      authorities: isReferral ? FIELD_COLLECTOR_AUTHORITIES : COLLECTOR_AUTHORITIES,
      ...(accountIds ? { accountIds } : {}),
    }),
    isReferral
      ? Promise.resolve([])
      : listAssigneeAgencies(deps.db, { unitPath, ...(accountIds ? { accountIds } : {}) }),
  ]);
  return { users, agencies };
}
