import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Currency } from '@recovery-desk/domain/money.ts';
import type { AllocationMapPoint, AllocationPlanReply } from '@recovery-desk/domain/command-center/allocation.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapView, usePreloadMap } from '../../../components/map/map-view.tsx';
import type { MapPoint, MapTone } from '../../../components/map/map-types.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import {
  allocationKeys,
  createAllocationBatch,
  fetchAllocationAccounts,
  fetchAllocationAssignees,
  minorToDecimal,
  previewAllocation,
  type AllocationFilters,
  type PlanBody,
  codeKey,
} from '../allocation-api.ts';

// /cmdCenter/mapBasedAllocation (docs/architecture.md "Command center: map-based allocation"): the delinquent accounts
// of the subtree on the map (unallocated, allocated and blocked in distinct markers), selected by polygon, lasso,
// pincodes or the table; the collectors and agencies to allocate to with their load; the PROXIMITY preview; Confirm
// creates the batch, whose status screen is linked.

const BUCKETS = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6'];
const STATUSES = ['ALL', 'UNALLOCATED', 'ALLOCATED'] as const;

function toneOf(point: AllocationMapPoint): MapTone {
  if (point.blocked) return 'alert';
  return point.allocatedTo ? 'done' : 'planned';
}

function PlanView({ plan }: { plan: AllocationPlanReply }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" data-testid="cc-alloc-plan">
      <Title order={2}>{String(t('CcAlPreviewTitle'))}</Title>
      <Text>
        {String(
          t('CcAlPlanSummary', {
            planned: formatCount(plan.allocations.length, i18n.language),
            skipped: formatCount(plan.skipped.length, i18n.language),
          }),
        )}
      </Text>
      <Table aria-label={String(t('CcAlPerAssignee'))}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{String(t('CcAlAssignee'))}</Table.Th>
            <Table.Th>{String(t('CcAlLoad'))}</Table.Th>
            <Table.Th>{String(t('CcAlPlanned'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.assignees.map((assignee) => (
            <Table.Tr key={assignee.key}>
              <Table.Td>{assignee.name}</Table.Td>
              <Table.Td>
                {formatCount(assignee.load, i18n.language)} / {formatCount(assignee.capacity, i18n.language)}
              </Table.Td>
              <Table.Td>{formatCount(assignee.planned, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {plan.skipped.length > 0 ? (
        <Table aria-label={String(t('CcAlSkipped'))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{String(t('CcAlAccount'))}</Table.Th>
              <Table.Th>{String(t('CcAlReason'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.skipped.map((skip) => (
              <Table.Tr key={skip.accountId}>
                <Table.Td>{skip.accountNo}</Table.Td>
                <Table.Td>{translateKey(t, codeKey('CcAlReason', skip.reason), skip.reason)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

export function MapAllocationPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('mapBasedAllocation');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Map Based Allocation';
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<AllocationFilters>({
    status: 'UNALLOCATED',
    pincode: '',
    bucket: '',
    product: '',
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const accounts = useQuery({
    queryKey: allocationKeys.accounts(filters),
    queryFn: ({ signal }) => fetchAllocationAccounts(filters, signal),
  });
  const assignees = useQuery({
    queryKey: allocationKeys.assignees(),
    queryFn: ({ signal }) => fetchAllocationAssignees(signal),
  });
  // the map kit loads beside the accounts, not after them
  usePreloadMap();
  const byId = useMemo(
    () => new Map((accounts.data?.points ?? []).map((point) => [point.accountId, point])),
    [accounts.data],
  );
  const points: MapPoint[] = useMemo(() => {
    if (!accounts.data) return [];
    if (accounts.data.clustered) {
      return accounts.data.clusters.map((cluster) => ({
        id: `cluster:${cluster.key}`,
        latitude: cluster.latitude,
        longitude: cluster.longitude,
        label: String(t('CcAlClusterLabel', { n: formatCount(cluster.count, i18n.language) })),
        tone: 'muted' as const,
      }));
    }
    return accounts.data.points.map((point) => ({
      id: point.accountId,
      latitude: point.latitude,
      longitude: point.longitude,
      label: `${point.accountNo} · ${point.customer} · ${point.bucket}${point.blocked ? ` · ${translateKey(t, codeKey('CcAlReason', point.blocked), point.blocked)}` : ''}`,
      tone: toneOf(point),
      ...(point.pincode ? { pincode: point.pincode } : {}),
    }));
  }, [accounts.data, t, i18n.language]);
  const chosenPoints = selected.map((id) => byId.get(id)).filter((point): point is AllocationMapPoint => !!point);
  const currency = (chosenPoints[0]?.currency ?? 'INR') as Currency;
  const overdue = chosenPoints.reduce((sum, point) => sum + BigInt(point.overdueMinor), 0n);
  const body: PlanBody = {
    accountIds: selected,
    assignees: chosen.map((key) => {
      const [kind, id] = key.split(':');
      return kind === 'user' ? { userId: Number(id) } : { agencyId: Number(id) };
    }),
    mode: 'PROXIMITY',
  };
  const preview = useMutation({ mutationFn: previewAllocation });
  const confirm = useMutation({
    mutationFn: createAllocationBatch,
    onSuccess: () => {
      preview.reset();
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: ['cmd-center', 'allocation'] });
    },
  });
  const ready = selected.length > 0 && chosen.length > 0;
  const setFilter = (patch: Partial<AllocationFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setSelected([]);
    preview.reset();
  };

  return (
    <Stack gap="md" data-testid="cc-alloc">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{String(t('CcAlIntro'))}</Text>
      <Group align="end" wrap="wrap">
        <Select
          label={String(t('CcAlStatus'))}
          data={STATUSES.map((value) => ({ value, label: translateKey(t, codeKey('CcAlStatus', value), value) }))}
          value={filters.status}
          onChange={(value) => setFilter({ status: (value ?? 'ALL') as AllocationFilters['status'] })}
          allowDeselect={false}
        />
        <Select
          label={String(t('CcAlBucket'))}
          data={BUCKETS}
          value={filters.bucket || null}
          onChange={(value) => setFilter({ bucket: value ?? '' })}
          clearable
        />
        <TextInput
          label={String(t('CcAlProduct'))}
          value={filters.product}
          onChange={(event) => setFilter({ product: event.currentTarget.value.trim().toUpperCase() })}
        />
        <TextInput
          label={String(t('CcAlPincode'))}
          value={filters.pincode}
          onChange={(event) => setFilter({ pincode: event.currentTarget.value.trim() })}
        />
      </Group>
      <Group gap="xs" aria-label={String(t('CcAlLegend'))} role="list">
        <Badge role="listitem" color="blue">
          {String(t('CcAlLegendUnallocated'))}
        </Badge>
        <Badge role="listitem" color="green">
          {String(t('CcAlLegendAllocated'))}
        </Badge>
        <Badge role="listitem" color="red">
          {String(t('CcAlLegendBlocked'))}
        </Badge>
      </Group>
      {accounts.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {accounts.isError ? (
        <Alert color="red" role="alert" title={String(t('CcAlLoadFailed'))}>
          {describeError(accounts.error, t)}
        </Alert>
      ) : null}
      {accounts.data && accounts.data.total === 0 ? <Text>{String(t('CcAlNone'))}</Text> : null}
      {accounts.data?.clustered ? (
        <Alert color="yellow">{String(t('CcAlTooMany', { n: formatCount(accounts.data.total, i18n.language) }))}</Alert>
      ) : null}
      {accounts.data ? (
        <MapView
          label={String(t('CcAlMapLabel'))}
          points={points}
          cluster
          selected={selected}
          testId="cc-alloc-map"
          {...(accounts.data.clustered
            ? {}
            : {
                onSelect: (ids: (string | number)[]) => {
                  setSelected(ids.filter((id): id is number => typeof id === 'number'));
                  preview.reset();
                },
              })}
        />
      ) : null}
      <Text data-testid="cc-alloc-selection">
        {String(
          t('CcAlSelection', {
            n: formatCount(selected.length, i18n.language),
            amount: formatAmount(minorToDecimal(overdue.toString()), currency, i18n.language),
          }),
        )}
      </Text>
      <Stack gap="xs">
        <Title order={2}>{String(t('CcAlAssignees'))}</Title>
        {assignees.isError ? (
          <Alert color="red" role="alert">
            {describeError(assignees.error, t)}
          </Alert>
        ) : null}
        {assignees.data ? (
          <Checkbox.Group value={chosen} onChange={setChosen} label={String(t('CcAlPickAssignees'))}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {assignees.data.users.map((user) => (
                <Checkbox
                  key={`user:${user.id}`}
                  value={`user:${user.id}`}
                  label={String(
                    t('CcAlAssigneeLoad', {
                      name: user.name,
                      load: formatCount(user.load, i18n.language),
                      capacity: formatCount(assignees.data.capacity, i18n.language),
                    }),
                  )}
                />
              ))}
              {assignees.data.agencies.map((agency) => (
                <Checkbox
                  key={`agency:${agency.id}`}
                  value={`agency:${agency.id}`}
                  label={String(
                    t('CcAlAgencyLoad', {
                      name: agency.name,
                      load: formatCount(agency.load, i18n.language),
                      capacity: formatCount(assignees.data.capacity, i18n.language),
                    }),
                  )}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : null}
        {assignees.data && assignees.data.users.length + assignees.data.agencies.length === 0 ? (
          <Text>{String(t('CcAlNoAssignees'))}</Text>
        ) : null}
      </Stack>
      <Group>
        <Button disabled={!ready} loading={preview.isPending} onClick={() => preview.mutate(body)}>
          {String(t('CcAlPreview'))}
        </Button>
        <Button
          color="green"
          disabled={!ready || !preview.data}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(body)}
        >
          {String(t('CcAlConfirm'))}
        </Button>
      </Group>
      {!ready ? <Text c="dimmed">{String(t('CcAlChooseBoth'))}</Text> : null}
      {preview.isError ? (
        <Alert color="red" role="alert">
          {describeError(preview.error, t)}
        </Alert>
      ) : null}
      {confirm.isError ? (
        <Alert color="red" role="alert">
          {describeError(confirm.error, t)}
        </Alert>
      ) : null}
      {confirm.data ? (
        <Alert color="green" role="status" data-testid="cc-alloc-done">
          {String(
            t('CcAlBatchCreated', {
              batchNo: confirm.data.batchNo,
              allocated: formatCount(confirm.data.allocatedCount, i18n.language),
              skipped: formatCount(confirm.data.skippedCount, i18n.language),
            }),
          )}{' '}
          <Link to={`/cmdCenter/mapBasedAllocationStatus?batch=${confirm.data.id}`}>{String(t('CcAlSeeStatus'))}</Link>
        </Alert>
      ) : null}
      {preview.data ? <PlanView plan={preview.data} /> : null}
    </Stack>
  );
}
