import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { jobPercent, type Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { ApprovalRow } from '@recovery-desk/domain/approvals/contracts.ts';
import { DAY_START_STEPS, type BomSnapshot } from '@recovery-desk/domain/collections/day-start.ts';
import { PAGE_SIZES } from '@recovery-desk/domain/paging.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStates } from '../../components/data-grid/query-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { JOB_POLL_MS, JOB_STATUS_COLORS, jobStatusLabel, progressText } from '../../components/job-progress.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { formatBusinessDate, formatCount, formatDateTime, formatMinor } from '../../lib/format.ts';
import { HttpError } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';
import { AllocationRulesSection } from './allocation-rules.tsx';
import {
  changeBusinessDate,
  decideForceCompletion,
  fetchDayStartRuns,
  fetchPendingForceCompletions,
  refreshBom,
  refreshCycles,
  requestForceCompletion,
  retryDayStartRun,
} from './day-start-api.ts';

const FROM = 'collapp/daystartproc';

/** The days a run processed (or skipped, when force-completed), from its result. */
function runDays(job: Job, language: string): string | null {
  const result = job.result as { days?: { businessDate: string }[]; businessDate?: string } | null;
  if (result?.days) return result.days.map((day) => formatBusinessDate(day.businessDate, language)).join(', ');
  return result?.businessDate ? formatBusinessDate(result.businessDate, language) : null;
}

type BomRow = BomSnapshot['rows'][number];

const STEP_KEYS: Record<(typeof DAY_START_STEPS)[number], string> = {
  RECOMPUTE: 'DayStartStepRecompute',
  PTP_RESOLUTION: 'DayStartStepPtpResolution',
  ESCALATIONS: 'DayStartStepEscalations',
  ALLOCATION: 'DayStartStepAllocation',
  EXPIRY: 'DayStartStepExpiry',
};

/** The step a live or failed run is at (each day is the five steps, in order; progress counts steps). */
function currentStepKey(job: Job): string | null {
  if (job.status !== 'RUNNING' && job.status !== 'FAILED') return null;
  if (!job.progressTotal || job.progressTotal % DAY_START_STEPS.length !== 0) return null;
  const step = DAY_START_STEPS[job.progressDone % DAY_START_STEPS.length];
  return step ? STEP_KEYS[step] : null;
}

function forceCompleted(job: Job): boolean {
  return Boolean((job.result as { forceCompleted?: boolean } | null)?.forceCompleted);
}

/**
 * /collapp/daystartproc (DAY_START_COLL_SAUTH) — the business date, Change Business Date (one day start per day up
 * to the new date, in order), the runs of the acting unit's subtree with their status (Failed with its reason) and
 * progress, Retry of a failed run, Request Force Completion (approved by a second user through the approval kit) and
 * the force completions waiting for a decision.
 */
export function DayStartPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('daystartproc');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Day Start Process';
  const actingUnit = useSession((session) => session.actingUnit);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : 25;
  const [newDate, setNewDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [forceFor, setForceFor] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const runs = useQuery({
    queryKey: ['day-start', 'runs', actingUnit, page, pageSize],
    queryFn: ({ signal }) => fetchDayStartRuns(page, pageSize, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.running ? JOB_POLL_MS : false),
  });
  const pending = useQuery({
    queryKey: ['day-start', 'force-requests', actingUnit],
    queryFn: ({ signal }) => fetchPendingForceCompletions(signal),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['day-start'] });
  const fail = (error: unknown) =>
    addToast({
      title: String(t('DayStartActionFailed')),
      message: describeHttpError(t, error),
      type: 'error',
      from: FROM,
    });

  const change = useMutation({
    mutationFn: changeBusinessDate,
    onSuccess: () => {
      setNewDate('');
      addToast({ title, message: String(t('DayStartQueued')), type: 'success', from: FROM });
      refresh();
    },
    onError: (error) => {
      const field = error instanceof HttpError ? error.fields.find((f) => f.field === 'businessDate') : undefined;
      if (field) setDateError(field.message);
      else fail(error);
    },
  });
  const retry = useMutation({
    mutationFn: retryDayStartRun,
    onSuccess: () => {
      addToast({ title, message: String(t('DayStartRetryQueued')), type: 'success', from: FROM });
      refresh();
    },
    onError: fail,
  });
  const force = useMutation({
    mutationFn: ({ jobId, text }: { jobId: number; text: string }) => requestForceCompletion(jobId, text),
    onSuccess: () => {
      setForceFor(null);
      setReason('');
      addToast({ title, message: String(t('DayStartForceRequested')), type: 'success', from: FROM });
      refresh();
    },
    onError: (error) => {
      const field = error instanceof HttpError ? error.fields.find((f) => f.field === 'payload.reason') : undefined;
      if (field) setReasonError(field.message);
      else fail(error);
    },
  });
  const decide = useMutation({
    mutationFn: ({ row, decision }: { row: ApprovalRow; decision: 'approve' | 'reject' }) =>
      decideForceCompletion(row.id, decision, row.version),
    onSuccess: () => {
      addToast({ title, message: String(t('DayStartForceDecided')), type: 'success', from: FROM });
      refresh();
    },
    onError: fail,
  });

  const bom = useMutation({
    mutationFn: refreshBom,
    onSuccess: () => {
      addToast({ title, message: String(t('DayStartBomRefreshed')), type: 'success', from: FROM });
      refresh();
    },
    onError: fail,
  });

  const cycle = useMutation({
    mutationFn: refreshCycles,
    onSuccess: (reply) => {
      addToast({
        title,
        message: String(
          t('DayStartCycleDone', {
            date: formatBusinessDate(reply.businessDate, i18n.language),
            closed: formatCount(reply.statements, i18n.language),
          }),
        ),
        type: 'success',
        from: FROM,
      });
      refresh();
    },
    onError: fail,
  });

  const submitDate = (event: FormEvent) => {
    event.preventDefault();
    setDateError(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDate)) {
      setDateError(String(t('DayStartDateRequired')));
      return;
    }
    change.mutate(newDate);
  };
  const submitForce = (event: FormEvent, jobId: number) => {
    event.preventDefault();
    setReasonError(null);
    if (reason.trim().length < 5) {
      setReasonError(String(t('DayStartReasonTooShort')));
      return;
    }
    force.mutate({ jobId, text: reason.trim() });
  };

  const data = runs.data;
  const rows = data?.rows ?? [];
  const body = (
    <QueryStates
      query={runs}
      isEmpty={rows.length === 0}
      loading={String(t('DayStartRunsLoading'))}
      failed={String(t('DayStartRunsLoadFailed'))}
      empty={String(t('DayStartRunsEmpty'))}
      describe={(failure) => describeHttpError(t, failure)}
      placeholderRows={4}
      testId="day-start"
    >
      <DataTable<Job>
        caption={String(t('DayStartRuns'))}
        testId="day-start-runs"
        rows={rows}
        rowKey={(job) => job.id}
        emptyText={String(t('DayStartRunsEmpty'))}
        columns={[
          { key: 'id', label: String(t('JobColumnId')), render: (job) => String(job.id) },
          { key: 'days', label: String(t('DayStartColumnDays')), render: (job) => runDays(job, i18n.language) },
          {
            key: 'startedBy',
            label: String(t('JobColumnStartedBy')),
            render: (job) => job.userFullName ?? String(t('JobSystemUser')),
          },
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
                {forceCompleted(job) ? String(t('DayStartForceCompleted')) : jobStatusLabel(t, job.status)}
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
                {currentStepKey(job) ? (
                  <Text size="xs" data-testid={`day-start-step-${job.id}`}>
                    {`${String(t('DayStartColumnStep'))}: ${translateKey(t, currentStepKey(job)!, '')}`}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { key: 'error', label: String(t('DayStartColumnReason')), render: (job) => job.error },
          {
            key: 'actions',
            label: String(t('DayStartColumnActions')),
            render: (job) =>
              job.status === 'FAILED' ? (
                <Stack gap={4}>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      loading={retry.isPending && retry.variables === job.id}
                      disabled={data?.running}
                      onClick={() => retry.mutate(job.id)}
                    >
                      {String(t('DayStartRetry'))}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => {
                        setForceFor(forceFor === job.id ? null : job.id);
                        setReasonError(null);
                      }}
                      aria-expanded={forceFor === job.id}
                    >
                      {String(t('DayStartRequestForceCompletion'))}
                    </Button>
                  </Group>
                  {forceFor === job.id ? (
                    <form onSubmit={(event) => submitForce(event, job.id)} noValidate>
                      <Group gap={4} align="flex-end" wrap="nowrap">
                        <TextInput
                          size="xs"
                          label={String(t('DayStartForceReason'))}
                          value={reason}
                          onChange={(event) => setReason(event.currentTarget.value)}
                          error={reasonError}
                          required
                        />
                        <Button size="compact-xs" type="submit" loading={force.isPending}>
                          {String(t('DayStartSendRequest'))}
                        </Button>
                      </Group>
                    </form>
                  ) : null}
                </Stack>
              ) : null,
          },
        ]}
      />
    </QueryStates>
  );

  const requests = pending.data?.data ?? [];
  return (
    <Stack gap="md" data-testid="day-start">
      <Title order={1}>{title}</Title>
      <Group gap="md" align="center">
        <Text data-testid="day-start-business-date">
          {String(t('DayStartBusinessDate'))}:{' '}
          <strong>{data ? formatBusinessDate(data.businessDate, i18n.language) : '…'}</strong>
        </Text>
        {data?.running ? (
          <Badge color="blue.9" variant="filled">
            {String(t('DayStartRunning'))}
          </Badge>
        ) : null}
        <Anchor href="#allocation-rules" size="sm">
          {String(t('RuleTitle'))}
        </Anchor>
      </Group>
      <form onSubmit={submitDate} noValidate aria-labelledby="change-business-date">
        <Stack gap="xs">
          <Title order={2} size="h3" id="change-business-date">
            {String(t('DayStartChangeBusinessDate'))}
          </Title>
          <Text size="sm">{String(t('DayStartChangeHelp'))}</Text>
          <Group gap="sm" align="flex-end">
            <TextInput
              type="date"
              label={String(t('DayStartNewBusinessDate'))}
              value={newDate}
              onChange={(event) => setNewDate(event.currentTarget.value)}
              error={dateError}
              required
            />
            <Button type="submit" loading={change.isPending} disabled={data?.running}>
              {String(t('DayStartChangeBusinessDate'))}
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {String(t('DayStartBomRefresh'))}
        </Title>
        <Text size="sm">{String(t('DayStartBomHelp'))}</Text>
        {data?.bom ? (
          <>
            <Text size="sm" data-testid="bom-taken">
              {String(
                t('DayStartBomTaken', {
                  month: formatBusinessDate(data.bom.month, i18n.language),
                  takenOn: formatBusinessDate(data.bom.takenOn, i18n.language),
                }),
              )}
            </Text>
            <DataTable<BomRow>
              caption={String(t('DayStartBomRefresh'))}
              testId="bom-snapshot"
              rows={data.bom.rows}
              rowKey={(row) => `${row.bucket}-${row.currency}`}
              emptyText={String(t('DayStartBomEmpty'))}
              columns={[
                { key: 'bucket', label: String(t('DayStartBomBucket')), render: (row) => row.bucket },
                {
                  key: 'accounts',
                  label: String(t('DayStartBomAccounts')),
                  render: (row) => formatCount(row.accounts, i18n.language),
                },
                {
                  key: 'pos',
                  label: String(t('DayStartBomPrincipal')),
                  render: (row) => formatMinor(row.principalOutstandingMinor, row.currency, i18n.language),
                },
              ]}
            />
          </>
        ) : data ? (
          <Text size="sm" c="dark.6" data-testid="bom-empty">
            {String(t('DayStartBomEmpty'))}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" loading={bom.isPending} disabled={data?.running} onClick={() => bom.mutate()}>
            {String(t('DayStartBomRefresh'))}
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {String(t('DayStartCycleRefresh'))}
        </Title>
        <Text size="sm">{String(t('DayStartCycleHelp'))}</Text>
        <Group>
          <Button variant="default" loading={cycle.isPending} disabled={data?.running} onClick={() => cycle.mutate()}>
            {String(t('DayStartCycleRefresh'))}
          </Button>
        </Group>
      </Stack>
      <Title order={2} size="h3">
        {String(t('DayStartRuns'))}
      </Title>
      {runs.isError && data ? (
        <Alert color="red" variant="outline" role="alert">
          {describeHttpError(t, runs.error)}
        </Alert>
      ) : null}
      {body}
      <PagePager
        page={page}
        pageSize={pageSize}
        count={data?.total}
        isBusy={runs.isFetching}
        label={String(t('DayStartRunsPages'))}
        onChange={(next, size) => setParams({ page: String(next), pageSize: String(size) })}
      />
      <Title order={2} size="h3">
        {String(t('DayStartForceRequests'))}
      </Title>
      {pending.isError ? (
        <Alert color="red" variant="outline" role="alert">
          {describeHttpError(t, pending.error)}
        </Alert>
      ) : requests.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid="force-requests-empty">
          {String(t('DayStartNoPendingRequests'))}
        </Text>
      ) : (
        <DataTable<ApprovalRow>
          caption={String(t('DayStartForceRequests'))}
          testId="force-requests"
          rows={requests}
          rowKey={(row) => row.id}
          emptyText={String(t('DayStartNoPendingRequests'))}
          columns={[
            { key: 'run', label: String(t('DayStartColumnRun')), render: (row) => String(row.subjectId) },
            { key: 'maker', label: String(t('DayStartRequestedBy')), render: (row) => row.makerName },
            {
              key: 'reason',
              label: String(t('DayStartForceReason')),
              render: (row) => String(row.payload.reason ?? ''),
            },
            {
              key: 'created',
              label: String(t('JobColumnCreated')),
              render: (row) => formatDateTime(row.createdAt, i18n.language),
            },
            {
              key: 'decide',
              label: String(t('DayStartColumnActions')),
              render: (row) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    loading={decide.isPending && decide.variables.row.id === row.id}
                    onClick={() => decide.mutate({ row, decision: 'approve' })}
                  >
                    {String(t('DayStartForceApprove'))}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => decide.mutate({ row, decision: 'reject' })}
                  >
                    {String(t('DayStartForceReject'))}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      <AllocationRulesSection />
    </Stack>
  );
}
