import { Button, Checkbox, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { PRODUCTS } from '@recovery-desk/domain/collections/products.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import type { FieldError } from '../../../lib/http-client.ts';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { fieldLabel, optionLabel, productName } from '../labels.ts';
import {
  draftOf,
  EMPTY_FILTERS,
  filtersOf,
  validateFilters,
  type FilterDraft,
  type FilterErrors,
  type StageTrayConfig,
  type StageTrayFilters,
} from './stage-tray-state.ts';

const NUMBER_RULES = [{ kind: 'number' as const }, { kind: 'maxLength' as const, length: 6 }];
const SEARCH_RULES = [{ kind: 'maxLength' as const, length: 60 }];

export type StageTrayFiltersProps = {
  config: StageTrayConfig;
  filters: StageTrayFilters;
  onApply: (filters: StageTrayFilters) => void;
};

/** Case-list filters of a stage tray: search, DPD from/to, product types, case type and overdue only. */
export function StageTrayFiltersForm({ config, filters, onApply }: StageTrayFiltersProps) {
  const { t } = useTranslation();
  // Keyed by the applied filters (see StageTrayScreen), so a new address resets the draft.
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<FilterErrors>({});
  const caseTypeField = config.caseTypeField;

  const fieldErrors: FieldError[] = Object.entries(errors).map(([field, message]) => ({
    field,
    message: translateWithParams(t, message.key, message.params),
  }));

  const update = (patch: Partial<FilterDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFilters(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(filtersOf(draft));
  };

  const handleClear = () => {
    setDraft(draftOf(EMPTY_FILTERS));
    setErrors({});
    onApply(EMPTY_FILTERS);
  };

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      role="search"
      aria-label={String(t('Filters'))}
      onSubmit={handleSubmit}
      noValidate
      data-testid="stage-tray-filters"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <ValidatedTextInput
            label={String(t('WorkflowSearchCases'))}
            name="q"
            value={draft.q}
            onChange={(q) => update({ q })}
            rules={SEARCH_RULES}
            serverErrors={fieldErrors}
          />
          <ValidatedTextInput
            label={String(t('DpdFrom'))}
            name="dpdFrom"
            value={draft.dpdFrom}
            onChange={(dpdFrom) => update({ dpdFrom })}
            rules={NUMBER_RULES}
            inputMode="numeric"
            serverErrors={fieldErrors}
          />
          <ValidatedTextInput
            label={String(t('DpdTo'))}
            name="dpdTo"
            value={draft.dpdTo}
            onChange={(dpdTo) => update({ dpdTo })}
            rules={NUMBER_RULES}
            inputMode="numeric"
            serverErrors={fieldErrors}
          />
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
        <Checkbox.Group
          label={String(t('ProductTypes'))}
          value={draft.products}
          onChange={(values) => update({ products: PRODUCTS.filter((product) => values.includes(product)) })}
          data-testid="product-filter"
        >
          <Group gap="md" mt={4}>
            {PRODUCTS.map((product) => (
              <Checkbox key={product} value={product} label={productName(t, product)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={String(t('WorkflowOverdueOnly'))}
          checked={draft.overdueOnly}
          onChange={(event) => update({ overdueOnly: event.currentTarget.checked })}
        />
        <Group gap="xs">
          <Button type="submit" size="xs">
            {String(t('ApplyFilters'))}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={handleClear}>
            {String(t('ClearFilters'))}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
