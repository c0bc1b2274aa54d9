import { Checkbox, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useGridDensity, useHiddenColumns } from './grid-preferences.ts';
import { GridEmpty, GridError, GridLoading, type GridEmptyState, type GridErrorState } from './grid-states.tsx';
import { GridToolbar } from './grid-toolbar.tsx';

/** What an empty cell shows. */
export const EMPTY_VALUE = '—';

export type SortOrder = 'asc' | 'desc';
/** The server-side sort of a list: a sortable column key and its order, or null for the list's default order. */
export type GridSort = { key: string; order: SortOrder } | null;

/** One column of a grid; lists build them from their data (a tray definition's columns, a stage's columns). */
export type GridColumn<Row> = {
  key: string;
  header: string;
  sortable?: boolean;
  cell: (row: Row) => ReactNode;
};

export type GridSelection<Id extends string | number> = {
  selected: ReadonlySet<Id>;
  onChange: (next: Set<Id>) => void;
};

export type DataGridProps<Row, Id extends string | number = number> = {
  /** names the table for assistive technology; shown above it only with `showCaption` */
  caption: string;
  showCaption?: boolean;
  columns: readonly GridColumn<Row>[];
  rows: readonly Row[];
  rowId: (row: Row) => Id;
  /** names a row in control labels ("Select …", "Open …") */
  rowLabel: (row: Row) => string;
  /** server-side sort: the current sort in, the next one out (ascending → descending → the list's default) */
  sort?: { value: GridSort; onChange: (next: GridSort) => void };
  /** row selection with a select-all of the page; absent when the list has no bulk action */
  selection?: GridSelection<Id>;
  /**
   * Opening a row (its detail, usually in a `<screen>_tabView` tab): a click on the row outside its controls, the
   * first cell's button, or Enter on the focused row. `canOpen` says which rows have somewhere to go.
   */
  open?: { onOpen: (row: Row) => void; canOpen?: (row: Row) => boolean; label: (row: Row) => string };
  /** extra content under the first cell (hold badges, …) */
  firstCellExtra?: (row: Row) => ReactNode;
  /** a last column of row actions (Approve, Reject, Review, …) */
  rowActions?: (row: Row) => ReactNode;
  /** the first page is loading: placeholder rows instead of the table */
  isLoading?: boolean;
  /** a refetch is under way: the rows shown are the previous ones */
  isBusy?: boolean;
  /** the list failed to load: the error with a retry instead of the table (rows are kept when there are some) */
  error?: GridErrorState;
  empty: GridEmptyState;
  /** the table scrolls inside this height with its header pinned; `none` lets the page scroll it */
  maxHeight?: number | string | 'none';
  minWidth?: number;
  /**
   * A list screen's name (its route name): turns on the toolbar — the row density (one per user) and the column
   * chooser (hidden columns remembered per user and list). Record tables leave it out.
   */
  listKey?: string;
  /** shown at the start of the toolbar (filter chips and saved views); only with `listKey` */
  toolbarStart?: ReactNode;
  testIds?: { table?: string; row?: string; open?: string; loading?: string; error?: string; empty?: string };
};

/** Whether a click or key landed on a control inside a row (it must not also open or select the row). */
export function isInteractive(target: EventTarget | null, row?: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest('button, a, input, label, select, textarea, [role="button"], [role="checkbox"]');
  return control !== null && control !== row && (row === undefined || row.contains(control));
}

const SELECT_COLUMN = '__select';
const ACTIONS_COLUMN = '__actions';
/** The selection column's width: the first data column sticks right after it. */
const SELECT_WIDTH = 40;

/**
 * Where a cell sticks while the grid scrolls sideways: the selection column and the first data column (the account,
 * which opens the row) at the start, the actions at the end. Logical insets, so Arabic mirrors them.
 */
export type StickySide = 'start' | 'end';

function stickyStyle(side: StickySide | undefined, offset: number): CSSProperties | undefined {
  if (!side) return undefined;
  return side === 'start'
    ? { position: 'sticky', insetInlineStart: offset, zIndex: 1 }
    : { position: 'sticky', insetInlineEnd: 0, zIndex: 1 };
}

