import type { Currency } from '@recovery-desk/domain/money.ts';
import { PRODUCT_LABEL_KEY, type Product } from '@recovery-desk/domain/products.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import type { TFunction } from 'i18next';
import type { FilterChip } from '../data-grid/grid-views.tsx';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { formatAmount, numberFormat } from '../../lib/format.ts';

/** The case-list filters a chip can show (trays, stage trays and the pool hold some or all of them). */
export type ChipFilters = {
  q: string;
  dpdFrom: number | null;
  dpdTo: number | null;
  overdueFrom?: string | null;
  overdueTo?: string | null;
  overdueCurrency?: Currency | null;
  products: readonly Product[];
};

/**
 * A list's applied case-list filters as chips, in the user's language and number format; removing one applies the
 * others (the caller starts again from the first page).
 */
export function filterChips<F extends ChipFilters>(
  t: TFunction,
  filters: F,
  language: string,
  applyFilters: (next: F) => void,
): FilterChip[] {
  const number = numberFormat(language);
  const chips: FilterChip[] = [];
  const add = (id: string, labelKey: DictionaryKey, value: string, without: Partial<ChipFilters>) =>
    chips.push({ id, label: String(t(labelKey)), value, onRemove: () => applyFilters({ ...filters, ...without }) });
  if (filters.q) add('q', 'SearchAccountOrCustomer', filters.q, { q: '' });
  if (filters.dpdFrom !== null) add('dpdFrom', 'DpdFrom', number.format(filters.dpdFrom), { dpdFrom: null });
  if (filters.dpdTo !== null) add('dpdTo', 'DpdTo', number.format(filters.dpdTo), { dpdTo: null });
  // The bounds are in their currency, shown in the user's number format; removing the last bound drops the currency.
  const currency = filters.overdueCurrency ?? 'INR';
  if (filters.overdueFrom) {
    add('overdueFrom', 'OverdueFrom', formatAmount(filters.overdueFrom, currency, language), {
      overdueFrom: null,
      ...(filters.overdueTo ? {} : { overdueCurrency: null }),
    });
  }
  if (filters.overdueTo) {
    add('overdueTo', 'OverdueTo', formatAmount(filters.overdueTo, currency, language), {
      overdueTo: null,
      ...(filters.overdueFrom ? {} : { overdueCurrency: null }),
    });
  }
  for (const product of filters.products) {
    add(`product-${product}`, 'ProductTypes', translateKey(t, PRODUCT_LABEL_KEY[product], product), {
      products: filters.products.filter((item) => item !== product),
    });
  }
  return chips;
}
