import { CURRENCIES, type Currency } from '@recovery-desk/domain/money.ts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatBusinessDate, formatDateTime } from '../../../lib/format.ts';

function asCurrency(code: string): Currency {
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : 'INR';
}

/** Formatting of account-view values in the interface language; money in its own currency (lakh/crore for INR). */
export function useFormatters() {
  const { t, i18n } = useTranslation();
  return {
    money: (amount: string | null, currency: string): string =>
      amount === null || amount === '' ? '' : formatAmount(amount, asCurrency(currency), i18n.language),
    date: (iso: string | null): string => (iso ? formatBusinessDate(iso.slice(0, 10), i18n.language) : ''),
    dateTime: (iso: string | null): string => (iso ? formatDateTime(iso, i18n.language) : ''),
    yesNo: (value: boolean): string => String(t(value ? 'Yes' : 'No')),
  };
}
