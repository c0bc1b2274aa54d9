import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { TrayDefinition } from '@recovery-desk/domain/collections/trays.ts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../../lib/http-client.ts';
import { openDetailInTab } from '../../../../lib/open-detail-tab.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { fetchTrayPage, type TrayRow } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { viewLabel } from '../../labels.ts';
import { TrayExportButtons } from './tray-export-buttons.tsx';
import { TrayFiltersForm } from '../../../../components/tray/tray-filters.tsx';
import { TrayPagination } from '../../../../components/tray/tray-pagination.tsx';
import { detailPathOf } from './tray-rows.ts';
import { useTrayActions } from './tray-actions.tsx';
import { TrayTable } from './tray-table.tsx';
import {
  EMPTY_FILTERS,
  hasFilters,
  nextSort,
  trayApiQuery,
  withFirstPage,
  type TrayFilters,
  type TrayState,
} from '../../../../components/tray/tray-state.ts';
import { useTrayState } from '../../../../components/tray/use-tray-state.ts';

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
    queryKey: ['collections', 'tray', tray.key, actingUnit, queryKey],
    queryFn: ({ signal }) => fetchTrayPage(tray, apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // Counts for the other views: the same filters, first page of the smallest size.
  const otherViews = tray.views.filter((view) => view !== state.searchView);
  const counts = useQueries({
    queries: otherViews.map((view) => {
      const countQuery = trayApiQuery({ ...withFirstPage(state), searchView: view, pageSize: 10, sort: null });
      return {
        queryKey: ['collections', 'tray', tray.key, actingUnit, countQuery.toString()],
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

  const handleOpen = (_item: TrayRow, path: string) => {
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

  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-IN' : i18n.language);
  const rows = page.data?.rows ?? [];

  let body: ReactNode;
  if (page.isPending) {
    body = <TraySkeleton label={String(t('LoadingRows'))} />;
  } else if (page.isError && !page.data) {
    body = <TrayError error={page.error} onRetry={() => void page.refetch()} onClear={clearFilters} />;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="lg" data-testid="tray-empty">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>{String(t(hasFilters(state) ? 'NoRowsMatchFilters' : 'NoRowsInView'))}</Text>
          {hasFilters(state) ? (
            <Button size="xs" variant="default" onClick={clearFilters}>
              {String(t('ClearFilters'))}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <TrayTable
        tray={tray}
        rows={rows}
        state={state}
        caption={title}
        isBusy={page.isFetching}
        onSort={(key) => update(withFirstPage({ ...state, ...nextSort(state, key) }))}
        selection={
          actions.hasSelection ? { selected, onChange: (ids) => setSelection({ key: queryKey, ids }) } : undefined
        }
        detailPathOf={(item) => detailPathOf(tray, item)}
        onOpen={handleOpen}
        renderActions={actions.renderRowActions}
      />
    );
  }

  const content = (
    <Stack gap="sm">
      {page.isError && page.data ? (
        <TrayError error={page.error} onRetry={() => void page.refetch()} onClear={clearFilters} />
      ) : null}
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
        key={JSON.stringify([state.dpdFrom, state.dpdTo, state.overdueFrom, state.overdueTo, state.products, state.q])}
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

function TraySkeleton({ label }: { label: string }) {
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid="tray-loading">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

function TrayError({ error, onRetry, onClear }: { error: unknown; onRetry: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  const fields = error instanceof HttpError ? error.fields : [];
  const isBadFilter = error instanceof HttpError && error.status === 400;
  return (
    <Alert color="red" variant="outline" role="alert" title={String(t('TrayLoadFailed'))} data-testid="tray-error">
      <Stack gap="xs">
        <Text size="sm">{describeError(t, error)}</Text>
        {fields.length > 0 ? (
          <ul style={{ margin: 0 }}>
            {fields.map((field) => (
              <li key={field.field}>
                <Text size="sm">
                  {field.field}: {field.message}
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={onRetry}>
            {String(t('Retry'))}
          </Button>
          {isBadFilter ? (
            <Button size="xs" variant="default" onClick={onClear}>
              {String(t('ClearFilters'))}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
