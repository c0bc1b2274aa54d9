import { Alert, Anchor, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardReply } from '@recovery-desk/domain/command-center/dashboard.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CmdcenterKey } from '@recovery-desk/i18n/locales/cmdcenter-en.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapView } from '../../../components/map/map-view.tsx';
import type { MapPoint } from '../../../components/map/map-types.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatAmount, formatCount, formatDateTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';

/** The command-center words with interpolation values (keys chosen at run time: statuses, event types). */
type Translate = (key: CmdcenterKey, values?: Record<string, unknown>) => string;
import { dashboardKeys, fetchDashboard } from '../dashboard-api.ts';

// /cmdCenter and /dashcmdCenter (docs/architecture.md "Command center: route replay and dashboards"): the field force
// now (statuses with the settings' thresholds, the map of last positions), the day's coverage and the alerts. Every
// figure links to the screen that explains it. Without ACTIVE_INACTIVE_SAUTH the frame says so and shows no field data.

const ACTIVE_USERS = '/cmdCenter/activeinactiveuser';
const REPLAY = '/cmdCenter/animateRouteTaken';

function Figure({ label, value, to, testId }: { label: string; value: ReactNode; to: string; testId: string }) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Anchor component={Link} to={to} fw={700} fz="xl">
        {value}
      </Anchor>
    </Card>
  );
}

