import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  COLL_UPLOAD_COLUMNS,
  COLL_UPLOAD_MAX_BYTES,
  COLL_UPLOAD_MAX_ROWS,
  COLL_UPLOAD_SHOWN_ERRORS,
  COLL_UPLOAD_TYPES,
  collUploadQuerySchema,
  type CollUploadReply,
  type CollUploadRow,
  type CollUploadType,
} from '@recovery-desk/domain/collections/uploads.ts';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { UploadForm } from '../../components/upload-form.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { DownloadedFile } from '../../lib/http-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { listApiQuery, useListParams } from '../legal/components/use-list-params.ts';
import { useRouteTitle } from '../legal/components/screen-helpers.ts';
import {
  collUploadKeys,
  downloadCollErrors,
  downloadCollTemplate,
  fetchCollUploads,
  startCollUpload,
  uploadOfJob,
} from './coll-uploads-api.ts';
import { COLL_UPLOAD_STATUS_COLORS, uploadStatusLabel, uploadTypeLabel } from './labels.ts';

const FROM = 'collapp/upload';
const ACCEPT = '.xlsx,.csv';
const NO_FILTERS = [] as const;
/** How often the list is read again while an upload on it is PROCESSING. */
const PROCESSING_REFRESH_MS = 2000;

/** Why a chosen file cannot be uploaded (a dictionary key), or null: .xlsx or .csv, at most 20 MB. */
export function collUploadFileProblem(
  file: File | null,
): 'UploadingFileIsMandatory' | 'CollUploadFileType' | 'CollUploadTooLarge' | null {
  if (!file) return 'UploadingFileIsMandatory';
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'CollUploadFileType';
  if (file.size > COLL_UPLOAD_MAX_BYTES) return 'CollUploadTooLarge';
  return null;
}

function checkFile(file: File | null) {
  const problem = collUploadFileProblem(file);
  return problem ? { key: problem } : null;
}

type DownloadJob = { fetch: () => Promise<DownloadedFile>; fallbackName: string };

function useDownload(from: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (job: DownloadJob) => job.fetch(),
    onSuccess: (file, job) => saveFile(file, job.fallbackName),
    onError: (error) =>
      addToast({
        title: String(t('CollUploadDownloadFailed')),
        message: describeError(error, t),
        type: 'error',
        from,
      }),
  });
}

/**
 * /collapp/upload (FILE_UPLOAD_COLL_SAUTH) — a collections file (allocation, account marking, follow-ups, PTP,
 * contact updates) checked row by row and applied all or
 * nothing, with its templates, its progress, its errors by row and column, and the unit's uploads.
 */
export function CollectionsUploadPage() {
  const title = useRouteTitle('collUpload');
  const [result, setResult] = useState<CollUploadReply | null>(null);
  return (
    <Stack gap="md" data-testid="coll-upload">
      <Title order={1}>{title}</Title>
      <CollUploadForm onFinished={setResult} />
      {result ? <UploadResult result={result} /> : null}
      <UploadList />
    </Stack>
  );
}

function CollUploadForm({ onFinished }: { onFinished: (reply: CollUploadReply) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useDownload(`${FROM}/template`);
  const handleFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: collUploadKeys.uploads() });
      const reply = uploadOfJob(job);
      if (job.status !== 'DONE' || !reply) return;
      addToast({
        title: String(t('CollUploadFinished')),
        message: String(
          t('CollUploadCounts', { applied: reply.appliedRows, total: reply.totalRows, errors: reply.errorRows }),
        ),
        type: reply.status === 'APPLIED' ? 'success' : 'warning',
        from: FROM,
      });
      onFinished(reply);
    },
    [onFinished, queryClient, t],
  );

  return (
    <UploadForm<CollUploadType>
      kinds={COLL_UPLOAD_TYPES}
      defaultKind="ALLOCATION"
      kindLabel={(type) => uploadTypeLabel(t, type)}
      columnsOf={(type) => COLL_UPLOAD_COLUMNS[type]}
      templates={(type) =>
        (['xlsx', 'csv'] as const).map((format) => ({
          key: format,
          label: String(t(format === 'xlsx' ? 'CollUploadTemplateXlsx' : 'CollUploadTemplateCsv')),
          ariaLabel: String(
            t('CollUploadTemplateNamed', { type: uploadTypeLabel(t, type), format: format.toUpperCase() }),
          ),
          loading: template.isPending && template.variables.fallbackName === `${type}-template.${format}`,
          onClick: () =>
            template.mutate({
              fetch: () => downloadCollTemplate(type, format),
              fallbackName: `${type}-template.${format}`,
            }),
        }))
      }
      words={{
        title: String(t('CollUploadTitleForm')),
        kind: String(t('CollUploadType')),
        file: String(t('CollUploadFile')),
        fileRules: String(t('CollUploadFileRules', { max: COLL_UPLOAD_MAX_ROWS })),
        chooseFile: String(t('CollUploadChooseFile')),
        columnsOf: (type) => String(t('CollUploadColumnsOf', { type })),
        submit: String(t('CollUploadSubmit')),
        refused: String(t('CollUploadRefused')),
        job: String(t('JobKindCollectionsUpload')),
      }}
      accept={ACCEPT}
      checkFile={checkFile}
      upload={startCollUpload}
      onQueued={() => void queryClient.invalidateQueries({ queryKey: collUploadKeys.uploads() })}
      onFinished={handleFinished}
      describeError={(error) => describeError(error, t)}
      from={FROM}
      testId="coll-upload"
    />
  );
}

