import type { ComponentType } from 'react';

// The field-work screens (route-catalogue name → lazily loaded screen): the work plan and PVR. Their words are the
// `field` dictionary part (loaded with them in the route registry).
type FieldScreenLoader = () => Promise<{ Component: ComponentType }>;

export function fieldWorkScreens(): Record<string, FieldScreenLoader> {
  const pvr = () => import('./pvr-pages.tsx');
  return {
    workPlanDtl: () => import('./work-plan-page.tsx').then((m) => ({ Component: m.WorkPlanPage })),
    initiatedPvrTray: () => pvr().then((m) => ({ Component: m.InitiatedPvrTrayPage })),
    initiatedPvrTrayDetail: () => pvr().then((m) => ({ Component: m.InitiatedPvrCasePage })),
    pvrCaseDtl: () => pvr().then((m) => ({ Component: m.PvrCaseDetailPage })),
    repoPvrCaseDtl: () => pvr().then((m) => ({ Component: m.RepoPvrCaseDetailPage })),
    delegationPage: () => pvr().then((m) => ({ Component: m.DelegationPage })),
    heatMap: () => pvr().then((m) => ({ Component: m.HeatMapPage })),
  };
}
