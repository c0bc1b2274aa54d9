import { Alert, Skeleton } from '@mantine/core';
import { rollTrendReplySchema, type RollTrendReply } from '@recovery-desk/domain/reports/roll-trend.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LineChart } from '../../components/charts/line-chart.tsx';
import { formatCount } from '../../lib/format.ts';
import { apiClient } from '../../lib/http-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';

// The roll rates report's month-by-month trend (GET /api/collections/reports/rollRates/trend): the last six months'
// roll-forward and roll-back rates as a line chart, for the report's unit and product filters.

async function fetchRollTrend(
  filters: { unitId?: number | undefined; product?: string | undefined },
  signal?: AbortSignal,
): Promise<RollTrendReply> {
  const params = new URLSearchParams();
  if (filters.unitId !== undefined) params.set('unitId', String(filters.unitId));
  if (filters.product) params.set('product', filters.product);
  const query = params.toString();
  return rollTrendReplySchema.parse(
    await apiClient.get<unknown>(`/api/collections/reports/rollRates/trend${query ? `?${query}` : ''}`, { signal }),
  );
}

export function RollTrendChart({ unitId, product }: { unitId?: number | undefined; product?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const trend = useQuery({
    queryKey: ['reports', 'roll-trend', actingUnit, unitId ?? null, product ?? null],
    queryFn: ({ signal }) => fetchRollTrend({ unitId, product }, signal),
  });
  if (trend.isPending) return <Skeleton height={160} aria-label={String(t('ReportRollTrendLoading'))} />;
  if (trend.isError) {
    return (
      <Alert color="red" variant="outline" role="alert">
        {describeHttpError(t, trend.error)}
      </Alert>
    );
  }
  const forward = String(t('ReportColRollForwardRate'));
  const back = String(t('ReportColRollBackRate'));
  return (
    <LineChart
      title={String(t('ReportRollTrend'))}
      categoryAxisLabel={String(t('ReportRollTrendMonth'))}
      valueAxisLabel={`${forward} / ${back} (%)`}
      categories={trend.data.months.map((month) => ({
        key: month.month,
        label: month.month,
        values: {
          rollForwardBp: month.rollForwardBp === null ? null : month.rollForwardBp / 100,
          rollBackBp: month.rollBackBp === null ? null : month.rollBackBp / 100,
        },
      }))}
      series={[
        { key: 'rollForwardBp', label: forward },
        { key: 'rollBackBp', label: back },
      ]}
      formatValue={(value) => `${formatCount(value, i18n.language)} %`}
      testId="roll-trend-chart"
    />
  );
}
