import { Button, Checkbox, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { PRODUCT_LABEL_KEY, PRODUCTS } from '@recovery-desk/domain/collections/products.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../lib/http-client.ts';
import { translateKey, translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import { ValidatedTextInput } from '../validated-text-input.tsx';
import {
  draftOf,
  filtersOf,
  validateFilters,
  EMPTY_FILTERS,
  type FilterDraft,
  type FilterErrors,
  type TrayFilters,
} from './tray-state.ts';

export type TrayFiltersProps = {
  filters: TrayFilters;
  onApply: (filters: TrayFilters) => void;
};

const NUMBER_RULES = [{ kind: 'number' as const }, { kind: 'maxLength' as const, length: 6 }];
const AMOUNT_RULES = [{ kind: 'amount' as const }, { kind: 'maxLength' as const, length: 15 }];
const SEARCH_RULES = [{ kind: 'maxLength' as const, length: 60 }];

/** Spec §3 case-list filters: DPD from/to, overdue from/to, product types, and a search by account or name. */
export function TrayFiltersForm({ filters, onApply }: TrayFiltersProps) {
  const { t } = useTranslation();
  // The form is keyed by the applied filters (see TrayScreen), so a new address resets the draft.
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<FilterErrors>({});

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
      data-testid="tray-filters"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <ValidatedTextInput
            label={String(t('SearchAccountOrCustomer'))}
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
          <ValidatedTextInput
            label={String(t('OverdueFrom'))}
            name="overdueFrom"
            value={draft.overdueFrom}
            onChange={(overdueFrom) => update({ overdueFrom })}
            rules={AMOUNT_RULES}
            inputMode="numeric"
            serverErrors={fieldErrors}
          />
          <ValidatedTextInput
            label={String(t('OverdueTo'))}
            name="overdueTo"
            value={draft.overdueTo}
            onChange={(overdueTo) => update({ overdueTo })}
            rules={AMOUNT_RULES}
            inputMode="numeric"
            serverErrors={fieldErrors}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={String(t('ProductTypes'))}
          value={draft.products}
          onChange={(values) => update({ products: PRODUCTS.filter((product) => values.includes(product)) })}
          data-testid="product-filter"
        >
          <Group gap="md" mt={4}>
            {PRODUCTS.map((product) => (
              <Checkbox key={product} value={product} label={translateKey(t, PRODUCT_LABEL_KEY[product], product)} />
            ))}
          </Group>
        </Checkbox.Group>
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
