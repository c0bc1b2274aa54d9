import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { describe, expect, it } from 'vitest';
import { STAGE_LIST_ROUTES } from './screen-offers.ts';
import { workflowScreens } from './screens.ts';
import { workflowStageRoutes } from './stage-routes.ts';

describe('the stage routes the route registry knows without the definitions', () => {
  it('lists every built-in definition’s stage routes, as the definitions name them', () => {
    expect(Object.keys(STAGE_LIST_ROUTES).sort()).toEqual(BUILT_IN_DEFINITIONS.map((d) => d.code).sort());
    for (const definition of BUILT_IN_DEFINITIONS) {
      expect(STAGE_LIST_ROUTES[definition.code], definition.code).toEqual(
        definition.stages.map((stage) => stage.routeSlug),
      );
    }
  });

  it('registers the same screens as the definitions give', () => {
    const fromDefinitions = workflowStageRoutes().flatMap((entry) => [
      entry.listRoute.name,
      ...entry.detailRoutes.map((route) => route.name),
    ]);
    expect(Object.keys(workflowScreens()).sort()).toEqual(fromDefinitions.sort());
  });
});
