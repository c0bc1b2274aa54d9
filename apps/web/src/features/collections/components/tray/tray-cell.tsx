import { Badge } from '@mantine/core';
import type { TrayColumn } from '@recovery-desk/domain/collections/trays.ts';
import type { Currency } from '@recovery-desk/domain/money.ts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatBusinessDate, formatDateTime } from '../../../../lib/format.ts';
import type { TrayRow } from '../../api/collections-api.ts';
import { codeLabel, EMPTY_VALUE } from '../../labels.ts';
import { cellValue } from './tray-rows.ts';

// Filled badges in shade 9 keep white text at WCAG AA contrast.
const STATUS_COLORS: Record<string, string> = {
  OPEN: 'blue.9',
  PENDING: 'violet.9',
  PENDING_APPROVAL: 'violet.9',
  APPROVED: 'green.9',
  KEPT: 'green.9',
  RESOLVED: 'green.9',
  REJECTED: 'red.9',
  BROKEN: 'red.9',
  PARTIAL: 'teal.9',
};

function currencyOf(item: TrayRow): Currency {
  return 'currency' in item.row ? item.row.currency : 'INR';
}

/**
 * One cell of a tray row, formatted by the column's type (money with the row's currency, dates); coded values through
 * the column's value-label kind, as the tray's export writes them.
 */
export function TrayCell({ column, item }: { column: TrayColumn; item: TrayRow }) {
  const { t, i18n } = useTranslation();
  const value = cellValue(item, column.key);
  if (value === null || value === undefined || value === '') return <>{EMPTY_VALUE}</>;
  const words = (code: string) => (column.labels ? codeLabel(t, column.labels, code) : code);

  if (Array.isArray(value)) {
    const list = value.map((entry) => words(String(entry)));
    return <>{list.length > 0 ? list.join(', ') : EMPTY_VALUE}</>;
  }

  switch (column.type) {
    case 'money':
      return (
        <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(String(value), currencyOf(item), i18n.language)}</span>
      );
    case 'date':
      return (
        <span style={{ whiteSpace: 'nowrap' }}>{formatBusinessDate(String(value).slice(0, 10), i18n.language)}</span>
      );
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(String(value), i18n.language)}</span>;
    case 'bucket':
      return <span style={{ whiteSpace: 'nowrap' }}>{words(String(value))}</span>;
    case 'status': {
      const code = String(value);
      return (
        <Badge
          variant="filled"
          color={STATUS_COLORS[code.toUpperCase()] ?? 'gray.8'}
          radius="sm"
          styles={{ label: { overflow: 'visible' } }}
        >
          {words(code)}
        </Badge>
      );
    }
    case 'number':
      return <>{String(value)}</>;
    case 'text':
      return <>{words(String(value))}</>;
  }
}
