import { useTranslation } from 'react-i18next';
import type { AccountViewData } from '../api/collections-api.ts';
import { FieldList } from './field-list.tsx';
import { useFormatters } from './use-formatters.ts';

/** Spec §3 Customer: every field, plus the borrower's time zone (it sets the calling window). */
export function CustomerTab({ view }: { view: AccountViewData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const c = view.customer;
  return (
    <FieldList
      testId="customer-fields"
      fields={[
        { label: String(t('CustomerId')), value: String(c.id) },
        { label: String(t('Cif')), value: c.cif },
        { label: String(t('CustomerName')), value: c.customerName },
        { label: String(t('Pan')), value: c.pan },
        { label: String(t('CustomerType')), value: c.customerType },
        { label: String(t('GeneralBanking')), value: c.generalBanking },
        { label: String(t('Segmentation')), value: c.segmentation },
        { label: String(t('DateOfBirth')), value: format.date(c.dob) },
        { label: String(t('ServiceSegment')), value: c.serviceSegment },
        { label: String(t('TimeZone')), value: c.timeZone },
      ]}
    />
  );
}
