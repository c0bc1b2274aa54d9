import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useFormatters } from './use-formatters.ts';
import { AccountReceipts } from '../../receipts/account-receipts.tsx';

/** The due schedule, the payments received and, when the server sends them, the account's cheques. */
export function PaymentsTab({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = view.account.currency;
  return (
    <Stack gap="lg">
      <AccountReceipts accountId={String(view.account.id)} />
      <DataTable
        caption={String(t('DueSchedule'))}
        testId="dues-table"
        rows={view.dues}
        rowKey={(row) => row.installmentNo}
        emptyText={String(t('NoDues'))}
        columns={[
          { key: 'installmentNo', label: String(t('InstallmentNo')), render: (row) => String(row.installmentNo) },
          { key: 'dueDate', label: String(t('DueDate')), render: (row) => format.date(row.dueDate) },
          { key: 'amountDue', label: String(t('AmountDue')), render: (row) => format.money(row.amountDue, currency) },
          {
            key: 'amountPaid',
            label: String(t('AmountPaid')),
            render: (row) => format.money(row.amountPaid, currency),
          },
          { key: 'paidDate', label: String(t('PaidDate')), render: (row) => format.date(row.paidDate) },
        ]}
      />
      <DataTable
        caption={String(t('PaymentsReceived'))}
        testId="payments-table"
        rows={view.payments}
        rowKey={(row) => row.id}
        emptyText={String(t('NoPayments'))}
        columns={[
          { key: 'paidOn', label: String(t('PaidOn')), render: (row) => format.date(row.paidOn) },
          { key: 'amount', label: String(t('Amount')), render: (row) => format.money(row.amount, currency) },
          { key: 'mode', label: String(t('PaymentMode')), render: (row) => row.mode },
          { key: 'reference', label: String(t('Reference')), render: (row) => row.reference },
        ]}
      />
      {view.cheques ? (
        <DataTable
          caption={String(t('Cheques'))}
          testId="cheques-table"
          rows={view.cheques}
          rowKey={(row) => row.chequeNo}
          emptyText={String(t('NoCheques'))}
          columns={[
            { key: 'chequeNo', label: String(t('ChequeNo')), render: (row) => row.chequeNo },
            { key: 'chequeDate', label: String(t('ChequeDate')), render: (row) => format.date(row.chequeDate) },
            { key: 'amount', label: String(t('Amount')), render: (row) => format.money(row.amount, currency) },
            { key: 'bounceDate', label: String(t('BounceDate')), render: (row) => format.date(row.bounceDate) },
            {
              key: 'claimedAmount',
              label: String(t('ClaimedAmount')),
              render: (row) => format.money(row.claimedAmount, currency),
            },
          ]}
        />
      ) : null}
    </Stack>
  );
}
