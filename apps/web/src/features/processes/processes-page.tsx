import { Alert, Badge, Button, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import {
  runSeconds,
  scheduleInputSchema,
  type Process,
  type ScheduleInput,
} from '@recovery-desk/domain/processes/contracts.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import {
  CheckboxField,
  FormErrors,
  NumberField,
  SubmitButton,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { JOB_POLL_MS, JOB_STATUS_COLORS, jobStatusLabel, progressText } from '../../components/job-progress.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';
import { fetchProcesses, fetchProcessRuns, runProcessNow, saveSchedule } from './processes-api.ts';

const FROM = 'collapp/scheduleproc';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** A process's name: `collections.day_start` → key `ProcessNameCollectionsDayStart`; a kind without one shows its code. */
export function processName(t: TFunction, code: string): string {
  return t(`ProcessName${code.split(/[._]/).map(capitalised).join('')}`, { defaultValue: code });
}

function scheduleText(t: TFunction, process: Process, timeZone: string): string {
  if (process.mode === 'ON_DEMAND') return String(t('ProcessOnDemand'));
  if (process.mode === 'DAILY') return String(t('ProcessDailyAt', { time: process.timeOfDay ?? '', zone: timeZone }));
  return process.everyMinutes === null
    ? String(t('ProcessWhenWorkWaits'))
    : String(t('ProcessEveryMinutes', { minutes: process.everyMinutes }));
}

/** A run's log: the error of a failed run, else its summary as compact JSON. */
function runLog(job: Job): string {
  if (job.error) return job.error;
  if (job.result === null || job.result === undefined) return '';
  const text = JSON.stringify(job.result);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

function StatusBadge({ job }: { job: Job }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={JOB_STATUS_COLORS[job.status]} styles={{ label: { overflow: 'visible' } }}>
      {jobStatusLabel(t, job.status)}
    </Badge>
  );
}

function ScheduleForm({ process, onDone }: { process: Process; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(scheduleInputSchema, {
    enabled: process.enabled,
    version: process.version,
    ...(process.mode === 'DAILY' ? { timeOfDay: process.timeOfDay ?? '' } : {}),
    ...(process.mode === 'INTERVAL' && process.everyMinutes !== null ? { everyMinutes: process.everyMinutes } : {}),
  } as never);
  const mutation = useMutation({
    mutationFn: (input: ScheduleInput) =>
      saveSchedule(
        process.code,
        process.mode === 'INTERVAL' ? { ...input, everyMinutes: input.everyMinutes ?? null } : input,
      ),
    onSuccess: () => {
      addToast({
        title: processName(t, process.code),
        message: String(t('ProcessScheduleSaved')),
        type: 'success',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: ['processes'] });
      onDone();
    },
  });
  return (
    <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input)}>
      <Stack gap="xs" maw={420} data-testid="schedule-form">
        <Title order={3} size="h4">
          {`${String(t('ProcessEditSchedule'))}: ${processName(t, process.code)}`}
        </Title>
        <CheckboxField name="enabled" label={String(t('ProcessFieldEnabled'))} />
        {process.mode === 'DAILY' ? (
          <TextField name="timeOfDay" label={String(t('ProcessFieldTimeOfDay'))} placeholder="06:00" />
        ) : (
          <NumberField
            name="everyMinutes"
            label={String(t('ProcessFieldEveryMinutes'))}
            description={String(t('ProcessFieldEveryMinutesHelp'))}
          />
        )}
        <FormErrors />
        <Group gap="sm">
          <SubmitButton>{String(t('ProcessSave'))}</SubmitButton>
          <Button variant="default" onClick={onDone}>
            {String(t('ProcessCancel'))}
          </Button>
        </Group>
      </Stack>
    </ZodForm>
  );
}

