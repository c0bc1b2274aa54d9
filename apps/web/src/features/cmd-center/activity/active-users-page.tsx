import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ACTIVE_STATUS_FILTERS,
  type ActiveStatusFilter,
  type ActiveUserRow,
} from '@recovery-desk/domain/command-center/activity.ts';
import { valueLabelKey } from '@recovery-desk/i18n/value-labels.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataGrid, type GridColumn } from '../../../components/data-grid/data-grid.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import type { MapPoint, MapTone } from '../../../components/map/map-types.ts';
import { MapView } from '../../../components/map/map-view.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { activityKeys, activityParams, exportActivity, fetchActiveUsers } from '../activity-api.ts';
import { routeOfDayPath, todayInIndia, useRouteTitle } from './common.tsx';

// Active Inactive Users (/cmdCenter/activeinactiveuser): the subtree's field users with their status (the domain's
// rule with the settings' thresholds), last position and the day's counts; the status counts as filter chips; the
// last positions on the map beside, coloured by status and clustered; refreshed every 60 s ("updated at"); a row
// opens the user's route of the day; CSV and XLSX of the filtered list.

export const REFRESH_MS = 60_000;

const TONES: Record<ActiveUserRow['status'], MapTone> = { ONLINE: 'done', UNKNOWN: 'planned', OFFLINE: 'muted' };
const COLOURS: Record<ActiveUserRow['status'], string> = { ONLINE: 'green', UNKNOWN: 'yellow', OFFLINE: 'gray' };

function useStatusLabel() {
  const { t } = useTranslation();
  return (code: string) => {
    const key = valueLabelKey('trackingStatus', code);
    return key ? translateKey(t, key, code) : code;
  };
}

export function ActiveUsersPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('activeinactiveuser', 'Active Inactive Users');
  const statusLabel = useStatusLabel();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as ActiveStatusFilter | '';
  const q = params.get('q') ?? '';
  const date = params.get('date') ?? todayInIndia();
  const page = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 25) || 25;
  const [search, setSearch] = useState(q);
  const query = activityParams({ date, status, q, page, pageSize });
  const list = useQuery({
    queryKey: activityKeys.activeUsers(query.toString()),
    queryFn: ({ signal }) => fetchActiveUsers(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: search.trim(), page: '' });
  };
  const rows = list.data?.rows ?? [];
  const count = (value: number) => formatCount(value, i18n.language);
  const columns: GridColumn<ActiveUserRow>[] = [
    {
      key: 'user',
      header: String(t('CcColUser')),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.username} · {row.unitCode}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: String(t('CcColStatus')),
      cell: (row) => (
        <Group gap={4}>
          <Badge color={COLOURS[row.status]} variant="light">
            {statusLabel(row.status)}
          </Badge>
          {row.inactive ? (
            <Badge color="red" variant="outline">
              {statusLabel('INACTIVE')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'lastSeen',
      header: String(t('CcColLastSeen')),
      cell: (row) => (row.lastSeenAt ? formatDateTime(row.lastSeenAt, i18n.language) : String(t('CcNeverSeen'))),
    },
    {
      key: 'battery',
      header: String(t('CcColBattery')),
      cell: (row) => (row.battery === null ? '—' : count(row.battery)),
    },
    { key: 'device', header: String(t('CcColDevice')), cell: (row) => row.device?.deviceId ?? '—' },
    { key: 'positions', header: String(t('CcColPositions')), cell: (row) => count(row.day.positions) },
    { key: 'visits', header: String(t('CcColVisits')), cell: (row) => count(row.day.visits) },
    { key: 'receipts', header: String(t('CcColReceipts')), cell: (row) => count(row.day.receipts) },
    { key: 'stops', header: String(t('CcColStops')), cell: (row) => count(row.day.stops) },
    { key: 'distance', header: String(t('CcColDistanceKm')), cell: (row) => count(row.day.distanceKm) },
    {
      key: 'route',
      header: String(t('CcColRoute')),
      cell: (row) => (
        <Anchor component={Link} to={routeOfDayPath(row.userId, list.data?.date ?? date)}>
          {String(t('CcOpenRoute'))}
        </Anchor>
      ),
    },
  ];
  const points: MapPoint[] = rows.flatMap((row) =>
    row.lastPosition
      ? [
          {
            id: row.userId,
            latitude: row.lastPosition.latitude,
            longitude: row.lastPosition.longitude,
            label: `${row.fullName} (${statusLabel(row.status)})`,
            tone: row.inactive && row.status !== 'OFFLINE' ? 'alert' : TONES[row.status],
          },
        ]
      : [],
  );
  const counts = list.data?.counts;
  return (
    <Stack gap="md" data-testid="cc-active-users">
      <Group justify="space-between" align="end">
        <Title order={1}>{title}</Title>
        {list.data ? (
          <Text size="sm" c="dimmed" data-testid="cc-updated-at">
            {String(t('CcUpdatedAt', { time: formatDateTime(list.data.asOf, i18n.language) }))}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" role="group" aria-label={String(t('CcStatusFilter'))} data-testid="cc-status-chips">
        {(['', ...ACTIVE_STATUS_FILTERS] as const).map((code) => (
          <Button
            key={code || 'ALL'}
            size="xs"
            variant={status === code ? 'filled' : 'default'}
            aria-pressed={status === code}
            onClick={() => set({ status: code, page: '' })}
          >
            {code === '' ? String(t('CcStatusAll')) : statusLabel(code)}
            {counts ? ` (${count(counts[code === '' ? 'ALL' : code])})` : ''}
          </Button>
        ))}
      </Group>
      <Group justify="space-between" align="end">
        <form onSubmit={submit}>
          <Group align="end" gap="sm">
            <TextInput
              type="date"
              label={String(t('CcFilterDate'))}
              value={date}
              onChange={(event) => set({ date: event.currentTarget.value, page: '' })}
              w={170}
            />
            <TextInput
              label={String(t('CcSearchUser'))}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={240}
            />
            <Button type="submit">{String(t('CcFilterApply'))}</Button>
          </Group>
        </form>
        <ExportButtons
          fileBase={`active-users-${date}`}
          from="activeinactiveuser"
          describeError={(error) => describeError(error, t)}
          exportFile={async (format) => ({ file: await exportActivity('active-users', query, format) })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Stack gap="xs">
          <DataGrid
            caption={title}
            listKey="cc-active-users"
            columns={columns}
            rows={rows}
            rowId={(row) => row.userId}
            rowLabel={(row) => row.fullName}
            isLoading={list.isPending}
            isBusy={list.isFetching}
            error={
              list.isError
                ? { title: String(t('CcLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
                : undefined
            }
            empty={{ text: String(t('CcNoUsers')) }}
            testIds={{ table: 'cc-active-users-table' }}
          />
          <PagePager
            page={page}
            pageSize={pageSize}
            count={list.data?.total}
            onChange={(nextPage, nextSize) => set({ page: String(nextPage), pageSize: String(nextSize) })}
            isBusy={list.isFetching}
          />
        </Stack>
        <MapView label={String(t('CcMapLastPositions'))} points={points} cluster testId="cc-active-users-map" />
      </SimpleGrid>
    </Stack>
  );
}
