import { Badge, Button, Group, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../../lib/http-client.ts';
import { openDetailInTab } from '../../../../lib/open-detail-tab.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { fetchTrayPage, type TrayRow } from '../../api/collections-api.ts';
import { viewLabel } from '../../labels.ts';
import { TrayExportButtons } from './tray-export-buttons.tsx';
import { TrayFiltersForm } from '../../../../components/tray/tray-filters.tsx';
import { TrayPagination } from '../../../../components/tray/tray-pagination.tsx';
import { detailPathOf, rowId, rowTitle } from './tray-rows.ts';
import { useTrayActions } from './tray-actions.tsx';
import { holdBadges, useTrayColumns } from './tray-columns.tsx';
import { DataGrid } from '../../../../components/data-grid/data-grid.tsx';
import { GridViews } from '../../../../components/data-grid/grid-views.tsx';
import { filterChips } from '../../../../components/tray/filter-chips.ts';
import {
  EMPTY_FILTERS,
  hasFilters,
  trayApiQuery,
  withFirstPage,
  type TrayFilters,
  type TrayState,
} from '../../../../components/tray/tray-state.ts';
import { useTrayState } from '../../../../components/tray/use-tray-state.ts';
import { collectionsKeys } from '../../api/query-keys.ts';
import { numberFormat } from '../../../../lib/format.ts';

const NO_SELECTION: ReadonlySet<number> = new Set();

/**
 * The one tray component of the collections app (spec §2.7): My View / Team View, the tray's extra views as tabs
 * with counts, case-list filters, sortable columns, keyset pages, export, selection and row actions. Every piece
 * of its state is in the address bar.
 */
export function TrayScreen({ tray, title }: { tray: TrayDefinition; title: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useTrayState(tray);
  const actingUnit = useSession((session) => session.actingUnit);
  const apiQuery = trayApiQuery(state);
  const queryKey = apiQuery.toString();

  const page = useQuery({
    queryKey: collectionsKeys.trayPage(tray.key, actingUnit, queryKey),
    queryFn: ({ signal }) => fetchTrayPage(tray, apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // Counts for the other views: the same filters, first page of the smallest size.
  const otherViews = tray.views.filter((view) => view !== state.searchView);
  const counts = useQueries({
    queries: otherViews.map((view) => {
      const countQuery = trayApiQuery({ ...withFirstPage(state), searchView: view, pageSize: 10, sort: null });
      return {
        queryKey: collectionsKeys.trayPage(tray.key, actingUnit, countQuery.toString()),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchTrayPage(tray, countQuery, signal),
        select: (data: { count: number }) => data.count,
      };
    }),
  });
  const countOf = (view: string): number | undefined => {
    if (view === state.searchView) return page.isPlaceholderData ? undefined : page.data?.count;
    return counts[otherViews.indexOf(view)]?.data;
  };

  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({ key: '', ids: new Set() });
  // A selection belongs to the page it was made on; another page or filter starts empty.
  const selected = selection.key === queryKey ? selection.ids : NO_SELECTION;
  const actions = useTrayActions({
    tray,
    state,
    selected,
    clearSelection: () => setSelection({ key: '', ids: new Set() }),
  });

  const update = (next: TrayState) => setState(next);
  const applyFilters = (filters: TrayFilters) => update(withFirstPage({ ...state, ...filters }));
  const clearFilters = () => applyFilters(EMPTY_FILTERS);

  const handleOpen = (item: TrayRow) => {
    const path = detailPathOf(tray, item);
    if (path === null) return;
    const opened = openDetailInTab(tray.routeName, path);
    if (!opened) {
      addToast({
        title: String(t('SystemMsg')),
        message: String(t('PopupBlocked')),
        type: 'warning',
        from: `collections/${tray.key}`,
      });
    }
  };

  const number = numberFormat(i18n.language);
  const chips = filterChips(t, state, i18n.language, applyFilters);
  const rows = page.data?.rows ?? [];
  const columns = useTrayColumns(tray);

  const badFilter = page.error instanceof HttpError && page.error.status === 400;
  const clearButton = (
    <Button size="xs" variant="default" onClick={clearFilters}>
      {String(t('ClearFilters'))}
    </Button>
  );
  const body = (
    <DataGrid<TrayRow>
      caption={title}
      columns={columns}
      rows={rows}
      rowId={rowId}
      rowLabel={rowTitle}
      isLoading={page.isPending}
      isBusy={page.isFetching}
      error={
        page.isError
          ? {
              title: String(t('TrayLoadFailed')),
              error: page.error,
              onRetry: () => void page.refetch(),
              extra: badFilter ? clearButton : undefined,
            }
          : undefined
      }
      empty={{
        text: String(t(hasFilters(state) ? 'NoRowsMatchFilters' : 'NoRowsInView')),
        action: hasFilters(state) ? clearButton : undefined,
      }}
      sort={{
        value: state.sort === null ? null : { key: state.sort, order: state.order },
        onChange: (next) => update(withFirstPage({ ...state, sort: next?.key ?? null, order: next?.order ?? 'asc' })),
      }}
      selection={
        actions.hasSelection ? { selected, onChange: (ids) => setSelection({ key: queryKey, ids }) } : undefined
      }
      open={{
        onOpen: handleOpen,
        canOpen: (item) => detailPathOf(tray, item) !== null,
        label: (item) => String(t('OpenAccountNamed', { name: rowTitle(item) })),
      }}
      firstCellExtra={holdBadges}
      listKey={tray.routeName}
      toolbarStart={<GridViews listKey={tray.routeName} chips={chips} onClearAll={clearFilters} />}
      rowActions={actions.renderRowActions}
      testIds={{
        table: 'tray-table',
        row: 'tray-row',
        open: 'open-row',
        loading: 'tray-loading',
        error: 'tray-error',
        empty: 'tray-empty',
      }}
    />
  );

  const content = (
    <Stack gap="sm">
      {actions.bulkBar}
      {body}
      <TrayPagination
        state={state}
        isBusy={page.isFetching}
        page={
          page.data && !page.isPlaceholderData
            ? {
                rowCount: rows.length,
                count: page.data.count,
                nextCursor: page.data.nextCursor,
                prevCursor: page.data.prevCursor,
              }
            : undefined
        }
        onChange={update}
      />
    </Stack>
  );

  return (
    <Stack gap="md" data-testid={`tray-${tray.key}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{title}</Title>
        <TrayExportButtons trayKey={tray.key} state={state} />
      </Group>
      <SegmentedControl
        aria-label={String(t('SearchView'))}
        w="fit-content"
        value={state.view}
        onChange={(value) => update(withFirstPage({ ...state, view: value === 'team' ? 'team' : 'my' }))}
        data={[
          { value: 'my', label: String(t('MyView')) },
          { value: 'team', label: String(t('TeamView')) },
        ]}
        data-testid="view-switch"
      />
      <TrayFiltersForm
        key={JSON.stringify([
          state.dpdFrom,
          state.dpdTo,
          state.overdueFrom,
          state.overdueTo,
          state.overdueCurrency,
          state.products,
          state.q,
        ])}
        filters={state}
        onApply={applyFilters}
      />
      {tray.views.length > 0 ? (
        <Tabs
          value={state.searchView}
          onChange={(view) => view && update(withFirstPage({ ...state, searchView: view }))}
        >
          <Tabs.List aria-label={String(t('TrayViews'))}>
            {tray.views.map((view) => {
              const count = countOf(view);
              return (
                <Tabs.Tab
                  key={view}
                  value={view}
                  rightSection={
                    <Badge size="sm" variant="filled" color="gray.8" data-testid={`view-count-${view}`}>
                      {count === undefined ? '…' : number.format(count)}
                    </Badge>
                  }
                >
                  {viewLabel(t, view)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tray.views.map((view) => (
            <Tabs.Panel key={view} value={view} pt="sm">
              {view === state.searchView ? content : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        content
      )}
      {actions.dialog}
    </Stack>
  );
}
