import type { ComponentType } from 'react';

// Collections File Upload and File Download (route-catalogue name → lazily loaded screen); their words are the
// `colluploads` dictionary part, loaded with them by the route registry.
type ScreenLoader = () => Promise<{ Component: ComponentType }>;

export function collUploadScreens(): Record<string, ScreenLoader> {
  return {
    collUpload: () => import('./upload-page.tsx').then((m) => ({ Component: m.CollectionsUploadPage })),
    collDownload: () => import('./download-page.tsx').then((m) => ({ Component: m.CollectionsDownloadPage })),
  };
}
