import { Checkbox, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  FilterFormFrame,
  ProductTypesFilter,
  SearchAndDpdInputs,
  useFilterDraft,
} from '../../../components/tray/filter-form.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { fieldLabel, optionLabel, productName } from '../labels.ts';
import {
  draftOf,
  EMPTY_FILTERS,
  filtersOf,
  validateFilters,
  type StageTrayConfig,
  type StageTrayFilters,
} from './stage-tray-state.ts';

export type StageTrayFiltersProps = {
  config: StageTrayConfig;
  filters: StageTrayFilters;
  onApply: (filters: StageTrayFilters) => void;
};

/** Case-list filters of a stage tray: search, DPD from/to, product types, case type and overdue only. */
export function StageTrayFiltersForm({ config, filters, onApply }: StageTrayFiltersProps) {
  const { t } = useTranslation();
  // Keyed by the applied filters (see StageTrayScreen), so a new address resets the draft.
  const form = useFilterDraft({
    filters,
    empty: EMPTY_FILTERS,
    draftOf,
    validate: validateFilters,
    filtersOf,
    onApply,
  });
  const { draft, update } = form;
  const caseTypeField = config.caseTypeField;

  return (
    <FilterFormFrame form={form} testId="stage-tray-filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <SearchAndDpdInputs form={form} searchLabel={String(t('WorkflowSearchCases'))} />
        {caseTypeField ? (
          <SelectField
            label={fieldLabel(t, caseTypeField)}
            name="caseType"
            value={draft.caseType}
            onChange={(caseType) => update({ caseType })}
            options={(caseTypeField.options ?? []).map((option) => ({
              value: option.value,
              label: optionLabel(t, caseTypeField, option.value),
            }))}
          />
        ) : null}
      </SimpleGrid>
      <ProductTypesFilter
        value={draft.products}
        onChange={(products) => update({ products })}
        labelOf={(product) => productName(t, product)}
      />
      <Checkbox
        label={String(t('WorkflowOverdueOnly'))}
        checked={draft.overdueOnly}
        onChange={(event) => update({ overdueOnly: event.currentTarget.checked })}
      />
    </FilterFormFrame>
  );
}
