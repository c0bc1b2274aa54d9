import { Alert, Badge, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { downloadQuerySchema, type DownloadRow } from '@recovery-desk/domain/collections/uploads.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { jobKindLabel } from '../../components/job-progress.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { listApiQuery, useListParams } from '../legal/components/use-list-params.ts';
import { useRouteTitle } from '../legal/components/screen-helpers.ts';
import { collUploadKeys, downloadGenerated, fetchDownloads } from './coll-uploads-api.ts';

const FROM = 'collapp/download';
const FILTERS = ['expired'] as const;

/**
 * /collapp/download (FILE_DOWNLOAD_COLL_SAUTH) — every file a background job of the acting unit's subtree made
 * (exports, reports, notices, upload error reports): who, when, until when, and its download while not expired.
 */
export function CollectionsDownloadPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('collDownload');
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage, setFilters } = useListParams(downloadQuerySchema, FILTERS);
  const apiQuery = listApiQuery(downloadQuerySchema, state);
  const includeExpired = state.filters.expired === 'include';
  const list = useQuery({
    queryKey: collUploadKeys.downloads(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchDownloads(apiQuery, signal),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: (row: DownloadRow) => downloadGenerated(row.jobId),
    onSuccess: (file, row) => saveFile(file, row.fileName),
    onError: (error) =>
      addToast({ title: String(t('CollDownloadFailed')), message: describeError(error, t), type: 'error', from: FROM }),
  });
  const rows = list.data?.data ?? [];

  const body = (
    <QueryStates
      query={list}
      isEmpty={rows.length === 0}
      loading={String(t('CollDownloadLoading'))}
      failed={String(t('CollDownloadLoadFailed'))}
      empty={String(t('CollDownloadEmpty'))}
      describe={(failure) => describeError(failure, t)}
      testId="downloads"
    >
      <DataTable<DownloadRow>
        caption={String(t('CollDownloadList'))}
        testId="downloads-table"
        rows={rows}
        rowKey={(row) => row.jobId}
        emptyText={String(t('CollDownloadEmpty'))}
        columns={[
          { key: 'fileName', label: String(t('CollDownloadColumnFile')), render: (row) => row.fileName },
          { key: 'kind', label: String(t('CollDownloadColumnKind')), render: (row) => jobKindLabel(t, row.kind) },
          {
            key: 'by',
            label: String(t('CollDownloadColumnBy')),
            // nobody started it: the scheduler's file (the daily report pack)
            render: (row) => row.generatedBy ?? String(t('JobSystemUser')),
          },
          { key: 'unit', label: String(t('CollDownloadColumnUnit')), render: (row) => row.unitCode ?? '' },
          {
            key: 'at',
            label: String(t('CollDownloadColumnAt')),
            render: (row) => formatDateTime(row.generatedAt, i18n.language),
          },
          {
            key: 'expires',
            label: String(t('CollDownloadColumnExpires')),
            render: (row) => formatDateTime(row.expiresAt, i18n.language),
          },
          {
            key: 'actions',
            label: String(t('CollDownloadColumnActions')),
            render: (row) =>
              row.expired ? (
                <Badge variant="filled" color="gray.8" styles={{ label: { overflow: 'visible' } }}>
                  {String(t('CollDownloadExpired'))}
                </Badge>
              ) : (
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={download.isPending && download.variables.jobId === row.jobId}
                  onClick={() => download.mutate(row)}
                  aria-label={String(t('CollDownloadDownloadNamed', { fileName: row.fileName }))}
                >
                  {String(t('CollDownloadDownload'))}
                </Button>
              ),
          },
        ]}
      />
    </QueryStates>
  );

  return (
    <Stack gap="md" data-testid="coll-download">
      <Title order={1}>{title}</Title>
      <Text size="sm">{String(t('CollDownloadIntro', { days: list.data?.retentionDays ?? 30 }))}</Text>
      <Checkbox
        label={String(t('CollDownloadIncludeExpired'))}
        checked={includeExpired}
        onChange={(event) => setFilters({ expired: event.currentTarget.checked ? 'include' : '' })}
      />
      {list.isError && list.data ? (
        <Alert color="red" variant="outline" role="alert">
          {describeError(list.error, t)}
        </Alert>
      ) : null}
      {body}
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        onChange={setPage}
        isBusy={list.isFetching}
        label={String(t('CollDownloadPages'))}
      />
    </Stack>
  );
}
