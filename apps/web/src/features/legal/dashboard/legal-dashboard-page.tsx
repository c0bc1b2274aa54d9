import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { LegalDashboard } from '@recovery-desk/domain/legal/contracts.ts';
import { matchRoute } from '@recovery-desk/domain/route-catalogue.ts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { formatBusinessDate, numberFormat } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { isScreenRegistered } from '../../../lib/screen-registry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fetchLegalDashboard } from '../api/legal-api.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../components/load-state.tsx';
import { OverdueCasesTable } from '../components/overdue-cases-table.tsx';
import { routePath } from '../components/screen-helpers.ts';
import { stageLabel } from '../labels.ts';
import { legalKeys } from '../api/query-keys.ts';

const POOL_AUTHORITY = 'LEGAL_POOL_SAUTH';
const POOL_LINK = '/legal/legalPool?searchView=legalEligible';

type Stage = LegalDashboard['stages'][number];
type OverdueCase = LegalDashboard['overdueCases'][number];

/** The stage tray a tile links to: only when the caller holds its authority and the screen is built. */
function trayPathOf(stage: Stage): string | null {
  if (!stage.canOpen || !isScreenRegistered(stage.routeSlug)) return null;
  return routePath(stage.routeSlug);
}

/** The stage's detail route (`<routeSlug>Detail`) for a case, or null when the stage has none. */
export function caseDetailPath(routeSlug: string, caseId: number, accountId: number): string | null {
  return routePath(`${routeSlug}Detail`, { caseid: caseId, accountid: accountId });
}

/**
 * /Legal and /legal: the legal work of the acting unit's subtree per stage, the Legal Eligible Pool, totals, the
 * overdue SLAs and the hearings of the next 14 days (GET /api/legal/dashboard).
 */
export function LegalDashboardPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const route = matchRoute(location.pathname);
  const session = useSession();
  const title = route ? translateKey(t, route.labelKey, route.label) : String(t('LegalDashboard'));
  const unit = session.activeUnitData;
  const canOpenPool = session.systemAuthorities.includes(POOL_AUTHORITY);

  const dashboard = useQuery({
    queryKey: legalKeys.dashboard(session.actingUnit),
    queryFn: ({ signal }) => fetchLegalDashboard(signal),
  });

  let body: ReactNode;
  if (dashboard.isPending) {
    body = <LoadingBlock label={String(t('LegalDashboardLoading'))} testId="dashboard-loading" />;
  } else if (dashboard.isError) {
    body = (
      <LoadError
        title={String(t('LegalDashboardLoadFailed'))}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        testId="dashboard-error"
      />
    );
  } else {
    body = <DashboardBody data={dashboard.data} canOpenPool={canOpenPool} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group gap="lg" data-testid="dashboard-context" wrap="wrap">
        <Text size="sm">
          {String(t('ActingUnit'))}:{' '}
          <Text span fw={600} size="sm">
            {unit?.name ?? String(t('None'))}
          </Text>
        </Text>
        <Text size="sm">
          {String(t('BusinessDate'))}:{' '}
          <Text span fw={600} size="sm">
            {formatBusinessDate(dashboard.data?.businessDate ?? session.businessDate, i18n.language) ||
              String(t('None'))}
          </Text>
        </Text>
      </Group>
      {body}
    </Stack>
  );
}

