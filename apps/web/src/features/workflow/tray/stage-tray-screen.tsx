import { Badge, Button, Group, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { CASE_TABS, type CaseRow, type CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagePager } from '../../../components/page-pager.tsx';
import { HttpError } from '../../../lib/http-client.ts';
import { openDetailInTab } from '../../../lib/open-detail-tab.ts';
import { serializeUrlState, useUrlState } from '../../../lib/url-state.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../api/describe-error.ts';
import { fetchStageTray } from '../api/workflow-api.ts';
import { caseTabLabel, fieldLabel, optionLabel } from '../labels.ts';
import { detailPathOf, fillDetailPath, isAccountOnlyRoute, type StageRoute } from '../stage-routes.ts';
import { trayPanelsOf, widgetsOf } from '../widgets.ts';
import { CaseReviewDialog } from './case-review-dialog.tsx';
import { StageTrayExport } from './stage-tray-export.tsx';
import { StageTrayFiltersForm } from './stage-tray-filters.tsx';
import {
  EMPTY_FILTERS,
  hasFilters,
  stageTrayApiQuery,
  stageTrayConfig,
  stageTrayUrlState,
  withFirstPage,
  type PageSize,
  type StageTrayConfig,
  type StageTrayFilters,
  type StageTrayState,
} from './stage-tray-state.ts';
import { useStageColumns } from './stage-columns.tsx';
import { GridViews, type FilterChip } from '../../../components/data-grid/grid-views.tsx';
import { filterChips } from '../../../components/tray/filter-chips.ts';
import { DataGrid } from '../../../components/data-grid/data-grid.tsx';
import { workflowKeys } from '../api/query-keys.ts';
import { numberFormat } from '../../../lib/format.ts';

const NO_SELECTION: ReadonlySet<number> = new Set();

/**
 * The chips of a stage tray's applied filters: the case-list ones (search, DPD, products) and the stage tray's own,
 * the case type (by its option's label) and "overdue only".
 */
function stageTrayChips(
  t: TFunction,
  config: StageTrayConfig,
  state: StageTrayState,
  language: string,
  applyFilters: (filters: StageTrayFilters) => void,
): FilterChip[] {
  const chips = filterChips(t, state, language, applyFilters);
  const caseTypeField = config.caseTypeField;
  // The state keeps only a case type among the definition's options, so the field is there whenever one is applied.
  if (state.caseType !== null && caseTypeField) {
    chips.push({
      id: 'caseType',
      label: fieldLabel(t, caseTypeField),
      value: optionLabel(t, caseTypeField, state.caseType),
      onRemove: () => applyFilters({ ...state, caseType: null }),
    });
  }
  if (state.overdueOnly) {
    chips.push({
      id: 'overdueOnly',
      label: String(t('WorkflowOverdueOnly')),
      value: String(t('Yes')),
      onRemove: () => applyFilters({ ...state, overdueOnly: false }),
    });
  }
  return chips;
}

/** The tray state read from, and written to, the address bar (each change is a history entry). */
function useStageTrayState(config: StageTrayConfig): [StageTrayState, (next: StageTrayState) => void] {
  const definition = stageTrayUrlState(config);
  const [state, setState, params] = useUrlState(definition);
  const [, setParams] = useSearchParams();
  // The screen's search view name travels in the address (spec §2.7), also on first arrival.
  const arrivedWithout = config.searchView !== null && params.get('searchView') !== config.searchView;
  useEffect(() => {
    if (arrivedWithout) {
      setParams(serializeUrlState(definition, state), { replace: true, preventScrollReset: true });
    }
  }, [arrivedWithout, definition, state, setParams]);
  return [state, setState];
}

/**
 * The one tray of every workflow stage (spec §2.7, §4): the tabs Pending Approval / Approved / Rejected / Pushback
 * with counts, My View / Team View, case-list filters, the stage's columns, numbered pages and export. A stage
 * whose widgets act on selected cases (legal Send Legal Notice: "Generate notices") adds row selection and their
 * bars; a stage without a detail screen reviews its cases in a dialog. All of its state is in the address bar. The
 * panels a feature registers for the stage (widgets.ts, registerTrayPanel) show above the cases.
 */
export function StageTrayScreen({ entry, title }: { entry: StageRoute; title: string }) {
  const { t, i18n } = useTranslation();
  const config = useMemo(
    () => stageTrayConfig(entry.definition, entry.stage, entry.listRoute.name),
    [entry.definition, entry.stage, entry.listRoute.name],
  );
  const [state, setState] = useStageTrayState(config);
  const actingUnit = useSession((session) => session.actingUnit);
  const apiQuery = stageTrayApiQuery(state);
  const queryKey = apiQuery.toString();
  const number = numberFormat(i18n.language);

  const page = useQuery({
    queryKey: workflowKeys.trayPage(config.definition.code, config.stage.code, actingUnit, queryKey),
    queryFn: ({ signal }) => fetchStageTray(config.definition.code, config.stage.code, apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // The stage's widgets that act on selected cases (legal Send Legal Notice: "Generate notices").
  const trayWidgets = widgetsOf(config.stage).flatMap(({ name, widget }) =>
    widget.trayAction ? [{ name, Control: widget.trayAction }] : [],
  );
  const selectable = trayWidgets.length > 0 && state.tab === 'pendingApproval';
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({ key: '', ids: new Set() });
  // A selection belongs to the page it was made on; another page or filter starts empty.
  const selected = selection.key === queryKey ? selection.ids : NO_SELECTION;
  const selectionDone = () => {
    setSelection({ key: '', ids: new Set() });
    void page.refetch();
  };
  const [reviewing, setReviewing] = useState<CaseRow | null>(null);

  const update = (next: StageTrayState) => setState(next);
  const applyFilters = (filters: StageTrayFilters) => update(withFirstPage({ ...state, ...filters }));
  const clearFilters = () => applyFilters(EMPTY_FILTERS);

  const handleOpen = (row: CaseRow) => {
    const path = detailPathOf(entry, row);
    if (path === null) return;
    if (!openDetailInTab(config.routeName, path)) {
      addToast({
        title: String(t('SystemMsg')),
        message: String(t('WorkflowPopupBlocked')),
        type: 'warning',
        from: `workflow/${config.routeName}`,
      });
    }
  };

  // The sections features add above the cases (the repossession initiate stage's accounts to initiate).
  const panels = trayPanelsOf(config.definition, config.stage);
  const accountRoute = entry.detailRoutes[0];
  const accountPath =
    accountRoute && isAccountOnlyRoute(accountRoute)
      ? (accountId: number) => fillDetailPath(accountRoute, { caseId: 0, accountId })
      : null;

  const hasDetail = entry.detailRoutes.length > 0;
  const rows = page.data?.data ?? [];
  const columns = useStageColumns(config);
  const isCurrent = page.data !== undefined && !page.isPlaceholderData;
  const countOf = (tab: CaseTab): number | undefined => (isCurrent ? page.data?.tabCounts[tab] : undefined);

  const badFilter = page.error instanceof HttpError && page.error.status === 400;
  const clearButton = (
    <Button size="xs" variant="default" onClick={clearFilters}>
      {String(t('ClearFilters'))}
    </Button>
  );
  const body = (
    <DataGrid<CaseRow>
      caption={`${title} — ${caseTabLabel(t, state.tab)}`}
      columns={columns}
      rows={rows}
      rowId={(row) => row.caseId}
      rowLabel={(row) => row.caseNo}
      listKey={config.routeName}
      toolbarStart={
        <GridViews
          listKey={config.routeName}
          chips={stageTrayChips(t, config, state, i18n.language, applyFilters)}
          onClearAll={clearFilters}
        />
      }
      isLoading={page.isPending}
      isBusy={page.isFetching}
      error={
        page.isError
          ? {
              title: String(t('TrayLoadFailed')),
              error: page.error,
              describe: (error) => describeWorkflowError(t, error),
              onRetry: () => void page.refetch(),
              extra: badFilter ? clearButton : undefined,
            }
          : undefined
      }
      empty={{
        text: String(t(hasFilters(state) ? 'WorkflowNoCasesMatch' : 'WorkflowNoCasesInTab')),
        action: hasFilters(state) ? clearButton : undefined,
      }}
      sort={{
        value: state.sort === null ? null : { key: state.sort, order: state.order },
        onChange: (next) => update(withFirstPage({ ...state, sort: next?.key ?? null, order: next?.order ?? 'asc' })),
      }}
      selection={selectable ? { selected, onChange: (ids) => setSelection({ key: queryKey, ids }) } : undefined}
      open={{
        onOpen: handleOpen,
        canOpen: (row) => detailPathOf(entry, row) !== null,
        label: (row) => String(t('WorkflowOpenCase', { caseNo: row.caseNo })),
      }}
      rowActions={
        hasDetail
          ? undefined
          : (row) => (
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setReviewing(row)}
                aria-label={String(t('WorkflowReviewCase', { caseNo: row.caseNo }))}
                data-testid="review-case"
              >
                {String(t('WorkflowReview'))}
              </Button>
            )
      }
      testIds={{
        table: 'stage-tray-table',
        row: 'stage-tray-row',
        open: 'open-case',
        loading: 'stage-tray-loading',
        error: 'stage-tray-error',
        empty: 'stage-tray-empty',
      }}
    />
  );

  return (
    <Stack gap="md" data-testid={`stage-tray-${config.routeName}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{title}</Title>
        <StageTrayExport config={config} state={state} />
      </Group>
      {panels.map(({ name, Component }) => (
        <Component
          key={name}
          definition={config.definition}
          stage={config.stage}
          listRouteName={config.routeName}
          accountPath={accountPath}
        />
      ))}
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
      <StageTrayFiltersForm
        key={JSON.stringify([state.q, state.dpdFrom, state.dpdTo, state.products, state.caseType, state.overdueOnly])}
        config={config}
        filters={state}
        onApply={applyFilters}
      />
      <Tabs value={state.tab} onChange={(tab) => tab && update(withFirstPage({ ...state, tab: tab as CaseTab }))}>
        <Tabs.List aria-label={String(t('WorkflowCaseTabs'))}>
          {CASE_TABS.map((tab) => {
            const count = countOf(tab);
            return (
              <Tabs.Tab
                key={tab}
                value={tab}
                data-testid={`case-tab-${tab}`}
                rightSection={
                  <Badge size="sm" variant="filled" color="gray.8" data-testid={`case-tab-count-${tab}`}>
                    {count === undefined ? '…' : number.format(count)}
                  </Badge>
                }
              >
                {caseTabLabel(t, tab)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {CASE_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="sm">
            {tab === state.tab ? (
              <Stack gap="sm">
                {selectable
                  ? trayWidgets.map(({ name, Control }) => (
                      <Control
                        key={name}
                        definition={config.definition}
                        stage={config.stage}
                        selected={selected}
                        onDone={selectionDone}
                        from={`workflow/${config.routeName}`}
                      />
                    ))
                  : null}
                {body}
                <PagePager
                  page={state.page}
                  pageSize={state.pageSize}
                  count={isCurrent ? page.data?.count : undefined}
                  isBusy={page.isFetching}
                  onChange={(next, pageSize) => update({ ...state, page: next, pageSize: pageSize as PageSize })}
                />
              </Stack>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      {reviewing !== null ? (
        <CaseReviewDialog
          caseId={reviewing.caseId}
          caseNo={reviewing.caseNo}
          onClose={() => {
            setReviewing(null);
            void page.refetch();
          }}
        />
      ) : null}
    </Stack>
  );
}
