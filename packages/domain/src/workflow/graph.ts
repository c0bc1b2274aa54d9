import { ALL_AUTHORITY_CODES } from '../authorities.ts';
import { ROUTE_CATALOGUE, type RouteEntry } from '../route-catalogue.ts';
import { findStage, type WorkflowDefinition } from './definition.ts';

// Graph checks of a definition (xstate's graph tests): every stage reachable, none a dead end, every stage on a
// catalogue route with the same authority. The tests run them on the built-in definitions; the server can run
// them on a new definition version before activating it.

/** Stage → the stages its actions lead to. A `history` target leads back to every stage whose detour reaches it. */
export function stageEdges(definition: WorkflowDefinition): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>(definition.stages.map((stage) => [stage.code, new Set<string>()]));
  for (const stage of definition.stages) {
    for (const action of stage.actions) if ('stage' in action.to) edges.get(stage.code)!.add(action.to.stage);
  }
  for (const [origin, region] of detourRegions(definition)) {
    for (const code of region) {
      const stage = findStage(definition, code)!;
      if (stage.actions.some((action) => 'history' in action.to)) edges.get(code)!.add(origin);
    }
  }
  return edges;
}

/** For each stage that opens a detour: the stages the detour can pass through before it returns. */
export function detourRegions(definition: WorkflowDefinition): Map<string, Set<string>> {
  const regions = new Map<string, Set<string>>();
  for (const stage of definition.stages) {
    for (const action of stage.actions) {
      if (!action.opensDetour || !('stage' in action.to)) continue;
      const region = regions.get(stage.code) ?? new Set<string>();
      const queue = [action.to.stage];
      while (queue.length > 0) {
        const code = queue.shift()!;
        if (region.has(code)) continue;
        region.add(code);
        for (const next of findStage(definition, code)?.actions ?? []) {
          if ('stage' in next.to && !next.opensDetour) queue.push(next.to.stage);
        }
      }
      regions.set(stage.code, region);
    }
  }
  return regions;
}

export function reachableStages(definition: WorkflowDefinition): Set<string> {
  const edges = stageEdges(definition);
  const seen = new Set<string>();
  const queue = [definition.initialStage];
  while (queue.length > 0) {
    const code = queue.shift()!;
    if (seen.has(code)) continue;
    seen.add(code);
    queue.push(...(edges.get(code) ?? []));
  }
  return seen;
}

/** Stages from which no sequence of actions closes the case. */
export function deadEndStages(definition: WorkflowDefinition): string[] {
  const edges = stageEdges(definition);
  const canClose = new Set(
    definition.stages.filter((stage) => stage.actions.some((action) => 'terminal' in action.to)).map((s) => s.code),
  );
  let grew = true;
  while (grew) {
    grew = false;
    for (const [code, targets] of edges) {
      if (!canClose.has(code) && [...targets].some((target) => canClose.has(target))) {
        canClose.add(code);
        grew = true;
      }
    }
  }
  return definition.stages.map((stage) => stage.code).filter((code) => !canClose.has(code));
}

/** The catalogue route a stage works on, and the authority that route demands (the detail's when the list has none). */
export function stageRoute(routeSlug: string): { route: RouteEntry; authority: string | null } | undefined {
  const route = ROUTE_CATALOGUE.find((entry) => entry.name === routeSlug && entry.kind === 'list');
  if (!route) return undefined;
  const detail = ROUTE_CATALOGUE.find((entry) => entry.kind === 'detail' && entry.listName === routeSlug);
  return { route, authority: route.authority ?? detail?.authority ?? null };
}

/** Every problem of a definition beyond its schema; empty when it is fit to activate. */
export function definitionProblems(definition: WorkflowDefinition): string[] {
  const problems: string[] = [];
  const authorities = new Set<string>(ALL_AUTHORITY_CODES);
  const reachable = reachableStages(definition);
  for (const stage of definition.stages) {
    if (!reachable.has(stage.code)) problems.push(`stage ${stage.code} is unreachable`);
    if (!authorities.has(stage.authority)) problems.push(`stage ${stage.code}: unknown authority ${stage.authority}`);
    const route = stageRoute(stage.routeSlug);
    if (!route) problems.push(`stage ${stage.code}: no list route named ${stage.routeSlug}`);
    else {
      if (route.authority !== stage.authority)
        problems.push(`stage ${stage.code}: route ${stage.routeSlug} needs ${route.authority}, not ${stage.authority}`);
      if (route.route.app !== definition.app)
        problems.push(`stage ${stage.code}: route ${stage.routeSlug} belongs to app ${route.route.app}`);
    }
    for (const action of stage.actions) {
      if (action.authority && !authorities.has(action.authority))
        problems.push(`stage ${stage.code}: action ${action.name} needs unknown authority ${action.authority}`);
    }
  }
  for (const code of deadEndStages(definition)) problems.push(`stage ${code} cannot reach a terminal status`);
  for (const [origin, region] of detourRegions(definition)) {
    for (const code of region) {
      const stage = findStage(definition, code)!;
      if (stage.actions.some((action) => action.opensDetour))
        problems.push(`stage ${code} opens a detour inside the detour from ${origin}`);
    }
  }
  const detourStages = new Set([...detourRegions(definition).values()].flatMap((region) => [...region]));
  for (const stage of definition.stages) {
    if (stage.actions.some((action) => 'history' in action.to) && !detourStages.has(stage.code))
      problems.push(`stage ${stage.code} returns through history but no detour reaches it`);
  }
  return problems;
}
