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
import { CASE_TABS, type CaseRow, type CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagePager } from '../../../components/page-pager.tsx';
import { HttpError } from '../../../lib/http-client.ts';
import { openDetailInTab } from '../../../lib/open-detail-tab.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../api/describe-error.ts';
import { fetchStageTray } from '../api/workflow-api.ts';
import { TRAY_QUERY_PREFIX } from '../case/case-queries.ts';
import { caseTabLabel } from '../labels.ts';
import { detailPathOf, type StageRoute } from '../stage-routes.ts';
import { widgetsOf } from '../widgets.ts';
import { CaseReviewDialog } from './case-review-dialog.tsx';
import { StageTrayExport } from './stage-tray-export.tsx';
import { StageTrayFiltersForm } from './stage-tray-filters.tsx';
import {
  EMPTY_FILTERS,
  hasFilters,
  nextSort,
  parseStageTrayState,
  serializeStageTrayState,
  stageTrayApiQuery,
  stageTrayConfig,
  withFirstPage,
  type PageSize,
  type StageTrayConfig,
  type StageTrayFilters,
  type StageTrayState,
} from './stage-tray-state.ts';
import { StageTrayTable } from './stage-tray-table.tsx';

const NO_SELECTION: ReadonlySet<number> = new Set();

/** The tray state read from, and written to, the address bar (each change is a history entry). */
function useStageTrayState(config: StageTrayConfig): [StageTrayState, (next: StageTrayState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseStageTrayState(new URLSearchParams(key), config), [key, config]);
  const setState = useCallback(
    (next: StageTrayState) => setParams(serializeStageTrayState(next, config), { preventScrollReset: true }),
    [setParams, config],
  );
  // The screen's search view name travels in the address (spec §2.7), also on first arrival.
  useEffect(() => {
    if (config.searchView !== null && new URLSearchParams(key).get('searchView') !== config.searchView) {
      setParams(serializeStageTrayState(parseStageTrayState(new URLSearchParams(key), config), config), {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [key, config, setParams]);
  return [state, setState];
}

/**
 * The one tray of every workflow stage (spec §2.7, §4): the tabs Pending Approval / Approved / Rejected / Pushback
 * with counts, My View / Team View, case-list filters, the stage's columns, numbered pages and export. A stage
 * whose widgets act on selected cases (legal Send Legal Notice: "Generate notices") adds row selection and their
 * bars; a stage without a detail screen reviews its cases in a dialog. All of its state is in the address bar.
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
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-IN' : i18n.language);

  const page = useQuery({
    queryKey: [...TRAY_QUERY_PREFIX, config.definition.code, config.stage.code, actingUnit, queryKey],
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

  const handleOpen = (_row: CaseRow, path: string) => {
    if (!openDetailInTab(config.routeName, path)) {
      addToast({
        title: String(t('SystemMsg')),
        message: String(t('WorkflowPopupBlocked')),
        type: 'warning',
        from: `workflow/${config.routeName}`,
      });
    }
  };

  const hasDetail = entry.detailRoutes.length > 0;
  const rows = page.data?.data ?? [];
  const isCurrent = page.data !== undefined && !page.isPlaceholderData;
  const countOf = (tab: CaseTab): number | undefined => (isCurrent ? page.data?.tabCounts[tab] : undefined);

  let body: ReactNode;
  if (page.isPending) {
    body = (
      <Stack gap={6} role="status" aria-live="polite" data-testid="stage-tray-loading">
        <span className="visually-hidden">{String(t('LoadingRows'))}</span>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (page.isError && !page.data) {
    body = <TrayError error={page.error} onRetry={() => void page.refetch()} onClear={clearFilters} />;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="lg" data-testid="stage-tray-empty">
        <Stack gap="xs" align="flex-start">
          <Text fw={600}>{String(t(hasFilters(state) ? 'WorkflowNoCasesMatch' : 'WorkflowNoCasesInTab'))}</Text>
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
      <StageTrayTable
        config={config}
        rows={rows}
        state={state}
        caption={`${title} — ${caseTabLabel(t, state.tab)}`}
        isBusy={page.isFetching}
        onSort={(key) => update(withFirstPage({ ...state, ...nextSort(state, key) }))}
        selection={selectable ? { selected, onChange: (ids) => setSelection({ key: queryKey, ids }) } : undefined}
        detailPathOf={(row) => detailPathOf(entry, row)}
        onOpen={handleOpen}
        renderActions={
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
      />
    );
  }

  return (
    <Stack gap="md" data-testid={`stage-tray-${config.routeName}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{title}</Title>
        <StageTrayExport config={config} state={state} />
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
                {page.isError && page.data ? (
                  <TrayError error={page.error} onRetry={() => void page.refetch()} onClear={clearFilters} />
                ) : null}
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

function TrayError({ error, onRetry, onClear }: { error: unknown; onRetry: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  const isBadFilter = error instanceof HttpError && error.status === 400;
  const fields = error instanceof HttpError ? error.fields : [];
  return (
    <Alert
      color="red"
      variant="outline"
      role="alert"
      title={String(t('TrayLoadFailed'))}
      data-testid="stage-tray-error"
    >
      <Stack gap="xs">
        <Text size="sm">{describeWorkflowError(t, error)}</Text>
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
