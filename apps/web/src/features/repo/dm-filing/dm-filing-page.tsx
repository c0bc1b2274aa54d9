import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DM_FILING_STEPS,
  dmFilingsQuerySchema,
  type DmFiling,
  type DmFilingStep,
  type DmOrderClock,
} from '@recovery-desk/domain/repo/dm-filings.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataGrid, type GridColumn } from '../../../components/data-grid/data-grid.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { formatBusinessDate, formatCount } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { isScreenRegistered } from '../../../lib/screen-registry.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../../lib/url-state.ts';
import { LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { routePath, useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { SummaryList } from '../../workflow/case/case-header.tsx';
import { fetchDmFiling, fetchDmFilings, repoKeys } from '../api/repo-api.ts';

// DM Filing (/Repo/DmFiling, no authority of its own; issue 15): the SARFAESI cases of the acting unit's subtree in
// §14 proceedings before the CMM/DM, where each stands (advocate, filing, order, possession) and the magistrate's order
// against its clock (30 days from filing, 60 in aggregate), from GET /api/repo/dm-filings. A row opens the case's DM
// filing screen (/Repo/DmFiling/caseid/{caseid}/account/{accountid}), which links to the stage screen where the case
// is worked.

type ListState = {
  step: DmFilingStep | undefined;
  overdue: 'true' | 'false' | undefined;
  q: string | undefined;
  page: number;
  pageSize: number;
};

const URL_STATE: UrlStateDefinition<ListState> = {
  schema: dmFilingsQuerySchema,
  defaults: { step: undefined, overdue: undefined, q: undefined, page: 1, pageSize: 25 },
};

const STEP_KEYS = {
  ADVOCATE_DUE: 'DmStepAdvocateDue',
  ALLOCATED: 'DmStepAllocated',
  FILED: 'DmStepFiled',
  ORDERED: 'DmStepOrdered',
  POSSESSION_SCHEDULED: 'DmStepPossessionScheduled',
} as const satisfies Record<DmFilingStep, string>;

const MAGISTRATE_KEYS: Record<
  string,
  'MagistrateCmm' | 'MagistrateDm' | 'MagistrateCjm' | 'MagistrateAdm' | 'MagistrateAcmm'
> = {
  CMM: 'MagistrateCmm',
  DM: 'MagistrateDm',
  CJM: 'MagistrateCjm',
  ADM: 'MagistrateAdm',
  ACMM: 'MagistrateAcmm',
};
const magistrateKey = (code: string | null) => (code ? MAGISTRATE_KEYS[code] : undefined);

const CLOCK = {
  NOT_FILED: null,
  WITHIN: { key: 'DmClockWithin', color: 'teal.9' },
  OVERDUE: { key: 'DmClockOverdue', color: 'orange.9' },
  ESCALATE: { key: 'DmClockEscalate', color: 'red.9' },
  ORDERED: { key: 'DmClockOrdered', color: 'gray.8' },
} as const satisfies Record<DmOrderClock, { key: string; color: string } | null>;

function ClockBadge({ filing }: { filing: DmFiling }) {
  const { t, i18n } = useTranslation();
  const clock = CLOCK[filing.clock];
  if (!clock) return <Text size="sm">—</Text>;
  return (
    <Badge color={clock.color} variant={filing.clock === 'WITHIN' || filing.clock === 'ORDERED' ? 'outline' : 'filled'}>
      {String(
        t(clock.key, {
          date: formatBusinessDate(filing.clock === 'ESCALATE' ? filing.escalateOn : filing.orderDueOn, i18n.language),
        }),
      )}
    </Badge>
  );
}

const detailPath = (filing: DmFiling) =>
  routePath('dmFilingDetail', { caseid: filing.caseId, accountid: filing.accountId });

export function DmFilingPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('dmFiling');
  const navigate = useNavigate();
  const actingUnit = useSession((session) => session.actingUnit);
  const [state, setState] = useUrlState(URL_STATE);
  const [search, setSearch] = useState(state.q ?? '');
  const query = { step: state.step, overdue: state.overdue, q: state.q, page: state.page, pageSize: state.pageSize };
  const list = useQuery({
    queryKey: repoKeys.dmFilings(actingUnit, query),
    queryFn: ({ signal }) => fetchDmFilings(query, signal),
    placeholderData: keepPreviousData,
  });
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  const columns: GridColumn<DmFiling>[] = [
    { key: 'caseNo', header: String(t('DmCaseNo')), cell: (row) => row.caseNo },
    { key: 'accountNo', header: String(t('DmAccountNo')), cell: (row) => row.accountNo },
    { key: 'customerName', header: String(t('DmBorrower')), cell: (row) => row.customerName },
    { key: 'step', header: String(t('DmStep')), cell: (row) => String(t(STEP_KEYS[row.step])) },
    { key: 'advocate', header: String(t('DmAdvocateName')), cell: (row) => row.advocateName ?? '—' },
    {
      key: 'magistrate',
      header: String(t('MagistrateAuthority')),
      cell: (row) => {
        const key = magistrateKey(row.magistrate);
        return key ? String(t(key)) : (row.magistrate ?? '—');
      },
    },
    { key: 'filedOn', header: String(t('Section14FilingDate')), cell: (row) => date(row.filedOn) },
    { key: 'applicationNo', header: String(t('Section14ApplicationNo')), cell: (row) => row.applicationNo ?? '—' },
    { key: 'nextHearingOn', header: String(t('NextHearingDate')), cell: (row) => date(row.nextHearingOn) },
    { key: 'orderedOn', header: String(t('Section14OrderDate')), cell: (row) => date(row.orderedOn) },
    { key: 'clock', header: String(t('DmOrderClock')), cell: (row) => <ClockBadge filing={row} /> },
  ];
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setState({ ...state, q: search.trim() || undefined, page: 1 });
  };
  const counts = list.data;
  const stepChoices = [
    { value: '', label: `${String(t('DmStepAll'))}${counts ? ` (${formatCount(counts.count, i18n.language)})` : ''}` },
    ...DM_FILING_STEPS.map((step) => ({
      value: step,
      label: `${String(t(STEP_KEYS[step]))}${counts ? ` (${formatCount(counts.steps[step], i18n.language)})` : ''}`,
    })),
  ];

  return (
    <Stack gap="md" data-testid="dm-filing-page">
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dark.6">
        {String(t('DmFilingIntro'))}
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <form onSubmit={onSearch} role="search">
          <Group align="flex-end" gap="sm">
            <TextInput
              label={String(t('DmSearch'))}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={40}
            />
            <Button type="submit" variant="default">
              {String(t('DmSearchButton'))}
            </Button>
          </Group>
        </form>
        <Button
          variant={state.overdue === 'true' ? 'filled' : 'default'}
          color="orange.9"
          aria-pressed={state.overdue === 'true'}
          onClick={() => setState({ ...state, overdue: state.overdue === 'true' ? undefined : 'true', page: 1 })}
          data-testid="dm-overdue-filter"
        >
          {String(t('DmOverdueOnly', { total: formatCount(counts?.overdue ?? 0, i18n.language) }))}
        </Button>
      </Group>
      <SegmentedControl
        aria-label={String(t('DmStep'))}
        value={state.step ?? ''}
        onChange={(value) => setState({ ...state, step: (value || undefined) as DmFilingStep | undefined, page: 1 })}
        data={stepChoices}
        data-testid="dm-steps"
      />
      <DataGrid<DmFiling>
        caption={title}
        listKey="dmFiling"
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.caseId}
        rowLabel={(row) => `${row.caseNo}, ${row.accountNo}`}
        open={{
          onOpen: (row) => {
            const path = detailPath(row);
            if (path) void navigate(path);
          },
          label: (row) => String(t('DmOpenCase', { caseNo: row.caseNo })),
        }}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('DmFilingsLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t(state.step || state.overdue || state.q ? 'DmFilingsNoneMatch' : 'DmFilingsEmpty')) }}
        testIds={{ table: 'dm-table', row: 'dm-row', open: 'dm-open' }}
      />
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data?.count}
        isBusy={list.isFetching}
        label={String(t('DmPages'))}
        onChange={(page, pageSize) => setState({ ...state, page, pageSize })}
      />
    </Stack>
  );
}

