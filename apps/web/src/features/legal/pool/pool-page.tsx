import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { TrayFiltersForm } from '../../../components/tray/tray-filters.tsx';
import { TrayPagination } from '../../../components/tray/tray-pagination.tsx';
import {
  EMPTY_FILTERS,
  hasFilters,
  withFirstPage,
  type TrayFilters,
  type TrayState,
} from '../../../components/tray/tray-state.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { fetchPoolPage, type InitiateReply, type PoolRow } from '../api/legal-api.ts';
import { openInTab, routePath, useRouteTitle } from '../components/screen-helpers.ts';
import { casesCreatedMessage, DeclineDialog, InitiateDialog } from './pool-forms.tsx';
import { GridViews } from '../../../components/data-grid/grid-views.tsx';
import { filterChips } from '../../../components/tray/filter-chips.ts';
import { DataGrid } from '../../../components/data-grid/data-grid.tsx';
import { poolHoldBadge, poolRowTitle, usePoolColumns } from './pool-columns.tsx';
import { POOL_LIST, poolApiQuery, serializePoolState, usePoolState } from './pool-tray.ts';
import { legalKeys } from '../api/query-keys.ts';

const NO_SELECTION: ReadonlySet<number> = new Set();
const FROM = 'legal/legalPool';

type OpenDialog = { type: 'initiate' | 'decline'; accountIds: number[] } | null;

/**
 * /legal/legalPool — the Legal Eligible Pool (search view legalEligible): the acting unit's accounts that meet the
 * pool rule and have no open legal case, with Initiate Legal and Not fit for legal for the selected rows.
 */
export function LegalPoolPage() {
  const [state, setState, hasSearchView] = usePoolState();
  // The address always names the search view (spec §2.7); a bare /legal/legalPool gains it.
  if (!hasSearchView) return <Navigate replace to={{ search: `?${serializePoolState(state).toString()}` }} />;
  return <PoolScreen state={state} onChange={setState} />;
}

function PoolScreen({ state, onChange }: { state: TrayState; onChange: (next: TrayState) => void }) {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle(POOL_LIST);
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const apiQuery = poolApiQuery(state);
  const queryKey = apiQuery.toString();

  const page = useQuery({
    queryKey: legalKeys.poolPage(actingUnit, queryKey),
    queryFn: ({ signal }) => fetchPoolPage(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({ key: '', ids: new Set() });
  // A selection belongs to the page it was made on; another page or filter starts empty.
  const selected = selection.key === queryKey ? selection.ids : NO_SELECTION;
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const applyFilters = (filters: TrayFilters) => onChange(withFirstPage({ ...state, ...filters }));
  const clearFilters = () => applyFilters(EMPTY_FILTERS);

  const openBulk = (type: 'initiate' | 'decline') => {
    if (selected.size === 0) {
      addToast({ title: String(t('SystemMsg')), message: String(t('PleaseSelectId')), type: 'warning', from: FROM });
      return;
    }
    setDialog({ type, accountIds: [...selected] });
  };

  const finish = (message: string) => {
    addToast({ title: String(t('Done')), message, type: 'success', from: FROM });
    setSelection({ key: '', ids: new Set() });
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: legalKeys.all() });
  };

  const handleOpen = (row: PoolRow) => {
    const path = routePath(`${POOL_LIST}Detail`, { accountid: row.accountId });
    if (path) openInTab(t, POOL_LIST, path, FROM);
  };

  const rows = page.data?.data ?? [];
  const columns = usePoolColumns();
  const clearButton = (
    <Button size="xs" variant="default" onClick={clearFilters}>
      {String(t('ClearFilters'))}
    </Button>
  );
  const body = (
    <DataGrid<PoolRow>
      caption={title}
      columns={columns}
      rows={rows}
      rowId={(row) => row.accountId}
      rowLabel={poolRowTitle}
      listKey={POOL_LIST}
      toolbarStart={
        <GridViews
          listKey={POOL_LIST}
          chips={filterChips(t, state, i18n.language, applyFilters)}
          onClearAll={clearFilters}
        />
      }
      minWidth={1000}
      isLoading={page.isPending}
      isBusy={page.isFetching}
      error={
        page.isError
          ? {
              title: String(t('PoolLoadFailed')),
              error: page.error,
              onRetry: () => void page.refetch(),
              extra: page.error instanceof HttpError && page.error.status === 400 ? clearButton : undefined,
            }
          : undefined
      }
      empty={{
        text: String(t(hasFilters(state) ? 'NoRowsMatchFilters' : 'PoolEmpty')),
        action: hasFilters(state) ? clearButton : undefined,
      }}
      sort={{
        value: state.sort === null ? null : { key: state.sort, order: state.order },
        onChange: (next) => onChange(withFirstPage({ ...state, sort: next?.key ?? null, order: next?.order ?? 'asc' })),
      }}
      selection={{ selected, onChange: (ids) => setSelection({ key: queryKey, ids }) }}
      open={{ onOpen: handleOpen, label: (row) => String(t('OpenAccountNamed', { name: poolRowTitle(row) })) }}
      firstCellExtra={poolHoldBadge}
      testIds={{
        table: 'pool-table',
        row: 'pool-row',
        open: 'open-row',
        loading: 'pool-loading',
        error: 'pool-error',
        empty: 'pool-empty',
      }}
    />
  );

  return (
    <Stack gap="md" data-testid="legal-pool">
      <Title order={1}>{title}</Title>
      <SegmentedControl
        aria-label={String(t('SearchView'))}
        w="fit-content"
        value={state.view}
        onChange={(value) => onChange(withFirstPage({ ...state, view: value === 'my' ? 'my' : 'team' }))}
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
      <Paper withBorder p="xs" data-testid="bulk-actions">
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {String(t('SelectedCount', { count: selected.size }))}
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => openBulk('initiate')}>
              {String(t('PoolInitiateLegal'))}
            </Button>
            <Button size="xs" variant="outline" color="red.9" onClick={() => openBulk('decline')}>
              {String(t('PoolNotFitForLegal'))}
            </Button>
          </Group>
        </Group>
      </Paper>
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
        onChange={onChange}
      />
      {dialog?.type === 'initiate' ? (
        <InitiateDialog
          accountIds={dialog.accountIds}
          onDone={(reply: InitiateReply) => finish(casesCreatedMessage(t, reply))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'decline' ? (
        <DeclineDialog
          accountIds={dialog.accountIds}
          onDone={() => finish(String(t('PoolDeclined', { count: dialog.accountIds.length })))}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
