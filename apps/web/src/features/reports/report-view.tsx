import type { ReportDefinition, ReportReply, ReportRow } from '@recovery-desk/domain/reports/contracts.ts';
import type { TFunction } from 'i18next';
import { BarChart } from '../../components/charts/bar-chart.tsx';
import type { ChartCategory } from '../../components/charts/chart-types.ts';
import { LineChart } from '../../components/charts/line-chart.tsx';
import { DataTable, EMPTY_VALUE, type DataColumn } from '../../components/data-table.tsx';
import { formatCount, formatMinor } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';

/** A rate in basis points as a percentage in the user's number format (8125 → "81.25 %"). */
export function formatRate(bp: number, language: string): string {
  return `${formatCount(bp / 100, language)} %`;
}

/** A cell of a report as the user reads it. */
export function reportCell(report: ReportDefinition, key: string, row: ReportRow, language: string): string {
  const column = report.columns.find((candidate) => candidate.key === key);
  const value = row[key];
  if (value === null || value === undefined) return EMPTY_VALUE;
  switch (column?.kind) {
    case 'money':
      return typeof row.currency === 'string'
        ? formatMinor(typeof value === 'bigint' ? value : Math.round(Number(value)), row.currency, language)
        : formatCount(Number(value) / 100, language);
    case 'rate':
      return formatRate(Number(value), language);
    case 'count':
      return formatCount(Number(value), language, 0);
    default: {
      const label = row[`${key}Label`];
      return typeof label === 'string' ? label : String(value);
    }
  }
}

/** Bars drawn at most (the table holds every row of the screen). */
const CHART_CATEGORIES = 20;

/** The report's chart, as its definition says: categories from its rows, series from its columns. */
export function ReportChart({
  report,
  reply,
  t,
  language,
}: {
  report: ReportDefinition;
  reply: ReportReply;
  t: TFunction;
  language: string;
}) {
  const { chart } = report;
  const title = String(t('ReportChartCaption', { report: translateKey(t, report.labelKey, report.key) }));
  const hasCurrency = report.columns.some((column) => column.key === 'currency');
  const categoryColumn = report.columns.find((column) => column.key === chart.category);
  const categories: ChartCategory[] = reply.rows.slice(0, CHART_CATEGORIES).map((row, index) => {
    const label = row[`${chart.category}Label`] ?? row[chart.category];
    const name = `${typeof label === 'string' ? label : String(label ?? EMPTY_VALUE)}${hasCurrency && row.currency ? ` (${String(row.currency)})` : ''}`;
    return {
      key: `${index}`,
      label: name,
      values: Object.fromEntries(
        chart.series.map((key) => {
          const value = row[key];
          if (value === null || value === undefined) return [key, null];
          if (chart.valueKind === 'rate' || chart.valueKind === 'money') return [key, Number(value) / 100];
          return [key, Number(value)];
        }),
      ),
    };
  });
  const series = chart.series.map((key) => {
    const column = report.columns.find((candidate) => candidate.key === key);
    return { key, label: column ? translateKey(t, column.labelKey, key) : key };
  });
  const formatValue = (value: number) =>
    chart.valueKind === 'rate' ? `${formatCount(value, language)} %` : formatCount(value, language);
  const valueAxisLabel =
    chart.valueKind === 'rate'
      ? `${series.map((item) => item.label).join(' / ')} (%)`
      : series.length === 1
        ? series[0]!.label
        : translateKey(t, report.labelKey, report.key);
  const categoryAxisLabel = categoryColumn
    ? translateKey(t, categoryColumn.labelKey, categoryColumn.key)
    : String(t('ReportColBucketAtStart'));
  const common = {
    title,
    categoryAxisLabel,
    valueAxisLabel,
    categories,
    series,
    formatValue,
    testId: 'report-chart',
  };
  if (chart.kind === 'line') return <LineChart {...common} />;
  return <BarChart {...common} stacked={chart.kind === 'stackedBar'} />;
}

/** The report's rows as a read-only table of the list kit. */
export function ReportTable({
  report,
  reply,
  t,
  language,
}: {
  report: ReportDefinition;
  reply: ReportReply;
  t: TFunction;
  language: string;
}) {
  const columns: DataColumn<ReportRow & { __index: number }>[] = report.columns
    .filter((column) => column.key !== 'snapshotAccounts' || reply.rows.some((row) => row.snapshotAccounts !== null))
    .map((column) => ({
      key: column.key,
      label: `${translateKey(t, column.labelKey, column.key)}${column.kind === 'rate' ? ' (%)' : ''}`,
      render: (row) => reportCell(report, column.key, row, language),
    }));
  return (
    <DataTable
      caption={String(t('ReportTableCaption', { report: translateKey(t, report.labelKey, report.key) }))}
      columns={columns}
      rows={reply.rows.map((row, index) => ({ ...row, __index: index }))}
      rowKey={(row) => row.__index}
      emptyText={String(t('ReportEmpty'))}
      testId="report-table"
    />
  );
}
