import type { ScreenLoader } from '../../app/route-registry.ts';
import { loadStageWidgets, offeredStageRoutes } from './screen-offers.ts';

// Route name → screen for the workflow stages: every stage tray renders the one tray component, every stage
// detail route the one case screen. Loaded lazily, like the rest of the route registry; the routes come from
// screen-offers.ts, so the workflow definitions load with these screens, not at start.

const workflowPages = () => Promise.all([import('./pages/workflow-pages.tsx'), loadStageWidgets()]).then(([m]) => m);
const stageTrayPage: ScreenLoader = () => workflowPages().then((m) => ({ Component: m.StageTrayPage }));
const casePage: ScreenLoader = () => workflowPages().then((m) => ({ Component: m.CasePage }));

export function workflowScreens(): Record<string, ScreenLoader> {
  const screens: Record<string, ScreenLoader> = {};
  for (const entry of offeredStageRoutes()) {
    screens[entry.listRoute.name] = stageTrayPage;
    for (const detail of entry.detailRoutes) screens[detail.name] = casePage;
  }
  return screens;
}
