import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { formatAmount, formatBusinessDate } from '../../../lib/format.ts';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { fetchFiMatters, type FiMatterRow } from '../api/legal-api.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../components/load-state.tsx';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { pagedQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { listApiQuery, useListParams } from '../components/use-list-params.ts';
import { fiStatusLabel, forumLabel } from '../labels.ts';
import { AddMatterDialog, UpdateMatterDialog } from './fi-matter-dialogs.tsx';
import { legalKeys } from '../api/query-keys.ts';

const FILTERS = ['q', 'status'] as const;
const HEADERS: readonly DictionaryKey[] = [
  'FiMatterNo',
  'FiPetitionerName',
  'AccountNo',
  'FiForum',
  'FiCourt',
  'FiCaseNumber',
  'FiFiledOn',
  'FiClaimAmount',
  'FiNextHearingDate',
  'FiAdvocate',
  'Status',
  'Actions',
];
const FROM = 'legal/legalAgainstFI';
type Dialog = { type: 'add' } | { type: 'update'; matter: FiMatterRow } | null;

/** /legal/legalAgainstFI — matters filed against the lender: search, status filter, pages, add and update. */
export function LegalAgainstFiPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('legalAgainstFI');
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage, setFilters } = useListParams(pagedQuerySchema, FILTERS);
  const apiQuery = listApiQuery(pagedQuerySchema, state);
  const [dialog, setDialog] = useState<Dialog>(null);

  const list = useQuery({
    queryKey: legalKeys.againstFiPage(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchFiMatters(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  const finish = (message: string) => {
    addToast({ title: String(t('Done')), message, type: 'success', from: FROM });
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: legalKeys.againstFi() });
  };

  const hasFilters = state.filters.q !== '' || state.filters.status !== '';
  const rows = list.data?.data ?? [];
  const date = (value: string | null) => (value ? formatBusinessDate(value, i18n.language) : EMPTY_VALUE);

  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock label={String(t('LoadingRows'))} testId="fi-loading" />;
  else if (list.isError && !list.data)
    body = (
      <LoadError
        title={String(t('FiLoadFailed'))}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="fi-error"
      />
    );
  else if (rows.length === 0)
    body = (
      <EmptyBlock
        testId="fi-empty"
        text={String(t(hasFilters ? 'FiNoMatches' : 'FiEmpty'))}
        action={
          hasFilters ? (
            <Button size="xs" variant="default" onClick={() => setFilters({ q: '', status: '' })}>
              {String(t('ClearFilters'))}
            </Button>
          ) : null
        }
      />
    );
  else
    body = (
      <Table.ScrollContainer minWidth={1100}>
        <Table
          withTableBorder
          striped
          fz="sm"
          aria-busy={list.isFetching}
          style={{ opacity: list.isFetching ? 0.6 : 1 }}
          data-testid="fi-table"
        >
          <caption className="visually-hidden">{title}</caption>
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((key) => (
                <Table.Th key={key} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {translateWithParams(t, key)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.matterId} data-testid="fi-row">
                <Table.Td>{row.matterNo}</Table.Td>
                <Table.Td>{row.petitionerName}</Table.Td>
                <Table.Td>{row.accountNo ?? EMPTY_VALUE}</Table.Td>
                <Table.Td>{forumLabel(t, row.forum)}</Table.Td>
                <Table.Td>{row.court ?? EMPTY_VALUE}</Table.Td>
                <Table.Td>{row.caseNumber ?? EMPTY_VALUE}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(row.filedOn)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {row.claimAmount ? formatAmount(row.claimAmount, row.currency, i18n.language) : EMPTY_VALUE}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(row.nextHearingDate)}</Table.Td>
                <Table.Td>{row.advocateName ?? EMPTY_VALUE}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="filled"
                    color={row.status === 'OPEN' ? 'blue.9' : 'gray.8'}
                    styles={{ label: { overflow: 'visible' } }}
                  >
                    {fiStatusLabel(t, row.status)}
                  </Badge>
                  {row.outcome ? <div>{row.outcome}</div> : null}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => setDialog({ type: 'update', matter: row })}
                    aria-label={String(t('FiUpdateNamed', { matterNo: row.matterNo }))}
                  >
                    {String(t('FiUpdate'))}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md" data-testid="legal-against-fi">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        <Button onClick={() => setDialog({ type: 'add' })}>{String(t('FiAddMatter'))}</Button>
      </Group>
      <FiFilters key={`${state.filters.q}|${state.filters.status}`} filters={state.filters} onApply={setFilters} />
      {list.isError && list.data ? (
        <LoadError title={String(t('FiLoadFailed'))} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {body}
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        onChange={setPage}
        isBusy={list.isFetching}
      />
      {dialog?.type === 'add' ? (
        <AddMatterDialog
          onDone={(row) =>
            finish(row ? String(t('FiMatterAddedNamed', { matterNo: row.matterNo })) : String(t('FiMatterAdded')))
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'update' ? (
        <UpdateMatterDialog
          matter={dialog.matter}
          onDone={() => finish(String(t('FiMatterUpdated', { matterNo: dialog.matter.matterNo })))}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

function FiFilters({
  filters,
  onApply,
}: {
  filters: Record<'q' | 'status', string>;
  onApply: (filters: Record<'q' | 'status', string>) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState(filters.q);
  const [status, setStatus] = useState(filters.status);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim(), status });
  };
  return (
    <Paper withBorder p="sm" component="form" role="search" aria-label={String(t('Filters'))} onSubmit={handleSubmit}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ValidatedTextInput
          label={String(t('FiSearch'))}
          name="q"
          value={q}
          onChange={setQ}
          rules={[{ kind: 'maxLength', length: 60 }]}
        />
        <NativeSelect
          id="field-fi-status"
          label={String(t('Status'))}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[
            { value: '', label: String(t('FiAllStatuses')) },
            { value: 'OPEN', label: fiStatusLabel(t, 'OPEN') },
            { value: 'DISPOSED', label: fiStatusLabel(t, 'DISPOSED') },
          ]}
        />
        <Group gap="xs" align="flex-end">
          <Button type="submit" size="sm">
            {String(t('ApplyFilters'))}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="default"
            onClick={() => {
              setQ('');
              setStatus('');
              onApply({ q: '', status: '' });
            }}
          >
            {String(t('ClearFilters'))}
          </Button>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
