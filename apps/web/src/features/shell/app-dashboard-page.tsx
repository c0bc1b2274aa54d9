import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { findApp } from '@recovery-desk/domain/apps.ts';
import { authoritiesOf } from '@recovery-desk/domain/profile-access.ts';
import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { UNIT_LEVEL_LABEL_KEY, type UnitLevel } from '@recovery-desk/domain/units.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatBusinessDate } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { screensForApp } from '../../lib/screen-registry.ts';
import { useSession } from '../../lib/session-store.ts';

/** An app's home: working context, the app's figures (`summary`) and a card for every screen the user may open. */
export function AppDashboardPage({ summary }: { summary?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const route = matchRoute(location.pathname);
  const app = route?.app ? findApp(route.app) : undefined;
  const unit = session.activeUnitData;
  const appAuthorities = unit && app ? authoritiesOf(unit.app_data[app.code] ?? []) : [];
  const screens = app
    ? screensForApp(app.code, appAuthorities, app.homePath).filter((screen) => screen.kind !== 'dashboard')
    : [];
  const appName = app ? translateKey(t, app.labelKey, app.code) : '';
  const title = route ? translateKey(t, route.labelKey, route.label) : appName;
  const level = unit?.level ?? '';
  const levelLabel =
    level in UNIT_LEVEL_LABEL_KEY ? translateKey(t, UNIT_LEVEL_LABEL_KEY[level as UnitLevel], level) : level;

  const context: [string, string][] = [
    [String(t('ActingUnit')), unit?.name ?? String(t('None'))],
    [String(t('UnitCode')), unit?.unit_code ?? String(t('None'))],
    [String(t('UnitLevel')), levelLabel || String(t('None'))],
    [String(t('BusinessDate')), formatBusinessDate(session.businessDate, i18n.language) || String(t('None'))],
    [
      String(t('User')),
      session.userDetails ? `${session.userDetails.full_name} (${session.userDetails.username})` : String(t('None')),
    ],
  ];

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-context">
        <Title order={2} size="h4" id="dashboard-context" mb="xs">
          {String(t('DashboardSummary'))}
        </Title>
        <Table variant="vertical" withTableBorder data-testid="dashboard-context">
          <Table.Tbody>
            {context.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w={200}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {summary}
      <section aria-labelledby="dashboard-screens">
        <Title order={2} size="h4" id="dashboard-screens" mb="xs">
          {String(t('YourScreens'))}
        </Title>
        {screens.length === 0 ? (
          <Paper withBorder p="lg" radius="md" data-testid="dashboard-empty">
            <Text fw={600}>{String(t('NoScreensTitle'))}</Text>
            <Text size="sm" c="dimmed">
              {String(t('NoScreensText', { app: appName, count: appAuthorities.length }))}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {screens.map((screen) => (
              <Card key={screen.name} withBorder radius="md">
                <Group justify="space-between">
                  <Text fw={600}>{translateKey(t, screen.labelKey, screen.label)}</Text>
                  <Anchor component={Link} to={screen.path}>
                    {String(t('OpenScreen'))}
                  </Anchor>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}
