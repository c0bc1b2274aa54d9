import { Alert, Box, Grid, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ALLOCATION_MAP_MAX_ROWS,
  type AllocationMapReply,
} from '@recovery-desk/domain/command-center/allocation-map.ts';
import { wallClock } from '@recovery-desk/domain/command-center/time.ts';
import { BUCKETS } from '@recovery-desk/domain/collections/dpd.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { mapPaletteColour, type MapPoint } from '../../../components/map/map-types.ts';
import { PagePager } from '../../../components/page-pager.tsx';
import { SectionLoadState } from '../../../components/section-load-state.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatAmount, formatBusinessDate, formatCount, formatDateTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { allocationMapKeys, fetchAllocationMap, type AllocationMapFilters } from '../allocation-map-api.ts';

const MapView = lazy(() => import('../../../components/map/map-view.tsx').then((m) => ({ default: m.MapView })));

// /collapp/allocationMap (spec §2.2, RECEIPT_VIEWER_SAUTH; docs/architecture.md "Allocation Map read"): the allocated
// accounts at their customer's location and the range's receipts where they were taken, coloured by collector (the
// map kit's palette), paid accounts filled, unpaid ones rings, receipts squares — the legend says so in words; beside
// the map, per collector: allocated, paid and the amount taken per currency. Filters live in the address.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TABLE_PAGE = 25;

type CollectorRow = AllocationMapReply['collectors'][number];

