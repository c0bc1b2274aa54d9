import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { RepoDashboard } from '@recovery-desk/domain/repo/contracts.ts';
import { AGEING_BUCKETS, type WorkflowDashboard } from '@recovery-desk/domain/workflow/dashboard-contracts.ts';
import type { CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { formatBusinessDate, numberFormat } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { isScreenRegistered } from '../../../lib/screen-registry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { OverdueCasesTable } from '../../legal/components/overdue-cases-table.tsx';
import { routePath, useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { fetchRepoDashboard, repoKeys } from '../api/repo-api.ts';
import { RecoveriesCard } from './recoveries-card.tsx';
import { YardInventoryCard } from './yard-inventory-card.tsx';

type Stage = WorkflowDashboard['stages'][number];
type OverdueCase = WorkflowDashboard['overdueCases'][number];

const AGEING_KEYS = {
  upTo7: 'RepoAgeingUpTo7',
  upTo30: 'RepoAgeingUpTo30',
  upTo90: 'RepoAgeingUpTo90',
  over90: 'RepoAgeingOver90',
} as const;

/**
 * A stage tray's address with the dashboard's scope (Team View: the dashboard counts the unit's subtree) and an
 * optional tab or "overdue only"; null when the caller may not open it or it is not built.
 */
export function trayHref(stage: Stage, filter: { tab?: CaseTab; overdueOnly?: boolean } = {}): string | null {
  if (!stage.canOpen || !isScreenRegistered(stage.routeSlug)) return null;
  const path = routePath(stage.routeSlug);
  if (!path) return null;
  const query = new URLSearchParams({ view: 'team' });
  if (filter.tab) query.set('tab', filter.tab);
  if (filter.overdueOnly) query.set('overdueOnly', 'true');
  return `${path}?${query.toString()}`;
}

const stageName = (t: TFunction, stage: { stage: string; labelKey: string }) =>
  translateKey(t, stage.labelKey, stage.stage);

/**
 * /Reposition (and /RepoHome): the REPOSSESSION and SARFAESI work of the acting unit's subtree (GET
 * /api/repo/dashboard): per workflow the totals, charts of open cases, ageing and overdue cases by stage, the work of
 * every stage by tab, and the cases past a statutory or policy date; the yard inventory; the recoveries of the closed
 * cases. Every figure links to its stage's tray.
 */
export function RepoDashboardPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('repoDashboard');
  const session = useSession();
  const dashboard = useQuery({
    queryKey: repoKeys.dashboard(session.actingUnit),
    queryFn: ({ signal }) => fetchRepoDashboard(signal),
  });

  let body: ReactNode;
  if (dashboard.isPending) {
    body = <LoadingBlock label={String(t('RepoDashboardLoading'))} testId="dashboard-loading" />;
  } else if (dashboard.isError) {
    body = (
      <LoadError
        title={String(t('RepoDashboardLoadFailed'))}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        testId="dashboard-error"
      />
    );
  } else {
    body = <DashboardBody data={dashboard.data} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group gap="lg" data-testid="dashboard-context" wrap="wrap">
        <Text size="sm">
          {String(t('ActingUnit'))}:{' '}
          <Text span fw={600} size="sm">
            {session.activeUnitData?.name ?? String(t('None'))}
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

function DashboardBody({ data }: { data: RepoDashboard }) {
  return (
    <Stack gap="xl">
      {data.workflows.map((workflow) => (
        <WorkflowSection key={workflow.code} workflow={workflow} />
      ))}
      <YardInventoryCard workflows={data.workflows} trayHref={(stage) => trayHref(stage)} />
      <RecoveriesCard
        recoveries={data.recoveries}
        workflows={data.workflows}
        businessDate={data.businessDate}
        trayHref={trayHref}
      />
    </Stack>
  );
}

function WorkflowSection({ workflow }: { workflow: WorkflowDashboard }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const count = (value: number) => number.format(value);
  const id = `workflow-${workflow.code}`;
  const withCases = workflow.stages.filter((stage) => stage.open > 0);
  const withOverdue = workflow.stages.filter((stage) => stage.overdue > 0);
  const stageAxis = String(t('RepoChartStage'));
  const casesAxis = String(t('RepoChartCases'));

  return (
    <Stack component="section" gap="md" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h3" id={id}>
        {translateKey(t, workflow.labelKey, workflow.code)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid={`${workflow.code}-totals`}>
        <Total label={String(t('RepoTotalOpen'))} value={count(workflow.totals.open)} />
        <Total label={String(t('RepoTotalOverdue'))} value={count(workflow.totals.overdue)} />
        <Total label={String(t('RepoTotalClosedThisMonth'))} value={count(workflow.totals.closedThisMonth)} />
      </SimpleGrid>

      {withCases.length === 0 ? (
        <EmptyBlock text={String(t('RepoNoOpenCases'))} testId={`${workflow.code}-empty`} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <BarChart
            title={String(t('RepoChartOpenByStage'))}
            categoryAxisLabel={stageAxis}
            valueAxisLabel={casesAxis}
            categories={withCases.map((stage) => ({
              key: stage.stage,
              label: stageName(t, stage),
              values: { open: stage.open },
              href: trayHref(stage) ?? undefined,
            }))}
            series={[{ key: 'open', label: String(t('LegalCountOpen')) }]}
            formatValue={count}
            testId={`${workflow.code}-chart-open`}
          />
          <BarChart
            stacked
            title={String(t('RepoChartAgeingByStage'))}
            categoryAxisLabel={stageAxis}
            valueAxisLabel={casesAxis}
            categories={withCases.map((stage) => ({
              key: stage.stage,
              label: stageName(t, stage),
              values: { ...stage.ageing },
              href: trayHref(stage) ?? undefined,
            }))}
            series={AGEING_BUCKETS.map((bucket) => ({ key: bucket, label: String(t(AGEING_KEYS[bucket])) }))}
            formatValue={count}
            testId={`${workflow.code}-chart-ageing`}
          />
          {withOverdue.length > 0 ? (
            <BarChart
              title={String(t('RepoChartOverdueByStage'))}
              categoryAxisLabel={stageAxis}
              valueAxisLabel={casesAxis}
              categories={withOverdue.map((stage) => ({
                key: stage.stage,
                label: stageName(t, stage),
                values: { overdue: stage.overdue },
                href: trayHref(stage, { overdueOnly: true }) ?? undefined,
              }))}
              series={[{ key: 'overdue', label: String(t('WorkflowRowOverdue')) }]}
              formatValue={count}
              testId={`${workflow.code}-chart-overdue`}
            />
          ) : null}
        </SimpleGrid>
      )}

      <StageTable workflow={workflow} format={count} />
      <OverdueTable workflow={workflow} />
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

/** A count that opens its tray (at its tab) when the caller may, plain text otherwise. */
function CountLink({ value, href, label }: { value: string; href: string | null; label: string }) {
  if (!href) return <>{value}</>;
  return (
    <Anchor component={Link} to={href} aria-label={`${label}: ${value}`}>
      {value}
    </Anchor>
  );
}

function StageTable({ workflow, format }: { workflow: WorkflowDashboard; format: (value: number) => string }) {
  const { t } = useTranslation();
  const id = `${workflow.code}-stages`;
  const columns: { key: keyof Stage; labelKey: string; tab?: CaseTab; overdueOnly?: boolean }[] = [
    { key: 'open', labelKey: 'LegalCountOpen' },
    { key: 'pendingApproval', labelKey: 'LegalCountPendingApproval', tab: 'pendingApproval' },
    { key: 'pushback', labelKey: 'LegalCountPushback', tab: 'pushback' },
    { key: 'rejected', labelKey: 'LegalCountRejected', tab: 'rejected' },
    { key: 'overdue', labelKey: 'WorkflowRowOverdue', overdueOnly: true },
  ];
  return (
    <div>
      <Title order={3} size="h4" id={id} mb="xs">
        {String(t('RepoWorkByStage'))}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped fz="sm" aria-labelledby={id} data-testid={`${workflow.code}-stage-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('LegalStage'))}</Table.Th>
              {columns.map((column) => (
                <Table.Th scope="col" key={column.key}>
                  {translateKey(t, column.labelKey, column.key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {workflow.stages.map((stage) => {
              const name = stageName(t, stage);
              const tray = trayHref(stage);
              return (
                <Table.Tr key={stage.stage} data-testid={`stage-${stage.stage}`}>
                  <Table.Th scope="row" fw={400}>
                    {tray ? (
                      <Anchor component={Link} to={tray}>
                        {name}
                      </Anchor>
                    ) : (
                      name
                    )}
                  </Table.Th>
                  {columns.map((column) => {
                    const value = format(stage[column.key] as number);
                    const href =
                      column.key === 'open'
                        ? null
                        : trayHref(stage, { tab: column.tab, overdueOnly: column.overdueOnly });
                    return (
                      <Table.Td key={column.key}>
                        <CountLink
                          value={value}
                          href={href}
                          label={`${name} — ${translateKey(t, column.labelKey, column.key)}`}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

function OverdueTable({ workflow }: { workflow: WorkflowDashboard }) {
  const { t } = useTranslation();
  const id = `${workflow.code}-overdue`;
  const canOpen = new Map(workflow.stages.map((stage) => [stage.routeSlug, stage.canOpen]));
  const rows: OverdueCase[] = workflow.overdueCases;
  return (
    <div>
      <Title order={3} size="h4" id={id} mb="xs">
        {String(t('RepoOverdueDates'))}
      </Title>
      {rows.length === 0 ? (
        <EmptyBlock text={String(t('RepoNoOverdue'))} testId={`${workflow.code}-overdue-empty`} />
      ) : (
        <OverdueCasesTable
          rows={rows}
          detailPath={(row) =>
            canOpen.get(row.routeSlug) === false
              ? null
              : routePath(`${row.routeSlug}Detail`, { caseid: row.caseId, accountid: row.accountId })
          }
          stageText={(row) => translateKey(t, row.stageLabelKey, row.stage)}
          from="repo/dashboard"
          showRules
          minWidth={760}
          labelledBy={id}
          testId={`${workflow.code}-overdue-table`}
        />
      )}
    </div>
  );
}
