import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { InitiationCandidate, RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import { tabViewName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../../components/data-grid/data-grid.tsx';
import { formatAmount, numberFormat } from '../../../lib/format.ts';
import { recordOpenTab, useSession } from '../../../lib/session-store.ts';
import { bucketLabel } from '../../collections/labels.ts';
import { productName } from '../../workflow/labels.ts';
import type { TrayPanelProps } from '../../workflow/widgets.ts';
import { fetchInitiationCandidates, repoKeys } from '../api/repo-api.ts';

// "Accounts to initiate" on the initiate stage's tray (Repossession Initiate, Sarfaesi Initiate; registered by
// register-widgets.ts as a tray panel): the past-due accounts of the acting unit's subtree with no open case of the
// workflow (GET /api/repo/:code/candidates), most days past due first, searched by account number or customer name,
// a page at a time. Each account links to its initiate screen (`…/account/{accountid}`), which offers Start a case; it
// opens in the tray's detail tab, as the tray's cases do, and the list reloads when the officer comes back.

/** Accounts a page. */
export const CANDIDATES_PAGE_SIZE = 10;

export function AccountsToInitiatePanel({ definition, listRouteName, accountPath }: TrayPanelProps) {
  const { t, i18n } = useTranslation();
  const code = definition.code as RepoWorkflowCode;
  const actingUnit = useSession((session) => session.actingUnit);
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState({ q: '', page: 1 });
  const query = { ...applied, limit: CANDIDATES_PAGE_SIZE };
  const list = useQuery({
    queryKey: repoKeys.candidates(code, actingUnit, query),
    // the page travels with its rows: while the next one loads, the pager still describes the rows shown
    queryFn: async ({ signal }) => ({ ...(await fetchInitiationCandidates(code, query, signal)), page: query.page }),
    placeholderData: keepPreviousData,
    // a case started in the detail tab takes its account off the list when the officer comes back
    refetchOnWindowFocus: true,
  });
  const language = i18n.language;
  const number = numberFormat(language);
  const tab = tabViewName(listRouteName);

  const columns: GridColumn<InitiationCandidate>[] = [
    {
      key: 'accountNo',
      header: String(t('RepoCandidatesAccountNo')),
      cell: (row) => {
        const path = accountPath?.(row.accountId);
        return path ? (
          <Anchor href={path} target={tab} onClick={() => recordOpenTab(tab, path)} size="sm" fw={600}>
            {row.accountNo}
          </Anchor>
        ) : (
          row.accountNo
        );
      },
    },
    { key: 'customerName', header: String(t('RepoCandidatesCustomer')), cell: (row) => row.customerName },
    { key: 'product', header: String(t('RepoCandidatesProduct')), cell: (row) => productName(t, row.product) },
    { key: 'dpd', header: String(t('RepoCandidatesDpd')), cell: (row) => number.format(row.dpd) },
    {
      key: 'bucket',
      header: String(t('RepoCandidatesBucket')),
      cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{bucketLabel(t, row.bucket)}</span>,
    },
    {
      key: 'totalAmountOverdue',
      header: String(t('RepoCandidatesOverdue')),
      cell: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(row.totalAmountOverdue, row.currency, language)}</span>
      ),
    },
    { key: 'unitCode', header: String(t('RepoCandidatesUnit')), cell: (row) => row.unitCode },
  ];

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = search.trim();
    // the same search again reloads it (accounts may have been initiated since)
    if (q === applied.q && applied.page === 1) void list.refetch();
    else setApplied({ q, page: 1 });
  };
  const clearSearch = () => {
    setSearch('');
    setApplied({ q: '', page: 1 });
  };
  const rows = list.data?.data ?? [];
  const isCurrent = list.data !== undefined && !list.isPlaceholderData;
  const shownPage = list.data?.page ?? 1;
  const hasMore = list.data?.hasMore ?? false;
  const from = (shownPage - 1) * CANDIDATES_PAGE_SIZE + 1;
  const showPager = rows.length > 0 && (shownPage > 1 || hasMore);
  // A later page emptied by cases started meanwhile: back to the page before it.
  const emptiedPage = isCurrent && rows.length === 0 && applied.page > 1;
  useEffect(() => {
    if (emptiedPage) setApplied((current) => ({ ...current, page: current.page - 1 }));
  }, [emptiedPage]);
  const clearButton = (
    <Button size="xs" variant="default" onClick={clearSearch}>
      {String(t('RepoCandidatesClear'))}
    </Button>
  );

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-labelledby={headingId}
      data-testid="accounts-to-initiate"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {String(t('RepoCandidatesTitle'))}
        </Title>
        <Text size="sm" c="dark.6">
          {String(t('RepoCandidatesIntro'))}
        </Text>
        <form onSubmit={onSearch} role="search" aria-label={String(t('RepoCandidatesSearchLabel'))}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={String(t('RepoCandidatesSearch'))}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={60}
              w={280}
            />
            <Button type="submit" variant="default">
              {String(t('RepoCandidatesSearchButton'))}
            </Button>
            {applied.q !== '' ? clearButton : null}
          </Group>
        </form>
        <DataGrid<InitiationCandidate>
          caption={String(t('RepoCandidatesTitle'))}
          columns={columns}
          rows={rows}
          rowId={(row) => row.accountId}
          rowLabel={(row) => row.accountNo}
          maxHeight="none"
          minWidth={760}
          isLoading={list.isPending}
          isBusy={list.isFetching}
          error={
            list.isError
              ? {
                  title: String(t('RepoCandidatesLoadFailed')),
                  error: list.error,
                  onRetry: () => void list.refetch(),
                }
              : undefined
          }
          empty={
            applied.q !== ''
              ? { text: String(t('RepoCandidatesNoneMatch')), action: clearButton }
              : { text: String(t('RepoCandidatesEmpty')) }
          }
          testIds={{
            table: 'candidates-table',
            row: 'candidates-row',
            loading: 'candidates-loading',
            error: 'candidates-error',
            empty: 'candidates-empty',
          }}
        />
        {showPager ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" role="status" aria-live="polite" data-testid="candidates-range">
              {String(
                t('RepoCandidatesRange', {
                  from: number.format(from),
                  to: number.format(from + rows.length - 1),
                }),
              )}
            </Text>
            <Group component="nav" aria-label={String(t('RepoCandidatesPages'))} gap={4} wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                disabled={shownPage === 1 || list.isFetching}
                onClick={() => setApplied({ ...applied, page: shownPage - 1 })}
              >
                {String(t('Prev'))}
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!hasMore || list.isFetching}
                onClick={() => setApplied({ ...applied, page: shownPage + 1 })}
              >
                {String(t('Next'))}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
