import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../lib/session-actions.ts';
import { useSession } from '../lib/session-store.ts';

/**
 * The user menu itself (Mantine's Menu, with its dropdown machinery): loaded by user-menu.tsx when the user first
 * opens it, which it then does at once. Change password and logout (spec §4: logout clears everything even if the call
 * fails).
 */
export function UserMenuDropdown({ label }: { label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((session) => session.userDetails);

  const handleLogout = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <Button variant="default" size="xs" aria-label={String(t('UserMenu'))} data-testid="user-menu">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? <Menu.Label>{String(t('SignedInAs', { name: user.username }))}</Menu.Label> : null}
        <Menu.Item onClick={() => void navigate('/changeOldPassword')}>{String(t('ChangePassword'))}</Menu.Item>
        <Menu.Item color="red" onClick={() => void handleLogout()}>
          {String(t('Logout'))}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
