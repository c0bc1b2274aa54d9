import { Badge, Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  SETTLEMENT_TABS,
  settlementListQuerySchema,
  type SettlementRow,
  type SettlementScreen,
  type SettlementTab,
} from '@recovery-desk/domain/settlements/contracts.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { formatBusinessDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { describeError } from '../../lib/describe-error.ts';
import { HttpError } from '../../lib/http-client.ts';
import { fetchSettlements, lookupSettlementAccount, settlementKeys } from './settlements-api.ts';
import {
  detailPath,
  levelLabel,
  money,
  openInTab,
  SCREEN_ROUTE,
  stageLabel,
  StatusBadge,
  useRouteTitle,
} from './settlement-ui.tsx';

type ListState = { tab: SettlementTab; q: string | undefined; page: number; pageSize: number };

const URL_STATE: UrlStateDefinition<ListState> = {
  schema: settlementListQuerySchema,
  defaults: { tab: 'all', q: undefined, page: 1, pageSize: 25 },
};

const TAB_LABEL = {
  all: 'SettlementTabAll',
  pending: 'SettlementTabPending',
  approved: 'SettlementTabApproved',
  rejected: 'SettlementTabRejected',
  pushback: 'SettlementTabPushback',
} as const satisfies Record<SettlementTab, string>;

/**
 * The three settlement lists (spec: Settlement Initiate, Settlement Approval, Settlement Viewer) with the views All,
 * Pending Approval, Approved, Rejected and Pushback: the acting unit's subtree, newest first, the spec's fields, TAT
 * with overdue approvals flagged. The initiate list also starts a settlement from an account number.
 */
function SettlementListPage({ screen }: { screen: SettlementScreen }) {
  const { t, i18n } = useTranslation();
  const routeName = SCREEN_ROUTE[screen];
  const title = useRouteTitle(routeName);
  const actingUnit = useSession((session) => session.actingUnit);
  const [state, setState] = useUrlState(URL_STATE);
  const from = `settelment/${routeName}`;
  const list = useQuery({
    queryKey: settlementKeys.list(actingUnit, screen, state.tab, state.page, state.pageSize, state.q ?? ''),
    queryFn: ({ signal }) =>
      fetchSettlements(
        screen,
        { tab: state.tab, page: state.page, pageSize: state.pageSize, q: state.q ?? '' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const [search, setSearch] = useState(state.q ?? '');
  const lang = i18n.language;

  const columns: GridColumn<SettlementRow>[] = [
    { key: 'id', header: String(t('SettlementId')), cell: (row) => String(row.id) },
    { key: 'accountNo', header: String(t('SettlementAccountNo')), cell: (row) => row.accountNo },
    { key: 'partyName', header: String(t('SettlementPartyName')), cell: (row) => row.partyName },
    { key: 'amount', header: String(t('SettlementDuesAmount')), cell: (row) => money(row.amount, row.currency, lang) },
    { key: 'waiverPercent', header: String(t('SettlementWaiverPercent')), cell: (row) => `${row.waiverPercent} %` },
    {
      key: 'waiverAmount',
      header: String(t('SettlementWaiverAmount')),
      cell: (row) => money(row.waiverAmount, row.currency, lang),
    },
    {
      key: 'totalPayable',
      header: String(t('SettlementTotalPayable')),
      cell: (row) => money(row.totalPayable, row.currency, lang),
    },
    {
      key: 'paymentDate',
      header: String(t('SettlementPaymentDate')),
      cell: (row) => formatBusinessDate(row.paymentDate, lang),
    },
    {
      key: 'status',
      header: String(t('Status')),
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'stage',
      header: String(t('SettlementStage')),
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{stageLabel(t, row.stage)}</Text>
          {row.restructuring ? (
            <Badge color="grape.9" variant="outline">
              {String(t('SettlementRestructuring'))}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'level', header: String(t('SettlementLevel')), cell: (row) => levelLabel(t, row.requiredLevel) },
    { key: 'initiator', header: String(t('SettlementInitiator')), cell: (row) => row.initiator },
    {
      key: 'tat',
      header: String(t('SettlementTat')),
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{String(row.tatDays)}</Text>
          {row.overdue ? (
            <Badge color="red.9" variant="filled" data-testid="settlement-overdue">
              {String(t('SettlementOverdue'))}
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setState({ ...state, q: search.trim() || undefined, page: 1 });
  };

  return (
    <Stack gap="md" data-testid={`settlement-list-${screen}`}>
      <Title order={1}>{title}</Title>
      <form onSubmit={onSearch} role="search">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={String(t('SettlementSearch'))}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={60}
          />
          <Button type="submit" variant="default">
            {String(t('SettlementSearchButton'))}
          </Button>
        </Group>
      </form>
      <Tabs
        value={state.tab}
        onChange={(value) => setState({ ...state, tab: (value as SettlementTab | null) ?? 'all', page: 1 })}
      >
        <Tabs.List aria-label={String(t('SettlementViews'))}>
          {SETTLEMENT_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {String(t(TAB_LABEL[tab]))}
              {list.data ? ` (${list.data.counts[tab]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataGrid<SettlementRow>
        caption={title}
        listKey={routeName}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => `${String(t('SettlementId'))} ${row.id}, ${row.accountNo}`}
        open={{
          onOpen: (row) => {
            const path = detailPath(screen, row);
            if (path) openInTab(t, routeName, path, from);
          },
          label: (row) => String(t('SettlementOpen', { id: row.id })),
        }}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('SettlementsLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('SettlementsEmpty')) }}
        testIds={{ table: 'settlement-table', row: 'settlement-row', open: 'open-row' }}
      />
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data?.count}
        isBusy={list.isFetching}
        label={String(t('SettlementPages'))}
        onChange={(page, pageSize) => setState({ ...state, page, pageSize })}
      />
      {screen === 'initiate' ? <StartFromAccount /> : null}
    </Stack>
  );
}

/** Start a settlement: the account number opens the account's initiation page (its dues and the form). */
function StartFromAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accountNo, setAccountNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (accountNo.trim() === '') {
      setError(String(t('SettlementAccountNoRequired')));
      return;
    }
    setBusy(true);
    try {
      const found = await lookupSettlementAccount(accountNo.trim());
      navigate(`/settelment/settelmentInitiate/account/${found.accountId}`);
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.status === 404
          ? String(t('SettlementAccountNotFound'))
          : describeError(failure, t),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-labelledby="settlement-start-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="settlement-start-title">
          {String(t('SettlementStart'))}
        </Title>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={String(t('SettlementAccountNo'))}
            value={accountNo}
            onChange={(event) => {
              setAccountNo(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={40}
            data-testid="settlement-start-account"
          />
          <Button type="submit" mt={24} loading={busy}>
            {String(t('SettlementOpenAccount'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const SettlementInitiateListPage = () => <SettlementListPage screen="initiate" />;
export const SettlementApprovalListPage = () => <SettlementListPage screen="approval" />;
export const SettlementViewerListPage = () => <SettlementListPage screen="viewer" />;
