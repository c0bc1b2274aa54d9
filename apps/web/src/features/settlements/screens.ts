import type { ComponentType } from 'react';

// The settlement screens (issue 13): route-catalogue name → lazily loaded screen (kept out of the login and tray
// bundles).
type SettlementScreenLoader = () => Promise<{ Component: ComponentType }>;

const lists = () => import('./settlement-list-page.tsx');
const details = () => import('./settlement-detail-page.tsx');

export function settlementScreens(): Record<string, SettlementScreenLoader> {
  return {
    settelmentInitiate: () => lists().then((m) => ({ Component: m.SettlementInitiateListPage })),
    settelmentApproval: () => lists().then((m) => ({ Component: m.SettlementApprovalListPage })),
    settelmentViewer: () => lists().then((m) => ({ Component: m.SettlementViewerListPage })),
    settelmentInitiateDetail: () =>
      import('./settlement-account-page.tsx').then((m) => ({ Component: m.SettlementAccountPage })),
    settelmentApprovalDetail: () => details().then((m) => ({ Component: m.SettlementApprovalDetailPage })),
    settelmentViewerDetail: () => details().then((m) => ({ Component: m.SettlementViewerDetailPage })),
  };
}
