import type { ComponentType } from 'react';

// The repossession app's own screens (route-catalogue name → lazily loaded screen). The REPOSSESSION and SARFAESI
// stage trays and case screens are the workflow feature's (workflow/register.ts).
type RepoScreenLoader = () => Promise<{ Component: ComponentType }>;

/** /Reposition (/RepoHome redirects to it). */
export const repoDashboardScreen: RepoScreenLoader = () =>
  import('./dashboard/repo-dashboard-page.tsx').then((m) => ({ Component: m.RepoDashboardPage }));

export function repoScreens(): Record<string, RepoScreenLoader> {
  return {
    repoSettings: () => import('./settings/repo-settings-page.tsx').then((m) => ({ Component: m.RepoSettingsPage })),
    linkLanVueAccount: () =>
      import('./linked/linked-accounts-page.tsx').then((m) => ({ Component: m.LinkedAccountsPage })),
    uploadRepo: () => import('./uploads/repo-upload-page.tsx').then((m) => ({ Component: m.RepossessionUploadPage })),
    uploadSarfaesi: () => import('./uploads/repo-upload-page.tsx').then((m) => ({ Component: m.SarfaesiUploadPage })),
    downloadRepo: () => import('./downloads/repo-download-page.tsx').then((m) => ({ Component: m.RepoDownloadPage })),
    dmFiling: () => import('./dm-filing/dm-filing-page.tsx').then((m) => ({ Component: m.DmFilingPage })),
    dmFilingDetail: () => import('./dm-filing/dm-filing-page.tsx').then((m) => ({ Component: m.DmFilingCasePage })),
    auctionBatchGenTabs: () =>
      import('./auction/auction-batch-page.tsx').then((m) => ({ Component: m.AuctionBatchPage })),
    auctionBatchGenTabsDetail: () =>
      import('./auction/auction-batch-page.tsx').then((m) => ({ Component: m.AuctionBatchOfCasePage })),
  };
}