/** A column as the grid draws it: the selection and actions columns around the list's shown columns. */
type ColumnModel<Row> = { id: string; header: string; canSort: boolean; cell?: (row: Row) => ReactNode };

/** The sort after a press on a column's header: ascending → descending → the list's default (none). */
export function nextSort(current: GridSort, key: string): GridSort {
  if (current?.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

/**
 * The one grid of every list screen (collections trays, stage trays, the legal pool, the record tables of an
 * account or a case), sortable headers with aria-sort (sort is the server's: state in, next state
 * out), selection with select-all of the page, a row click / Enter that opens the row, a sticky header, keyboard
 * navigation (arrow keys, Home and End move between rows with one roving tab stop, Enter opens, Space selects) and
 * the loading, error (with retry) and empty states.
 */
export function DataGrid<Row, Id extends string | number = number>(props: DataGridProps<Row, Id>) {
  const {
    caption,
    showCaption = false,
    columns,
    rows,
    rowId,
    rowLabel,
    sort,
    selection,
    open,
    firstCellExtra,
    rowActions,
    isLoading = false,
    isBusy = false,
    error,
    empty,
    maxHeight = 'min(70vh, 1200px)',
    minWidth = 900,
    listKey,
    toolbarStart,
    testIds = {},
  } = props;
  const { t } = useTranslation();
  const [storedDensity, setDensity] = useGridDensity();
  const [hidden, setHidden] = useHiddenColumns(listKey);
  const density = listKey ? storedDensity : 'comfortable';
  const compact = density === 'compact';
  // The first column opens the row: it is never hidden.
  const shownColumns = useMemo(
    () => columns.filter((column, index) => index === 0 || !hidden.includes(column.key)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- hidden is a fresh array each render; its content counts
    [columns, hidden.join(',')],
  );
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);

  const selected = selection?.selected;
  const rowSelection = useMemo<Record<string, boolean>>(() => {
    const state: Record<string, boolean> = {};
    if (selected) for (const row of rows) if (selected.has(rowId(row))) state[String(rowId(row))] = true;
    return state;
  }, [rows, rowId, selected]);

  const canOpen = (row: Row) => open !== undefined && (open.canOpen ? open.canOpen(row) : true);

  const columnModels = useMemo<ColumnModel<Row>[]>(() => {
    const models: ColumnModel<Row>[] = shownColumns.map((column) => ({
      id: column.key,
      header: column.header,
      canSort: Boolean(column.sortable) && sort !== undefined,
      cell: column.cell,
    }));
    if (selection) models.unshift({ id: SELECT_COLUMN, header: '', canSort: false });
    if (rowActions) models.push({ id: ACTIONS_COLUMN, header: '', canSort: false });
    return models;
  }, [shownColumns, selection, rowActions, sort]);

  const sortedOf = (id: string): SortOrder | false => (sort?.value?.key === id ? sort.value.order : false);
  const toggleSort = (id: string) => sort?.onChange(nextSort(sort.value, id));

  /** The page's selection changed: the rows of this page follow it, the other pages' selected rows stay. */
  const changeSelection = (next: Record<string, boolean>) => {
    if (!selection) return;
    const ids = new Set(selection.selected);
    for (const row of rows) {
      const id = rowId(row);
      if (next[String(id)]) ids.add(id);
      else ids.delete(id);
    }
    selection.onChange(ids);
  };
  const isSelected = (id: string) => rowSelection[id] === true;
  const toggleRow = (id: string, value = !isSelected(id)) => {
    const next = { ...rowSelection };
    if (value) next[id] = true;
    else delete next[id];
    changeSelection(next);
  };
  const selectedOnPage = rows.filter((row) => isSelected(String(rowId(row)))).length;
  const isAllSelected = rows.length > 0 && selectedOnPage === rows.length;
  const isSomeSelected = selectedOnPage > 0 && selectedOnPage < rows.length;
  const toggleAll = (value: boolean) => {
    const next = { ...rowSelection };
    for (const row of rows) {
      if (value) next[String(rowId(row))] = true;
      else delete next[String(rowId(row))];
    }
    changeSelection(next);
  };

  const toolbar = listKey ? (
    <GridToolbar
      start={toolbarStart}
      density={density}
      onDensityChange={setDensity}
      columns={columns.map((column) => ({ key: column.key, header: column.header }))}
      hidden={hidden}
      onHiddenChange={setHidden}
    />
  ) : null;
  const withToolbar = (content: ReactNode) =>
    toolbar ? (
      <Stack gap="xs">
        {toolbar}
        {content}
      </Stack>
    ) : (
      content
    );

  if (isLoading) return withToolbar(<GridLoading label={String(t('LoadingRows'))} testId={testIds.loading} />);
  if (error && rows.length === 0) return withToolbar(<GridError {...error} testId={testIds.error} />);
  // A list screen shows its empty state instead of the grid; a captioned record table keeps its caption and
  // headers and says so in its body.
  if (rows.length === 0 && !showCaption) return withToolbar(<GridEmpty {...empty} testId={testIds.empty} />);
  // Rows are a roving tab stop only when there is something to do with them (open, select); a read-only grid is
  // a focusable region instead, so the keyboard can still scroll it (WCAG 2.1.1).
  const isInteractiveGrid = open !== undefined || selection !== undefined;

  const tableRows = rows.map((row) => ({ id: String(rowId(row)), original: row }));
  const activeRowId =
    activeId !== null && tableRows.some((row) => row.id === activeId) ? activeId : (tableRows[0]?.id ?? null);

  const focusRow = (index: number) => {
    const target = tableRows[Math.max(0, Math.min(tableRows.length - 1, index))];
    if (!target) return;
    setActiveId(target.id);
    bodyRef.current?.rows.item(tableRows.indexOf(target))?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    // Keys typed into a control of the row (a checkbox, a button) belong to that control.
    if (event.target !== event.currentTarget) return;
    const row = tableRows[index];
    if (!row) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        event.preventDefault();
        focusRow(tableRows.length - 1);
        break;
      case 'Enter':
        if (canOpen(row.original)) {
          event.preventDefault();
          open?.onOpen(row.original);
        }
        break;
      case ' ':
        if (selection) {
          event.preventDefault();
          toggleRow(row.id);
        }
        break;
    }
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    setActiveId(String(rowId(row)));
    if (canOpen(row) && !isInteractive(event.target, event.currentTarget)) open?.onOpen(row);
  };

  const ariaSort = (id: string): 'ascending' | 'descending' | undefined => {
    if (!sort?.value || sort.value.key !== id) return undefined;
    return sort.value.order === 'asc' ? 'ascending' : 'descending';
  };

  const firstDataIndex = selection ? 1 : 0;
  const stickyOf = (id: string, index: number): { side?: StickySide; offset: number } => {
    if (!listKey) return { offset: 0 };
    if (id === SELECT_COLUMN) return { side: 'start', offset: 0 };
    if (id === ACTIONS_COLUMN) return { side: 'end', offset: 0 };
    if (index === firstDataIndex) return { side: 'start', offset: selection ? SELECT_WIDTH : 0 };
    return { offset: 0 };
  };
  const cellProps = (id: string, index: number) => {
    const { side, offset } = stickyOf(id, index);
    return {
      style: { ...stickyStyle(side, offset), ...(compact ? { whiteSpace: 'nowrap' as const } : {}) },
      'data-sticky': side,
    };
  };

  return withToolbar(
    <>
      {error ? <GridError {...error} testId={testIds.error} /> : null}
      <Table.ScrollContainer
        minWidth={minWidth}
        maxHeight={maxHeight === 'none' ? undefined : maxHeight}
        type="native"
        {...(isInteractiveGrid ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption })}
      >
        <Table
          striped
          highlightOnHover
          withTableBorder
          stickyHeader
          verticalSpacing={compact ? 4 : 'xs'}
          fz={compact ? 'xs' : 'sm'}
          aria-busy={isBusy}
          style={{ opacity: isBusy ? 0.6 : 1 }}
          className={listKey ? 'data-grid' : undefined}
          data-density={listKey ? density : undefined}
          data-testid={testIds.table}
        >
          <caption
            className={showCaption ? undefined : 'visually-hidden'}
            style={
              showCaption ? { captionSide: 'top', textAlign: 'start', fontWeight: 700, color: 'inherit' } : undefined
            }
          >
            {caption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columnModels.map((header, headerIndex) => {
                const sticky = cellProps(header.id, headerIndex);
                if (header.id === SELECT_COLUMN) {
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      w={SELECT_WIDTH}
                      {...sticky}
                      style={{ ...sticky.style, minWidth: SELECT_WIDTH, maxWidth: SELECT_WIDTH }}
                    >
                      <Checkbox
                        aria-label={String(t('SelectAllOnPage'))}
                        checked={isAllSelected}
                        indeterminate={isSomeSelected}
                        onChange={(event) => toggleAll(event.currentTarget.checked)}
                      />
                    </Table.Th>
                  );
                }
                if (header.id === ACTIONS_COLUMN) {
                  return (
                    <Table.Th key={header.id} scope="col" {...sticky}>
                      {String(t('Actions'))}
                    </Table.Th>
                  );
                }
                const label = header.header;
                const sorted = sortedOf(header.id);
                return (
                  <Table.Th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort(header.id)}
                    {...sticky}
                    style={{ ...sticky.style, whiteSpace: 'nowrap' }}
                  >
                    {header.canSort ? (
                      <UnstyledButton
                        onClick={() => toggleSort(header.id)}
                        fw={700}
                        fz="sm"
                        data-testid={`sort-${header.id}`}
                      >
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody ref={bodyRef}>
            {tableRows.length === 0 ? (
              <Table.Tr data-testid={testIds.empty}>
                <Table.Td colSpan={columnModels.length}>
                  <Text size="sm" c="dark.6">
                    {empty.text}
                  </Text>
                  {empty.action}
                </Table.Td>
              </Table.Tr>
            ) : null}
            {tableRows.map((row, index) => {
              const original = row.original;
              const openable = canOpen(original);
              return (
                <Table.Tr
                  key={row.id}
                  data-row-id={row.id}
                  tabIndex={isInteractiveGrid ? (row.id === activeRowId ? 0 : -1) : undefined}
                  onClick={(event) => onRowClick(event, original)}
                  onKeyDown={isInteractiveGrid ? (event) => onRowKeyDown(event, index) : undefined}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setActiveId(row.id);
                  }}
                  style={openable ? { cursor: 'pointer' } : undefined}
                  data-selected={isSelected(row.id) || undefined}
                  data-testid={testIds.row}
                >
                  {columnModels.map((column, cellIndex) => {
                    const sticky = cellProps(column.id, cellIndex);
                    const cellKey = `${row.id}_${column.id}`;
                    if (column.id === SELECT_COLUMN) {
                      return (
                        <Table.Td
                          key={cellKey}
                          {...sticky}
                          style={{ ...sticky.style, minWidth: SELECT_WIDTH, maxWidth: SELECT_WIDTH }}
                        >
                          <Checkbox
                            aria-label={String(t('SelectRow', { name: rowLabel(original) }))}
                            checked={isSelected(row.id)}
                            onChange={(event) => toggleRow(row.id, event.currentTarget.checked)}
                          />
                        </Table.Td>
                      );
                    }
                    if (column.id === ACTIONS_COLUMN) {
                      return (
                        <Table.Td key={cellKey} {...sticky}>
                          {rowActions?.(original)}
                        </Table.Td>
                      );
                    }
                    const value = column.cell ? column.cell(original) : null;
                    const shown = value === null || value === undefined || value === '' ? EMPTY_VALUE : value;
                    const isFirst = cellIndex === firstDataIndex;
                    return (
                      <Table.Td key={cellKey} {...sticky}>
                        {isFirst && openable && open ? (
                          <UnstyledButton
                            c="blue.9"
                            td="underline"
                            fz="sm"
                            onClick={() => open.onOpen(original)}
                            aria-label={open.label(original)}
                            data-testid={testIds.open}
                          >
                            {shown}
                          </UnstyledButton>
                        ) : (
                          shown
                        )}
                        {isFirst && firstCellExtra ? (
                          <span
                            style={
                              compact
                                ? { display: 'inline-block', marginInlineStart: 6, verticalAlign: 'middle' }
                                : { display: 'block' }
                            }
                          >
                            {firstCellExtra(original)}
                          </span>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>,
  );
}
