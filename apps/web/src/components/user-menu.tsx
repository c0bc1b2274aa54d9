import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session-store.ts';

// The header's user menu. Its button is drawn at once; Mantine's Menu (and its dropdown, focus and positioning code)
// loads when the user first presses it, and opens (docs/architecture.md, "Page weight").
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown.tsx').then((m) => ({ default: m.UserMenuDropdown })));

/** Change password and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useSession((session) => session.userDetails);
  const [isWanted, setIsWanted] = useState(false);
  const label = user?.full_name || user?.username || String(t('UserMenu'));
  const button = (isLoading: boolean) => (
    <Button
      variant="default"
      size="xs"
      aria-label={String(t('UserMenu'))}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={isLoading}
      data-testid="user-menu"
      onClick={() => setIsWanted(true)}
    >
      {label}
    </Button>
  );
  if (!isWanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <UserMenuDropdown label={label} />
    </Suspense>
  );
}
