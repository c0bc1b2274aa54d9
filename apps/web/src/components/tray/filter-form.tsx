import { Button, Checkbox, Group, Paper, Stack } from '@mantine/core';
import { PRODUCTS, type Product } from '@recovery-desk/domain/products.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../lib/http-client.ts';
import { translateWithParams } from '../../lib/i18n/dynamic-key.ts';
import { ValidatedTextInput } from '../validated-text-input.tsx';
import type { FilterMessage } from './tray-state.ts';

// The pieces every case-list filter form is made of (the collections trays and the workflow stage trays): a draft
// of text that becomes filters only when every field is valid, the search and DPD inputs, the product types, and the
// Apply and Clear buttons.

const NUMBER_RULES = [{ kind: 'number' as const }, { kind: 'maxLength' as const, length: 6 }];
const SEARCH_RULES = [{ kind: 'maxLength' as const, length: 60 }];

export type FilterDraftForm<Draft> = {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  fieldErrors: FieldError[];
  submit: (event: FormEvent) => void;
  clear: () => void;
};

/**
 * The draft of a filter form over applied `filters`: edits clear the errors, submit applies the filters of a valid
 * draft (else shows the errors on their fields), clear applies the empty filters. The form is keyed by the applied
 * filters, so a new address resets the draft.
 */
export function useFilterDraft<Draft, Filters>(options: {
  filters: Filters;
  empty: Filters;
  draftOf: (filters: Filters) => Draft;
  validate: (draft: Draft) => Partial<Record<string, FilterMessage>>;
  filtersOf: (draft: Draft) => Filters;
  onApply: (filters: Filters) => void;
}): FilterDraftForm<Draft> {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => options.draftOf(options.filters));
  const [errors, setErrors] = useState<Partial<Record<string, FilterMessage>>>({});
  const fieldErrors: FieldError[] = Object.entries(errors).flatMap(([field, message]) =>
    message ? [{ field, message: translateWithParams(t, message.key, message.params) }] : [],
  );
  return {
    draft,
    fieldErrors,
    update: (patch) => {
      setDraft((previous) => ({ ...previous, ...patch }));
      setErrors({});
    },
    submit: (event) => {
      event.preventDefault();
      const found = options.validate(draft);
      setErrors(found);
      if (Object.keys(found).length === 0) options.onApply(options.filtersOf(draft));
    },
    clear: () => {
      setDraft(options.draftOf(options.empty));
      setErrors({});
      options.onApply(options.empty);
    },
  };
}

/** The form around the filter fields, with Apply and Clear. */
export function FilterFormFrame({
  form,
  testId,
  children,
}: {
  form: Pick<FilterDraftForm<unknown>, 'submit' | 'clear'>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      role="search"
      aria-label={String(t('Filters'))}
      onSubmit={form.submit}
      noValidate
      data-testid={testId}
    >
      <Stack gap="sm">
        {children}
        <Group gap="xs">
          <Button type="submit" size="xs">
            {String(t('ApplyFilters'))}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={form.clear}>
            {String(t('ClearFilters'))}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type SearchAndDpd = { q: string; dpdFrom: string; dpdTo: string };

/** The search box (labelled for what it searches) and DPD from/to. */
export function SearchAndDpdInputs<Draft extends SearchAndDpd>({
  form,
  searchLabel,
}: {
  form: FilterDraftForm<Draft>;
  searchLabel: string;
}) {
  const { t } = useTranslation();
  const { draft, update, fieldErrors } = form;
  const change = (patch: Partial<SearchAndDpd>) => update(patch as Partial<Draft>);
  return (
    <>
      <ValidatedTextInput
        label={searchLabel}
        name="q"
        value={draft.q}
        onChange={(q) => change({ q })}
        rules={SEARCH_RULES}
        serverErrors={fieldErrors}
      />
      <ValidatedTextInput
        label={String(t('DpdFrom'))}
        name="dpdFrom"
        value={draft.dpdFrom}
        onChange={(dpdFrom) => change({ dpdFrom })}
        rules={NUMBER_RULES}
        inputMode="numeric"
        serverErrors={fieldErrors}
      />
      <ValidatedTextInput
        label={String(t('DpdTo'))}
        name="dpdTo"
        value={draft.dpdTo}
        onChange={(dpdTo) => change({ dpdTo })}
        rules={NUMBER_RULES}
        inputMode="numeric"
        serverErrors={fieldErrors}
      />
    </>
  );
}

/** The product type checkboxes, in the domain's product order. */
export function ProductTypesFilter({
  value,
  onChange,
  labelOf,
}: {
  value: Product[];
  onChange: (products: Product[]) => void;
  labelOf: (product: Product) => string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={String(t('ProductTypes'))}
      value={value}
      onChange={(values) => onChange(PRODUCTS.filter((product) => values.includes(product)))}
      data-testid="product-filter"
    >
      <Group gap="md" mt={4}>
        {PRODUCTS.map((product) => (
          <Checkbox key={product} value={product} label={labelOf(product)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
