import type { ComponentType } from 'react';

// The legal app's own screens (route-catalogue name → lazily loaded screen). The stage trays and case screens of
// the LEGAL workflow (Initiate Legal … Reject Tray) are the workflow feature's.
type LegalScreenLoader = () => Promise<{ Component: ComponentType }>;

/** /Legal and /legal. */
export const legalDashboardScreen: LegalScreenLoader = () =>
  import('./dashboard/legal-dashboard-page.tsx').then((m) => ({ Component: m.LegalDashboardPage }));

export function legalScreens(): Record<string, LegalScreenLoader> {
  return {
    legalPool: () => import('./pool/pool-page.tsx').then((m) => ({ Component: m.LegalPoolPage })),
    legalPoolDetail: () => import('./pool/pool-account-page.tsx').then((m) => ({ Component: m.LegalPoolAccountPage })),
    legalSettings: () => import('./settings/legal-settings-page.tsx').then((m) => ({ Component: m.LegalSettingsPage })),
    legalAgainstFI: () => import('./against-fi/against-fi-page.tsx').then((m) => ({ Component: m.LegalAgainstFiPage })),
    uploadLegal: () => import('./uploads/upload-page.tsx').then((m) => ({ Component: m.LegalUploadPage })),
    downloadLegal: () => import('./downloads/download-page.tsx').then((m) => ({ Component: m.LegalDownloadPage })),
  };
}
