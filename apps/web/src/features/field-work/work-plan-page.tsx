import { ActionIcon, Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  addVisitInputSchema,
  VISIT_PRIORITIES,
  VISIT_STATUSES,
  visitStatusInputSchema,
  type TeamPlanRow,
  type WorkPlanReply,
  type WorkPlanVisit,
} from '@recovery-desk/domain/field/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import {
  AmountField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { MapView } from '../../components/map/map-view.tsx';
import type { MapPoint, MapTone } from '../../components/map/map-types.ts';
import { describeError } from '../../lib/describe-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import {
  addVisit,
  fetchTeamPlans,
  fetchWorkPlan,
  fieldKeys,
  markVisit,
  optimisePlan,
  removeVisit,
  reorderPlan,
} from './api.ts';
import { StatusBadge, useCodeWord, useMoney, useRouteTitle } from './field-ui.tsx';

// /collapp/workPlanDtl (COLLAPP_WORKPLAN_SAUTH): a field collector's plan for a date — the visits in route order
// with targets and statuses, beside the map — and the team's plans of the acting unit's subtree (a supervisor opens
// one read-only). The date and the collector are in the address (`?date=&userId=`).

const FROM = 'collapp/workPlanDtl';

function toneOf(status: string): MapTone {
  if (status === 'PLANNED') return 'planned';
  if (status === 'PAID' || status === 'PTP' || status === 'VISITED') return 'done';
  return 'alert';
}

export function WorkPlanPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('workPlanDtl');
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? '';
  const userId = params.get('userId') ?? '';
  const plan = useQuery({
    queryKey: fieldKeys.plan(actingUnit, date, userId),
    queryFn: ({ signal }) => fetchWorkPlan(date, userId, signal),
    placeholderData: keepPreviousData,
  });
  const team = useQuery({
    queryKey: fieldKeys.team(actingUnit, date),
    queryFn: ({ signal }) => fetchTeamPlans(date, signal),
  });
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const shownDate = date || plan.data?.date || '';
  return (
    <Stack gap="md" data-testid="work-plan">
      <Title order={1}>{title}</Title>
      <Group align="end" gap="md">
        <TextInput
          type="date"
          label={String(t('FieldPlanDate'))}
          value={shownDate}
          onChange={(event) => setParam('date', event.currentTarget.value)}
          w={200}
        />
        {userId ? (
          <Button variant="outline" onClick={() => setParam('userId', '')}>
            {String(t('FieldMyPlan'))}
          </Button>
        ) : null}
      </Group>
      {plan.isError ? (
        <Alert color="red" variant="outline" role="alert" title={String(t('FieldLoadFailed'))}>
          {describeError(plan.error, t)}
        </Alert>
      ) : null}
      {plan.data ? <PlanView data={plan.data} /> : null}
      <TeamPlans
        rows={team.data?.rows ?? []}
        isLoading={team.isPending}
        error={team.isError ? team.error : null}
        onRetry={() => void team.refetch()}
        onOpen={(row) => setParam('userId', String(row.userId))}
      />
    </Stack>
  );
}

