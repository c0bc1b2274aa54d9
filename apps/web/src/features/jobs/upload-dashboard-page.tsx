import { Alert, Badge, Button, Group, NativeSelect, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { JOB_KINDS, JOB_STATUSES, jobPercent, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import {
  JOB_POLL_MS,
  JOB_STATUS_COLORS,
  jobKindLabel,
  jobStatusLabel,
  progressText,
} from '../../components/job-progress.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { describeHttpError } from './describe-job-error.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { downloadJobResult, fetchDashboardJobs } from '../../lib/jobs-api.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { collUploadSummary } from '../coll-uploads/labels.ts';

const FROM = 'collapp/UploadDashboard';

/** The list's state in the URL: page, page size and the two filters. */
export function dashboardQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  query.set('page', String(Number.isInteger(page) && page > 0 ? page : 1));
  query.set('pageSize', String((PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 25));
  const status = params.get('status');
  if (status && (JOB_STATUSES as readonly string[]).includes(status)) query.set('status', status);
  const kind = params.get('kind');
  if (kind && (JOB_KINDS as readonly string[]).includes(kind)) query.set('kind', kind);
  return query;
}

/**
 * /collapp/UploadDashboard (UPLOAD_DASH_SAUTH) — every background job started in the acting unit's subtree (and, at
 * the head office, the scheduled system jobs): kind, who started it, when, status, progress, attempts, error, and the
 * result file's download. Refreshes while a job on the page is still running.
 */
export function UploadDashboardPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('uploadDashboard');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Upload Dashboard';
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const query = dashboardQuery(params);
  const list = useQuery({
    queryKey: ['jobs', 'dashboard', actingUnit, query.toString()],
    queryFn: ({ signal }) => fetchDashboardJobs(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.data.some((job) => job.status === 'QUEUED' || job.status === 'RUNNING')
        ? JOB_POLL_MS * 2
        : false,
  });
  const download = useMutation({
    mutationFn: (job: Job) => downloadJobResult(job.id, 'dashboard'),
    onSuccess: (file, job) => saveFile(file, job.resultFileName ?? `job-${job.id}`),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: describeHttpError(t, error), type: 'error', from: FROM }),
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const rows = list.data?.data ?? [];
  const page = Number(query.get('page'));
  const pageSize = Number(query.get('pageSize'));

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap={6} role="status" aria-live="polite" data-testid="jobs-loading">
        <span className="visually-hidden">{String(t('JobsLoading'))}</span>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" variant="outline" role="alert" title={String(t('JobsLoadFailed'))} data-testid="jobs-error">
        <Stack gap="xs">
          <Text size="sm">{describeHttpError(t, list.error)}</Text>
          <Group>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {String(t('TryAgain'))}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dark.6" data-testid="jobs-empty">
        {String(t('JobsEmpty'))}
      </Text>
    );
  } else {
    body = (
      <DataTable<Job>
        caption={String(t('JobsTableCaption'))}
        testId="jobs-table"
        rows={rows}
        rowKey={(job) => job.id}
        emptyText={String(t('JobsEmpty'))}
        columns={[
          { key: 'id', label: String(t('JobColumnId')), render: (job) => String(job.id) },
          { key: 'kind', label: String(t('JobColumnKind')), render: (job) => jobKindLabel(t, job.kind) },
          {
            key: 'startedBy',
            label: String(t('JobColumnStartedBy')),
            render: (job) => job.userFullName ?? String(t('JobSystemUser')),
          },
          { key: 'unit', label: String(t('JobColumnUnit')), render: (job) => job.unitCode },
          {
            key: 'created',
            label: String(t('JobColumnCreated')),
            render: (job) => formatDateTime(job.createdAt, i18n.language),
          },
          {
            key: 'status',
            label: String(t('JobColumnStatus')),
            render: (job) => (
              <Badge variant="filled" color={JOB_STATUS_COLORS[job.status]} styles={{ label: { overflow: 'visible' } }}>
                {jobStatusLabel(t, job.status)}
              </Badge>
            ),
          },
          {
            key: 'progress',
            label: String(t('JobColumnProgress')),
            render: (job) => (
              <Stack gap={2} miw={120}>
                <Progress
                  value={jobPercent(job)}
                  color={job.status === 'FAILED' ? 'red.9' : 'blue.9'}
                  aria-label={`${String(t('JobColumnProgress'))} ${job.id}`}
                />
                <Text size="xs">{progressText(t, job)}</Text>
              </Stack>
            ),
          },
          {
            key: 'attempts',
            label: String(t('JobColumnAttempts')),
            render: (job) => `${job.attempts} / ${job.maxAttempts}`,
          },
          { key: 'error', label: String(t('JobColumnError')), render: (job) => job.error },
          {
            key: 'result',
            label: String(t('JobColumnResult')),
            render: (job) => (
              <Stack gap={2}>
                {collUploadSummary(t, job) ? <Text size="xs">{collUploadSummary(t, job)}</Text> : null}
                {job.status === 'DONE' && job.resultFileName ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={download.isPending && download.variables.id === job.id}
                    onClick={() => download.mutate(job)}
                    aria-label={String(t('JobDownloadResult', { fileName: job.resultFileName }))}
                  >
                    {String(t('JobDownload'))}
                  </Button>
                ) : null}
              </Stack>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Stack gap="md" data-testid="upload-dashboard">
      <Title order={1}>{title}</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={String(t('JobFilterStatus'))}
          value={query.get('status') ?? ''}
          onChange={(event) => update({ status: event.currentTarget.value || null, page: null })}
          data={[
            { value: '', label: String(t('JobFilterAll')) },
            ...JOB_STATUSES.map((status) => ({ value: status, label: jobStatusLabel(t, status) })),
          ]}
        />
        <NativeSelect
          label={String(t('JobFilterKind'))}
          value={query.get('kind') ?? ''}
          onChange={(event) => update({ kind: event.currentTarget.value || null, page: null })}
          data={[
            { value: '', label: String(t('JobFilterAll')) },
            ...JOB_KINDS.map((kind) => ({ value: kind, label: jobKindLabel(t, kind) })),
          ]}
        />
      </Group>
      {list.isError && list.data ? (
        <Alert color="red" variant="outline" role="alert">
          {describeHttpError(t, list.error)}
        </Alert>
      ) : null}
      {body}
      <PagePager
        page={page}
        pageSize={pageSize}
        count={list.data?.count}
        isBusy={list.isFetching}
        label={String(t('JobsPages'))}
        onChange={(next, size) => update({ page: String(next), pageSize: String(size) })}
      />
    </Stack>
  );
}
