import type { ComponentType } from 'react';

// The account-marking screens (route-catalogue name → lazily loaded screen), kept out of the login and tray bundles.
type MarkScreenLoader = () => Promise<{ Component: ComponentType }>;

export function accountMarkScreens(): Record<string, MarkScreenLoader> {
  return {
    manualAccountMarking: () => import('./marking-pages.tsx').then((m) => ({ Component: m.ManualAccountMarkingPage })),
    accountMarkingapproval: () =>
      import('./marking-pages.tsx').then((m) => ({ Component: m.AccountMarkingApprovalPage })),
    manualAccountUnmarking: () =>
      import('./marking-pages.tsx').then((m) => ({ Component: m.ManualAccountUnmarkingPage })),
  };
}
