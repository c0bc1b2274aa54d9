import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DataGrid, type GridColumn, type GridSort } from './data-grid.tsx';

type Account = { id: number; accountNo: string; dpd: number; canOpen: boolean };

const ROWS: Account[] = [
  { id: 1, accountNo: 'ACC-1', dpd: 30, canOpen: true },
  { id: 2, accountNo: 'ACC-2', dpd: 60, canOpen: true },
  { id: 3, accountNo: 'ACC-3', dpd: 90, canOpen: false },
];

const COLUMNS: GridColumn<Account>[] = [
  { key: 'accountNo', header: 'Account no', sortable: true, cell: (row) => row.accountNo },
  { key: 'dpd', header: 'DPD', sortable: true, cell: (row) => String(row.dpd) },
  { key: 'note', header: 'Note', cell: () => '' },
];

type Harness = {
  rows?: Account[];
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  onOpen?: (row: Account) => void;
  onSort?: (sort: GridSort) => void;
  initialSort?: GridSort;
  withSelection?: boolean;
};

/** The grid as a screen uses it: sort and selection held by the caller. */
function Grid({ rows = ROWS, isLoading, error, onRetry, onOpen, onSort, initialSort = null, withSelection }: Harness) {
  const [sort, setSort] = useState<GridSort>(initialSort);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  return (
    <>
      <output data-testid="selected">{[...selected].sort().join(',')}</output>
      <DataGrid<Account>
        caption="Accounts"
        columns={COLUMNS}
        rows={rows}
        rowId={(row) => row.id}
        rowLabel={(row) => row.accountNo}
        isLoading={isLoading}
        error={error ? { title: 'The list could not be loaded', error, onRetry: onRetry ?? (() => {}) } : undefined}
        empty={{ text: 'No accounts in this view' }}
        sort={{
          value: sort,
          onChange: (next) => {
            setSort(next);
            onSort?.(next);
          },
        }}
        selection={withSelection ? { selected, onChange: setSelected } : undefined}
        open={
          onOpen
            ? { onOpen, canOpen: (row) => row.canOpen, label: (row) => `Open account ${row.accountNo}` }
            : undefined
        }
        testIds={{ table: 'grid', row: 'grid-row', empty: 'grid-empty', error: 'grid-error', loading: 'grid-loading' }}
      />
    </>
  );
}

function bodyRows(): HTMLElement[] {
  return screen.getAllByTestId('grid-row');
}

describe('DataGrid', () => {
  it('shows the columns and rows, a dash for an empty cell, and names the table by its caption', () => {
    renderWithProviders(<Grid />);
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Account no ↕', 'DPD ↕', 'Note']);
    expect(bodyRows()).toHaveLength(3);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[2]!.textContent).toBe('—');
  });

  it('sorts on the server: ascending, descending, then the default, with aria-sort on the sorted header', () => {
    const onSort = vi.fn();
    renderWithProviders(<Grid onSort={onSort} />);
    const header = () => screen.getByRole('columnheader', { name: /DPD/ });
    expect(header().getAttribute('aria-sort')).toBeNull();
    fireEvent.click(within(header()).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'dpd', order: 'asc' });
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header()).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'dpd', order: 'desc' });
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header()).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith(null);
    expect(header().getAttribute('aria-sort')).toBeNull();
    // Another column starts ascending again; a column that is not sortable has no button.
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Account no/ })).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'accountNo', order: 'asc' });
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
  });

  it('shows the sort it is given', () => {
    renderWithProviders(<Grid initialSort={{ key: 'accountNo', order: 'desc' }} />);
    expect(screen.getByRole('columnheader', { name: /Account no/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('selects rows one by one and the whole page at once', () => {
    renderWithProviders(<Grid withSelection />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ACC-2' }));
    expect(screen.getByTestId('selected').textContent).toBe('2');
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('1,2,3');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('opens a row on a click outside its controls and from the first cell, not from a checkbox', () => {
    const onOpen = vi.fn();
    renderWithProviders(<Grid withSelection onOpen={onOpen} />);
    fireEvent.click(within(bodyRows()[1]!).getAllByRole('cell')[2]!);
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Open account ACC-1' }));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[0]);
    onOpen.mockClear();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ACC-1' }));
    expect(onOpen).not.toHaveBeenCalled();
    // A row with nowhere to go opens nothing.
    fireEvent.click(within(bodyRows()[2]!).getAllByRole('cell')[2]!);
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Open account ACC-3' })).toBeNull();
  });

  it('moves between rows with the arrow keys (one tab stop), opens with Enter and selects with Space', () => {
    const onOpen = vi.fn();
    renderWithProviders(<Grid withSelection onOpen={onOpen} />);
    const rows = bodyRows();
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(bodyRows()[1]);
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(bodyRows()[1]!, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[1]);
    fireEvent.keyDown(bodyRows()[1]!, { key: ' ' });
    expect(screen.getByTestId('selected').textContent).toBe('2');
    fireEvent.keyDown(bodyRows()[1]!, { key: ' ' });
    expect(screen.getByTestId('selected').textContent).toBe('');
    fireEvent.keyDown(bodyRows()[1]!, { key: 'End' });
    expect(document.activeElement).toBe(bodyRows()[2]);
    fireEvent.keyDown(bodyRows()[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(bodyRows()[2]);
    onOpen.mockClear();
    fireEvent.keyDown(bodyRows()[2]!, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(bodyRows()[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(bodyRows()[0]);
    fireEvent.keyDown(bodyRows()[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(bodyRows()[0]);
  });

  it('shows placeholder rows while the first page loads', () => {
    renderWithProviders(<Grid isLoading rows={[]} />);
    expect(screen.getByTestId('grid-loading').textContent).toContain('Loading rows…');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there is nothing to show', () => {
    renderWithProviders(<Grid rows={[]} />);
    expect(screen.getByTestId('grid-empty').textContent).toContain('No accounts in this view');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load in words with Retry, and keeps the rows it had', () => {
    const onRetry = vi.fn();
    const error = new HttpError(403, { error_code: 'AUTHORITY_MISSING', detail: 'missing' });
    const { unmount } = renderWithProviders(<Grid rows={[]} error={error} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderWithProviders(<Grid error={error} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
  });
});

describe('DataGrid: filters the server refuses', () => {
  it('says once which filter is wrong, by its label, and offers no Retry of a 400', () => {
    const error = new HttpError(400, {
      error_code: 'VALIDATION',
      detail: 'query.dpdTo: must be at least DPD from',
      fields: [{ field: 'query.dpdTo', message: 'must be at least DPD from' }],
    });
    renderWithProviders(<Grid rows={[]} error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This list cannot be shown with these filters');
    expect(alert.textContent).toContain('DPD to: must be at least DPD from');
    expect(alert.textContent?.match(/must be at least DPD from/g)).toHaveLength(1);
    expect(alert.textContent).not.toContain('query.dpdTo');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('DataGrid as a read-only record table', () => {
  it('has no row tab stops; its scroll area is a named, focusable region instead', () => {
    renderWithProviders(
      <DataGrid<Account>
        caption="Bounced cheques"
        showCaption
        columns={COLUMNS}
        rows={ROWS}
        rowId={(row) => row.id}
        rowLabel={(row) => row.accountNo}
        empty={{ text: 'None' }}
        testIds={{ row: 'grid-row' }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Bounced cheques' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Bounced cheques' })).toBeTruthy();
    expect(bodyRows().every((row) => !row.hasAttribute('tabindex'))).toBe(true);
  });
});