function FieldData({ data }: { data: DashboardReply }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const n = (value: number) => formatCount(value, language, 0);
  const tr: Translate = (key, values) => String((t as unknown as Translate)(key, values));
  const force = data.fieldForce!;
  const coverage = data.coverage!;
  const alerts = data.alerts!;
  const points: MapPoint[] = force.positions.map((position) => ({
    id: position.userId,
    latitude: position.latitude,
    longitude: position.longitude,
    label: `${position.fullName} · ${tr(`CcStatus${position.status}`)} · ${formatDateTime(position.fixTime, language)}`,
    tone: position.inactive ? 'alert' : position.status === 'ONLINE' ? 'done' : 'muted',
  }));
  const amounts =
    coverage.amounts.length === 0
      ? formatCount(0, language)
      : coverage.amounts.map((row) => formatAmount(row.amount, row.currency, language)).join(' + ');
  return (
    <Stack gap="lg">
      <section aria-labelledby="cc-dash-force">
        <Title order={2} size="h3" id="cc-dash-force">
          {tr('CcDashForce')}
        </Title>
        <Text size="sm" c="dimmed">
          {tr('CcDashThresholds', force.thresholds)}
        </Text>
        <Grid mt="xs">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SimpleGrid cols={2}>
              <Figure label={tr('CcDashTotal')} value={n(force.total)} to={ACTIVE_USERS} testId="cc-dash-total" />
              <Figure
                label={tr('CcStatusONLINE')}
                value={n(force.online)}
                to={`${ACTIVE_USERS}?status=ONLINE`}
                testId="cc-dash-online"
              />
              <Figure
                label={tr('CcStatusUNKNOWN')}
                value={n(force.unknown)}
                to={`${ACTIVE_USERS}?status=UNKNOWN`}
                testId="cc-dash-unknown"
              />
              <Figure
                label={tr('CcStatusOFFLINE')}
                value={n(force.offline)}
                to={`${ACTIVE_USERS}?status=OFFLINE`}
                testId="cc-dash-offline"
              />
              <Figure
                label={tr('CcDashInactive')}
                value={n(force.inactive)}
                to={`${ACTIVE_USERS}?status=INACTIVE`}
                testId="cc-dash-inactive"
              />
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <MapView label={tr('CcDashMapLabel')} points={points} cluster height={360} testId="cc-dash-map" />
          </Grid.Col>
        </Grid>
      </section>
      <section aria-labelledby="cc-dash-coverage">
        <Title order={2} size="h3" id="cc-dash-coverage">
          {tr('CcDashCoverage', { date: data.date })}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} mt="xs">
          <Figure label={tr('CcDashActive')} value={n(coverage.activeCollectors)} to={REPLAY} testId="cc-dash-active" />
          <Figure
            label={tr('CcDashVisits')}
            value={n(coverage.visits)}
            to="/cmdCenter/timeSpentReport"
            testId="cc-dash-visits"
          />
          <Figure
            label={tr('CcDashReceipts')}
            value={`${n(coverage.receipts)} · ${amounts}`}
            to="/cmdCenter/shadyTransactionLoc"
            testId="cc-dash-receipts"
          />
          <Figure
            label={tr('CcDashDistance')}
            value={`${formatCount(coverage.distanceM / 1000, language, 1)} km`}
            to={REPLAY}
            testId="cc-dash-distance"
          />
          <Figure
            label={tr('CcDashAllocatedVisited')}
            value={`${n(coverage.accountsVisited)} / ${n(coverage.accountsAllocated)}`}
            to="/cmdCenter/mapBasedAllocation"
            testId="cc-dash-allocated"
          />
        </SimpleGrid>
      </section>
      <section aria-labelledby="cc-dash-alerts">
        <Title order={2} size="h3" id="cc-dash-alerts">
          {tr('CcDashAlerts')}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 5 }} mt="xs">
          <Figure
            label={tr('CcDashInactiveDevices')}
            value={n(alerts.inactiveDevices)}
            to={`${ACTIVE_USERS}?status=INACTIVE`}
            testId="cc-dash-alert-inactive"
          />
          <Figure label={tr('CcDashSos')} value={n(alerts.sosEvents)} to={REPLAY} testId="cc-dash-alert-sos" />
          <Figure
            label={tr('CcDashMock')}
            value={n(alerts.mockEvents)}
            to="/cmdCenter/shadyTransactionLoc"
            testId="cc-dash-alert-mock"
          />
          <Figure
            label={tr('CcDashLowBattery')}
            value={n(alerts.lowBattery)}
            to={ACTIVE_USERS}
            testId="cc-dash-alert-battery"
          />
          <Figure
            label={tr('CcDashShady')}
            value={n(alerts.shady)}
            to="/cmdCenter/shadyTimeReport"
            testId="cc-dash-alert-shady"
          />
        </SimpleGrid>
      </section>
      {force.positions.length > 0 ? (
        <section aria-labelledby="cc-dash-replay">
          <Title order={2} size="h4" id="cc-dash-replay">
            {tr('CcDashReplayTitle')}
          </Title>
          <Group gap="xs" mt="xs">
            {force.positions.map((position) => (
              <Anchor
                key={position.userId}
                component={Link}
                to={`${REPLAY}?userId=${position.userId}&date=${data.date}`}
                size="sm"
              >
                {position.fullName}
              </Anchor>
            ))}
          </Group>
        </section>
      ) : null}
    </Stack>
  );
}

export function CommandCenterDashboardPage({ routeName = 'cmdCenterDashboard' }: { routeName?: string }) {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Command Center';
  const dashboard = useQuery({
    queryKey: dashboardKeys.day(null),
    queryFn: ({ signal }) => fetchDashboard(null, signal),
    refetchInterval: 60_000,
  });
  return (
    <Stack gap="md" data-testid="cc-dashboard">
      <Title order={1}>{title}</Title>
      {dashboard.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {dashboard.isError ? (
        <Alert color="red" role="alert" title={String(t('CcDataLoadFailed'))}>
          {describeError(dashboard.error, t)}
        </Alert>
      ) : null}
      {dashboard.data?.access === 'NO_AUTHORITY' ? (
        <Alert color="blue" data-testid="cc-dash-no-authority">
          {String(t('CcDashNoAuthority'))}
        </Alert>
      ) : null}
      {dashboard.data?.access === 'FULL' ? <FieldData data={dashboard.data} /> : null}
    </Stack>
  );
}

export function DashCommandCenterPage() {
  return <CommandCenterDashboardPage routeName="dashCmdCenter" />;
}
