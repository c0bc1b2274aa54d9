import { unitLevelReaches } from '@recovery-desk/domain/approvals/flow.ts';
import { APPROVAL_FLOWS } from '@recovery-desk/domain/approvals/flows/index.ts';
import type { AppCode } from '@recovery-desk/domain/apps.ts';
import type { MenuCountsReply } from '@recovery-desk/domain/lists/contracts.ts';
import { ROUTE_CATALOGUE } from '@recovery-desk/domain/route-catalogue.ts';
import type { UnitLevel } from '@recovery-desk/domain/units.ts';
import { isApprovalStage } from '@recovery-desk/domain/workflow/definition.ts';
import { sql } from 'drizzle-orm';
import { listAuthorityEntries } from '../../../access/authority-entries.repository.ts';
import { likePrefix } from '../../../access/unit-scope.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { activeDefinition } from '../../workflow/index.ts';

/** Workflows whose approval stages show a count in the menu. */
const COUNTED_WORKFLOWS = ['LEGAL'] as const;

/** The menu entry (list route) of an authority in an app: the tray a checker with that authority works. */
function menuEntryOf(app: AppCode, authority: string): string | undefined {
  return ROUTE_CATALOGUE.find((route) => route.kind === 'list' && route.app === app && route.authority === authority)
    ?.name;
}

/**
 * GET /api/menu-counts — pending approvals per menu entry the user can see in the acting unit: every level of an
 * approval-kit flow whose checker authority the user holds there (requests of the subtree waiting at that level),
 * and every approval stage of the legal workflow the user holds (its Pending Approval tab in Team View). Only what the
 * user may decide is counted: not their own requests (a maker never checks), nor a request they approved at a lower
 * level.
 */
export async function menuCounts(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<MenuCountsReply> {
  const heldIn = new Map<AppCode, Set<string>>();
  const held = async (app: AppCode): Promise<Set<string>> => {
    const known = heldIn.get(app);
    if (known) return known;
    const entries = await listAuthorityEntries(deps.db, { userId: ctx.user.id, unitId: ctx.actingUnit.id, app });
    const set = new Set(entries.map((entry) => entry.system_auth));
    heldIn.set(app, set);
    return set;
  };
  const scope = likePrefix(ctx.actingUnit.path);
  const counts: Record<string, number> = {};

  // A level that names the organisational level of its checker (a ladder of delegation) counts only when the
  // acting unit is of that level or above: it is the only place that can decide it.
  const [unit] = await selectRows<{ level: UnitLevel }>(
    deps.db,
    sql`select level from units where id = ${ctx.actingUnit.id}`,
  );
  const levels: { flow: string; level: number; entry: string }[] = [];
  for (const flow of APPROVAL_FLOWS) {
    const authorities = await held(flow.app);
    flow.levels.forEach((level, index) => {
      const entry = menuEntryOf(flow.app, level.authority);
      const reaches = !level.unitLevel || (unit !== undefined && unitLevelReaches(unit.level, level.unitLevel));
      if (entry && reaches && authorities.has(level.authority)) {
        levels.push({ flow: flow.code, level: index + 1, entry });
      }
    });
  }
  if (levels.length > 0) {
    const rows = await selectRows<{ flow: string; level: number; n: number }>(
      deps.db,
      sql`select flow_code as flow, level, count(*)::int as n from approval_requests
        where status = 'PENDING' and unit_path like ${scope}
          and maker_user_id is distinct from ${ctx.user.id} and not ${ctx.user.id} = any(checker_user_ids)
          and flow_code in (${sql.join(
            [...new Set(levels.map((item) => item.flow))].map((code) => sql`${code}`),
            sql`, `,
          )})
        group by flow_code, level`,
    );
    for (const item of levels) {
      const row = rows.find((candidate) => candidate.flow === item.flow && Number(candidate.level) === item.level);
      counts[item.entry] = (counts[item.entry] ?? 0) + Number(row?.n ?? 0);
    }
  }

  for (const code of COUNTED_WORKFLOWS) {
    const definition = await activeDefinition(deps.db, code);
    const authorities = await held(definition.app);
    const stages = definition.stages.filter((stage) => isApprovalStage(stage) && authorities.has(stage.authority));
    if (stages.length === 0) continue;
    const rows = await selectRows<{ stage: string; n: number }>(
      deps.db,
      sql`select c.stage, count(*)::int as n from cases c
        where c.definition_code = ${definition.code} and not c.is_closed
          and c.status not in ('Pushback', 'Rejected') and c.unit_path like ${scope}
          and c.maker_user_id is distinct from ${ctx.user.id}
          and c.stage in (${sql.join(
            stages.map((stage) => sql`${stage.code}`),
            sql`, `,
          )})
        group by c.stage`,
    );
    for (const stage of stages) {
      const row = rows.find((candidate) => candidate.stage === stage.code);
      counts[stage.routeSlug] = Number(row?.n ?? 0);
    }
  }
  return { counts };
}
