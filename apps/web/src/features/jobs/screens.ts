import type { ComponentType } from 'react';

// Background jobs' own screen (route-catalogue name → lazily loaded screen).
type JobsScreenLoader = () => Promise<{ Component: ComponentType }>;

export function jobsScreens(): Record<string, JobsScreenLoader> {
  return {
    uploadDashboard: () => import('./upload-dashboard-page.tsx').then((m) => ({ Component: m.UploadDashboardPage })),
  };
}
