import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, PROFILE, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DataGrid, type GridColumn } from './data-grid.tsx';
import { columnsStorageKey, densityStorageKey } from './grid-preferences.ts';
import { GridViews, viewParamsOf, type FilterChip } from './grid-views.tsx';

type Account = { id: number; accountNo: string; dpd: number; reason: string };

const ROWS: Account[] = [
  { id: 1, accountNo: 'ACC-1', dpd: 30, reason: 'Refused to pay' },
  { id: 2, accountNo: 'ACC-2', dpd: 60, reason: 'Dispute' },
];
const COLUMNS: GridColumn<Account>[] = [
  { key: 'accountNo', header: 'Account no', cell: (row) => row.accountNo },
  { key: 'dpd', header: 'DPD', cell: (row) => String(row.dpd) },
  { key: 'reason', header: 'Reason', cell: (row) => row.reason },
];
const USER_ID = PROFILE.user_details.id;

function Grid({ listKey = 'escalcases' as string | null, withSelection = false }) {
  return (
    <DataGrid<Account>
      caption="Escalated cases"
      columns={COLUMNS}
      rows={ROWS}
      rowId={(row) => row.id}
      rowLabel={(row) => row.accountNo}
      empty={{ text: 'Nothing here' }}
      selection={withSelection ? { selected: new Set(), onChange: () => {} } : undefined}
      rowActions={(row) => <button type="button">Approve {row.accountNo}</button>}
      listKey={listKey ?? undefined}
      testIds={{ table: 'grid', row: 'grid-row' }}
    />
  );
}