/** /Repo/DmFiling/caseid/{caseid}/account/{accountid}: one case's §14 proceeding, and the way to its stage screen. */
export function DmFilingCasePage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('dmFilingDetail');
  const { caseid = '' } = useParams();
  const actingUnit = useSession((session) => session.actingUnit);
  const filing = useQuery({
    queryKey: repoKeys.dmFiling(actingUnit, caseid),
    queryFn: ({ signal }) => fetchDmFiling(caseid, signal),
  });
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');
  let body: ReactNode;
  if (filing.isPending) body = <LoadingBlock label={String(t('DmFilingLoading'))} testId="dm-loading" />;
  else if (filing.isError)
    body = (
      <LoadError
        title={String(t('DmFilingLoadFailed'))}
        error={filing.error}
        onRetry={() => void filing.refetch()}
        testId="dm-error"
      />
    );
  else {
    const row = filing.data.filing;
    const stageScreen =
      row.routeSlug && !row.isClosed && isScreenRegistered(`${row.routeSlug}Detail`)
        ? routePath(`${row.routeSlug}Detail`, { caseid: row.caseId, accountid: row.accountId })
        : null;
    body = (
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dm-case-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4" id="dm-case-title">
              {String(t('DmCaseHeading', { caseNo: row.caseNo, name: row.customerName }))}
            </Title>
            <ClockBadge filing={row} />
          </Group>
          <SummaryList
            testId="dm-case-summary"
            items={[
              { label: String(t('DmAccountNo')), value: row.accountNo },
              { label: String(t('DmStep')), value: String(t(STEP_KEYS[row.step])), testId: 'dm-step' },
              {
                label: String(t('DmCurrentStage')),
                value: row.stageLabelKey ? translateKey(t, row.stageLabelKey, row.stage) : row.stage,
              },
              { label: String(t('DmAdvocateName')), value: row.advocateName ?? '—' },
              { label: String(t('AllocationDate')), value: date(row.allocatedOn) },
              {
                label: String(t('MagistrateAuthority')),
                value: magistrateKey(row.magistrate)
                  ? String(t(magistrateKey(row.magistrate)!))
                  : (row.magistrate ?? '—'),
              },
              { label: String(t('Section14FilingDate')), value: date(row.filedOn) },
              { label: String(t('Section14ApplicationNo')), value: row.applicationNo ?? '—' },
              { label: String(t('NextHearingDate')), value: date(row.nextHearingOn) },
              { label: String(t('DmOrderDueBy')), value: date(row.orderDueOn), testId: 'dm-order-due' },
              { label: String(t('DmEscalateAfter')), value: date(row.escalateOn) },
              { label: String(t('Section14OrderDate')), value: date(row.orderedOn) },
              { label: String(t('Section14OrderNo')), value: row.orderNo ?? '—' },
              { label: String(t('AdvocateCommissionerOrReceiver')), value: row.commissionerName ?? '—' },
              { label: String(t('PhysicalPossessionScheduledOn')), value: date(row.possessionScheduledOn) },
            ]}
          />
          {stageScreen ? (
            <Anchor component={Link} to={stageScreen} data-testid="dm-stage-link">
              {String(t('DmOpenStage'))}
            </Anchor>
          ) : (
            <Text size="sm">{String(t(row.isClosed ? 'DmCaseClosed' : 'DmNoStageScreen'))}</Text>
          )}
        </Stack>
      </Paper>
    );
  }
  const back = routePath('dmFiling');
  return (
    <Stack gap="md" data-testid="dm-filing-case">
      <Title order={1}>{title}</Title>
      {back ? (
        <Anchor component={Link} to={back}>
          {String(t('DmBackToRegister'))}
        </Anchor>
      ) : null}
      {body}
    </Stack>
  );
}
