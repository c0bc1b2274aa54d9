import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { isJobFinished, jobPercent, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadJobResult, fetchJob } from '../lib/jobs-api.ts';
import { saveFile } from '../lib/save-file.ts';
import { addToast } from '../lib/toast-store.ts';

/** How often a running job's progress is read again. */
export const JOB_POLL_MS = 1000;

export const JOB_STATUS_COLORS: Record<Job['status'], string> = {
  QUEUED: 'gray.8',
  RUNNING: 'blue.9',
  DONE: 'green.9',
  FAILED: 'red.9',
};

/** The job's progress, polled until it is DONE or FAILED (TanStack Query stops refetching then). */
export function useJobProgress(jobId: number | null) {
  return useQuery({
    queryKey: ['jobs', 'one', jobId],
    queryFn: ({ signal }) => fetchJob(jobId!, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && isJobFinished(query.state.data) ? false : JOB_POLL_MS),
  });
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** The label of a job kind: `collections.day_start` → key `JobKindCollectionsDayStart`. */
export function jobKindLabel(t: TFunction, kind: string): string {
  return t(`JobKind${kind.split(/[._]/).map(capitalised).join('')}`, { defaultValue: kind });
}

/** The label of a job status: `RUNNING` → key `JobStatusRunning`. */
export function jobStatusLabel(t: TFunction, status: Job['status']): string {
  return t(`JobStatus${capitalised(status)}`, { defaultValue: status });
}

/** '3 of 10', or the status alone while the job does not know its total. */
export function progressText(t: TFunction, job: Job): string {
  if (job.progressTotal === null) return jobStatusLabel(t, job.status);
  return String(t('JobProgressOf', { done: job.progressDone, total: job.progressTotal }));
}

/**
 * The progress bar of a job the user started, where they started it: status, done of total, the error of a failed
 * job, and the result file's download when it is done. `onFinished` runs once when the job ends (e.g. to show its
 * result or refresh a list).
 */
export function JobProgress({
  jobId,
  title,
  onFinished,
  from,
}: {
  jobId: number;
  title: string;
  onFinished?: (job: Job) => void;
  /** the toast's source (developer mode) */
  from: string;
}) {
  const { t } = useTranslation();
  const query = useJobProgress(jobId);
  const job = query.data;
  const reported = useRef(false);
  useEffect(() => {
    if (job && isJobFinished(job) && !reported.current) {
      reported.current = true;
      onFinished?.(job);
    }
  }, [job, onFinished]);
  const download = useMutation({
    mutationFn: () => downloadJobResult(jobId, 'own'),
    onSuccess: (file) => saveFile(file, job?.resultFileName ?? 'result'),
    onError: () =>
      addToast({ title: String(t('DownloadFailed')), message: String(t('JobResultGone')), type: 'error', from }),
  });

  return (
    <Paper withBorder p="sm" radius="md" data-testid="job-progress" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {job ? (
            <Badge variant="filled" color={JOB_STATUS_COLORS[job.status]} styles={{ label: { overflow: 'visible' } }}>
              {jobStatusLabel(t, job.status)}
            </Badge>
          ) : null}
        </Group>
        {query.isError && !job ? (
          <Alert color="red" variant="outline" role="alert">
            {String(t('JobProgressUnavailable'))}
          </Alert>
        ) : (
          <>
            <Progress
              value={job ? jobPercent(job) : 0}
              color={job?.status === 'FAILED' ? 'red.9' : 'blue.9'}
              animated={job?.status === 'RUNNING'}
              aria-label={title}
              data-testid="job-progress-bar"
            />
            <Text size="xs" c="dark.6" data-testid="job-progress-text">
              {job ? progressText(t, job) : String(t('Loading'))}
            </Text>
          </>
        )}
        {job?.status === 'FAILED' ? (
          <Alert color="red" variant="outline" role="alert" data-testid="job-error">
            {job.error ?? String(t('JobFailedNoReason'))}
          </Alert>
        ) : null}
        {job?.status === 'DONE' && job.resultFileName ? (
          <Group>
            <Button size="xs" variant="default" loading={download.isPending} onClick={() => download.mutate()}>
              {String(t('JobDownloadResult', { fileName: job.resultFileName }))}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