function PlanView({ data }: { data: WorkPlanReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const money = useMoney();
  const word = useCodeWord();
  const [marking, setMarking] = useState<WorkPlanVisit | null>(null);
  const done = (reply: WorkPlanReply) => {
    queryClient.setQueriesData({ queryKey: ['field', 'plan'] }, (old: WorkPlanReply | undefined) =>
      old && old.date === reply.date && old.user.id === reply.user.id ? reply : old,
    );
    void queryClient.invalidateQueries({ queryKey: fieldKeys.all() });
  };
  const failed = (error: unknown) =>
    addToast({ title: String(t('FieldActionFailed')), message: describeError(error, t), type: 'error', from: FROM });
  const change = useMutation({
    mutationFn: (run: () => Promise<WorkPlanReply>) => run(),
    onSuccess: done,
    onError: failed,
  });
  const visits = data.visits;
  const move = (index: number, by: -1 | 1) => {
    if (!data.plan) return;
    const ids = visits.map((visit) => visit.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    const planRef = data.plan;
    change.mutate(() => reorderPlan(planRef.id, ids, planRef.version));
  };
  const columns: GridColumn<WorkPlanVisit>[] = [
    { key: 'seq', header: String(t('FieldStop')), cell: (row) => row.seq },
    { key: 'account', header: String(t('FieldAccount')), cell: (row) => row.accountNo },
    {
      key: 'customer',
      header: String(t('FieldBorrower')),
      cell: (row) => (
        <>
          {row.customerName}
          <Text size="xs" c="dark.6">
            {row.address || EMPTY_VALUE}
          </Text>
        </>
      ),
    },
    { key: 'priority', header: String(t('FieldPriority')), cell: (row) => word('FieldPriority', row.priority) },
    { key: 'target', header: String(t('FieldTarget')), cell: (row) => money(row.target, row.currency) },
    {
      key: 'status',
      header: String(t('Status')),
      cell: (row) => <StatusBadge prefix="FieldVisit" code={row.status} />,
    },
    {
      key: 'collected',
      header: String(t('FieldCollected')),
      cell: (row) => (row.collected ? money(row.collected, row.currency) : EMPTY_VALUE),
    },
    { key: 'leg', header: String(t('FieldLegKm')), cell: (row) => (row.legKm === null ? EMPTY_VALUE : row.legKm) },
  ];
  const points: MapPoint[] = visits
    .filter((visit) => visit.latitude !== null && visit.longitude !== null)
    .map((visit) => ({
      id: visit.id,
      latitude: visit.latitude!,
      longitude: visit.longitude!,
      order: visit.seq,
      label: `${visit.seq}. ${visit.accountNo} · ${visit.customerName}`,
      tone: toneOf(visit.status),
    }));
  const start =
    data.plan && data.plan.startLatitude !== null && data.plan.startLongitude !== null
      ? { latitude: data.plan.startLatitude, longitude: data.plan.startLongitude }
      : null;
  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Group gap="xl">
          <Text size="sm">
            {String(t('FieldCollector'))}: <strong>{data.user.fullName}</strong>
          </Text>
          <Text size="sm">
            {String(
              t('FieldVisitsDone', { done: visits.filter((v) => v.status !== 'PLANNED').length, total: visits.length }),
            )}
          </Text>
          {data.totals.map((total) => (
            <Text size="sm" key={total.currency} data-testid="plan-totals">
              {String(
                t('FieldTargetCollected', {
                  target: money(total.target, total.currency),
                  collected: money(total.collected, total.currency),
                }),
              )}
            </Text>
          ))}
          {!data.editable ? (
            <Text size="sm" c="dark.6">
              {String(t('FieldReadOnly'))}
            </Text>
          ) : null}
        </Group>
      </Paper>
      {data.editable ? <AddVisitForm date={data.date} onAdded={done} /> : null}
      <div
        className="field-plan-layout"
        style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 440px), 1fr))' }}
      >
        <div>
          <Stack gap="xs">
            {data.editable && data.plan && visits.length > 1 ? (
              <Group>
                <Button
                  variant="outline"
                  loading={change.isPending}
                  onClick={() => {
                    const planRef = data.plan!;
                    change.mutate(() => optimisePlan(planRef.id, planRef.version));
                  }}
                >
                  {String(t('FieldOptimise'))}
                </Button>
                <Text size="xs" c="dark.6">
                  {String(t('FieldOptimiseHint'))}
                </Text>
              </Group>
            ) : null}
            <DataGrid<WorkPlanVisit>
              caption={String(t('FieldVisits'))}
              columns={columns}
              rows={visits}
              rowId={(row) => row.id}
              rowLabel={(row) => row.accountNo}
              minWidth={760}
              empty={{ text: String(t(data.editable ? 'FieldNoVisits' : 'FieldNoVisitsTeam')) }}
              rowActions={
                data.editable
                  ? (row) => {
                      const index = visits.indexOf(row);
                      return (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            disabled={index === 0 || change.isPending}
                            aria-label={`${String(t('FieldMoveUp'))}: ${row.accountNo}`}
                            onClick={() => move(index, -1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            disabled={index === visits.length - 1 || change.isPending}
                            aria-label={`${String(t('FieldMoveDown'))}: ${row.accountNo}`}
                            onClick={() => move(index, 1)}
                          >
                            ↓
                          </ActionIcon>
                          <Button
                            size="compact-xs"
                            onClick={() => setMarking(row)}
                            aria-label={`${String(t('FieldMark'))}: ${row.accountNo}`}
                          >
                            {String(t('FieldMark'))}
                          </Button>
                          {row.status === 'PLANNED' ? (
                            <Button
                              size="compact-xs"
                              variant="outline"
                              color="red.9"
                              aria-label={`${String(t('FieldRemove'))}: ${row.accountNo}`}
                              onClick={() => change.mutate(() => removeVisit(row.id))}
                            >
                              {String(t('FieldRemove'))}
                            </Button>
                          ) : null}
                        </Group>
                      );
                    }
                  : undefined
              }
              testIds={{ table: 'plan-visits', row: 'plan-visit-row', empty: 'plan-visits-empty' }}
            />
          </Stack>
        </div>
        <div>
          <MapView label={String(t('FieldRouteMap'))} points={points} route start={start} testId="plan-map" />
        </div>
      </div>
      {marking ? <MarkDialog visit={marking} onClose={() => setMarking(null)} onDone={done} /> : null}
    </Stack>
  );
}

