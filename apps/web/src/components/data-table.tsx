import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What an empty cell shows. */
export const EMPTY_VALUE = '—';

export type DataColumn<Row> = { key: string; label: string; render: (row: Row) => ReactNode };

export type DataTableProps<Row> = {
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  testId?: string;
};

/**
 * A read-only table of records (an account's addresses, dues, follow-ups; a case's cheques, …) with a visible caption.
 * In a narrow column it scrolls sideways; its scroll area is a named, focusable region so the keyboard can scroll it
 * too (WCAG 2.1.1).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, emptyText, testId }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer
      minWidth={600}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table withTableBorder striped fz="sm" verticalSpacing={6} data-testid={testId}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 700, color: 'inherit' }}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text size="sm" c="dark.6">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => {
                  const value = column.render(row);
                  return (
                    <Table.Td key={column.key}>
                      {value === null || value === undefined || value === '' ? EMPTY_VALUE : value}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
