import { Anchor, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { minorToDecimalText } from '@recovery-desk/domain/money.ts';
import {
  type RecoveryFigures,
  type RecoveryPeriod,
  type RepoRecoveries,
} from '@recovery-desk/domain/repo/recoveries.ts';
import type { WorkflowDashboard } from '@recovery-desk/domain/workflow/dashboard-contracts.ts';
import type { CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { formatAmount, formatBusinessDate, formatMinor, numberFormat } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { EmptyBlock } from '../../legal/components/load-state.tsx';

type Stage = WorkflowDashboard['stages'][number];

/** The periods the card offers, in order, and their labels. */
const PERIODS = [
  { value: 'month', labelKey: 'RepoRecoveriesMonth' },
  { value: 'yearToDate', labelKey: 'RepoRecoveriesYearToDate' },
  { value: 'allTime', labelKey: 'RepoRecoveriesAllTime' },
] as const satisfies readonly { value: RecoveryPeriod; labelKey: string }[];

/** The amounts the table shows, in order, and the ones the chart draws. */
const AMOUNTS = [
  { key: 'proceedsMinor', labelKey: 'RepoRecoveriesProceeds', chart: true },
  { key: 'expensesMinor', labelKey: 'RepoRecoveriesExpenses', chart: false },
  { key: 'appliedMinor', labelKey: 'RepoRecoveriesApplied', chart: true },
  { key: 'waivedMinor', labelKey: 'RepoRecoveriesWaived', chart: false },
  { key: 'shortfallMinor', labelKey: 'RepoRecoveriesShortfall', chart: true },
  { key: 'surplusMinor', labelKey: 'RepoRecoveriesSurplus', chart: true },
] as const satisfies readonly { key: keyof RecoveryFigures; labelKey: string; chart: boolean }[];

type Row = { code: string; labelKey: string; currency: Currency; figures: RecoveryFigures; href: string | null };

/**
 * The dashboard's Recoveries: per workflow (and currency) what the cases of the acting unit's subtree that closed
 * brought back — the sale proceeds, the expenses recovered from them, what was applied to the dues, the waivers
 * written off, the shortfall left on the accounts (recoverable), the surplus and its refunds, due and paid — this
 * month, this financial year or all time (by the closures' business dates), with a chart per currency. The closed
 * cases link to the closing stage's tray (its approved tab, Team View) when the user may open it.
 */
export function RecoveriesCard({
  recoveries,
  workflows,
  businessDate,
  trayHref,
}: {
  recoveries: RepoRecoveries;
  workflows: readonly WorkflowDashboard[];
  businessDate: string;
  trayHref: (stage: Stage, filter: { tab?: CaseTab }) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const count = numberFormat(language, 0).format;
  const [period, setPeriod] = useState<RecoveryPeriod>('yearToDate');

  const rows: Row[] = recoveries.workflows.flatMap((entry) => {
    const workflow = workflows.find((candidate) => candidate.code === entry.code);
    const stage = workflow?.stages.find((candidate) => candidate.stage === entry.closureStage);
    const href = stage ? trayHref(stage, { tab: 'approved' }) : null;
    return entry.currencies.map((currency) => ({
      code: entry.code,
      labelKey: workflow?.labelKey ?? entry.code,
      currency: currency.currency,
      figures: currency[period],
      href,
    }));
  });
  const inPeriod = rows.filter((row) => row.figures.closedCases > 0);
  const currencies = [...new Set(inPeriod.map((row) => row.currency))].sort();
  const workflowName = (row: Row) => translateKey(t, row.labelKey, row.code);
  const money = (minor: string, currency: Currency) => formatMinor(minor, currency, language);
  const since = period === 'month' ? recoveries.monthStart : period === 'yearToDate' ? recoveries.yearStart : null;
  const to = formatBusinessDate(businessDate, language);

  let body;
  if (rows.length === 0) {
    body = <EmptyBlock text={String(t('RepoRecoveriesEmpty'))} testId="recoveries-empty" />;
  } else {
    body = (
      <Stack gap="sm">
        <SegmentedControl
          aria-label={String(t('RepoRecoveriesPeriod'))}
          w="fit-content"
          value={period}
          onChange={(value) => setPeriod(value as RecoveryPeriod)}
          data={PERIODS.map(({ value, labelKey }) => ({ value, label: String(t(labelKey)) }))}
          data-testid="recoveries-period"
        />
        <Text size="sm" c="dark.6" data-testid="recoveries-range">
          {since
            ? String(t('RepoRecoveriesRange', { from: formatBusinessDate(since, language), to }))
            : String(t('RepoRecoveriesRangeAll', { to }))}
        </Text>
        {inPeriod.length === 0 ? (
          <EmptyBlock text={String(t('RepoRecoveriesPeriodEmpty'))} testId="recoveries-period-empty" />
        ) : (
          <>
            {currencies.map((currency) => (
              <BarChart
                key={currency}
                title={String(t('RepoRecoveriesChart', { currency }))}
                categoryAxisLabel={String(t('RepoRecoveriesWorkflow'))}
                valueAxisLabel={String(t('RepoRecoveriesAmount', { currency }))}
                categories={inPeriod
                  .filter((row) => row.currency === currency)
                  .map((row) => ({
                    key: row.code,
                    label: workflowName(row),
                    values: Object.fromEntries(
                      AMOUNTS.filter((amount) => amount.chart).map((amount) => [
                        amount.key,
                        Number(minorToDecimalText(row.figures[amount.key], currency)),
                      ]),
                    ),
                    href: row.href ?? undefined,
                  }))}
                series={AMOUNTS.filter((amount) => amount.chart).map((amount) => ({
                  key: amount.key,
                  label: String(t(amount.labelKey)),
                }))}
                formatValue={(value) => formatAmount(value, currency, language)}
                testId={`recoveries-chart-${currency}`}
              />
            ))}
            <Table.ScrollContainer minWidth={900}>
              <Table withTableBorder striped fz="sm" aria-labelledby="repo-recoveries" data-testid="recoveries-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{String(t('RepoRecoveriesWorkflow'))}</Table.Th>
                    <Table.Th scope="col">{String(t('RepoRecoveriesClosedCases'))}</Table.Th>
                    {AMOUNTS.map((amount) => (
                      <Table.Th scope="col" key={amount.key}>
                        {String(t(amount.labelKey))}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col">{String(t('RepoRecoveriesRefundsDue'))}</Table.Th>
                    <Table.Th scope="col">{String(t('RepoRecoveriesRefundsPaid'))}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inPeriod.map((row) => {
                    const name = workflowName(row);
                    const closed = count(row.figures.closedCases);
                    return (
                      <Table.Tr
                        key={`${row.code}-${row.currency}`}
                        data-testid={`recoveries-${row.code}-${row.currency}`}
                      >
                        <Table.Th scope="row" fw={400}>
                          {currencies.length > 1 ? `${name} (${row.currency})` : name}
                        </Table.Th>
                        <Table.Td>
                          {row.href ? (
                            <Anchor
                              component={Link}
                              to={row.href}
                              aria-label={`${name} — ${String(t('RepoRecoveriesClosedCases'))}: ${closed}`}
                            >
                              {closed}
                            </Anchor>
                          ) : (
                            closed
                          )}
                        </Table.Td>
                        {AMOUNTS.map((amount) => (
                          <Table.Td key={amount.key}>{money(row.figures[amount.key], row.currency)}</Table.Td>
                        ))}
                        <Table.Td>
                          {`${money(row.figures.refundDueMinor, row.currency)} (${count(row.figures.refundsDue)})`}
                        </Table.Td>
                        <Table.Td>
                          {`${money(row.figures.refundPaidMinor, row.currency)} (${count(row.figures.refundsPaid)})`}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="repo-recoveries" data-testid="recoveries">
      <Title order={2} size="h3" id="repo-recoveries" mb="sm">
        {String(t('RepoRecoveries'))}
      </Title>
      {body}
    </Paper>
  );
}