function AddVisitForm({ date, onAdded }: { date: string; onAdded: (reply: WorkPlanReply) => void }) {
  const { t } = useTranslation();
  const word = useCodeWord();
  const form = useZodForm(addVisitInputSchema, { date, accountNo: '', priority: 'MEDIUM', target: '' });
  const add = useMutation({
    mutationFn: addVisit,
    onSuccess: (reply) => {
      onAdded(reply);
      form.reset({ date, accountNo: '', priority: 'MEDIUM', target: '' });
      addToast({ title: String(t('Done')), message: String(t('FieldVisitAdded')), type: 'success', from: FROM });
    },
  });
  return (
    <Paper withBorder p="sm">
      <ZodForm form={form} onSubmit={(input) => add.mutateAsync({ ...input, date })} data-testid="add-visit-form">
        <Group align="start" gap="sm" wrap="wrap">
          <TextField name="accountNo" label={String(t('FieldAccountNo'))} uppercase />
          <SelectField
            name="priority"
            label={String(t('FieldPriority'))}
            options={VISIT_PRIORITIES.map((value) => ({ value, label: word('FieldPriority', value) }))}
          />
          <AmountField name="target" label={String(t('FieldTargetOptional'))} currency="INR" />
          <Stack gap={0} pt={24}>
            <SubmitButton>{String(t('FieldAddVisit'))}</SubmitButton>
          </Stack>
        </Group>
        <FormErrors />
      </ZodForm>
    </Paper>
  );
}

function MarkDialog({
  visit,
  onClose,
  onDone,
}: {
  visit: WorkPlanVisit;
  onClose: () => void;
  onDone: (reply: WorkPlanReply) => void;
}) {
  const { t } = useTranslation();
  const word = useCodeWord();
  const form = useZodForm(visitStatusInputSchema, {
    status: visit.status,
    collected: visit.collected ?? '',
    remarks: visit.remarks ?? '',
    version: visit.version,
  });
  const status = form.watch('status');
  const mark = useMutation({
    mutationFn: (input: Parameters<typeof markVisit>[1]) => markVisit(visit.id, input),
    onSuccess: (reply) => {
      onDone(reply);
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${String(t('FieldMark'))}: ${visit.accountNo}`}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm
        form={form}
        onSubmit={(input) =>
          mark.mutateAsync({ ...input, ...(input.status === 'PAID' ? {} : { collected: undefined }) })
        }
        data-testid="mark-visit-form"
      >
        <Stack gap="sm">
          <SelectField
            name="status"
            label={String(t('Status'))}
            options={VISIT_STATUSES.map((value) => ({ value, label: word('FieldVisit', value) }))}
            autoFocus
          />
          {status === 'PAID' ? (
            <AmountField name="collected" label={String(t('FieldCollected'))} currency={visit.currency} required />
          ) : null}
          <TextareaField name="remarks" label={String(t('FieldRemarks'))} maxLength={500} />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('FieldSave'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

function TeamPlans({
  rows,
  isLoading,
  error,
  onRetry,
  onOpen,
}: {
  rows: readonly TeamPlanRow[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (row: TeamPlanRow) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const columns: GridColumn<TeamPlanRow>[] = [
    { key: 'name', header: String(t('FieldCollector')), cell: (row) => row.fullName },
    { key: 'unit', header: String(t('FieldUnit')), cell: (row) => row.unitCode },
    { key: 'visits', header: String(t('FieldVisits')), cell: (row) => `${row.done} / ${row.visits}` },
    {
      key: 'target',
      header: String(t('FieldTarget')),
      cell: (row) => row.totals.map((total) => money(total.target, total.currency)).join(' + ') || EMPTY_VALUE,
    },
    {
      key: 'collected',
      header: String(t('FieldCollected')),
      cell: (row) => row.totals.map((total) => money(total.collected, total.currency)).join(' + ') || EMPTY_VALUE,
    },
  ];
  return (
    <DataGrid<TeamPlanRow>
      caption={String(t('FieldTeamPlans'))}
      showCaption
      columns={columns}
      rows={rows}
      rowId={(row) => row.planId}
      rowLabel={(row) => row.fullName}
      open={{ onOpen, label: (row) => `${String(t('FieldOpenPlan'))}: ${row.fullName}` }}
      isLoading={isLoading}
      error={error ? { title: String(t('FieldLoadFailed')), error, onRetry } : undefined}
      empty={{ text: String(t('FieldNoTeamPlans')) }}
      minWidth={600}
      testIds={{ table: 'team-plans', row: 'team-plan-row', empty: 'team-plans-empty' }}
    />
  );
}
