import { NativeSelect, SimpleGrid } from '@mantine/core';
import { CURRENCIES, type Currency } from '@recovery-desk/domain/money.ts';
import { PRODUCT_LABEL_KEY } from '@recovery-desk/domain/products.ts';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { MoneyInput } from '../form/money-input.tsx';
import { serverErrorFor } from '../form/server-errors.ts';
import { FilterFormFrame, ProductTypesFilter, SearchAndDpdInputs, useFilterDraft } from './filter-form.tsx';
import { draftOf, filtersOf, validateFilters, EMPTY_FILTERS, type TrayFilters } from './tray-state.ts';

export type TrayFiltersProps = {
  filters: TrayFilters;
  onApply: (filters: TrayFilters) => void;
};

/** Spec §3 case-list filters: DPD from/to, overdue from/to, product types, and a search by account or name. */
export function TrayFiltersForm({ filters, onApply }: TrayFiltersProps) {
  const { t } = useTranslation();
  // The form is keyed by the applied filters (see TrayScreen), so a new address resets the draft.
  const form = useFilterDraft({
    filters,
    empty: EMPTY_FILTERS,
    draftOf,
    validate: validateFilters,
    filtersOf,
    onApply,
  });
  const { draft, update, fieldErrors } = form;

  return (
    <FilterFormFrame form={form} testId="tray-filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="sm">
        <SearchAndDpdInputs form={form} searchLabel={String(t('SearchAccountOrCustomer'))} />
        {/* Amounts of different currencies are never compared: the bounds select accounts of this currency. */}
        <NativeSelect
          id="field-overdueCurrency"
          label={String(t('OverdueCurrency'))}
          name="overdueCurrency"
          value={draft.overdueCurrency}
          data={[...CURRENCIES]}
          onChange={(event) => update({ overdueCurrency: event.currentTarget.value as Currency })}
        />
        <MoneyInput
          id={`field-overdueFrom`}
          label={String(t('OverdueFrom'))}
          name="overdueFrom"
          currency={draft.overdueCurrency}
          value={draft.overdueFrom}
          onChange={(overdueFrom) => update({ overdueFrom })}
          error={serverErrorFor(fieldErrors, 'overdueFrom', String(t('OverdueFrom'))) ?? undefined}
        />
        <MoneyInput
          id={`field-overdueTo`}
          label={String(t('OverdueTo'))}
          name="overdueTo"
          currency={draft.overdueCurrency}
          value={draft.overdueTo}
          onChange={(overdueTo) => update({ overdueTo })}
          error={serverErrorFor(fieldErrors, 'overdueTo', String(t('OverdueTo'))) ?? undefined}
        />
      </SimpleGrid>
      <ProductTypesFilter
        value={draft.products}
        onChange={(products) => update({ products })}
        labelOf={(product) => translateKey(t, PRODUCT_LABEL_KEY[product], product)}
      />
    </FilterFormFrame>
  );
}
