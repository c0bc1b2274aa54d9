import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import {
  MAX_UPLOAD_ROWS,
  UPLOAD_COLUMNS,
  UPLOAD_KINDS,
  pagedQuerySchema,
} from '@recovery-desk/domain/legal/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { UploadForm } from '../../../components/upload-form.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import {
  downloadUploadErrors,
  downloadUploadTemplate,
  fetchUploads,
  uploadLegalFile,
  uploadOfJob,
  type UploadKind,
  type UploadReply,
  type UploadRow,
} from '../api/legal-api.ts';
import { describeLegalError } from '../api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../components/load-state.tsx';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { listApiQuery, useListParams } from '../components/use-list-params.ts';
import { uploadKindLabel, uploadStatusLabel } from '../labels.ts';
import { legalKeys } from '../api/query-keys.ts';

const FROM = 'legalapp/UploadLegal';
const ACCEPT = '.xlsx,.csv';
/** Upload size the server accepts (a spreadsheet of at most 1000 rows is far smaller). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
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

/** Why a chosen file cannot be uploaded, or null (.xlsx or .csv, at most 5 MB). */
export function uploadFileProblem(
  file: File | null,
): 'UploadingFileIsMandatory' | 'UploadFileTypeNotAllowed' | 'UploadTooLarge' | null {
  if (!file) return 'UploadingFileIsMandatory';
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'UploadFileTypeNotAllowed';
  if (file.size > MAX_UPLOAD_BYTES) return 'UploadTooLarge';
  return null;
}

/** The file's own checks, with the spec's 'Uploading Fileis Mandatory' when none is chosen. */
function checkUploadFile(file: File | null) {
  const problem = uploadFileProblem(file);
  return problem ? { key: problem } : null;
}

/** /legalapp/UploadLegal — bulk case initiation and hearing updates from a spreadsheet, and the upload dashboard. */
export function LegalUploadPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('uploadLegal');
  const [result, setResult] = useState<UploadReply | null>(null);
  return (
    <Stack gap="md" data-testid="legal-upload">
      <Title order={1}>{title}</Title>
      <LegalUploadForm onUploaded={setResult} />
      {result ? <UploadResult result={result} /> : null}
      <section aria-labelledby="upload-dashboard">
        <Title order={2} size="h4" id="upload-dashboard" mb="xs">
          {String(t('UploadDashboard'))}
        </Title>
        <UploadDashboard />
      </section>
    </Stack>
  );
}

function useDownload(from: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (job: { fetch: () => ReturnType<typeof downloadUploadTemplate>; fallbackName: string }) => job.fetch(),
    onSuccess: (file, job) => saveFile(file, job.fallbackName),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: describeLegalError(t, error), type: 'error', from }),
  });
}

function LegalUploadForm({ onUploaded }: { onUploaded: (reply: UploadReply) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useDownload(`${FROM}/template`);
  // The server checks the file and queues a job for its rows: its progress bar shows in the form until it ends.
  const handleFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: legalKeys.uploads() });
      if (job.status !== 'DONE') return;
      const reply = uploadOfJob(job);
      addToast({
        title: String(t('Done')),
        message: String(t('UploadFinished', { ok: reply.okRows, count: reply.totalRows, failed: reply.failedRows })),
        type: reply.failedRows > 0 ? 'warning' : 'success',
        from: FROM,
      });
      onUploaded(reply);
    },
    [onUploaded, queryClient, t],
  );

  // spec §5: submitting without a file also says 'please upload file first'
  const handleInvalid = (file: File | null) => {
    if (uploadFileProblem(file) !== 'UploadingFileIsMandatory') return;
    addToast({
      title: String(t('SystemMsg')),
      message: String(t('PleaseUploadFileFirst')),
      type: 'warning',
      from: FROM,
    });
  };

  return (
    <UploadForm<UploadKind>
      kinds={UPLOAD_KINDS}
      kindLabel={(kind) => uploadKindLabel(t, kind)}
      columnsOf={(kind) => UPLOAD_COLUMNS[kind]}
      templates={(kind) => [
        {
          key: 'xlsx',
          label: String(t('UploadDownloadTemplate', { kind: uploadKindLabel(t, kind) })),
          loading: template.isPending && template.variables.fallbackName === `${kind}-template.xlsx`,
          onClick: () =>
            template.mutate({ fetch: () => downloadUploadTemplate(kind), fallbackName: `${kind}-template.xlsx` }),
        },
      ]}
      words={{
        title: String(t('UploadSpreadsheet')),
        kind: String(t('UploadKind')),
        file: String(t('File')),
        fileRules: String(t('UploadFileRules', { count: MAX_UPLOAD_ROWS })),
        chooseFile: String(t('ChooseFile')),
        columnsOf: (kind) => String(t('UploadColumnsOf', { kind })),
        submit: String(t('Upload')),
        job: String(t('JobKindLegalUpload')),
      }}
      accept={ACCEPT}
      checkFile={checkUploadFile}
      upload={uploadLegalFile}
      onQueued={() => void queryClient.invalidateQueries({ queryKey: legalKeys.uploads() })}
      onFinished={handleFinished}
      onInvalid={handleInvalid}
      describeError={(error) => describeLegalError(t, error)}
      from={FROM}
      testId="upload"
    />
  );
}

function UploadResult({ result }: { result: UploadReply }) {
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
          <List.Item>{String(t('UploadKindIs', { kind: uploadKindLabel(t, result.kind) }))}</List.Item>
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

function UploadDashboard() {
  const { t, i18n } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage } = useListParams(pagedQuerySchema, NO_FILTERS);
  const apiQuery = listApiQuery(pagedQuerySchema, state);
  const errors = useDownload(`${FROM}/errors`);
  const list = useQuery({
    queryKey: legalKeys.uploadsPage(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchUploads(apiQuery, signal),
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
      <DataTable<UploadRow>
        caption={String(t('UploadDashboard'))}
        testId="uploads-table"
        rows={rows}
        rowKey={(row) => row.uploadId}
        emptyText={String(t('UploadsEmpty'))}
        columns={[
          { key: 'fileName', label: String(t('FileName')), render: (row) => row.fileName },
          { key: 'kind', label: String(t('UploadKind')), render: (row) => uploadKindLabel(t, row.kind) },
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
                      fetch: () => downloadUploadErrors(row.uploadId),
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
