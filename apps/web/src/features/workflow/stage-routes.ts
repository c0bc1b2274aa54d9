import { findRouteByName, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';
import type { StageDefinition, WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { detailRoutesOf, hasWorkflowScreens, isServedElsewhere } from './screen-offers.ts';

// Which catalogue routes the workflow screens serve: each stage's tray (its `routeSlug` list route) and the
// detail routes of that list (`<routeSlug>Detail`, plus the alternative spellings the catalogue gives a list), for
// the definitions a feature registered screens for (widgets.ts: legal registers LEGAL; repossession and SARFAESI
// stage routes exist in the catalogue, and their features register them once their dictionaries exist).

export type StageRoute = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  listRoute: RouteEntry;
  /** the list's detail routes, the primary (`<list>Detail`) first; empty when the stage has none */
  detailRoutes: RouteEntry[];
};

let cached: { codes: string; routes: StageRoute[] } | null = null;

export function workflowStageRoutes(): StageRoute[] {
  const offered = BUILT_IN_DEFINITIONS.filter((definition) => hasWorkflowScreens(definition.code));
  const codes = offered.map((definition) => definition.code).join(',');
  if (cached?.codes === codes) return cached.routes;
  const routes = offered.flatMap((definition) =>
    definition.stages.flatMap((stage) => {
      const listRoute = findRouteByName(stage.routeSlug);
      if (!listRoute || listRoute.kind !== 'list' || isServedElsewhere(listRoute.name)) return [];
      return [{ definition, stage, listRoute, detailRoutes: detailRoutesOf(listRoute.name) }];
    }),
  );
  cached = { codes, routes };
  return routes;
}

export function stageRouteOfList(routeName: string): StageRoute | undefined {
  return workflowStageRoutes().find((entry) => entry.listRoute.name === routeName);
}

export function stageRouteOfDetail(routeName: string): StageRoute | undefined {
  return workflowStageRoutes().find((entry) => entry.detailRoutes.some((route) => route.name === routeName));
}

/** Fills a detail route's :caseid and :accountid. */
export function fillDetailPath(route: RouteEntry, ids: { caseId: number; accountId: number }): string {
  return route.path
    .replace(':caseid', encodeURIComponent(String(ids.caseId)))
    .replace(':accountid', encodeURIComponent(String(ids.accountId)));
}

/** The detail page a tray row opens (the primary detail route), or null when the stage has none. */
export function detailPathOf(entry: StageRoute, ids: { caseId: number; accountId: number }): string | null {
  const route = entry.detailRoutes[0];
  return route ? fillDetailPath(route, ids) : null;
}

/** A detail route that names only the account (e.g. /legal/initiateLegal/account/:accountid). */
export function isAccountOnlyRoute(route: RouteEntry): boolean {
  return route.path.includes(':accountid') && !route.path.includes(':caseid');
}
