import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { productLabel } from '../labels.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useFormatters } from './use-formatters.ts';

export function LinkedAccountsTab({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <DataTable
      caption={String(t('TabLinkedAccounts'))}
      testId="linked-accounts-table"
      rows={view.linkedAccounts}
      rowKey={(row) => row.id}
      emptyText={String(t('NoLinkedAccounts'))}
      columns={[
        { key: 'id', label: String(t('Id')), render: (row) => String(row.id) },
        { key: 'accountNo', label: String(t('AccountNo')), render: (row) => row.accountNo },
        { key: 'product', label: String(t('Product')), render: (row) => productLabel(t, row.product) },
        { key: 'sourceProduct', label: String(t('SourceProduct')), render: (row) => row.sourceProduct },
        { key: 'pos', label: String(t('Pos')), render: (row) => format.money(row.pos, row.currency) },
        {
          key: 'totalOutstanding',
          label: String(t('TotalOutstanding')),
          render: (row) => format.money(row.totalOutstanding, row.currency),
        },
        { key: 'dpd', label: String(t('Dpd')), render: (row) => String(row.dpd) },
        { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
      ]}
    />
  );
}