function ProcessRuns({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 10;
  const actingUnit = useSession((session) => session.actingUnit);
  const runs = useQuery({
    queryKey: ['processes', 'runs', actingUnit, code, page, pageSize],
    queryFn: ({ signal }) => fetchProcessRuns(code, page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.rows.some((job) => job.status === 'QUEUED' || job.status === 'RUNNING') ? JOB_POLL_MS : false,
  });
  const caption = String(t('ProcessRunsOf', { name: processName(t, code) }));
  let body: ReactNode;
  if (runs.isPending) {
    body = <Skeleton height={28} radius="sm" role="status" aria-label={String(t('ProcessLoading'))} />;
  } else if (runs.isError && !runs.data) {
    body = (
      <Alert color="red" variant="outline" role="alert" title={String(t('ProcessRunsLoadFailed'))}>
        <Stack gap="xs">
          <Text size="sm">{describeHttpError(t, runs.error)}</Text>
          <Group>
            <Button size="xs" variant="default" onClick={() => void runs.refetch()}>
              {String(t('TryAgain'))}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <DataTable<Job>
        caption={caption}
        testId="process-runs"
        rows={runs.data?.rows ?? []}
        rowKey={(job) => job.id}
        emptyText={String(t('ProcessRunsEmpty'))}
        columns={[
          { key: 'id', label: String(t('ProcessColumnRun')), render: (job) => String(job.id) },
          {
            key: 'started',
            label: String(t('ProcessColumnStarted')),
            render: (job) => formatDateTime(job.startedAt ?? job.createdAt, i18n.language),
          },
          {
            key: 'by',
            label: String(t('ProcessColumnStartedBy')),
            render: (job) => job.userFullName ?? String(t('ProcessScheduler')),
          },
          {
            key: 'duration',
            label: String(t('ProcessColumnDuration')),
            render: (job) => {
              const seconds = runSeconds(job);
              return seconds === null ? progressText(t, job) : String(t('ProcessDurationSeconds', { seconds }));
            },
          },
          { key: 'outcome', label: String(t('ProcessColumnOutcome')), render: (job) => <StatusBadge job={job} /> },
          {
            key: 'log',
            label: String(t('ProcessColumnLog')),
            render: (job) => (
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 520 }}>
                {runLog(job)}
              </Code>
            ),
          },
        ]}
      />
    );
  }
  return (
    <Stack gap="xs" data-testid="process-runs-panel">
      <Title order={2} size="h3">
        {caption}
      </Title>
      {body}
      <PagePager
        page={page}
        pageSize={pageSize}
        count={runs.data?.total}
        isBusy={runs.isFetching}
        label={String(t('ProcessRunsPages'))}
        onChange={(next, size) =>
          setParams((current) => {
            const updated = new URLSearchParams(current);
            updated.set('page', String(next));
            updated.set('pageSize', String(size));
            return updated;
          })
        }
      />
    </Stack>
  );
}

/**
 * /collapp/scheduleproc (SCHED_PRO_COLL_SAUTH) — the product's processes: each one's schedule (edited here, applied by
 * the worker at its next tick), whether a run is live, its last run, Run now, and its runs with duration, outcome and
 * log (the process shown is in the URL, `?process=<code>`, with the runs' page).
 */
