import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { allocationKindLabel, bucketLabel, productLabel, restrictionLabel } from '../labels.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { FieldList } from './field-list.tsx';
import { useFormatters } from './use-formatters.ts';

/** Spec §3 Account: every field, then the account's restriction and allocation histories. */
export function AccountTab({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const a = view.account;
  const money = (value: string) => format.money(value, a.currency);
  return (
    <Stack gap="lg">
      <FieldList
        testId="account-fields"
        fields={[
          { label: String(t('AccountId')), value: String(a.id) },
          { label: String(t('AccountNo')), value: a.accountNo },
          { label: String(t('CardNo')), value: a.cardNo },
          { label: String(t('Dpd')), value: String(a.dpd) },
          { label: String(t('DpdBucket')), value: bucketLabel(t, a.bucket) },
          { label: String(t('AssetClass')), value: a.assetClass },
          { label: String(t('BounceDate')), value: format.date(a.bounceDate) },
          { label: String(t('BounceReason')), value: a.bounceReason },
          { label: String(t('BounceCharges')), value: money(a.bounceCharges) },
          { label: String(t('TotalInterestOutstanding')), value: money(a.totalInterestOutstanding) },
          { label: String(t('TotalPrincipalOutstanding')), value: money(a.totalPrincipalOutstanding) },
          { label: String(t('OtherCharges')), value: money(a.otherCharges) },
          { label: String(t('OverdueCharges')), value: money(a.overdueCharges) },
          { label: String(t('LoanAmount')), value: money(a.loanAmount) },
          { label: String(t('EmiAmount')), value: money(a.emiAmount) },
          { label: String(t('TotalDueAmount')), value: money(a.totalDueAmount) },
          { label: String(t('Tenure')), value: String(t('TenureMonths', { count: a.tenure })) },
          { label: String(t('IssuedBy')), value: a.issuedBy },
          { label: String(t('PromoCode')), value: a.promoCode },
          { label: String(t('BranchName')), value: a.branchName },
          { label: String(t('Scheme')), value: a.scheme },
          { label: String(t('Product')), value: productLabel(t, a.product) },
          { label: String(t('Currency')), value: a.currency },
          { label: String(t('MaturityDate')), value: format.date(a.maturityDate) },
          { label: String(t('LastDueDate')), value: format.date(a.lastDueDate) },
          { label: String(t('DisbursalDate')), value: format.date(a.disbursalDate) },
          { label: String(t('RepaymentMode')), value: a.repaymentMode },
          { label: String(t('DelinquentFlag')), value: format.yesNo(a.delinquentFlag) },
          { label: String(t('AllocatedTo')), value: a.allocatedTo ?? String(t('NotAllocated')) },
        ]}
      />
      <DataTable
        caption={String(t('RestrictionHistory'))}
        testId="restriction-history"
        rows={view.restrictions}
        rowKey={(row) => row.id}
        emptyText={String(t('NoRestrictions'))}
        columns={[
          { key: 'kind', label: String(t('Type')), render: (row) => restrictionLabel(t, row.kind) },
          { key: 'action', label: String(t('Action')), render: (row) => restrictionLabel(t, row.action) },
          { key: 'reason', label: String(t('Reason')), render: (row) => row.reason },
          { key: 'remarks', label: String(t('Remarks')), render: (row) => row.remarks },
          { key: 'by', label: String(t('RecordedBy')), render: (row) => row.by },
          { key: 'businessDate', label: String(t('BusinessDate')), render: (row) => format.date(row.businessDate) },
          {
            key: 'expiresOn',
            label: String(t('RestrictionEndsOn')),
            render: (row) => (row.expiresOn ? format.date(row.expiresOn) : null),
          },
          { key: 'createdAt', label: String(t('RecordedAt')), render: (row) => format.dateTime(row.createdAt) },
        ]}
      />
      <DataTable
        caption={String(t('AllocationHistory'))}
        testId="allocation-history"
        rows={view.allocationHistory}
        rowKey={(row) => row.id}
        emptyText={String(t('NoAllocations'))}
        columns={[
          { key: 'to', label: String(t('AllocatedTo')), render: (row) => row.to },
          { key: 'kind', label: String(t('AllocationKind')), render: (row) => allocationKindLabel(t, row.kind) },
          { key: 'by', label: String(t('AllocatedBy')), render: (row) => row.by },
          { key: 'startedAt', label: String(t('StartedAt')), render: (row) => format.dateTime(row.startedAt) },
          {
            key: 'endedAt',
            label: String(t('EndedAt')),
            render: (row) => (row.endedAt ? format.dateTime(row.endedAt) : String(t('Current'))),
          },
        ]}
      />
    </Stack>
  );
}
