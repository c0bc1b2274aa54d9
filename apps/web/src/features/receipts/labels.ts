import type { Currency } from '@recovery-desk/domain/money.ts';
import { valueLabel, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';

/** A coded value of receipts (mode, status, reason, …) in the interface language. */
export function codeLabel(t: TFunction, kind: ValueKind, code: string | null | undefined): string {
  return valueLabel(kind, code, (key, fallback) => translateKey(t, key, fallback));
}

/** Amounts in their currency (INR with Indian grouping) and dates in the language's one format. */
export function useReceiptFormat() {
  const { i18n } = useTranslation();
  return {
    money: (amount: string, currency: Currency) => formatAmount(amount, currency, i18n.language),
    date: (iso: string | null) => (iso ? formatBusinessDate(iso.slice(0, 10), i18n.language) : ''),
    dateTime: (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : ''),
  };
}
