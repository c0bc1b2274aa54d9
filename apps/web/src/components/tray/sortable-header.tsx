import { Table, UnstyledButton } from '@mantine/core';

/** Whether a click landed on a control inside a row (it must not also open the row). */
export function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, label, select, textarea') !== null;
}

/** A column header of a list grid: aria-sort on the sorted column, a sort button on sortable ones. */
export function SortableHeader({
  columnKey,
  label,
  sortable,
  sort,
  order,
  onSort,
}: {
  columnKey: string;
  label: string;
  sortable: boolean;
  sort: string | null;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
}) {
  const isSorted = sort === columnKey;
  const ariaSort = isSorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <Table.Th scope="col" aria-sort={ariaSort} style={{ whiteSpace: 'nowrap' }}>
      {sortable ? (
        <UnstyledButton onClick={() => onSort(columnKey)} fw={700} fz="sm" data-testid={`sort-${columnKey}`}>
          {label}
          <span aria-hidden="true">{isSorted ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}
