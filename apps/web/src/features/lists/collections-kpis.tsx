import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CollectionsDashboard } from '@recovery-desk/domain/lists/contracts.ts';
import { formatAmount, type Currency } from '@recovery-desk/domain/money.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GridEmpty, GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { useSession } from '../../lib/session-store.ts';
import { bucketLabel } from '../collections/labels.ts';
import { fetchCollectionsDashboard } from './api/lists-api.ts';
import { listsKeys } from './api/query-keys.ts';
import { numberFormat } from '../../lib/format.ts';
import { CollectionsCharts } from './collections-charts.tsx';

type Total = CollectionsDashboard['recoveriesThisMonth'][number];

function moneyList(totals: readonly Total[]): string {
  return totals.map((total) => formatAmount(total.amount, total.currency as Currency)).join(' · ');
}

/**
 * The collections home's figures (GET /api/collections/dashboard) for the acting unit's subtree: accounts, PTPs
 * due today and broken this month, pending approvals, recoveries this month, and the accounts per DPD bucket.
 */
export function CollectionsKpis() {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const dashboard = useQuery({
    queryKey: listsKeys.collectionsDashboard(actingUnit),
    queryFn: ({ signal }) => fetchCollectionsDashboard(signal),
    enabled: actingUnit !== null,
  });
  const number = numberFormat(i18n.language);

  let body;
  if (dashboard.isPending) {
    body = <GridLoading label={String(t('CollectionsKpisLoading'))} rows={3} testId="kpis-loading" />;
  } else if (dashboard.isError) {
    body = (
      <GridError
        title={String(t('CollectionsKpisFailed'))}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        testId="kpis-error"
      />
    );
  } else {
    const data = dashboard.data;
    const tiles: { id: string; label: string; value: string }[] = [
      { id: 'accounts', label: String(t('KpiAccountsInScope')), value: number.format(data.totalAccounts) },
      { id: 'ptps-due', label: String(t('KpiPtpsDueToday')), value: number.format(data.ptpsDueToday) },
      { id: 'ptps-broken', label: String(t('KpiPtpsBroken')), value: number.format(data.ptpsBrokenThisMonth) },
      { id: 'approvals', label: String(t('KpiPendingApprovals')), value: number.format(data.pendingApprovals) },
      {
        id: 'recoveries',
        label: String(t('KpiRecoveries')),
        value: data.recoveriesThisMonth.length > 0 ? moneyList(data.recoveriesThisMonth) : String(t('KpiNoRecoveries')),
      },
    ];
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          {tiles.map((tile) => (
            <Paper key={tile.id} withBorder p="sm" radius="md" data-testid={`kpi-${tile.id}`}>
              <Text size="sm" c="dark.6">
                {tile.label}
              </Text>
              <Text size="xl" fw={700}>
                {tile.value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        {data.totalAccounts === 0 ? (
          <GridEmpty text={String(t('CollectionsKpisEmpty'))} testId="kpis-empty" />
        ) : (
          <Table withTableBorder striped data-testid="kpi-buckets">
            <caption className="visually-hidden">{String(t('AccountsByBucket'))}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{String(t('DpdBucket'))}</Table.Th>
                <Table.Th scope="col">{String(t('Accounts'))}</Table.Th>
                <Table.Th scope="col">{String(t('AmountOverdue'))}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.buckets.map((bucket) => (
                <Table.Tr key={bucket.bucket} data-testid={`kpi-bucket-${bucket.bucket}`}>
                  <Table.Th scope="row">{bucketLabel(t, bucket.bucket)}</Table.Th>
                  <Table.Td>{number.format(bucket.accounts)}</Table.Td>
                  <Table.Td>{bucket.overdue.length > 0 ? moneyList(bucket.overdue) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {data.totalAccounts === 0 ? null : <CollectionsCharts data={data} />}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="collections-kpis">
      <Title order={2} size="h4" id="collections-kpis" mb="xs">
        {String(t('CollectionsKpis'))}
      </Title>
      {body}
    </Paper>
  );
}
