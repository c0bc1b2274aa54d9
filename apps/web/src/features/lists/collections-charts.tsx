import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CollectionsDashboard } from '@recovery-desk/domain/lists/contracts.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../components/charts/bar-chart.tsx';
import { LineChart } from '../../components/charts/line-chart.tsx';
import { formatBusinessDate, formatCount, formatMinor } from '../../lib/format.ts';
import { bucketLabel } from '../collections/labels.ts';

/** The DPD range of a bucket as the tray's filters (B6 has no upper end). */
const BUCKET_DPD: Record<string, { from: number; to?: number }> = {
  CURRENT: { from: 0, to: 0 },
  B1: { from: 1, to: 30 },
  B2: { from: 31, to: 60 },
  B3: { from: 61, to: 90 },
  B4: { from: 91, to: 180 },
  B5: { from: 181, to: 365 },
  B6: { from: 366 },
};

/** The Team View of the telecaller tray with a bucket's DPD range in the address (the bucket's drill-down). */
export function bucketTrayHref(bucket: string): string {
  const range = BUCKET_DPD[bucket] ?? { from: 0 };
  const params = new URLSearchParams({ view: 'team', dpdFrom: String(range.from) });
  if (range.to !== undefined) params.set('dpdTo', String(range.to));
  return `/collapp/telecaller?${params.toString()}`;
}

/** The PTPs of the subtree by their next action (the promised date), soonest first: the drill-down of "due today". */
export const PTPS_DUE_HREF = '/collapp/telecaller?view=team&sort=nextActionDate&order=asc';
const REPORTS_HREF = '/collapp/reportGeneration';

/**
 * The collections dashboard's charts (issue 14), each drilling down: overdue accounts by bucket (each bar opens the
 * tray filtered to the bucket), collections against the month's target per currency (opens the collection
 * efficiency report by branch), and the trends: collections per day of the last 30 days and per month of the last
 * six, per currency, with a link to the Roll rates report.
 */
export function CollectionsCharts({ data }: { data: CollectionsDashboard }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const count = (value: number) => formatCount(value, language, 0);
  const overdue = data.buckets.filter((bucket) => bucket.bucket !== 'CURRENT');
  // one chart per currency: amounts of different currencies never share an axis
  const trendCurrencies = [
    ...new Set([...data.dailyCollections, ...data.monthlyCollections].map((item) => item.currency)),
  ].sort();
  const days = [...new Set(data.dailyCollections.map((day) => day.date))].sort();
  const months = [...new Set(data.monthlyCollections.map((month) => month.month))].sort();

  return (
    <Stack gap="md" data-testid="dashboard-charts">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="sm" radius="md">
          <BarChart
            title={String(t('DashOverdueByBucket'))}
            categoryAxisLabel={String(t('DpdBucket'))}
            valueAxisLabel={String(t('Accounts'))}
            categories={overdue.map((bucket) => ({
              key: bucket.bucket,
              label: bucketLabel(t, bucket.bucket),
              values: { accounts: bucket.accounts },
              href: bucketTrayHref(bucket.bucket),
            }))}
            series={[{ key: 'accounts', label: String(t('Accounts')) }]}
            formatValue={count}
            testId="chart-overdue"
          />
          <Anchor component={Link} to={PTPS_DUE_HREF} size="sm" data-testid="drill-ptps-due">
            {`${String(t('KpiPtpsDueToday'))}: ${count(data.ptpsDueToday)} — ${String(t('DashOpenTray'))}`}
          </Anchor>
        </Paper>
        <Paper withBorder p="sm" radius="md" data-testid="dashboard-targets">
          {data.targets.length === 0 ? (
            <>
              <Title order={3} size="h5">
                {String(t('DashTargetTitle'))}
              </Title>
              <Text size="sm">{String(t('DashNoTarget'))}</Text>
            </>
          ) : (
            <BarChart
              title={String(t('DashTargetTitle'))}
              categoryAxisLabel={String(t('ReportColCurrency'))}
              valueAxisLabel={`${String(t('DashAchieved'))} (%)`}
              categories={data.targets.map((target) => ({
                key: target.currency,
                label: target.currency,
                values: {
                  achieved: target.targetMinor ? (target.collectedMinor * 100) / target.targetMinor : null,
                },
                href: `${REPORTS_HREF}?report=collectionEfficiency&by=branch`,
              }))}
              series={[{ key: 'achieved', label: String(t('DashAchieved')) }]}
              formatValue={(value) => `${formatCount(value, language, 1)} %`}
              testId="chart-targets"
            />
          )}
          <Stack gap={2} mt="xs">
            {data.targets.map((target) => (
              <Text size="sm" key={target.currency} data-testid={`target-${target.currency}`}>
                {`${formatMinor(target.collectedMinor, target.currency, language)} / ${
                  target.targetMinor === null ? '—' : formatMinor(target.targetMinor, target.currency, language)
                }${
                  target.targetMinor
                    ? ` · ${String(t('DashAchieved'))} ${formatCount((target.collectedMinor * 100) / target.targetMinor, language, 1)} %`
                    : ''
                }`}
              </Text>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Title order={3} size="h4">
        {String(t('DashTrends'))}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {trendCurrencies.flatMap((currency) => [
          <Paper withBorder p="sm" radius="md" key={`daily-${currency}`}>
            <LineChart
              title={`${String(t('DashDailyTitle'))} (${currency})`}
              categoryAxisLabel={String(t('DashDate'))}
              valueAxisLabel={String(t('DashCollected'))}
              categories={days.map((date) => {
                const day = data.dailyCollections.find((item) => item.date === date && item.currency === currency);
                return {
                  key: date,
                  label: formatBusinessDate(date, language),
                  values: { [currency]: day ? day.amountMinor / 100 : 0 },
                };
              })}
              series={[{ key: currency, label: currency }]}
              formatValue={(value) => formatCount(value, language)}
              testId={`chart-daily-${currency}`}
            />
          </Paper>,
          <Paper withBorder p="sm" radius="md" key={`monthly-${currency}`}>
            <LineChart
              title={`${String(t('DashMonthlyTitle'))} (${currency})`}
              categoryAxisLabel={String(t('DashMonth'))}
              valueAxisLabel={String(t('DashCollected'))}
              categories={months.map((month) => {
                const found = data.monthlyCollections.find(
                  (item) => item.month === month && item.currency === currency,
                );
                return {
                  key: month,
                  label: formatBusinessDate(month, language).replace(/^\d+[./]/, ''),
                  values: { [currency]: found ? found.amountMinor / 100 : 0 },
                };
              })}
              series={[{ key: currency, label: currency }]}
              formatValue={(value) => formatCount(value, language)}
              testId={`chart-monthly-${currency}`}
            />
          </Paper>,
        ])}
      </SimpleGrid>
      <Anchor component={Link} to={`${REPORTS_HREF}?report=rollRates`} size="sm" data-testid="drill-roll">
        {String(t('DashOpenRollRates'))}
      </Anchor>
    </Stack>
  );
}
