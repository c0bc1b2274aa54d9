import { lazy, type ComponentType } from 'react';

// The field-work screens by route-catalogue name (this module is itself loaded lazily by the route registry, which
// lists the names; each page module loads when its screen first shows). Their words are the `field` dictionary part.
const workPlan = () => import('./work-plan-page.tsx');
const pvr = () => import('./pvr-pages.tsx');

const SCREENS: Record<string, ComponentType> = {
  workPlanDtl: lazy(() => workPlan().then((m) => ({ default: m.WorkPlanPage }))),
  initiatedPvrTray: lazy(() => pvr().then((m) => ({ default: m.InitiatedPvrTrayPage }))),
  initiatedPvrTrayDetail: lazy(() => pvr().then((m) => ({ default: m.InitiatedPvrCasePage }))),
  pvrCaseDtl: lazy(() => pvr().then((m) => ({ default: m.PvrCaseDetailPage }))),
  repoPvrCaseDtl: lazy(() => pvr().then((m) => ({ default: m.RepoPvrCaseDetailPage }))),
  delegationPage: lazy(() => pvr().then((m) => ({ default: m.DelegationPage }))),
  heatMap: lazy(() => pvr().then((m) => ({ default: m.HeatMapPage }))),
};

export function fieldScreen(name: string): ComponentType {
  const screen = SCREENS[name];
  if (!screen) throw new Error(`no field-work screen ${name}`);
  return screen;
}
