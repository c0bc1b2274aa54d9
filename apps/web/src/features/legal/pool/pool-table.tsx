import { Badge, Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { formatAmount } from '@recovery-desk/domain/money.ts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrayState } from '../../../components/tray/tray-state.ts';
import type { PoolRow } from '../api/legal-api.ts';
import { assetClassLabel, bucketLabel, productLabel } from '../labels.ts';
import { POOL_COLUMNS, type PoolColumnKey } from './pool-tray.ts';
import { isInteractive, SortableHeader } from '../../../components/tray/sortable-header.tsx';

export type PoolTableProps = {
  rows: PoolRow[];
  state: TrayState;
  caption: string;
  onSort: (key: string) => void;
  selected: ReadonlySet<number>;
  onSelectionChange: (next: Set<number>) => void;
  onOpen: (row: PoolRow) => void;
  isBusy?: boolean;
};

function rowTitle(row: PoolRow): string {
  return `${row.accountNo} · ${row.customerName}`;
}

/** The pool grid: sortable headers with aria-sort, a selection checkbox per row, the account number opens it. */
export function PoolTable({
  rows,
  state,
  caption,
  onSort,
  selected,
  onSelectionChange,
  onOpen,
  isBusy = false,
}: PoolTableProps) {
  const { t } = useTranslation();
  const ids = rows.map((row) => row.accountId);
  const selectedOnPage = ids.filter((id) => selected.has(id)).length;

  const toggle = (targets: number[], isChecked: boolean) => {
    const next = new Set(selected);
    for (const id of targets) {
      if (isChecked) next.add(id);
      else next.delete(id);
    }
    onSelectionChange(next);
  };

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
        return <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(row[key], row.currency)}</span>;
      default:
        return String(row[key]);
    }
  };

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        fz="sm"
        aria-busy={isBusy}
        style={{ opacity: isBusy ? 0.6 : 1 }}
        data-testid="pool-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <Checkbox
                aria-label={String(t('SelectAllOnPage'))}
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                onChange={(event) => toggle(ids, event.currentTarget.checked)}
              />
            </Table.Th>
            {POOL_COLUMNS.map((column) => (
              <SortableHeader
                key={column.key}
                columnKey={column.key}
                label={String(t(column.labelKey))}
                sortable={Boolean(column.sortable)}
                sort={state.sort}
                order={state.order}
                onSort={onSort}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const handleRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
              if (!isInteractive(event.target)) onOpen(row);
            };
            return (
              <Table.Tr
                key={row.accountId}
                onClick={handleRowClick}
                style={{ cursor: 'pointer' }}
                data-testid="pool-row"
              >
                <Table.Td>
                  <Checkbox
                    aria-label={String(t('SelectRow', { name: rowTitle(row) }))}
                    checked={selected.has(row.accountId)}
                    onChange={(event) => toggle([row.accountId], event.currentTarget.checked)}
                  />
                </Table.Td>
                {POOL_COLUMNS.map((column, index) => (
                  <Table.Td key={column.key}>
                    {index === 0 ? (
                      <>
                        <UnstyledButton
                          c="blue.9"
                          td="underline"
                          fz="sm"
                          onClick={() => onOpen(row)}
                          aria-label={String(t('OpenAccountNamed', { name: rowTitle(row) }))}
                          data-testid="open-row"
                        >
                          {row.accountNo}
                        </UnstyledButton>
                        {row.isOnHold ? (
                          <Group gap={4} mt={2}>
                            <Badge size="xs" color="red.9">
                              {String(t('OnHold'))}
                            </Badge>
                          </Group>
                        ) : null}
                      </>
                    ) : (
                      cell(row, column.key)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
