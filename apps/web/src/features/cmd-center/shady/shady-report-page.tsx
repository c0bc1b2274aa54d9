import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  shadyMeasureWords,
  type ShadyFindingRow,
  type ShadyReply,
} from '@recovery-desk/domain/command-center/shady-report.ts';
import {
  SEVERITIES,
  shadySeverityTable,
  type Severity,
  type ShadyReport,
} from '@recovery-desk/domain/command-center/shady-rules.ts';
import { DEFAULT_COMMAND_CENTER_SETTINGS } from '@recovery-desk/domain/command-center/settings.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { valueLabelKey, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import type { MapPoint } from '../../../components/map/map-types.ts';
import { PagePager } from '../../../components/page-pager.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatAmount, formatCount, formatDateTime } from '../../../lib/format.ts';
import { translateKey, translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { exportShadyReport, fetchShadyReport, shadyKeys, type ShadyFilters } from '../shady-api.ts';

// /cmdCenter/shadyTimeReport and /cmdCenter/shadyTransactionLoc (issue 16, spec §2.6; docs/architecture.md
// "Command center: shady transaction reports"): one screen, the report as a parameter. Filters (range, collector,
// severity, rule), the severity counts as chips (words, not colour only), the findings with what was measured in
// words, and the map beside: the selected finding's receipt, the customer's address, the visits and the stops.

const MapView = lazy(() => import('../../../components/map/map-view.tsx').then((m) => ({ default: m.MapView })));

const SEVERITY_COLOUR: Record<Severity, string> = { RED: 'red', AMBER: 'orange', YELLOW: 'yellow' };

/** Today and a week before, India time (YYYY-MM-DD). */
function defaultRange(now = new Date()): { from: string; to: string } {
  const india = (time: number) => new Date(time + 330 * 60_000).toISOString().slice(0, 10);
  return { from: india(now.getTime() - 6 * 86_400_000), to: india(now.getTime()) };
}

function useCodeLabel() {
  const { t } = useTranslation();
  return (kind: ValueKind, code: string) => {
    const key = valueLabelKey(kind, code);
    return key ? translateKey(t, key, code) : code;
  };
}

/** What a finding measured, in the reader's words and number formats. */
export function useMeasuredWords() {
  const { t, i18n } = useTranslation();
  return (row: ShadyFindingRow) => {
    const { key, values } = shadyMeasureWords(row.rule, row.measured);
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      params[name] =
        name === 'amountMinor'
          ? formatAmount((value / 100).toFixed(2), row.receipt.currency as 'INR', i18n.language)
          : name === 'count'
            ? value
            : formatCount(value, i18n.language, 1);
    }
    return translateWithParams(t, key as DictionaryKey, params);
  };
}

function mapPointsOf(row: ShadyFindingRow, t: (key: DictionaryKey, params?: Record<string, string>) => string) {
  const points: MapPoint[] = [];
  if (row.receipt.place) {
    points.push({
      id: `receipt-${row.receipt.id}`,
      ...row.receipt.place,
      label: t('CcShadyMapReceipt', { no: row.receipt.receiptNo }),
      tone: 'alert',
    });
  }
  if (row.customer.place) {
    points.push({
      id: `customer-${row.customer.id}`,
      ...row.customer.place,
      label: t('CcShadyMapCustomer', { name: row.customer.name }),
      tone: 'planned',
    });
  }
  row.visits.forEach((visit, index) =>
    points.push({ id: `visit-${index}`, ...visit, label: t('CcShadyMapVisit'), tone: 'done' }),
  );
  row.stops.forEach((stop, index) =>
    points.push({
      id: `stop-${index}`,
      latitude: stop.latitude,
      longitude: stop.longitude,
      label: t('CcShadyMapStop'),
      tone: 'muted',
    }),
  );
  return points;
}

