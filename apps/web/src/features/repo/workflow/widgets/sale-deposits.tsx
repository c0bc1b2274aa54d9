import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { SaleDepositsReply, SaleProblem } from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatBusinessDate } from '../../../../lib/format.ts';
import { SummaryList } from '../../../workflow/case/case-header.tsx';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { fetchSaleDeposits, repoKeys } from '../../api/repo-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `saleDeposits` widget of the SARFAESI sale stages (Rule 9(2)–(4)): a case tab with the sale price, the EMD of
// the buyer's bid adjusted against the 25% deposit, the deposit due and received, the 75% balance due, its last day
// (the 15th day of the confirmation, or three months with a written extension) and what was received. The figures
// are the saved case's; what breaks the rule is named, and the stage's action refuses it on the server too.

const PROBLEM_KEYS = {
  DEPOSIT_SHORT: 'SaleProblemDepositShort',
  DEPOSIT_ABOVE_SALE: 'SaleProblemDepositAboveSale',
  BALANCE_MISMATCH: 'SaleProblemBalanceMismatch',
  BALANCE_LATE: 'SaleProblemBalanceLate',
  BALANCE_LATE_EXTENDED: 'SaleProblemBalanceLateExtended',
} as const satisfies Record<SaleProblem, string>;

function Figures({ data }: { data: SaleDepositsReply }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | null) => (amount === null ? '—' : formatAmount(amount, data.currency, i18n.language));
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  return (
    <SummaryList
      testId="sale-deposit-figures"
      items={[
        { label: String(t('SaleDepositsSalePrice')), value: money(data.saleAmount), testId: 'sale-price' },
        {
          label: String(t('SaleDepositsEmdAdjusted')),
          value: data.buyerName
            ? String(t('SaleDepositsEmdOfBuyer', { amount: money(data.emdAmount), buyer: data.buyerName }))
            : money(data.emdAmount),
          testId: 'sale-emd',
        },
        { label: String(t('SaleDepositsShare')), value: money(data.depositShare) },
        { label: String(t('SaleDepositsDepositDue')), value: money(data.depositDue), testId: 'sale-deposit-due' },
        { label: String(t('SaleDepositsDepositReceived')), value: money(data.depositAmount) },
        { label: String(t('SaleDepositsBalanceDue')), value: money(data.balanceDue), testId: 'sale-balance-due' },
        {
          label: String(t('SaleDepositsBalanceDueBy')),
          value: data.balanceDueBy
            ? String(
                t(data.balanceExtensionAgreed ? 'SaleDepositsDueByExtended' : 'SaleDepositsDueByRule', {
                  date: date(data.balanceDueBy),
                }),
              )
            : String(t('SaleDepositsNotConfirmed')),
          testId: 'sale-balance-due-by',
        },
        { label: String(t('SaleDepositsBalanceReceived')), value: money(data.balanceAmount) },
      ]}
    />
  );
}

export function SaleDepositsTab({ view }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const caseId = view.case.caseId;
  const deposits = useQuery({
    queryKey: repoKeys.saleDeposits(caseId, view.case.version),
    queryFn: ({ signal }) => fetchSaleDeposits(caseId, signal),
  });
  if (deposits.isPending || deposits.isError) {
    return (
      <SectionLoadState
        query={deposits}
        loading={String(t('SaleDepositsLoading'))}
        failed={String(t('SaleDepositsLoadFailed'))}
      />
    );
  }
  const data = deposits.data;
  const money = (amount: string | null) => (amount === null ? '—' : formatAmount(amount, data.currency, i18n.language));
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="sale-deposits-title"
      data-testid="sale-deposits"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="sale-deposits-title">
          {String(t('SaleDepositsTitle'))}
        </Title>
        <Text size="sm" c="dark.6">
          {String(t('SaleDepositsNote'))}
        </Text>
        {data.saleAmount === null ? (
          <Text size="sm">{String(t('SaleDepositsNoSalePrice'))}</Text>
        ) : (
          <Figures data={data} />
        )}
        {data.problems.length > 0 ? (
          <Alert color="orange" role="alert" title={String(t('SaleDepositsProblems'))} data-testid="sale-problems">
            <Stack gap={4}>
              {data.problems.map((problem) => (
                <Text size="sm" key={problem.code}>
                  {String(
                    t(PROBLEM_KEYS[problem.code], {
                      deposit: money(data.depositDue),
                      sale: money(data.saleAmount),
                      balance: money(data.balanceDue),
                      date: date(data.balanceDueBy),
                    }),
                  )}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

export const stageWidget: StageWidget = {
  name: 'saleDeposits',
  caseTab: { labelKey: 'SaleDepositsTab', Component: SaleDepositsTab },
};
