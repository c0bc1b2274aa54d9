import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileOrQueuedJob } from '../lib/jobs-api.ts';
import { saveFile } from '../lib/save-file.ts';
import { addToast } from '../lib/toast-store.ts';

// An export's progress (and the jobs client it polls with) loads when an export is queued, not with the list.
const JobProgress = lazy(() => import('./job-progress.tsx').then((m) => ({ default: m.JobProgress })));

export type ExportFormat = 'csv' | 'xlsx';

/**
 * CSV and XLSX export of a list's current view, downloaded with the user's auth and saved as `<fileBase>.<format>`;
 * a large view is exported by a background job instead: its progress bar shows here, with the file's download when
 * it is done. A failure becomes a toast with the caller's description of the error.
 */
export function ExportButtons({
  fileBase,
  exportFile,
  describeError,
  from,
  formats = ['csv', 'xlsx'],
}: {
  fileBase: string;
  /** the formats offered (both unless the export has one) */
  formats?: readonly ExportFormat[];
  exportFile: (format: ExportFormat) => Promise<FileOrQueuedJob>;
  describeError: (error: unknown) => string;
  /** the toast's source (developer mode) */
  from: string;
}) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: exportFile,
    onSuccess: (reply, format) => {
      if ('job' in reply) {
        setJobId(reply.job.id);
        addToast({ title: String(t('JobStarted')), message: String(t('ExportRunsAsJob')), type: 'info', from });
      } else saveFile(reply.file, `${fileBase}.${format}`);
    },
    onError: (error) =>
      addToast({ title: String(t('ExportFailed')), message: describeError(error), type: 'error', from }),
  });
  const busyFormat = mutation.isPending ? mutation.variables : null;
  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-label={String(t('ExportCurrentView'))}>
        {formats.map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={busyFormat === format}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(format)}
          >
            {String(t(format === 'csv' ? 'ExportCsv' : 'ExportXlsx'))}
          </Button>
        ))}
      </Group>
      {jobId !== null ? (
        <Suspense fallback={null}>
          <JobProgress key={jobId} jobId={jobId} title={String(t('JobKindExport'))} from={from} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
