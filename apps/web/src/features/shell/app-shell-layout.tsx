import { AppShell, Badge, Burger, Group, NativeSelect, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { findApp, APPS } from '@recovery-desk/domain/apps.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { QueryProvider } from '../../app/query-provider.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { UserMenu } from '../../components/user-menu.tsx';
import { formatBusinessDate, numberFormat } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { screensForApp } from '../../lib/screen-registry.ts';
import { sessionStore, setActingUnit, setActiveApp, useSession } from '../../lib/session-store.ts';
import { AccountSearch, useCanSearchAccounts } from '../lists/account-search.tsx';
import { fetchMenuCounts } from '../lists/api/lists-api.ts';
import { listsKeys } from '../lists/api/query-keys.ts';

/** The frame of every signed-in app screen: app and unit switchers, business date, language, user menu, navigation. */
/** The signed-in frame; its screens (and its menu counts) read through the app's React Query client. */
export function AppShellLayout() {
  return (
    <QueryProvider>
      <ShellFrame />
    </QueryProvider>
  );
}

function ShellFrame() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [isNavOpen, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  const unit = session.activeUnitData;
  const unitApps = unit ? APPS.filter((app) => Object.prototype.hasOwnProperty.call(unit.app_data, app.code)) : [];
  const activeApp = session.activeApp ? findApp(session.activeApp) : undefined;
  const screens = activeApp ? screensForApp(activeApp.code, session.systemAuthorities, activeApp.homePath) : [];
  const units = Object.values(session.units).sort((a, b) => a.name.localeCompare(b.name));
  const canSearch = useCanSearchAccounts();
  // Pending approvals per menu entry: refreshed when the window regains focus and after every decision (the query
  // client invalidates it after each successful mutation).
  const menuCounts = useQuery({
    queryKey: listsKeys.menuCountsOf(session.actingUnit),
    queryFn: ({ signal }) => fetchMenuCounts(signal),
    enabled: session.actingUnit !== null,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
  const number = numberFormat(i18n.language);

  const handleAppChange = (code: string) => {
    const app = findApp(code);
    if (!app) return;
    setActiveApp(app.code);
    void navigate(app.homePath);
  };

  const handleUnitChange = (id: string) => {
    // Switching the unit clears tab permissions; without the current app in the new unit, pick again on /home.
    setActingUnit(Number(id));
    const app = sessionStore.get().activeApp;
    const next = app ? findApp(app) : undefined;
    void navigate(next ? next.homePath : '/home');
  };

  return (
    <AppShell
      header={{ height: { base: 112, md: 64 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <a className="skip-link" href="#main">
          {String(t('SkipToContent'))}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={String(t('ToggleNavigation'))}
            />
            <Text fw={700} c="dark.8">
              {String(t('AppName'))}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            {canSearch ? <AccountSearch /> : null}
            <NativeSelect
              size="xs"
              aria-label={String(t('SwitchApp'))}
              value={session.activeApp ?? ''}
              onChange={(event) => handleAppChange(event.currentTarget.value)}
              data={[
                ...(session.activeApp
                  ? []
                  : [{ value: '', label: String(t('SelectPlaceholder', { label: t('App') })) }]),
                ...unitApps.map((app) => ({ value: app.code, label: translateKey(t, app.labelKey, app.code) })),
              ]}
              data-testid="app-switcher"
            />
            <NativeSelect
              size="xs"
              aria-label={String(t('SwitchUnit'))}
              value={session.actingUnit === null ? '' : String(session.actingUnit)}
              onChange={(event) => handleUnitChange(event.currentTarget.value)}
              data={units.map((item) => ({ value: String(item.id), label: `${item.name} (${item.unit_code})` }))}
              data-testid="unit-switcher"
            />
            {session.businessDate ? (
              <Text size="sm" c="dark.7" data-testid="business-date">
                {String(t('BusinessDate'))}: {formatBusinessDate(session.businessDate, i18n.language)}
              </Text>
            ) : null}
            <LanguageSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={String(t('MainNavigation'))}>
        {screens.map((screen) => (
          <NavLink
            key={screen.name}
            component={Link}
            to={screen.path}
            label={translateKey(t, screen.labelKey, screen.label)}
            rightSection={
              menuCounts.data?.counts[screen.name] ? (
                <Badge
                  size="sm"
                  variant="filled"
                  color="red.9"
                  aria-label={String(t('PendingApprovalsCount', { count: menuCounts.data.counts[screen.name] }))}
                  data-testid={`menu-count-${screen.name}`}
                >
                  {number.format(menuCounts.data.counts[screen.name] ?? 0)}
                </Badge>
              ) : undefined
            }
            active={location.pathname === screen.path}
            onClick={closeNav}
          />
        ))}
        <NavLink component={Link} to="/home" label={String(t('AppSelector'))} onClick={closeNav} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
