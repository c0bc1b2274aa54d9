import { Anchor, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { AuctionBatchDetail } from '@recovery-desk/domain/secured-assets/auction.ts';
import { SARFAESI_DEFINITION } from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatAmount, formatBusinessDate } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../../workflow/api/describe-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { routePath, useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { batchKeys, fetchBatch, fetchBatchOfCase, fetchBatches, moveBatch, type BatchTab } from '../api/auction-api.ts';

// Auction Batch Generation (/repoapp/auctionBatchGenTabs, AUC_BATCH_GEN_SAUTH; issue 15): the auction batches of the
// acting unit's subtree in three tabs (open: being built; published; completed), a batch's lots with each case's
// stage and a link to the case, and publishing / completing a batch. Lots are added from the SARFAESI BatchGen tray
// (the `auctionBatch` tray widget). The detail route /repoapp/auctionBatchGenTabs/caseid/{caseid}/account/{accountid}
// shows the batch holding that case.

const TABS: {
  value: BatchTab;
  labelKey: 'AuctionBatchTabOpen' | 'AuctionBatchTabPublished' | 'AuctionBatchTabCompleted';
}[] = [
  { value: 'open', labelKey: 'AuctionBatchTabOpen' },
  { value: 'published', labelKey: 'AuctionBatchTabPublished' },
  { value: 'completed', labelKey: 'AuctionBatchTabCompleted' },
];

const FROM = 'repo/auction-batches';

function caseLink(stageCode: string, caseId: number, accountId: number): string | null {
  const stage = SARFAESI_DEFINITION.stages.find((candidate) => candidate.code === stageCode);
  return stage ? routePath(`${stage.routeSlug}Detail`, { caseid: caseId, accountid: accountId }) : null;
}

/** A batch: its details, its lots (lot number, case and its stage, account, reserve) and the next step. */
export function BatchDetail({ batch, onChanged }: { batch: AuctionBatchDetail; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (step: 'publish' | 'complete') => moveBatch(batch.batchId, step),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.all() });
      addToast({ title: String(t('Saved')), message: String(t('AuctionBatchMoved')), type: 'success', from: FROM });
      onChanged?.();
    },
    onError: (error) =>
      addToast({
        title: String(t('AuctionBatchMoveFailed')),
        message: describeWorkflowError(t, error),
        type: 'error',
        from: FROM,
      }),
  });
  const stageName = (code: string) => {
    const stage = SARFAESI_DEFINITION.stages.find((candidate) => candidate.code === code);
    return stage ? translateKey(t, stage.labelKey, code) : code;
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`batch-${batch.batchId}`}>
      <Stack gap="sm" data-testid="auction-batch-detail">
        <Title order={2} size="h4" id={`batch-${batch.batchId}`}>
          {String(t('AuctionBatchTitle', { batchNo: batch.batchNo }))}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {String(t('AuctionBatchAuctionDate'))}: {formatBusinessDate(batch.auctionDate, language)}
          </Text>
          <Text size="sm">
            {String(t('AuctionBatchEmdLastDate'))}: {formatBusinessDate(batch.emdLastDate, language)}
          </Text>
          {batch.inspectionDate1 ? (
            <Text size="sm">
              {String(t('AuctionBatchInspection'))}: {formatBusinessDate(batch.inspectionDate1, language)}
              {batch.inspectionDate2 ? `, ${formatBusinessDate(batch.inspectionDate2, language)}` : ''}
            </Text>
          ) : null}
          <Text size="sm">
            {String(t('AuctionBatchAgency'))}: {batch.auctionAgency}
          </Text>
        </Group>
        {batch.lots.length === 0 ? (
          <Text size="sm">{String(t('AuctionBatchNoLots'))}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder data-testid="auction-lots">
              <Table.Caption>{String(t('AuctionBatchLots'))}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{String(t('AuctionLotNo'))}</Table.Th>
                  <Table.Th scope="col">{String(t('AuctionLotCase'))}</Table.Th>
                  <Table.Th scope="col">{String(t('AuctionLotBorrower'))}</Table.Th>
                  <Table.Th scope="col">{String(t('AuctionLotStage'))}</Table.Th>
                  <Table.Th scope="col">{String(t('AuctionReservePrice'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {batch.lots.map((lot) => {
                  const href = caseLink(lot.stage, lot.caseId, lot.accountId);
                  return (
                    <Table.Tr key={lot.lotNo} data-testid={`lot-${lot.lotNo}`}>
                      <Table.Td>{lot.lotNo}</Table.Td>
                      <Table.Td>
                        {href ? (
                          <Anchor component={Link} to={href}>
                            {lot.caseNo}
                          </Anchor>
                        ) : (
                          lot.caseNo
                        )}
                      </Table.Td>
                      <Table.Td>
                        {lot.customerName} ({lot.accountNo})
                      </Table.Td>
                      <Table.Td>{stageName(lot.stage)}</Table.Td>
                      <Table.Td>{formatAmount(lot.reservePrice, lot.currency, language)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group>
          {batch.status === 'OPEN' ? (
            <Button loading={move.isPending} onClick={() => move.mutate('publish')} data-testid="publish-batch">
              {String(t('AuctionBatchPublish'))}
            </Button>
          ) : null}
          {batch.status === 'PUBLISHED' ? (
            <Button loading={move.isPending} onClick={() => move.mutate('complete')} data-testid="complete-batch">
              {String(t('AuctionBatchComplete'))}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function SelectedBatch({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const batch = useQuery({
    queryKey: batchKeys.detail(batchId, session.actingUnit),
    queryFn: ({ signal }) => fetchBatch(batchId, signal),
  });
  if (batch.isPending) return <LoadingBlock label={String(t('AuctionBatchLoading'))} />;
  if (batch.isError) {
    return (
      <LoadError title={String(t('AuctionBatchLoadFailed'))} error={batch.error} onRetry={() => void batch.refetch()} />
    );
  }
  return <BatchDetail batch={batch.data} />;
}

function BatchList({ tab }: { tab: BatchTab }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [selected, setSelected] = useState<number | null>(null);
  const batches = useQuery({
    queryKey: batchKeys.list(tab, session.actingUnit),
    queryFn: ({ signal }) => fetchBatches(tab, signal),
  });
  if (batches.isPending) return <LoadingBlock label={String(t('AuctionBatchLoading'))} />;
  if (batches.isError) {
    return (
      <LoadError
        title={String(t('AuctionBatchLoadFailed'))}
        error={batches.error}
        onRetry={() => void batches.refetch()}
      />
    );
  }
  if (batches.data.length === 0) return <EmptyBlock text={String(t('AuctionBatchEmpty'))} testId="batches-empty" />;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder data-testid={`batches-${tab}`}>
          <Table.Caption>{String(t('AuctionBatchList'))}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('AuctionBatchNumber'))}</Table.Th>
              <Table.Th scope="col">{String(t('AuctionBatchAuctionDate'))}</Table.Th>
              <Table.Th scope="col">{String(t('AuctionBatchEmdLastDate'))}</Table.Th>
              <Table.Th scope="col">{String(t('AuctionBatchAgency'))}</Table.Th>
              <Table.Th scope="col">{String(t('AuctionBatchLots'))}</Table.Th>
              <Table.Th scope="col">{String(t('AuctionBatchUnit'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.data.map((batch) => (
              <Table.Tr key={batch.batchId}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setSelected(batch.batchId)}
                    aria-pressed={selected === batch.batchId}
                  >
                    {batch.batchNo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatBusinessDate(batch.auctionDate, i18n.language)}</Table.Td>
                <Table.Td>{formatBusinessDate(batch.emdLastDate, i18n.language)}</Table.Td>
                <Table.Td>{batch.auctionAgency}</Table.Td>
                <Table.Td>{batch.lotCount}</Table.Td>
                <Table.Td>{batch.unitName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {selected !== null ? <SelectedBatch key={selected} batchId={selected} /> : null}
    </Stack>
  );
}

/** /repoapp/auctionBatchGenTabs: the batches by tab. */
export function AuctionBatchPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('auctionBatchGenTabs');
  const [tab, setTab] = useState<BatchTab>('open');
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Tabs value={tab} onChange={(value) => setTab((value as BatchTab | null) ?? 'open')} keepMounted={false}>
        <Tabs.List aria-label={title}>
          {TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {String(t(item.labelKey))}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value} pt="md">
            <BatchList tab={item.value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** /repoapp/auctionBatchGenTabs/caseid/{caseid}/account/{accountid}: the batch holding the case. */
export function AuctionBatchOfCasePage() {
  const { t } = useTranslation();
  const title = useRouteTitle('auctionBatchGenTabsDetail');
  const { caseid = '' } = useParams();
  const session = useSession();
  const batch = useQuery({
    queryKey: batchKeys.ofCase(Number(caseid), session.actingUnit),
    queryFn: ({ signal }) => fetchBatchOfCase(caseid, signal),
  });
  let body;
  if (batch.isPending) body = <LoadingBlock label={String(t('AuctionBatchLoading'))} />;
  else if (batch.isError) {
    body = (
      <LoadError title={String(t('AuctionBatchLoadFailed'))} error={batch.error} onRetry={() => void batch.refetch()} />
    );
  } else body = <BatchDetail batch={batch.data} onChanged={() => void batch.refetch()} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {body}
    </Stack>
  );
}
