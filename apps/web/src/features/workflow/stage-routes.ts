import { ROUTE_CATALOGUE, findRouteByName, type RouteEntry } from '@recovery-desk/domain/route-catalogue.ts';
import type { StageDefinition, WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';

// Which catalogue routes the workflow screens serve: each stage's tray (its `routeSlug` list route) and the
// detail routes of that list (`<routeSlug>Detail`, plus the alternative spellings the catalogue gives a list).

/**
 * Definitions whose stage screens are offered. Repossession and SARFAESI stage routes exist in the catalogue, but
 * their dictionaries and the account → case lookup of their initiate screens do not yet; add their codes here when
 * they do.
 */
export const SCREEN_DEFINITION_CODES: readonly string[] = ['LEGAL'];

/** List routes another feature serves although a stage names them (the Legal Eligible Pool: features/legal). */
export const EXCLUDED_LIST_ROUTES: readonly string[] = ['legalPool'];

export type StageRoute = {
  definition: WorkflowDefinition;
  stage: StageDefinition;
  listRoute: RouteEntry;
  /** the list's detail routes, the primary (`<list>Detail`) first; empty when the stage has none */
  detailRoutes: RouteEntry[];
};

function detailRoutesOf(listName: string): RouteEntry[] {
  const primary = findRouteByName(`${listName}Detail`);
  const others = ROUTE_CATALOGUE.filter(
    (route) => route.kind === 'detail' && route.listName === listName && route !== primary,
  );
  return primary?.kind === 'detail' ? [primary, ...others] : others;
}

let cached: StageRoute[] | null = null;

export function workflowStageRoutes(): StageRoute[] {
  cached ??= BUILT_IN_DEFINITIONS.filter((definition) => SCREEN_DEFINITION_CODES.includes(definition.code)).flatMap(
    (definition) =>
      definition.stages.flatMap((stage) => {
        const listRoute = findRouteByName(stage.routeSlug);
        if (!listRoute || listRoute.kind !== 'list' || EXCLUDED_LIST_ROUTES.includes(listRoute.name)) return [];
        return [{ definition, stage, listRoute, detailRoutes: detailRoutesOf(listRoute.name) }];
      }),
  );
  return cached;
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
