import { Badge, Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../../lib/i18n/dynamic-key.ts';
import type { TrayRow } from '../../api/collections-api.ts';
import { TrayCell } from './tray-cell.tsx';
import { rowId, rowTitle } from './tray-rows.ts';
import type { TrayState } from '../../../../components/tray/tray-state.ts';
import { isInteractive, SortableHeader } from '../../../../components/tray/sortable-header.tsx';

export type TrayTableProps = {
  tray: TrayDefinition;
  rows: TrayRow[];
  state: TrayState;
  caption: string;
  onSort: (key: string) => void;
  /** row selection for bulk actions; absent when the tray has none */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  /** the detail page a row opens, or null */
  detailPathOf: (item: TrayRow) => string | null;
  onOpen: (item: TrayRow, path: string) => void;
  /** row actions (Approve, Reject, …); absent when the tray has none */
  renderActions?: (item: TrayRow) => ReactNode;
  isBusy?: boolean;
};

/** The tray grid: sortable headers with aria-sort, selection checkboxes, an open button per row, row actions. */
export function TrayTable({
  tray,
  rows,
  state,
  caption,
  onSort,
  selection,
  detailPathOf,
  onOpen,
  renderActions,
  isBusy = false,
}: TrayTableProps) {
  const { t } = useTranslation();
  const ids = rows.map(rowId);
  const selectedOnPage = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;

  const toggleAll = (isChecked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (isChecked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  const toggleOne = (id: number, isChecked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (isChecked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        fz="sm"
        aria-busy={isBusy}
        style={{ opacity: isBusy ? 0.6 : 1 }}
        data-testid="tray-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={String(t('SelectAllOnPage'))}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  onChange={(event) => toggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            {tray.columns.map((column) => (
              <SortableHeader
                key={column.key}
                columnKey={column.key}
                label={translateKey(t, column.labelKey, column.key)}
                sortable={Boolean(column.sortable)}
                sort={state.sort}
                order={state.order}
                onSort={onSort}
              />
            ))}
            {renderActions ? <Table.Th scope="col">{String(t('Actions'))}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const id = rowId(item);
            const path = detailPathOf(item);
            const handleRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
              if (path && !isInteractive(event.target)) onOpen(item, path);
            };
            return (
              <Table.Tr
                key={`${item.kind}-${id}`}
                onClick={handleRowClick}
                style={path ? { cursor: 'pointer' } : undefined}
                data-testid="tray-row"
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={String(t('SelectRow', { name: rowTitle(item) }))}
                      checked={selection.selected.has(id)}
                      onChange={(event) => toggleOne(id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                {tray.columns.map((column, index) => (
                  <Table.Td key={column.key}>
                    {index === 0 && path ? (
                      <UnstyledButton
                        c="blue.9"
                        td="underline"
                        fz="sm"
                        onClick={() => onOpen(item, path)}
                        aria-label={String(t('OpenAccountNamed', { name: rowTitle(item) }))}
                        data-testid="open-row"
                      >
                        <TrayCell column={column} item={item} />
                      </UnstyledButton>
                    ) : (
                      <TrayCell column={column} item={item} />
                    )}
                    {index === 0 && item.kind === 'account' && (item.row.isOnHold || item.row.isSuppressed) ? (
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
                    ) : null}
                  </Table.Td>
                ))}
                {renderActions ? <Table.Td>{renderActions(item)}</Table.Td> : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
