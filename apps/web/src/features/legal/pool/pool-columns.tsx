import { Badge, Group } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format.ts';
import type { GridColumn } from '../../../components/data-grid/data-grid.tsx';
import type { PoolRow } from '../api/legal-api.ts';
import { assetClassLabel, bucketLabel, productLabel } from '../labels.ts';
import { POOL_COLUMNS, type PoolColumnKey } from './pool-tray.ts';

export function poolRowTitle(row: PoolRow): string {
  return `${row.accountNo} · ${row.customerName}`;
}

/** The grid columns of the pool (POOL_COLUMNS), each cell formatted by its kind. */
export function usePoolColumns(): GridColumn<PoolRow>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const cell = (row: PoolRow, key: PoolColumnKey): ReactNode => {
      switch (key) {
        case 'product':
          return productLabel(t, row.product);
        case 'bucket':
          return <span style={{ whiteSpace: 'nowrap' }}>{bucketLabel(t, row.bucket)}</span>;
        case 'assetClass':
          return assetClassLabel(t, row.assetClass);
        case 'totalAmountOverdue':
        case 'totalBalanceOutstanding':
          return <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(row[key], row.currency, language)}</span>;
        default:
          return String(row[key]);
      }
    };
    return POOL_COLUMNS.map((column) => ({
      key: column.key,
      header: String(t(column.labelKey)),
      sortable: Boolean(column.sortable),
      cell: (row: PoolRow) => cell(row, column.key),
    }));
  }, [t, language]);
}

export const poolHoldBadge = (row: PoolRow) => (row.isOnHold ? <OnHold /> : null);

function OnHold() {
  const { t } = useTranslation();
  return (
    <Group gap={4} mt={2}>
      <Badge size="xs" color="red.9">
        {String(t('OnHold'))}
      </Badge>
    </Group>
  );
}