function DashboardBody({ data, canOpenPool }: { data: LegalDashboard; canOpenPool: boolean }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const stages = data.stages.filter((stage) => stage.stage !== 'POOL');
  const canOpenStage = new Map(data.stages.map((stage) => [stage.routeSlug, stage.canOpen]));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-testid="dashboard-totals">
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dark.6">
            {String(t('LegalEligiblePool'))}
          </Text>
          <Text fz={28} fw={700} data-testid="pool-count">
            {number.format(data.poolCount)}
          </Text>
          {canOpenPool ? (
            <Anchor component={Link} to={POOL_LINK} size="sm">
              {String(t('LegalOpenPool'))}
            </Anchor>
          ) : null}
        </Paper>
        <Total label={String(t('LegalTotalOpen'))} value={number.format(data.totals.open)} />
        <Total label={String(t('LegalTotalOverdue'))} value={number.format(data.totals.overdue)} />
        <Total label={String(t('LegalTotalClosedThisMonth'))} value={number.format(data.totals.closedThisMonth)} />
      </SimpleGrid>

      <section aria-labelledby="legal-stages">
        <Title order={2} size="h4" id="legal-stages" mb="xs">
          {String(t('LegalWorkByStage'))}
        </Title>
        {stages.length === 0 ? (
          <EmptyBlock text={String(t('LegalNoStages'))} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {stages.map((stage) => (
              <StageTile key={stage.stage} stage={stage} format={(value) => number.format(value)} />
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="legal-overdue">
        <Title order={2} size="h4" id="legal-overdue" mb="xs">
          {String(t('LegalOverdueSlas'))}
        </Title>
        <OverdueTable rows={data.overdueCases} canOpenStage={canOpenStage} />
      </section>

      <section aria-labelledby="legal-hearings">
        <Title order={2} size="h4" id="legal-hearings" mb="xs">
          {String(t('LegalUpcomingHearings'))}
        </Title>
        {data.upcomingHearings.length === 0 ? (
          <EmptyBlock text={String(t('LegalNoHearings'))} testId="hearings-empty" />
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table withTableBorder striped fz="sm" data-testid="hearings-table">
              <caption className="visually-hidden">{String(t('LegalUpcomingHearings'))}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{String(t('LegalHearingDate'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LegalCaseNo'))}</Table.Th>
                  <Table.Th scope="col">{String(t('CustomerName'))}</Table.Th>
                  <Table.Th scope="col">{String(t('LegalCourt'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.upcomingHearings.map((hearing) => (
                  <Table.Tr key={`${hearing.caseId}-${hearing.hearingDate}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatBusinessDate(hearing.hearingDate, i18n.language)}
                    </Table.Td>
                    <Table.Td>{hearing.caseNo}</Table.Td>
                    <Table.Td>{hearing.customerName}</Table.Td>
                    <Table.Td>{hearing.court ?? EMPTY_VALUE}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dark.6">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function StageTile({ stage, format }: { stage: Stage; format: (value: number) => string }) {
  const { t } = useTranslation();
  const label = stageLabel(t, stage.stage, stage.labelKey);
  const path = trayPathOf(stage);
  const counts: [string, number][] = [
    [String(t('LegalCountOpen')), stage.open],
    [String(t('LegalCountPendingApproval')), stage.pendingApproval],
    [String(t('LegalCountPushback')), stage.pushback],
    [String(t('LegalCountRejected')), stage.rejected],
  ];
  return (
    <Card withBorder radius="md" data-testid={`stage-${stage.stage}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} size="h5">
          {path ? (
            <Anchor component={Link} to={path} inherit>
              {label}
            </Anchor>
          ) : (
            label
          )}
        </Title>
        {stage.overdue > 0 ? (
          <Badge color="red.9" variant="filled" styles={{ label: { overflow: 'visible' } }}>
            {String(t('LegalOverdueCount', { count: stage.overdue }))}
          </Badge>
        ) : null}
      </Group>
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '2px 12px', margin: 0 }}>
        {counts.map(([name, value]) => (
          <div key={name} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dark.6">
              {name}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {format(value)}
            </Text>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function OverdueTable({ rows, canOpenStage }: { rows: OverdueCase[]; canOpenStage: Map<string, boolean> }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <EmptyBlock text={String(t('LegalNoOverdue'))} testId="overdue-empty" />;
  return (
    <OverdueCasesTable
      rows={rows}
      detailPath={(row) =>
        canOpenStage.get(row.routeSlug) === false ? null : caseDetailPath(row.routeSlug, row.caseId, row.accountId)
      }
      stageText={(row) => stageLabel(t, row.stage, row.stageLabelKey)}
      from="legal/dashboard"
      minWidth={700}
      caption={String(t('LegalOverdueSlas'))}
      highlightOnHover
      testId="overdue-table"
    />
  );
}
