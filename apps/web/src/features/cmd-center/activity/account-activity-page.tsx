import { Alert, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MapPoint } from '../../../components/map/map-types.ts';
import { MapView } from '../../../components/map/map-view.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCount, formatMinor } from '../../../lib/format.ts';
import { activityKeys, activityParams, fetchAccountActivity } from '../activity-api.ts';
import { useDateTime, useMinutes, useRouteTitle } from './common.tsx';

// An account's field activity (/cmdCenter/activeinactiveuser/account/{accountid}, LEGAL_POOL_SAUTH): who holds it,
// its customer's geocoded address with the geofence radius, the visits reported on it, the geofence visits of the
// collectors who came (with dwell), and its receipts at their places — the last 30 days unless a range is chosen.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function AccountActivityPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('activeinactiveuserDetail', 'Active Inactive User Account');
  const { accountid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const dateTime = useDateTime();
  const minutes = useMinutes();
  const query = activityParams({ from: params.get('from'), to: params.get('to') });
  const activity = useQuery({
    queryKey: activityKeys.account(accountid, query.toString()),
    queryFn: ({ signal }) => fetchAccountActivity(accountid, query, signal),
    placeholderData: keepPreviousData,
  });
  const setDate = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const data = activity.data;
  const points: MapPoint[] = data
    ? [
        ...(data.account.location
          ? [{ id: 'customer', ...data.account.location, label: data.account.customerName, tone: 'planned' as const }]
          : []),
        ...data.visitEvents.map((visit, index) => ({
          id: `visit-${index}`,
          latitude: visit.latitude,
          longitude: visit.longitude,
          label: `${String(t('CcVisitBy', { name: visit.fullName }))} ${dateTime(visit.time)}`,
          tone: visit.mock ? ('alert' as const) : ('done' as const),
        })),
        ...data.receipts.flatMap((receipt) =>
          receipt.latitude === null || receipt.longitude === null
            ? []
            : [
                {
                  id: `receipt-${receipt.receiptNo}`,
                  latitude: receipt.latitude,
                  longitude: receipt.longitude,
                  label: `${receipt.receiptNo} ${dateTime(receipt.time)}`,
                  tone: 'done' as const,
                },
              ],
        ),
      ]
    : [];
  return (
    <Stack gap="md" data-testid="cc-account-activity">
      <Title order={1}>{title}</Title>
      {activity.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {activity.isError ? (
        <Alert color="red" role="alert" title={String(t('CcLoadFailed'))}>
          {describeError(activity.error, t)}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Text data-testid="cc-account-summary">
            {String(
              t('CcAccountSummary', {
                accountNo: data.account.accountNo,
                customer: data.account.customerName,
                holder: data.account.allocatedTo?.fullName ?? String(t('CcNotAllocated')),
              }),
            )}
          </Text>
          <Group align="end" gap="sm">
            <TextInput
              type="date"
              label={String(t('CcFilterFrom'))}
              value={data.from}
              onChange={(event) => setDate('from', event.currentTarget.value)}
              w={170}
            />
            <TextInput
              type="date"
              label={String(t('CcFilterTo'))}
              value={data.to}
              onChange={(event) => setDate('to', event.currentTarget.value)}
              w={170}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {data.account.location
              ? String(t('CcGeofenceRadius', { radius: formatCount(data.geofenceRadiusM, i18n.language) }))
              : String(t('CcNoLocation'))}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Stack gap="md">
              <Section title={String(t('CcGeofenceVisits'))}>
                {data.geofenceVisits.length === 0 ? (
                  <Text size="sm">{String(t('CcNoneInRange'))}</Text>
                ) : (
                  <Table withTableBorder striped data-testid="cc-account-geofence-visits">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{String(t('CcColUser'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColEnter'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColLeave'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColDwellMinutes'))}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.geofenceVisits.map((visit) => (
                        <Table.Tr key={`${visit.userId}-${visit.enter}`}>
                          <Table.Td>{visit.fullName}</Table.Td>
                          <Table.Td>{dateTime(visit.enter)}</Table.Td>
                          <Table.Td>{dateTime(visit.leave)}</Table.Td>
                          <Table.Td>{minutes(visit.dwellMinutes)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Section>
              <Section title={String(t('CcVisitEvents'))}>
                {data.visitEvents.length === 0 ? (
                  <Text size="sm">{String(t('CcNoneInRange'))}</Text>
                ) : (
                  <Table withTableBorder striped data-testid="cc-account-visits">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{String(t('CcColUser'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColTime'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColPlace'))}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.visitEvents.map((visit) => (
                        <Table.Tr key={`${visit.userId}-${visit.time}`}>
                          <Table.Td>{visit.fullName}</Table.Td>
                          <Table.Td>{dateTime(visit.time)}</Table.Td>
                          <Table.Td>{`${visit.latitude.toFixed(5)}, ${visit.longitude.toFixed(5)}`}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Section>
              <Section title={String(t('CcColReceipts'))}>
                {data.receipts.length === 0 ? (
                  <Text size="sm">{String(t('CcNoneInRange'))}</Text>
                ) : (
                  <Table withTableBorder striped data-testid="cc-account-receipts">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{String(t('CcColReceiptNo'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColUser'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColTime'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColAmount'))}</Table.Th>
                        <Table.Th scope="col">{String(t('CcColPlace'))}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.receipts.map((receipt) => (
                        <Table.Tr key={receipt.receiptNo}>
                          <Table.Td>{receipt.receiptNo}</Table.Td>
                          <Table.Td>{receipt.receivedBy}</Table.Td>
                          <Table.Td>{dateTime(receipt.time)}</Table.Td>
                          <Table.Td>{formatMinor(receipt.amountMinor, receipt.currency, i18n.language)}</Table.Td>
                          <Table.Td>
                            {receipt.latitude === null || receipt.longitude === null
                              ? String(t('CcNoPlace'))
                              : `${receipt.latitude.toFixed(5)}, ${receipt.longitude.toFixed(5)}`}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Section>
            </Stack>
            <MapView label={String(t('CcMapAccount'))} points={points} testId="cc-account-map" />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
