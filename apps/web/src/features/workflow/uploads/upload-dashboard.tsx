import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagedQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import type { DownloadedFile } from '../../../lib/http-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { listApiQuery, useListParams } from '../../legal/components/use-list-params.ts';
import { uploadStatusLabel } from '../../legal/labels.ts';

// The result and the upload dashboard of every workflow app's File Upload screen (legal, repossession, SARFAESI):
// the finished upload's counts and row errors, and the paged list of the app's files with status, counts, progress
// while PROCESSING and the errors CSV. The screen gives its fetchers, query key and kind labels.

const NO_FILTERS = [] as const;
/** How often the list is read again while an upload on it is PROCESSING. */
const PROCESSING_REFRESH_MS = 2000;

const STATUS_COLORS: Record<string, string> = {
  PROCESSING: 'blue.9',
  INTERRUPTED: 'red.9',
  COMPLETED: 'green.9',
  COMPLETED_WITH_ERRORS: 'orange.9',
  FAILED: 'red.9',
};

export type UploadRecordView = {
  uploadId: number;
  kind: string;
  fileName: string;
  status: string;
  totalRows: number;
  okRows: number;
  failedRows: number;
  uploadedBy: string;
  createdAt: string;
};
export type UploadResultView = UploadRecordView & { errors: { row: number; field: string; message: string }[] };

/** Downloads a file (template, errors) and saves it; a failure is a toast. */
export function useFileDownload(from: string, describeError: (error: unknown) => string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (job: { fetch: () => Promise<DownloadedFile>; fallbackName: string }) => job.fetch(),
    onSuccess: (file, job) => saveFile(file, job.fallbackName),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: describeError(error), type: 'error', from }),
  });
}

export function UploadResult<R extends UploadResultView>({
  result,
  kindLabel,
}: {
  result: R;
  kindLabel: (row: R) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="upload-result"
      data-testid="upload-result"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="upload-result">
            {String(t('UploadResultTitle', { fileName: result.fileName }))}
          </Title>
          <Badge
            variant="filled"
            color={STATUS_COLORS[result.status] ?? 'gray.8'}
            styles={{ label: { overflow: 'visible' } }}
          >
            {uploadStatusLabel(t, result.status)}
          </Badge>
        </Group>
        <List size="sm" data-testid="upload-counts">
          <List.Item>{String(t('UploadKindIs', { kind: kindLabel(result) }))}</List.Item>
          <List.Item>{String(t('UploadTotalRows', { count: result.totalRows }))}</List.Item>
          <List.Item>{String(t('UploadOkRows', { count: result.okRows }))}</List.Item>
          <List.Item>{String(t('UploadFailedRows', { count: result.failedRows }))}</List.Item>
        </List>
        {result.errors.length > 0 ? (
          <DataTable
            caption={String(t('UploadRowErrors'))}
            testId="upload-row-errors"
            rows={result.errors}
            rowKey={(row) => `${row.row}-${row.field}-${row.message}`}
            emptyText=""
            columns={[
              { key: 'row', label: String(t('UploadRow')), render: (row) => String(row.row) },
              { key: 'field', label: String(t('UploadField')), render: (row) => row.field },
              { key: 'message', label: String(t('UploadMessage')), render: (row) => row.message },
            ]}
          />
        ) : null}
        {result.errors.length > 0 ? (
          <Text size="sm" c="dark.6">
            {String(t('UploadFixAndRetry'))}
          </Text>
        ) : null}
        <Text size="sm" c="dark.6">
          {formatDateTime(result.createdAt, i18n.language)}
        </Text>
      </Stack>
    </Paper>
  );
}

export type UploadDashboardProps<R extends UploadRecordView> = {
  queryKey: (actingUnit: number | null, query: string) => QueryKey;
  fetchPage: (
    query: URLSearchParams,
    signal?: AbortSignal,
  ) => Promise<{ data: R[]; count: number; page: number; pageSize: number }>;
  downloadErrors: (uploadId: number) => Promise<DownloadedFile>;
  kindLabel: (row: R) => string;
  describeError: (error: unknown) => string;
  /** the toasts' origin (the screen's path) */
  from: string;
};

export function UploadDashboard<R extends UploadRecordView>({
  queryKey,
  fetchPage,
  downloadErrors,
  kindLabel,
  describeError,
  from,
}: UploadDashboardProps<R>) {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage } = useListParams(pagedQuerySchema, NO_FILTERS);
  const apiQuery = listApiQuery(pagedQuerySchema, state);
  const errors = useFileDownload(`${from}/errors`, describeError);
  const list = useQuery({
    queryKey: queryKey(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchPage(apiQuery, signal),
    placeholderData: keepPreviousData,
    // An upload is listed from the request on: its counts move while its rows are applied.
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'PROCESSING') ? PROCESSING_REFRESH_MS : false,
  });
  const rows = list.data?.data ?? [];

  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock label={String(t('LoadingRows'))} testId="uploads-loading" />;
  else if (list.isError && !list.data)
    body = (
      <LoadError
        title={String(t('UploadsLoadFailed'))}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="uploads-error"
      />
    );
  else if (rows.length === 0) body = <EmptyBlock text={String(t('UploadsEmpty'))} testId="uploads-empty" />;
  else
    body = (
      <DataTable<R>
        caption={String(t('UploadDashboard'))}
        testId="uploads-table"
        rows={rows}
        rowKey={(row) => row.uploadId}
        emptyText={String(t('UploadsEmpty'))}
        columns={[
          { key: 'fileName', label: String(t('FileName')), render: (row) => row.fileName },
          { key: 'kind', label: String(t('UploadKind')), render: (row) => kindLabel(row) },
          {
            key: 'status',
            label: String(t('Status')),
            render: (row) => (
              <Badge
                variant="filled"
                color={STATUS_COLORS[row.status] ?? 'gray.8'}
                styles={{ label: { overflow: 'visible' } }}
              >
                {uploadStatusLabel(t, row.status)}
              </Badge>
            ),
          },
          {
            key: 'counts',
            label: String(t('UploadCounts')),
            render: (row) =>
              String(t('UploadCountsValue', { total: row.totalRows, ok: row.okRows, failed: row.failedRows })),
          },
          { key: 'uploadedBy', label: String(t('UploadedBy')), render: (row) => row.uploadedBy },
          {
            key: 'createdAt',
            label: String(t('UploadedAt')),
            render: (row) => formatDateTime(row.createdAt, i18n.language),
          },
          {
            key: 'actions',
            label: String(t('Actions')),
            render: (row) =>
              row.failedRows > 0 ? (
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={errors.isPending && errors.variables.fallbackName === `upload-${row.uploadId}-errors.csv`}
                  onClick={() =>
                    errors.mutate({
                      fetch: () => downloadErrors(row.uploadId),
                      fallbackName: `upload-${row.uploadId}-errors.csv`,
                    })
                  }
                  aria-label={String(t('UploadDownloadErrorsNamed', { fileName: row.fileName }))}
                >
                  {String(t('UploadDownloadErrors'))}
                </Button>
              ) : (
                String(t('UploadNoErrors'))
              ),
          },
        ]}
      />
    );

  return (
    <Stack gap="sm">
      {list.isError && list.data ? (
        <LoadError title={String(t('UploadsLoadFailed'))} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {body}
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        onChange={setPage}
        isBusy={list.isFetching}
        label={String(t('UploadDashboardPages'))}
      />
    </Stack>
  );
}