export function ProcessesPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('scheduleproc');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Schedule Process';
  const actingUnit = useSession((session) => session.actingUnit);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const shown = params.get('process');
  const [editing, setEditing] = useState<string | null>(null);

  const processes = useQuery({
    queryKey: ['processes', 'list', actingUnit],
    queryFn: ({ signal }) => fetchProcesses(signal),
    refetchInterval: (current) => (current.state.data?.rows.some((row) => row.live) ? JOB_POLL_MS : false),
  });
  const run = useMutation({
    mutationFn: runProcessNow,
    onSuccess: (_job, code) => {
      addToast({ title: processName(t, code), message: String(t('ProcessRunQueued')), type: 'success', from: FROM });
      void queryClient.invalidateQueries({ queryKey: ['processes'] });
    },
    onError: (error, code) =>
      addToast({ title: processName(t, code), message: describeHttpError(t, error), type: 'error', from: FROM }),
  });
  const showRuns = (code: string) => setParams({ process: code, page: '1' });

  const data = processes.data;
  const timeZone = data?.timeZone ?? '';
  const body = (
    <QueryStates
      query={processes}
      isEmpty={(data?.rows.length ?? 0) === 0}
      loading={String(t('ProcessLoading'))}
      failed={String(t('ProcessLoadFailed'))}
      empty={String(t('ProcessListEmpty'))}
      describe={(failure) => describeHttpError(t, failure)}
      placeholderRows={5}
      testId="processes"
    >
      <DataTable<Process>
        caption={String(t('ProcessCatalogue'))}
        testId="processes"
        rows={data?.rows ?? []}
        rowKey={(process) => process.code}
        emptyText={String(t('ProcessListEmpty'))}
        columns={[
          { key: 'name', label: String(t('ProcessColumnProcess')), render: (process) => processName(t, process.code) },
          {
            key: 'schedule',
            label: String(t('ProcessColumnSchedule')),
            render: (process) => (
              <Stack gap={2}>
                <Text size="sm">{scheduleText(t, process, timeZone)}</Text>
                {process.updatedBy ? (
                  <Text size="xs" c="dark.6">
                    {String(t('ProcessUpdatedBy', { name: process.updatedBy }))}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            key: 'status',
            label: String(t('ProcessColumnStatus')),
            render: (process) => (
              <Group gap={4}>
                {process.mode === 'ON_DEMAND' ? null : (
                  <Badge variant="outline" color={process.enabled ? 'green.9' : 'gray.8'}>
                    {String(t(process.enabled ? 'ProcessEnabled' : 'ProcessDisabled'))}
                  </Badge>
                )}
                {process.live ? (
                  <Badge variant="filled" color="blue.9">
                    {String(t('ProcessLive'))}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            key: 'last',
            label: String(t('ProcessColumnLastRun')),
            render: (process) => {
              const last = process.lastRuns[0];
              if (!last) return String(t('ProcessNeverRun'));
              return (
                <Group gap={4}>
                  <StatusBadge job={last} />
                  <Text size="xs">{formatDateTime(last.startedAt ?? last.createdAt, i18n.language)}</Text>
                </Group>
              );
            },
          },
          {
            key: 'actions',
            label: String(t('ProcessColumnActions')),
            render: (process) => (
              <Group gap={4} wrap="nowrap">
                {process.canRunNow ? (
                  <Button
                    size="compact-xs"
                    loading={run.isPending && run.variables === process.code}
                    disabled={process.live}
                    onClick={() => run.mutate(process.code)}
                    aria-label={`${String(t('ProcessRunNow'))}: ${processName(t, process.code)}`}
                  >
                    {String(t('ProcessRunNow'))}
                  </Button>
                ) : null}
                {process.mode === 'ON_DEMAND' ? null : (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-expanded={editing === process.code}
                    aria-label={`${String(t('ProcessEditSchedule'))}: ${processName(t, process.code)}`}
                    onClick={() => setEditing(editing === process.code ? null : process.code)}
                  >
                    {String(t('ProcessEditSchedule'))}
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant={shown === process.code ? 'filled' : 'default'}
                  aria-pressed={shown === process.code}
                  aria-label={`${String(t('ProcessShowRuns'))}: ${processName(t, process.code)}`}
                  onClick={() => showRuns(process.code)}
                >
                  {String(t('ProcessShowRuns'))}
                </Button>
              </Group>
            ),
          },
        ]}
      />
    </QueryStates>
  );
  const editedProcess = data?.rows.find((row) => row.code === editing);
  return (
    <Stack gap="md" data-testid="schedule-process">
      <Title order={1}>{title}</Title>
      <Text size="sm">{String(t('ProcessesIntro'))}</Text>
      {body}
      {editedProcess ? (
        <ScheduleForm
          key={`${editedProcess.code}-${editedProcess.version}`}
          process={editedProcess}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {shown ? <ProcessRuns code={shown} /> : null}
    </Stack>
  );
}
