import type { TimeSpentRow } from '@recovery-desk/domain/command-center/activity.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../../components/data-grid/data-grid.tsx';
import type { MapPoint } from '../../../components/map/map-types.ts';
import { MapView } from '../../../components/map/map-view.tsx';
import { formatCount } from '../../../lib/format.ts';
import { activityKeys, activityParams, fetchTimeSpentReport } from '../activity-api.ts';
import { AccountLink, RangeReportFrame, useDateTime, useMinutes, useReportFilter, useRouteTitle } from './common.tsx';

// Time Spent Report (/cmdCenter/timeSpentReport): per field user and customer (with the account) the visits to the
// customer's geofence, the total dwell, the first enter and last leave (the domain's geofenceVisits and
// timeSpentByCustomer over the customers of the day); selecting rows lists their visits in a second grid and shows
// those customers on the map beside (all when none is selected); CSV and XLSX (one row per visit).

type SpentRow = TimeSpentRow & { id: string; userId: number; fullName: string };
type VisitRow = {
  id: string;
  fullName: string;
  customerName: string;
  enter: string;
  leave: string;
  dwellMinutes: number;
};

export function TimeSpentPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('timeSpentReport', 'Time Spent Report');
  const filter = useReportFilter();
  const minutes = useMinutes();
  const dateTime = useDateTime();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query = activityParams({ from: filter.from, to: filter.to, userId: filter.userId });
  const report = useQuery({
    queryKey: activityKeys.timeSpent(query.toString()),
    queryFn: ({ signal }) => fetchTimeSpentReport(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows: SpentRow[] = (report.data?.users ?? []).flatMap((user) =>
    user.customers.map((row) => ({
      ...row,
      id: `${user.userId}-${row.customerId}`,
      userId: user.userId,
      fullName: user.fullName,
    })),
  );
  const columns: GridColumn<SpentRow>[] = [
    { key: 'user', header: String(t('CcColUser')), cell: (row) => row.fullName },
    { key: 'customer', header: String(t('CcColCustomer')), cell: (row) => row.customerName },
    {
      key: 'account',
      header: String(t('CcColAccountNo')),
      cell: (row) => <AccountLink accountId={row.accountId} accountNo={row.accountNo} />,
    },
    { key: 'visits', header: String(t('CcColVisits')), cell: (row) => formatCount(row.visits, i18n.language) },
    { key: 'dwell', header: String(t('CcColDwellMinutes')), cell: (row) => minutes(row.dwellMinutes) },
    { key: 'firstEnter', header: String(t('CcColFirstEnter')), cell: (row) => dateTime(row.firstEnter) },
    { key: 'lastLeave', header: String(t('CcColLastLeave')), cell: (row) => dateTime(row.lastLeave) },
  ];
  const chosen = selected.size > 0 ? rows.filter((row) => selected.has(row.id)) : rows;
  const visits: VisitRow[] = rows
    .filter((row) => selected.has(row.id))
    .flatMap((row) =>
      row.visitList.map((visit) => ({
        id: `${row.id}-${visit.enter}`,
        fullName: row.fullName,
        customerName: row.customerName,
        ...visit,
      })),
    );
  const visitColumns: GridColumn<VisitRow>[] = [
    { key: 'user', header: String(t('CcColUser')), cell: (row) => row.fullName },
    { key: 'customer', header: String(t('CcColCustomer')), cell: (row) => row.customerName },
    { key: 'enter', header: String(t('CcColEnter')), cell: (row) => dateTime(row.enter) },
    { key: 'leave', header: String(t('CcColLeave')), cell: (row) => dateTime(row.leave) },
    { key: 'dwell', header: String(t('CcColDwellMinutes')), cell: (row) => minutes(row.dwellMinutes) },
  ];
  const points: MapPoint[] = chosen.map((row) => ({
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    label: `${row.customerName}: ${String(t('CcDwellMinutes', { minutes: minutes(row.dwellMinutes) }))}`,
    tone: 'done',
  }));
  return (
    <RangeReportFrame
      testId="cc-time-spent"
      title={title}
      intro={String(t('CcSpentIntro', { radius: formatCount(report.data?.geofenceRadiusM ?? 150, i18n.language) }))}
      error={report.isError ? report.error : null}
      exported={{
        report: 'time-spent-report',
        query,
        fileBase: `time-spent-${filter.from}-${filter.to}`,
        from: 'timeSpentReport',
      }}
      grid={
        <DataGrid<SpentRow, string>
          caption={title}
          listKey="cc-time-spent"
          columns={columns}
          rows={rows}
          rowId={(row) => row.id}
          rowLabel={(row) => `${row.fullName} ${row.customerName}`}
          selection={{ selected, onChange: setSelected }}
          isLoading={report.isPending}
          isBusy={report.isFetching}
          empty={{ text: String(t('CcSpentNone')) }}
          testIds={{ table: 'cc-time-spent-table' }}
        />
      }
      map={<MapView label={String(t('CcMapGeofences'))} points={points} testId="cc-time-spent-map" />}
    >
      {visits.length > 0 ? (
        <DataGrid<VisitRow, string>
          caption={String(t('CcVisitsOfSelected'))}
          showCaption
          listKey="cc-time-spent-visits"
          columns={visitColumns}
          rows={visits}
          rowId={(row) => row.id}
          rowLabel={(row) => `${row.customerName} ${dateTime(row.enter)}`}
          empty={{ text: String(t('CcSpentNone')) }}
          testIds={{ table: 'cc-time-spent-visits' }}
        />
      ) : null}
    </RangeReportFrame>
  );
}
