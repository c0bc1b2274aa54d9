import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../lib/session-actions.ts';
import { useSession } from '../lib/session-store.ts';

/** Change password and logout (spec §4: logout clears everything even if the call fails). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((session) => session.userDetails);

  const handleLogout = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" aria-label={String(t('UserMenu'))} data-testid="user-menu">
          {user?.full_name || user?.username || String(t('UserMenu'))}
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
