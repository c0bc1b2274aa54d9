import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useFormatters } from './use-formatters.ts';

export function CollateralTab({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <DataTable
      caption={String(t('TabCollateralDetails'))}
      testId="collateral-table"
      rows={view.collaterals}
      rowKey={(row) => row.id}
      emptyText={String(t('NoCollateral'))}
      columns={[
        { key: 'id', label: String(t('Id')), render: (row) => String(row.id) },
        { key: 'type', label: String(t('CollateralType')), render: (row) => row.collateralType },
        { key: 'description', label: String(t('Description')), render: (row) => row.description },
        { key: 'registrationNo', label: String(t('RegistrationNo')), render: (row) => row.registrationNo },
        { key: 'makeModel', label: String(t('MakeModel')), render: (row) => row.makeModel },
        { key: 'value', label: String(t('CollateralValue')), render: (row) => format.money(row.value, row.currency) },
        { key: 'valuationDate', label: String(t('ValuationDate')), render: (row) => format.date(row.valuationDate) },
      ]}
    />
  );
}
