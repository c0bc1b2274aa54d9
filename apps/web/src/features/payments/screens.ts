import type { ComponentType } from 'react';

// The payments screens (route-catalogue name → lazily loaded screen): UPI collection, the three batch screens,
// reconciliation and EFT Receipt Cancel.
type PaymentsScreenLoader = () => Promise<{ Component: ComponentType }>;

export function paymentsScreens(): Record<string, PaymentsScreenLoader> {
  return {
    electronicPayment: () => import('./upi-page.tsx').then((m) => ({ Component: m.UpiCollectionPage })),
    payBatchGeneration: () => import('./batches-page.tsx').then((m) => ({ Component: m.PayBatchGenerationPage })),
    payBatchGenerationApproval: () => import('./batches-page.tsx').then((m) => ({ Component: m.PayBatchApprovalPage })),
    payBatchViewer: () => import('./batches-page.tsx').then((m) => ({ Component: m.PayBatchViewerPage })),
    payBatchReconciliationReport: () =>
      import('./reconciliation-page.tsx').then((m) => ({ Component: m.ReconciliationPage })),
    eftReceiptCancel: () => import('./eft-cancel-page.tsx').then((m) => ({ Component: m.EftReceiptCancelPage })),
  };
}