/** A cell for a spreadsheet: quoted, and a leading formula character neutralised. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

function Swatch({ colour }: { colour: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-block',
        width: 12,
        height: 12,
        borderRadius: '50%',
        background: mapPaletteColour(colour),
        marginInlineEnd: 6,
        verticalAlign: 'middle',
      }}
    />
  );
}

export function AllocationMapPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const route = findRouteByName('allocationMap');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Allocation Map';
  const [params, setParams] = useSearchParams();
  const today = wallClock(Date.now()).date;
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const filters: AllocationMapFilters = {
    from: ISO_DATE.test(fromParam) ? fromParam : today,
    to: ISO_DATE.test(toParam) ? toParam : today,
    collectorId: Number(params.get('collectorId')) || null,
    bucket: params.get('bucket') || null,
  };
  const [page, setPage] = useState({ page: 1, pageSize: TABLE_PAGE });
  const set = (next: Partial<AllocationMapFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams(params);
    search.set('from', merged.from);
    search.set('to', merged.to);
    if (merged.collectorId) search.set('collectorId', String(merged.collectorId));
    else search.delete('collectorId');
    if (merged.bucket) search.set('bucket', merged.bucket);
    else search.delete('bucket');
    setParams(search, { replace: true });
    setPage((current) => ({ ...current, page: 1 }));
  };
  const query = useQuery({
    queryKey: allocationMapKeys.map(filters),
    queryFn: ({ signal }) => fetchAllocationMap(filters, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  // the collectors seen so far stay choosable while one is picked (the reply then lists that one only)
  const seen = useRef(new Map<number, string>());
  for (const row of data?.collectors ?? []) seen.current.set(row.userId, row.fullName);
  const collectorOptions = [...seen.current]
    .sort((a, b) => a[1].localeCompare(b[1], language))
    .map(([id, name]) => ({ value: String(id), label: name }));

  const colourOf = useMemo(
    () => new Map((data?.collectors ?? []).map((row, index) => [row.userId, index])),
    [data?.collectors],
  );
  const nameOf = useMemo(
    () => new Map((data?.collectors ?? []).map((row) => [row.userId, row.fullName])),
    [data?.collectors],
  );
  const noCollector = String(t('CcAmNoCollector'));
  const points = useMemo<MapPoint[]>(() => {
    if (!data) return [];
    const out: MapPoint[] = [];
    for (const account of data.accounts) {
      if (account.latitude === null || account.longitude === null) continue;
      out.push({
        id: `account-${account.accountId}`,
        latitude: account.latitude,
        longitude: account.longitude,
        colour: colourOf.get(account.collectorId) ?? 0,
        shape: account.paid ? 'dot' : 'ring',
        label: [
          account.accountNo,
          account.customerName,
          nameOf.get(account.collectorId) ?? noCollector,
          String(t(account.paid ? 'CcAmPaid' : 'CcAmNotPaid')),
        ].join(' · '),
      });
    }
    for (const receipt of data.receipts) {
      if (receipt.latitude === null || receipt.longitude === null) continue;
      out.push({
        id: `receipt-${receipt.receiptNo}`,
        latitude: receipt.latitude,
        longitude: receipt.longitude,
        colour: receipt.collectorId === null ? 0 : (colourOf.get(receipt.collectorId) ?? 0),
        shape: 'square',
        label: [
          String(t('CcAmReceiptLabel', { receiptNo: receipt.receiptNo, accountNo: receipt.accountNo })),
          receipt.collectorId === null ? noCollector : (nameOf.get(receipt.collectorId) ?? noCollector),
          formatAmount(receipt.amount, receipt.currency, language),
          formatDateTime(receipt.time, language),
          ...(receipt.mock ? [String(t('CcAmMock'))] : []),
        ].join(' · '),
      });
    }
    return out;
  }, [data, colourOf, nameOf, noCollector, t, language]);

  const amountsText = (row: CollectorRow) =>
    row.amounts.length === 0
      ? formatCount(0, language)
      : row.amounts.map((entry) => formatAmount(entry.amount, entry.currency, language)).join(' + ');
  const columns = {
    collector: String(t('CcAmColCollector')),
    allocated: String(t('CcAmColAllocated')),
    paid: String(t('CcAmColPaid')),
    amount: String(t('CcAmColAmount')),
  };
  const exportCsv = async () => {
    const rows = (data?.collectors ?? []).map((row) =>
      [
        row.fullName,
        String(row.allocated),
        String(row.paid),
        row.amounts.map((entry) => `${entry.currency} ${entry.amount}`).join(' + '),
      ]
        .map(csvCell)
        .join(','),
    );
    const header = [columns.collector, columns.allocated, columns.paid, columns.amount].map(csvCell).join(',');
    const text = `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
    return {
      file: {
        blob: new Blob([text], { type: 'text/csv;charset=utf-8' }),
        fileName: `allocation-map-${filters.from}-${filters.to}.csv`,
      },
    };
  };

  const unplacedAccounts = data ? data.accounts.filter((row) => row.latitude === null).length : 0;
  const unplacedReceipts = data ? data.receipts.filter((row) => row.latitude === null).length : 0;
  const empty = data !== undefined && data.accounts.length === 0 && data.receipts.length === 0;
  const tableRows = (data?.collectors ?? []).slice((page.page - 1) * page.pageSize, page.page * page.pageSize);

  return (
    <Stack gap="md" data-testid="cc-allocation-map">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {data && data.collectors.length > 0 ? (
          <ExportButtons
            fileBase="allocation-map"
            from="allocationMap"
            formats={['csv']}
            describeError={(error) => describeError(error, t)}
            exportFile={exportCsv}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {String(t('CcAmIntro'))}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={String(t('CcAmFrom'))}
          value={filters.from}
          onChange={(event) => {
            const from = event.currentTarget.value;
            if (ISO_DATE.test(from)) set({ from });
          }}
        />
        <TextInput
          type="date"
          label={String(t('CcAmTo'))}
          value={filters.to}
          onChange={(event) => {
            const to = event.currentTarget.value;
            if (ISO_DATE.test(to)) set({ to });
          }}
        />
        <Select
          label={String(t('CcAmCollector'))}
          placeholder={String(t('CcAmAllCollectors'))}
          clearable
          searchable
          data={collectorOptions}
          value={filters.collectorId ? String(filters.collectorId) : null}
          onChange={(value) => set({ collectorId: value ? Number(value) : null })}
        />
        <Select
          label={String(t('CcAmBucket'))}
          placeholder={String(t('CcAmAllBuckets'))}
          clearable
          data={[...BUCKETS]}
          value={filters.bucket}
          onChange={(value) => set({ bucket: value })}
        />
      </Group>
      <SectionLoadState
        query={query}
        loading={String(t('CcLoading'))}
        failed={String(t('CcAmLoadFailed'))}
        testId="cc-am"
      />
      {data?.truncated ? (
        <Alert color="yellow" data-testid="cc-am-truncated">
          {String(t('CcAmTruncated', { max: formatCount(ALLOCATION_MAP_MAX_ROWS, language) }))}
        </Alert>
      ) : null}
      {empty ? <Text data-testid="cc-am-empty">{String(t('CcAmEmpty'))}</Text> : null}
      {data && !empty ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="xs">
              <Suspense fallback={<Text aria-busy="true">{String(t('CcLoading'))}</Text>}>
                <MapView label={String(t('CcAmMapLabel'))} points={points} height={480} testId="cc-am-map" />
              </Suspense>
              {unplacedAccounts + unplacedReceipts > 0 ? (
                <Text size="sm" c="dimmed" data-testid="cc-am-unplaced">
                  {String(
                    t('CcAmUnplaced', {
                      accounts: formatCount(unplacedAccounts, language),
                      receipts: formatCount(unplacedReceipts, language),
                    }),
                  )}
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="sm">
              <section aria-labelledby="cc-am-legend">
                <Title order={2} size="h4" id="cc-am-legend">
                  {String(t('CcAmLegend'))}
                </Title>
                <List size="sm" listStyleType="none" spacing={2} data-testid="cc-am-legend">
                  {data.collectors.map((row, index) => (
                    <List.Item key={row.userId}>
                      <Swatch colour={index} />
                      {row.fullName}
                    </List.Item>
                  ))}
                  <List.Item>{String(t('CcAmLegendPaid'))}</List.Item>
                  <List.Item>{String(t('CcAmLegendUnpaid'))}</List.Item>
                  <List.Item>{String(t('CcAmLegendReceipt'))}</List.Item>
                </List>
              </section>
              <DataTable<CollectorRow>
                caption={String(
                  t('CcAmTable', {
                    from: formatBusinessDate(filters.from, language),
                    to: formatBusinessDate(filters.to, language),
                  }),
                )}
                testId="cc-am-table"
                columns={[
                  {
                    key: 'collector',
                    label: columns.collector,
                    render: (row) => (
                      <span>
                        <Swatch colour={colourOf.get(row.userId) ?? 0} />
                        {row.fullName}
                      </span>
                    ),
                  },
                  { key: 'allocated', label: columns.allocated, render: (row) => formatCount(row.allocated, language) },
                  { key: 'paid', label: columns.paid, render: (row) => formatCount(row.paid, language) },
                  { key: 'amount', label: columns.amount, render: amountsText },
                ]}
                rows={tableRows}
                rowKey={(row) => row.userId}
                emptyText={String(t('CcAmNoCollectors'))}
              />
              {data.collectors.length > TABLE_PAGE ? (
                <PagePager
                  page={page.page}
                  pageSize={page.pageSize}
                  count={data.collectors.length}
                  onChange={(next, pageSize) => setPage({ page: next, pageSize })}
                />
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}
