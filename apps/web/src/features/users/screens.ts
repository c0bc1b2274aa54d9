import type { ComponentType } from 'react';

// User Approval and Collections Settings (route-catalogue name → lazily loaded screen), out of the login and tray
// bundles; their words are the `users` dictionary part (route-registry.ts).
type UsersScreenLoader = () => Promise<{ Component: ComponentType }>;

export function usersScreens(): Record<string, UsersScreenLoader> {
  return {
    userApproval: () => import('./user-approval-page.tsx').then((m) => ({ Component: m.UserApprovalPage })),
    collappSettings: () =>
      import('./collections-settings-page.tsx').then((m) => ({ Component: m.CollectionsSettingsPage })),
  };
}
