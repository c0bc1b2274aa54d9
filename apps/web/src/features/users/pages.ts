import type { ComponentType } from 'react';

// User Approval and Collections Settings, loaded in two steps: the route registry (on every page's path, the tray's
// included) imports this small module, which imports the screens themselves; so the registry names one chunk without
// its dependencies (the tray's page weight, docs/architecture.md "Page weight").
export type UsersPage = 'UserApprovalPage' | 'CollectionsSettingsPage';

export function loadUsersPage(name: UsersPage): Promise<{ Component: ComponentType }> {
  return name === 'UserApprovalPage'
    ? import('./user-approval-page.tsx').then((m) => ({ Component: m.UserApprovalPage }))
    : import('./collections-settings-page.tsx').then((m) => ({ Component: m.CollectionsSettingsPage }));
}
