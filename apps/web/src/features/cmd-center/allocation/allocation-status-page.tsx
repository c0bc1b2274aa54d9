import { Alert, Anchor, Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  ALLOCATION_BATCH_STATUSES,
  ALLOCATION_ITEM_OUTCOMES,
  type AllocationBatch,
} from '@recovery-desk/domain/command-center/allocation.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagePager } from '../../../components/page-pager.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { allocationKeys, codeKey, fetchAllocationBatch, fetchAllocationBatches } from '../allocation-api.ts';

// /cmdCenter/mapBasedAllocationStatus (docs/architecture.md "Command center: map-based allocation"): the allocation
// batches of the subtree (status, counts, who, when), and one batch's items with outcome and reason (?batch=<id>).

const STATUS_COLOUR: Record<AllocationBatch['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  DONE: 'green',
  PARTIAL: 'yellow',
  FAILED: 'red',
};

function BatchItems({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState('');
  const detail = useQuery({
    queryKey: allocationKeys.batch(id, page, outcome),
    queryFn: ({ signal }) => fetchAllocationBatch(id, page, outcome, signal),
  });
  return (
    <Stack gap="xs" data-testid="cc-alloc-batch">
      {detail.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {detail.isError ? (
        <Alert color="red" role="alert">
          {describeError(detail.error, t)}
        </Alert>
      ) : null}
      {detail.data ? (
        <>
          <Title order={2}>{String(t('CcAlBatchTitle', { batchNo: detail.data.batch.batchNo }))}</Title>
          <Select
            label={String(t('CcAlOutcome'))}
            data={ALLOCATION_ITEM_OUTCOMES.map((value) => ({
              value,
              label: translateKey(t, codeKey('CcAlOutcome', value), value),
            }))}
            value={outcome || null}
            onChange={(value) => {
              setOutcome(value ?? '');
              setPage(1);
            }}
            clearable
            w={220}
          />
          {detail.data.items.length === 0 ? (
            <Text>{String(t('CcAlNoItems'))}</Text>
          ) : (
            <Table aria-label={String(t('CcAlItems'))}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{String(t('CcAlAccount'))}</Table.Th>
                  <Table.Th>{String(t('CcAlAssignee'))}</Table.Th>
                  <Table.Th>{String(t('CcAlOutcome'))}</Table.Th>
                  <Table.Th>{String(t('CcAlReason'))}</Table.Th>
                  <Table.Th>{String(t('CcAlDistance'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.data.items.map((item) => (
                  <Table.Tr key={item.accountId}>
                    <Table.Td>{item.accountNo}</Table.Td>
                    <Table.Td>{item.assignee?.name ?? '—'}</Table.Td>
                    <Table.Td>{translateKey(t, codeKey('CcAlOutcome', item.outcome), item.outcome)}</Table.Td>
                    <Table.Td>
                      {item.reason ? translateKey(t, codeKey('CcAlReason', item.reason), item.reason) : '—'}
                    </Table.Td>
                    <Table.Td>
                      {item.distanceM === null
                        ? '—'
                        : String(t('CcAlKm', { km: formatCount(item.distanceM / 1000, i18n.language, 1) }))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <PagePager
            page={page}
            pageSize={detail.data.pageSize}
            count={detail.data.total}
            onChange={(next) => setPage(next)}
            label={String(t('CcAlItems'))}
          />
        </>
      ) : null}
    </Stack>
  );
}

export function AllocationStatusPage() {
  const { t, i18n } = useTranslation();
  const route = findRouteByName('mapBasedAllocationStatus');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Map Based Allocation Status';
  const [params, setParams] = useSearchParams();
  const batchId = Number(params.get('batch')) || null;
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const batches = useQuery({
    queryKey: allocationKeys.batches(page, status),
    queryFn: ({ signal }) => fetchAllocationBatches(page, status, signal),
  });
  return (
    <Stack gap="md" data-testid="cc-alloc-status">
      <Title order={1}>{title}</Title>
      <Select
        label={String(t('CcAlStatus'))}
        data={ALLOCATION_BATCH_STATUSES.map((value) => ({
          value,
          label: translateKey(t, codeKey('CcAlBatch', value), value),
        }))}
        value={status || null}
        onChange={(value) => {
          setStatus(value ?? '');
          setPage(1);
        }}
        clearable
        w={220}
      />
      {batches.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {batches.isError ? (
        <Alert color="red" role="alert" title={String(t('CcAlLoadFailed'))}>
          {describeError(batches.error, t)}
        </Alert>
      ) : null}
      {batches.data && batches.data.rows.length === 0 ? <Text>{String(t('CcAlNoBatches'))}</Text> : null}
      {batches.data && batches.data.rows.length > 0 ? (
        <Table aria-label={String(t('CcAlBatches'))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{String(t('CcAlBatchNo'))}</Table.Th>
              <Table.Th>{String(t('CcAlStatus'))}</Table.Th>
              <Table.Th>{String(t('CcAlCounts'))}</Table.Th>
              <Table.Th>{String(t('CcAlCreatedBy'))}</Table.Th>
              <Table.Th>{String(t('CcAlCreatedAt'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.data.rows.map((batch) => (
              <Table.Tr key={batch.id} aria-selected={batch.id === batchId}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => setParams({ batch: String(batch.id) })}>
                    {batch.batchNo}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOUR[batch.status]}>
                    {translateKey(t, codeKey('CcAlBatch', batch.status), batch.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {String(
                    t('CcAlCountsValue', {
                      total: formatCount(batch.totalCount, i18n.language),
                      allocated: formatCount(batch.allocatedCount, i18n.language),
                      skipped: formatCount(batch.skippedCount, i18n.language),
                      failed: formatCount(batch.failedCount, i18n.language),
                    }),
                  )}
                </Table.Td>
                <Table.Td>{batch.createdBy.name}</Table.Td>
                <Table.Td>{formatDateTime(batch.createdAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {batches.data ? (
        <Group>
          <PagePager
            page={page}
            pageSize={batches.data.pageSize}
            count={batches.data.total}
            onChange={(next) => setPage(next)}
            label={String(t('CcAlBatches'))}
          />
        </Group>
      ) : null}
      {batchId ? <BatchItems key={batchId} id={batchId} /> : null}
    </Stack>
  );
}
