import type { ComponentType } from 'react';

// The receipts screens (route-catalogue name → lazily loaded screen): five lists on one component, the capture form
// and the receipt detail. Kept out of the login and tray bundles.
type ReceiptScreenLoader = () => Promise<{ Component: ComponentType }>;

const list =
  (routeName: string): ReceiptScreenLoader =>
  () =>
    import('./receipt-list-page.tsx').then((m) => ({ Component: () => m.ReceiptListScreen({ routeName }) }));

export function receiptsScreens(): Record<string, ReceiptScreenLoader> {
  return {
    receiptViewer: list('receiptViewer'),
    receiptVerification: list('receiptVerification'),
    receiptCancellation: list('receiptCancellation'),
    paymentCancellation: list('paymentCancellation'),
    receiptCancelApproval: list('receiptCancelApproval'),
    receiptViewerDetail: () => import('./receipt-detail-page.tsx').then((m) => ({ Component: m.ReceiptDetailPage })),
    receiptCapture: () => import('./receipt-capture-page.tsx').then((m) => ({ Component: m.ReceiptCapturePage })),
  };
}
