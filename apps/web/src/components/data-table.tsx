import type { ReactNode } from 'react';
import { DataGrid, EMPTY_VALUE, type GridSelection } from './data-grid/data-grid.tsx';

export { EMPTY_VALUE };

export type DataColumn<Row> = { key: string; label: string; render: (row: Row) => ReactNode };

export type DataTableProps<Row> = {
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  testId?: string;
  /** checkboxes to select rows (a map's keyboard alternative to drawing a selection) */
  selection?: GridSelection<string | number>;
};

/**
 * A read-only table of records (an account's addresses, dues, follow-ups; a case's cheques, …) with a visible
 * caption: the DataGrid without sort, selection or row opening. In a narrow column it scrolls sideways inside a
 * named, focusable region, so the keyboard can scroll it too (WCAG 2.1.1).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, emptyText, testId, selection }: DataTableProps<Row>) {
  return (
    <DataGrid<Row, string | number>
      caption={caption}
      showCaption
      columns={columns.map((column) => ({ key: column.key, header: column.label, cell: column.render }))}
      rows={rows}
      rowId={rowKey}
      rowLabel={(row) => String(rowKey(row))}
      empty={{ text: emptyText }}
      maxHeight="none"
      minWidth={600}
      testIds={{ table: testId, empty: testId ? `${testId}-empty` : undefined }}
      selection={selection}
    />
  );
}
