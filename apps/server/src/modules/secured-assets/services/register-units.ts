import type { UserUnitsReply } from '@recovery-desk/domain/users/contracts.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { unitsInSubtree } from '../../organisation/index.ts';

/**
 * The units a yard or an agency of the registers may name: the active units of the acting unit's subtree (the route
 * needs REPO_SETTINGS_SAUTH, as the registers' writes do; the writes refuse any other unit).
 */
export async function getRegisterUnits(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<UserUnitsReply> {
  const units = await unitsInSubtree(deps.db, ctx.actingUnit.path);
  return { units: units.map(({ id, code, name, level }) => ({ id, code, name, level })) };
}