function StatusBadge({ status }: { status: CollUploadRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={COLL_UPLOAD_STATUS_COLORS[status]} styles={{ label: { overflow: 'visible' } }}>
      {uploadStatusLabel(t, status)}
    </Badge>
  );
}

function UploadResult({ result }: { result: CollUploadReply }) {
  const { t, i18n } = useTranslation();
  const errors = useDownload(`${FROM}/errors`);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="coll-upload-result"
      data-testid="coll-upload-result"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="coll-upload-result">
            {String(t('CollUploadResultTitle', { fileName: result.fileName }))}
          </Title>
          <StatusBadge status={result.status} />
        </Group>
        <Text size="sm" data-testid="coll-upload-counts">
          {String(
            t('CollUploadCounts', { applied: result.appliedRows, total: result.totalRows, errors: result.errorRows }),
          )}
        </Text>
        {result.failure ? (
          <Alert color="red" variant="outline">
            {result.failure}
          </Alert>
        ) : null}
        {result.errors.length > 0 ? (
          <>
            <DataTable
              caption={String(t('CollUploadRowErrors'))}
              testId="coll-upload-row-errors"
              rows={result.errors}
              rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
              emptyText=""
              columns={[
                { key: 'row', label: String(t('CollUploadRow')), render: (row) => String(row.row) },
                { key: 'column', label: String(t('CollUploadColumn')), render: (row) => row.column },
                { key: 'message', label: String(t('CollUploadMessage')), render: (row) => row.message },
              ]}
            />
            {result.errors.length >= COLL_UPLOAD_SHOWN_ERRORS ? (
              <Text size="sm">{String(t('CollUploadErrorsShown', { shown: COLL_UPLOAD_SHOWN_ERRORS }))}</Text>
            ) : null}
            <Text size="sm" c="dark.6">
              {String(t('CollUploadFixAndRetry'))}
            </Text>
            <Group>
              <Button
                size="xs"
                variant="default"
                loading={errors.isPending}
                onClick={() =>
                  errors.mutate({
                    fetch: () => downloadCollErrors(result.uploadId),
                    fallbackName: `upload-${result.uploadId}-errors.csv`,
                  })
                }
              >
                {String(t('CollUploadErrorReport'))}
              </Button>
            </Group>
          </>
        ) : null}
        <Text size="sm" c="dark.6">
          {formatDateTime(result.createdAt, i18n.language)}
        </Text>
      </Stack>
    </Paper>
  );
}

function UploadList() {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage } = useListParams(collUploadQuerySchema, NO_FILTERS);
  const apiQuery = listApiQuery(collUploadQuerySchema, state);
  const errors = useDownload(`${FROM}/errors`);
  const list = useQuery({
    queryKey: collUploadKeys.uploadsPage(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchCollUploads(apiQuery, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'PROCESSING') ? PROCESSING_REFRESH_MS : false,
  });
  const rows = list.data?.data ?? [];

  const body = (
    <QueryStates
      query={list}
      isEmpty={rows.length === 0}
      loading={String(t('CollUploadListLoading'))}
      failed={String(t('CollUploadListLoadFailed'))}
      empty={String(t('CollUploadListEmpty'))}
      describe={(failure) => describeError(failure, t)}
      testId="coll-uploads"
    >
      <DataTable<CollUploadRow>
        caption={String(t('CollUploadList'))}
        testId="coll-uploads-table"
        rows={rows}
        rowKey={(row) => row.uploadId}
        emptyText={String(t('CollUploadListEmpty'))}
        columns={[
          { key: 'fileName', label: String(t('CollUploadColumnFile')), render: (row) => row.fileName },
          { key: 'type', label: String(t('CollUploadType')), render: (row) => uploadTypeLabel(t, row.type) },
          {
            key: 'status',
            label: String(t('CollUploadColumnStatus')),
            render: (row) => <StatusBadge status={row.status} />,
          },
          {
            key: 'rows',
            label: String(t('CollUploadColumnRows')),
            render: (row) =>
              String(
                t('CollUploadRowsValue', { total: row.totalRows, applied: row.appliedRows, errors: row.errorRows }),
              ),
          },
          { key: 'uploadedBy', label: String(t('CollUploadColumnBy')), render: (row) => row.uploadedBy },
          {
            key: 'createdAt',
            label: String(t('CollUploadColumnAt')),
            render: (row) => formatDateTime(row.createdAt, i18n.language),
          },
          {
            key: 'actions',
            label: String(t('CollUploadColumnActions')),
            render: (row) =>
              row.errorRows > 0 ? (
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={errors.isPending && errors.variables.fallbackName === `upload-${row.uploadId}-errors.csv`}
                  onClick={() =>
                    errors.mutate({
                      fetch: () => downloadCollErrors(row.uploadId),
                      fallbackName: `upload-${row.uploadId}-errors.csv`,
                    })
                  }
                  aria-label={String(t('CollUploadErrorReportNamed', { fileName: row.fileName }))}
                >
                  {String(t('CollUploadErrorReport'))}
                </Button>
              ) : (
                String(t('CollUploadNoErrors'))
              ),
          },
        ]}
      />
    </QueryStates>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="coll-uploads-title">
      <Title order={2} size="h4" id="coll-uploads-title">
        {String(t('CollUploadList'))}
      </Title>
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
        label={String(t('CollUploadListPages'))}
      />
    </Stack>
  );
}
