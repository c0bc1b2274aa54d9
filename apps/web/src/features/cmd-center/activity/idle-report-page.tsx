import { Stack, Table, Text } from '@mantine/core';
import type { IdleSpellRow } from '@recovery-desk/domain/command-center/activity.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../../components/data-grid/data-grid.tsx';
import type { MapPoint } from '../../../components/map/map-types.ts';
import { MapView } from '../../../components/map/map-view.tsx';
import { activityKeys, activityParams, fetchIdleReport } from '../activity-api.ts';
import { AccountLink, RangeReportFrame, useDateTime, useMinutes, useReportFilter, useRouteTitle } from './common.tsx';

// Idle Time Report (/cmdCenter/idealTimeReport): each field user's idle spells on shift over the range (the domain's
// detectIdle with the settings' radius, minutes and shift), the customer when the spell is inside a geofence, the
// total per user; the selected spells on the map beside (all of them when none is selected); CSV and XLSX.

type SpellRow = IdleSpellRow & { id: string; userId: number; fullName: string };

export function IdleReportPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('idealTimeReport', 'Idle Time Report');
  const filter = useReportFilter();
  const minutes = useMinutes();
  const dateTime = useDateTime();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query = activityParams(filter);
  const report = useQuery({
    queryKey: activityKeys.idle(query.toString()),
    queryFn: ({ signal }) => fetchIdleReport(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows: SpellRow[] = (report.data?.users ?? []).flatMap((user) =>
    user.spells.map((spell) => ({
      ...spell,
      id: `${user.userId}-${spell.from}`,
      userId: user.userId,
      fullName: user.fullName,
    })),
  );
  const columns: GridColumn<SpellRow>[] = [
    { key: 'user', header: String(t('CcColUser')), cell: (row) => row.fullName },
    { key: 'from', header: String(t('CcColFrom')), cell: (row) => dateTime(row.from) },
    { key: 'to', header: String(t('CcColTo')), cell: (row) => dateTime(row.to) },
    { key: 'minutes', header: String(t('CcColMinutes')), cell: (row) => minutes(row.minutes) },
    {
      key: 'place',
      header: String(t('CcColPlace')),
      cell: (row) => `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}`,
    },
    {
      key: 'customer',
      header: String(t('CcColCustomer')),
      cell: (row) =>
        row.customer ? (
          <Stack gap={0}>
            <Text size="sm">{row.customer.customerName}</Text>
            <AccountLink accountId={row.customer.accountId} accountNo={row.customer.accountNo} />
          </Stack>
        ) : (
          '—'
        ),
    },
  ];
  const shown = selected.size > 0 ? rows.filter((row) => selected.has(row.id)) : rows;
  const points: MapPoint[] = shown.map((row) => ({
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    label: `${row.fullName}: ${String(t('CcIdleMinutes', { minutes: minutes(row.minutes) }))}`,
    tone: row.customer ? 'done' : 'alert',
  }));
  return (
    <RangeReportFrame
      testId="cc-idle-report"
      title={title}
      intro={String(t('CcIdleIntro'))}
      withMinutes
      error={report.isError ? report.error : null}
      exported={{
        report: 'idle-report',
        query,
        fileBase: `idle-time-${filter.from}-${filter.to}`,
        from: 'idealTimeReport',
      }}
      summary={
        report.data && report.data.users.length > 0 ? (
          <Table withTableBorder striped data-testid="cc-idle-totals" maw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{String(t('CcColUser'))}</Table.Th>
                <Table.Th scope="col">{String(t('CcColSpells'))}</Table.Th>
                <Table.Th scope="col">{String(t('CcColTotalMinutes'))}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.users.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Th scope="row">{user.fullName}</Table.Th>
                  <Table.Td>{user.spells.length}</Table.Td>
                  <Table.Td>{minutes(user.totalMinutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null
      }
      grid={
        <DataGrid<SpellRow, string>
          caption={title}
          listKey="cc-idle-report"
          columns={columns}
          rows={rows}
          rowId={(row) => row.id}
          rowLabel={(row) => `${row.fullName} ${dateTime(row.from)}`}
          selection={{ selected, onChange: setSelected }}
          isLoading={report.isPending}
          isBusy={report.isFetching}
          empty={{ text: String(t('CcIdleNone')) }}
          testIds={{ table: 'cc-idle-table' }}
        />
      }
      map={<MapView label={String(t('CcMapIdle'))} points={points} testId="cc-idle-map" />}
    />
  );
}
