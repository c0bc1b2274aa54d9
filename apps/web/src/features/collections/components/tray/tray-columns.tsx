import { Badge, Group } from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '../../../../components/data-grid/data-grid.tsx';
import { translateKey } from '../../../../lib/i18n/dynamic-key.ts';
import type { TrayRow } from '../../api/collections-api.ts';
import { TrayCell } from './tray-cell.tsx';

/** The grid columns of a tray, from its definition (label key, sortable, type-driven cell). */
export function useTrayColumns(tray: TrayDefinition): GridColumn<TrayRow>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      tray.columns.map((column) => ({
        key: column.key,
        header: translateKey(t, column.labelKey, column.key),
        sortable: Boolean(column.sortable),
        cell: (item: TrayRow) => <TrayCell column={column} item={item} />,
      })),
    [tray, t],
  );
}

/** The badges under an account row's first cell: on hold, suppressed. */
export function HoldBadges({ item }: { item: TrayRow }) {
  const { t } = useTranslation();
  if (item.kind !== 'account' || (!item.row.isOnHold && !item.row.isSuppressed)) return null;
  return (
    <Group gap={4} mt={2}>
      {item.row.isOnHold ? (
        <Badge size="xs" color="red.9">
          {String(t('OnHold'))}
        </Badge>
      ) : null}
      {item.row.isSuppressed ? (
        <Badge size="xs" color="gray.8">
          {String(t('Suppressed'))}
        </Badge>
      ) : null}
    </Group>
  );
}

export const holdBadges = (item: TrayRow) => <HoldBadges item={item} />;