export function ShadyReportPage({ report }: { report: ShadyReport }) {
  const { t, i18n } = useTranslation();
  const label = useCodeLabel();
  const words = useMeasuredWords();
  const [range, setRange] = useState(defaultRange);
  const [severity, setSeverity] = useState<string | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: 25 });
  const [selected, setSelected] = useState<string | null>(null);
  const filters: ShadyFilters = { report, ...range, severity, rule, userId };
  const query = useQuery({
    queryKey: shadyKeys.report(filters, page.page, page.pageSize),
    queryFn: ({ signal }) => fetchShadyReport(filters, page.page, page.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const data: ShadyReply | undefined = query.data;
  const title = String(t(report === 'TIME' ? 'CcShadyTimeTitle' : 'CcShadyLocTitle'));
  const rules = shadySeverityTable(DEFAULT_COMMAND_CENTER_SETTINGS)
    .filter((row) => row.report === report)
    .map((row) => row.rule);
  const collectors = new Map((data?.rows ?? []).map((row) => [row.collector.id, row.collector.fullName]));
  const chosen = data?.rows.find((row) => row.key === selected) ?? null;
  const replay = findRouteByName('animateRouteTaken');
  const change = (apply: () => void) => {
    apply();
    setPage((current) => ({ ...current, page: 1 }));
    setSelected(null);
  };
  const tt = (key: DictionaryKey, params?: Record<string, string>) => translateWithParams(t, key, params);

  return (
    <Stack gap="md" data-testid={`shady-${report.toLowerCase()}`}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        <ExportButtons
          fileBase={report === 'TIME' ? 'shady-time' : 'shady-location'}
          from={report === 'TIME' ? 'shadyTimeReport' : 'shadyTransactionLoc'}
          describeError={(error) => describeError(error, t)}
          exportFile={async (format) => ({ file: await exportShadyReport(filters, format) })}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {String(t(report === 'TIME' ? 'CcShadyTimeIntro' : 'CcShadyLocIntro'))}
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={String(t('CcShadyFrom'))}
          value={range.from}
          onChange={(event) => {
            const from = event.currentTarget.value;
            change(() => setRange((current) => ({ ...current, from })));
          }}
        />
        <TextInput
          type="date"
          label={String(t('CcShadyTo'))}
          value={range.to}
          onChange={(event) => {
            const to = event.currentTarget.value;
            change(() => setRange((current) => ({ ...current, to })));
          }}
        />
        <Select
          label={String(t('CcShadyCollector'))}
          placeholder={String(t('CcShadyAllCollectors'))}
          clearable
          data={[...collectors].map(([id, name]) => ({ value: String(id), label: name }))}
          value={userId === null ? null : String(userId)}
          onChange={(value) => change(() => setUserId(value ? Number(value) : null))}
        />
        <Select
          label={String(t('CcShadySeverity'))}
          placeholder={String(t('CcShadyAllSeverities'))}
          clearable
          data={SEVERITIES.map((code) => ({ value: code, label: label('severity', code) }))}
          value={severity}
          onChange={(value) => change(() => setSeverity(value))}
        />
        <Select
          label={String(t('CcShadyRule'))}
          placeholder={String(t('CcShadyAllRules'))}
          clearable
          data={rules.map((code) => ({ value: code, label: label('shadyRule', code) }))}
          value={rule}
          onChange={(value) => change(() => setRule(value))}
        />
      </Group>
      {data ? (
        <Group gap="xs" role="group" aria-label={String(t('CcShadySeverity'))} data-testid="shady-chips">
          {SEVERITIES.map((code) => (
            <Button
              key={code}
              size="xs"
              radius="xl"
              color={SEVERITY_COLOUR[code]}
              // unselected chips in the default style (the light tints of amber and yellow fail contrast); the
              // selected one filled in its colour, its text black or white as the colour needs
              variant={severity === code ? 'filled' : 'default'}
              autoContrast
              aria-pressed={severity === code}
              onClick={() => change(() => setSeverity(severity === code ? null : code))}
            >
              {String(
                t('CcShadyChip', {
                  severity: label('severity', code),
                  n: formatCount(data.severityCounts[code], i18n.language),
                }),
              )}
            </Button>
          ))}
          <Text size="sm">{String(t('CcShadyFindings', { count: data.total }))}</Text>
        </Group>
      ) : null}
      {query.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {query.isError ? (
        <Alert color="red" role="alert" title={String(t('CcShadyLoadFailed'))}>
          {describeError(query.error, t)}
        </Alert>
      ) : null}
      {data && data.rows.length === 0 ? <Text data-testid="shady-empty">{String(t('CcShadyEmpty'))}</Text> : null}
      {data && data.rows.length > 0 ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Stack gap="xs">
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover withTableBorder data-testid="shady-grid">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{String(t('CcShadyColReceipt'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColCollector'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColAccount'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColCustomer'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColAmount'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColTime'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColRule'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColSeverity'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyColMeasured'))}</Table.Th>
                    <Table.Th scope="col">{String(t('CcShadyReplay'))}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.key} aria-selected={row.key === selected} data-testid={`shady-row-${row.key}`}>
                      <Table.Th scope="row">
                        <Anchor component="button" type="button" onClick={() => setSelected(row.key)}>
                          {row.receipt.receiptNo}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>{row.collector.fullName}</Table.Td>
                      <Table.Td>{row.account.accountNo}</Table.Td>
                      <Table.Td>{row.customer.name}</Table.Td>
                      <Table.Td>
                        {formatAmount(
                          (Number(row.receipt.amountMinor) / 100).toFixed(2),
                          row.receipt.currency as 'INR',
                          i18n.language,
                        )}
                      </Table.Td>
                      <Table.Td>{formatDateTime(row.receipt.time, i18n.language)}</Table.Td>
                      <Table.Td>{label('shadyRule', row.rule)}</Table.Td>
                      <Table.Td>
                        <Badge color={SEVERITY_COLOUR[row.severity]}>{label('severity', row.severity)}</Badge>
                      </Table.Td>
                      <Table.Td>{words(row)}</Table.Td>
                      <Table.Td>
                        {replay ? (
                          <Anchor component={Link} to={`${replay.path}?userId=${row.collector.id}&date=${row.date}`}>
                            {String(t('CcShadyReplay'))}
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PagePager
              page={page.page}
              pageSize={page.pageSize}
              count={data.total}
              isBusy={query.isFetching}
              onChange={(next, pageSize) => setPage({ page: next, pageSize })}
            />
          </Stack>
          <Stack gap="xs" data-testid="shady-map">
            {chosen ? (
              <>
                {chosen.receipt.place ? null : <Text size="sm">{String(t('CcShadyNoPlace'))}</Text>}
                <Suspense fallback={<Text aria-busy="true">{String(t('CcLoading'))}</Text>}>
                  <MapView
                    label={String(t('CcShadyMapLabel'))}
                    points={mapPointsOf(chosen, tt)}
                    selected={[`receipt-${chosen.receipt.id}`]}
                    height={420}
                  />
                </Suspense>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {String(t('CcShadyMapHint'))}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

export function ShadyTimeReportPage() {
  return <ShadyReportPage report="TIME" />;
}

export function ShadyLocationReportPage() {
  return <ShadyReportPage report="LOCATION" />;
}