const headers = () =>
  within(screen.getByTestId('grid'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('data grid: density, columns and sticky columns', () => {
  beforeEach(() => {
    window.localStorage.clear();
    sessionStore.set(signedInSession({ userDetails: PROFILE.user_details }));
  });
  afterEach(() => clearSession());

  it('switches to compact rows and remembers the density for the user', () => {
    const { unmount } = renderWithProviders(<Grid />);
    expect(screen.getByTestId('grid').getAttribute('data-density')).toBe('comfortable');
    fireEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    expect(screen.getByTestId('grid').getAttribute('data-density')).toBe('compact');
    expect(window.localStorage.getItem(densityStorageKey(USER_ID))).toBe('compact');
    // Compact cells do not wrap.
    expect(within(screen.getAllByTestId('grid-row')[0]!).getByText('Refused to pay').style.whiteSpace).toBe('nowrap');
    unmount();
    renderWithProviders(<Grid listKey="telecaller" />);
    expect(screen.getByTestId('grid').getAttribute('data-density')).toBe('compact');
    // Another user has the default.
    act(() => sessionStore.set(signedInSession({ userDetails: { ...PROFILE.user_details, id: USER_ID + 1 } })));
    expect(screen.getByTestId('grid').getAttribute('data-density')).toBe('comfortable');
  });

  it('hides a column through the chooser, per list, and never the first one', async () => {
    renderWithProviders(<Grid />);
    expect(headers()).toEqual(['Account no', 'DPD', 'Reason', 'Actions']);
    fireEvent.click(screen.getByTestId('grid-columns-button'));
    // the chooser's popover loads on the first press (components/on-demand-popover.tsx)
    const chooser = await screen.findByTestId('grid-columns', {}, { timeout: 10_000 });
    expect((within(chooser).getByLabelText(/^Account no/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(chooser).getByLabelText('Reason'));
    expect(headers()).toEqual(['Account no', 'DPD', 'Actions']);
    expect(JSON.parse(window.localStorage.getItem(columnsStorageKey(USER_ID, 'escalcases')) ?? '[]')).toEqual([
      'reason',
    ]);
    expect(screen.getByTestId('grid-columns-button').textContent).toBe('Columns (2/3)');
    fireEvent.click(within(chooser).getByRole('button', { name: 'Show all columns' }));
    expect(headers()).toEqual(['Account no', 'DPD', 'Reason', 'Actions']);
    expect(window.localStorage.getItem(columnsStorageKey(USER_ID, 'escalcases'))).toBeNull();
  });

  it('keeps the selection and account columns at the start and the actions at the end while scrolling sideways', () => {
    renderWithProviders(<Grid withSelection />);
    const row = screen.getAllByTestId('grid-row')[0]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-sticky'))).toEqual(['start', 'start', null, null, 'end']);
    expect(cells[1]!.style.position).toBe('sticky');
    expect(cells[1]!.style.insetInlineStart).toBe('40px');
    expect(cells[4]!.style.insetInlineEnd).toBe('0px');
    const actionsHeader = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actionsHeader.getAttribute('data-sticky')).toBe('end');
  });

  it('a record table (no list key) has no toolbar and no sticky cells', () => {
    renderWithProviders(<Grid listKey={null} />);
    expect(screen.queryByTestId('grid-toolbar')).toBeNull();
    expect(screen.getByTestId('grid').getAttribute('data-density')).toBeNull();
    expect(
      within(screen.getAllByTestId('grid-row')[0]!).getAllByRole('cell')[0]!.getAttribute('data-sticky'),
    ).toBeNull();
  });
});

function Location() {
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

describe('data grid: filter chips and saved views', () => {
  const VIEWS = [
    { id: 7, listKey: 'escalcases', name: 'High DPD', params: [['dpdFrom', '90']], updatedAt: '2026-03-01T10:00:00Z' },
    {
      id: 8,
      listKey: 'escalcases',
      name: 'Team',
      params: [
        ['view', 'team'],
        ['q', 'Ravi'],
      ],
      updatedAt: '2026-03-01T10:00:00Z',
    },
  ];
  let calls: { method: string; url: string; body: unknown }[];

  beforeEach(() => {
    sessionStore.set(signedInSession({ userDetails: PROFILE.user_details }));
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        calls.push({ method, url, body });
        if (method === 'GET' && url.includes('/api/lists/views?listKey=escalcases')) {
          return jsonResponse(200, { views: VIEWS });
        }
        if (method === 'POST' && url.endsWith('/api/lists/views')) {
          return jsonResponse(200, { id: 9, updatedAt: '2026-03-02T10:00:00Z', ...(body as object) });
        }
        if (method === 'DELETE') return jsonResponse(200, { deleted: 7 });
        return jsonResponse(404, { error_code: 'NOT_FOUND', detail: 'no route' });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the filters as chips; removing one calls its removal', () => {
    const onRemove = vi.fn();
    const chips: FilterChip[] = [
      { id: 'dpdFrom', label: 'DPD from', value: '90', onRemove },
      { id: 'q', label: 'Search', value: 'Ravi', onRemove: () => {} },
    ];
    const onClearAll = vi.fn();
    renderWithProviders(<GridViews listKey="escalcases" chips={chips} onClearAll={onClearAll} />);
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['DPD from: 90', 'Search: Ravi']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter DPD from: 90' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onClearAll).toHaveBeenCalledTimes(1);
  });

  it('applies a saved view, shows which one is applied, deletes it, and saves the current filters by name', async () => {
    renderWithProviders(
      <>
        <GridViews listKey="escalcases" chips={[]} />
        <Location />
      </>,
      { path: '/collapp/escalcases', url: '/collapp/escalcases?dpdFrom=30&cursor=abc&direction=next&from=26' },
    );
    const select = (await screen.findByRole('combobox', { name: 'Saved views' })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose a saved view',
      'High DPD',
      'Team',
    ]);

    fireEvent.change(select, { target: { value: '8' } });
    expect(screen.getByTestId('search').textContent).toBe('?view=team&q=Ravi');
    expect(select.value).toBe('8');

    fireEvent.click(screen.getByRole('button', { name: 'Delete view Team' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/8'))).toBe(true));

    fireEvent.click(screen.getByTestId('save-view'));
    fireEvent.change(await screen.findByLabelText('View name', {}, { timeout: 10_000 }), {
      target: { value: 'Ravi in team' },
    });
    fireEvent.click(screen.getByTestId('save-view-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      listKey: 'escalcases',
      name: 'Ravi in team',
      params: [
        ['q', 'Ravi'],
        ['view', 'team'],
      ],
    });
  });

  it('a view leaves the page position out of what it saves', () => {
    expect(viewParamsOf(new URLSearchParams('sort=dpd&cursor=x&from=51&direction=next&page=3&dpdFrom=9'))).toEqual([
      ['dpdFrom', '9'],
      ['sort', 'dpd'],
    ]);
  });
});
