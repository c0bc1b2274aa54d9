import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  listAssigneeAgencies,
  listAssigneeUsers,
  type AssigneeAgency,
  type AssigneeUser,
} from '../tray-access.repository.ts';
import { COLLECTOR_AUTHORITIES, FIELD_COLLECTOR_AUTHORITIES, requireTrayAccess } from './tray-access.ts';

export type AssigneesReply = { users: AssigneeUser[]; agencies: AssigneeAgency[] };

/**
 * GET /api/collections/assignees?for=<trayKey> — who the dialogs of a tray may pick: active collectors acting
 * in the subtree (field collectors only for PTP referral) and the subtree's active agencies (none for referral,
 * which goes to a person).
 */
export async function listAssignees(
  deps: AppDeps,
  { ctx, trayKey }: { ctx: UnitContext; trayKey: TrayKey },
): Promise<AssigneesReply> {
  await requireTrayAccess(deps.db, ctx, trayKey);
  const isReferral = trayKey === 'ptpReferral';
  const unitPath = ctx.actingUnit.path;
  const [users, agencies] = await Promise.all([
    listAssigneeUsers(deps.db, {
      unitPath,
      authorities: isReferral ? FIELD_COLLECTOR_AUTHORITIES : COLLECTOR_AUTHORITIES,
    }),
    isReferral ? Promise.resolve([]) : listAssigneeAgencies(deps.db, { unitPath }),
  ]);
  return { users, agencies };
}
