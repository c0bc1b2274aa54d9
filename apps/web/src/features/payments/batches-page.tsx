import { Alert, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { remarksSchemaFor } from '@recovery-desk/domain/remarks.ts';
import {
  BATCH_STATUSES,
  batchListQuerySchema,
  type Batch,
  type BatchStatus,
  type CandidateReceipt,
  type UndepositedCash,
} from '@recovery-desk/domain/payments/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { DataTable } from '../../components/data-table.tsx';
import {
  FormErrors,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { valueText } from '../../lib/value-label.ts';
import {
  decideBatch,
  fetchBatch,
  fetchBatchPage,
  fetchCandidates,
  fetchUndeposited,
  generateBatch,
  newIdempotencyKey,
  paymentsKeys,
  type BatchScreen,
} from './api.ts';
import { StatusBadge, errorText, useCells, useScreenTitle } from './common.tsx';

type BatchState = { status: BatchStatus; page: number; pageSize: number };
const URL_STATE: UrlStateDefinition<BatchState> = {
  schema: batchListQuerySchema,
  defaults: { status: 'INITIATED', page: 1, pageSize: 25 },
};

const ROUTE: Record<BatchScreen, string> = {
  generation: 'payBatchGeneration',
  approval: 'payBatchGenerationApproval',
  viewer: 'payBatchViewer',
};

/** /collapp/payBatchGeneration (PAY_BATCH_GEN_SAUTH): generate deposit batches, see them by view. */
export function PayBatchGenerationPage() {
  return <BatchesScreen screen="generation" />;
}
/** /collapp/payBatchGenerationApproval (PAY_BATCH_GEN_APP_SAUTH): approve or reject initiated batches. */
export function PayBatchApprovalPage() {
  return <BatchesScreen screen="approval" />;
}
/** /collapp/payBatchViewer (PAY_BATCH_VIEWER_SAUTH): every batch of the subtree, read only. */
export function PayBatchViewerPage() {
  return <BatchesScreen screen="viewer" />;
}

function BatchesScreen({ screen }: { screen: BatchScreen }) {
  const { t } = useTranslation();
  const title = useScreenTitle(ROUTE[screen]);
  const actingUnit = useSession((session) => session.actingUnit);
  const cells = useCells();
  const [state, setState] = useUrlState(URL_STATE);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = new URLSearchParams({
    status: state.status,
    page: String(state.page),
    pageSize: String(state.pageSize),
  });
  const list = useQuery({
    queryKey: paymentsKeys.batchPage(screen, actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchBatchPage(screen, query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<Batch>[] = [
    { key: 'batchNo', header: String(t('PayBatchNo')), cell: (row) => row.batchNo },
    { key: 'branch', header: String(t('PayBranch')), cell: (row) => `${row.branchName} (${row.branchCode})` },
    { key: 'collectionDate', header: String(t('PayCollectionDate')), cell: (row) => cells.date(row.collectionDate) },
    { key: 'depositSlipNo', header: String(t('PayDepositSlipNo')), cell: (row) => row.depositSlipNo },
    { key: 'receiptCount', header: String(t('PayReceiptCount')), cell: (row) => String(row.receiptCount) },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    {
      key: 'status',
      header: String(t('PayStatus')),
      cell: (row) => <StatusBadge kind="batchStatus" code={row.status} />,
    },
    { key: 'maker', header: String(t('PayMaker')), cell: (row) => row.makerName },
    { key: 'createdAt', header: String(t('PayCreatedAt')), cell: (row) => cells.dateTime(row.createdAt) },
    { key: 'checker', header: String(t('PayChecker')), cell: (row) => row.checkerName ?? EMPTY_VALUE },
    {
      key: 'reconciled',
      header: String(t('PayReconciled')),
      cell: (row) => (row.status === 'APPROVED' ? cells.dateTime(row.reconciledAt) : EMPTY_VALUE),
    },
  ];
  const counts = list.data?.counts;
  return (
    <Stack gap="md" data-testid={`batches-${screen}`}>
      <Title order={1}>{title}</Title>
      {screen === 'generation' ? <GenerateBatch /> : null}
      {screen === 'generation' ? <UndepositedCashPanel /> : null}
      <SegmentedControl
        aria-label={String(t('PayStatus'))}
        w="fit-content"
        value={state.status}
        onChange={(value) => setState({ ...state, page: 1, status: value as BatchStatus })}
        data={BATCH_STATUSES.map((status) => ({
          value: status,
          label: `${valueText(t, 'batchStatus', status)}${counts ? ` (${counts[status]})` : ''}`,
        }))}
        data-testid="batch-view"
      />
      <DataGrid<Batch>
        caption={String(t('PayBatchesCaption'))}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.batchNo}
        listKey={ROUTE[screen]}
        minWidth={1300}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('PayLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('PayBatchesEmpty')) }}
        open={{
          onOpen: (row) => setOpenId(row.id),
          label: (row) => `${String(t('PayOpen'))} ${row.batchNo}`,
        }}
        testIds={{ table: 'batch-table', row: 'batch-row', open: 'batch-open', empty: 'batch-empty' }}
      />
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        isBusy={list.isFetching}
        onChange={(page, pageSize) => setState({ ...state, page, pageSize })}
      />
      {openId !== null ? <BatchDialog screen={screen} id={openId} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}

const decisionSchema = z.strictObject({ remarks: remarksSchemaFor('approve') });
const rejectSchema = z.strictObject({ remarks: remarksSchemaFor('reject') });

function BatchDialog({ screen, id, onClose }: { screen: BatchScreen; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const cells = useCells();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const batch = useQuery({
    queryKey: paymentsKeys.batch(screen, id),
    queryFn: ({ signal }) => fetchBatch(screen, id, signal),
  });
  const approveForm = useZodForm(decisionSchema, { remarks: '' });
  const rejectForm = useZodForm(rejectSchema, { remarks: '' });
  const decide = useMutation({
    mutationFn: (input: { decision: 'approve' | 'reject'; remarks?: string | undefined }) =>
      decideBatch(id, input.decision, { version: batch.data!.version, remarks: input.remarks }),
    onSuccess: (decided) => {
      addToast({
        title: String(t('Done')),
        message: String(
          t(decided.status === 'APPROVED' ? 'PayBatchApprovedToast' : 'PayBatchRejectedToast', {
            batchNo: decided.batchNo,
          }),
        ),
        type: 'success',
        from: `collapp/${ROUTE[screen]}`,
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() });
      onClose();
    },
  });
  const data = batch.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      centered
      title={data ? String(t('PayBatchDetail', { batchNo: data.batchNo })) : String(t('Loading'))}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      {batch.isError ? (
        <Alert color="red" variant="outline" role="alert">
          {errorText(t, batch.error)}
        </Alert>
      ) : null}
      {data ? (
        <Stack gap="sm" data-testid="batch-detail">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Text size="sm">
              {String(t('PayBranch'))}: {data.branchName} ({data.branchCode})
            </Text>
            <Text size="sm">
              {String(t('PayCollectionDate'))}: {cells.date(data.collectionDate)}
            </Text>
            <Text size="sm">
              {String(t('PayDepositSlipNo'))}: {data.depositSlipNo}
            </Text>
            <Text size="sm">
              {String(t('PayAmount'))}: {cells.money(data.amount, data.currency)}
            </Text>
            <Text size="sm">
              {String(t('PayMaker'))}: {data.makerName}
            </Text>
            <Group gap="xs">
              <StatusBadge kind="batchStatus" code={data.status} />
            </Group>
          </SimpleGrid>
          {data.remarks ? (
            <Text size="sm">
              {String(t('PayRemarks'))}: {data.remarks}
            </Text>
          ) : null}
          <DataTable
            caption={String(t('PayReceiptCount'))}
            rows={data.receipts}
            rowKey={(row) => row.receiptId}
            emptyText={String(t('PayReconNothing'))}
            testId="batch-receipts"
            columns={[
              { key: 'receiptNo', label: String(t('PayReceiptNo')), render: (row) => row.receiptNo },
              { key: 'accountNo', label: String(t('PayAccountNo')), render: (row) => row.accountNo },
              { key: 'mode', label: String(t('PayMode')), render: (row) => valueText(t, 'receiptMode', row.mode) },
              { key: 'reference', label: String(t('PayReference')), render: (row) => row.reference ?? EMPTY_VALUE },
              { key: 'amount', label: String(t('PayAmount')), render: (row) => cells.money(row.amount, row.currency) },
              { key: 'receivedBy', label: String(t('PayReceivedBy')), render: (row) => row.receivedBy },
            ]}
          />
          {screen === 'approval' && data.status === 'INITIATED' ? (
            rejecting ? (
              <ZodForm
                form={rejectForm}
                onSubmit={(input) => decide.mutateAsync({ decision: 'reject', remarks: input.remarks })}
                data-testid="batch-reject-form"
              >
                <Stack gap="xs">
                  <TextareaField label={String(t('PayRemarks'))} name="remarks" maxLength={500} autoFocus />
                  <FormErrors />
                  <Group gap="xs">
                    <SubmitButton color="red.9">{String(t('PayReject'))}</SubmitButton>
                    <Button variant="default" onClick={() => setRejecting(false)}>
                      {String(t('Close'))}
                    </Button>
                  </Group>
                </Stack>
              </ZodForm>
            ) : (
              <ZodForm
                form={approveForm}
                onSubmit={(input) => decide.mutateAsync({ decision: 'approve', remarks: input.remarks || undefined })}
                data-testid="batch-approve-form"
              >
                <Stack gap="xs">
                  <TextareaField label={String(t('PayRemarks'))} name="remarks" maxLength={500} />
                  <FormErrors />
                  <Group gap="xs">
                    <SubmitButton>{String(t('PayApprove'))}</SubmitButton>
                    <Button variant="outline" color="red.9" onClick={() => setRejecting(true)}>
                      {String(t('PayReject'))}
                    </Button>
                  </Group>
                </Stack>
              </ZodForm>
            )
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

const generateSchema = z.strictObject({
  depositSlipNo: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(30)
    .regex(/^[A-Za-z0-9/-]+$/, 'may hold letters, digits, / and - only'),
  remarks: z.string().trim().max(500).optional(),
});

/** The receipts waiting for a batch, a selection of one branch and day, and the deposit slip. */
function GenerateBatch() {
  const { t } = useTranslation();
  const cells = useCells();
  const actingUnit = useSession((session) => session.actingUnit);
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const key = useRef(newIdempotencyKey());
  const query = new URLSearchParams({ page: String(paging.page), pageSize: String(paging.pageSize) });
  const candidates = useQuery({
    queryKey: paymentsKeys.candidates(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchCandidates(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = candidates.data?.data ?? [];
  const chosen = rows.filter((row) => selected.has(row.receiptId));
  const form = useZodForm(generateSchema, { depositSlipNo: '', remarks: '' });
  const generate = useMutation({
    mutationFn: (input: z.output<typeof generateSchema>) => {
      const first = chosen[0];
      if (!first) throw new Error(String(t('PaySelectReceiptsFirst')));
      return generateBatch(
        {
          branchUnitId: first.branchUnitId,
          collectionDate: first.receivedOn,
          depositSlipNo: input.depositSlipNo,
          receiptIds: chosen.map((row) => row.receiptId),
          remarks: input.remarks || undefined,
        },
        key.current,
      );
    },
    onSuccess: (batch) => {
      key.current = newIdempotencyKey();
      setSelected(new Set());
      form.reset();
      addToast({
        title: String(t('Done')),
        message: String(t('PayBatchGenerated', { batchNo: batch.batchNo })),
        type: 'success',
        from: 'collapp/payBatchGeneration',
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() });
    },
  });
  const total = chosen.reduce((sum, row) => sum + BigInt(row.amount.replace('.', '')), 0n);
  const columns: GridColumn<CandidateReceipt>[] = [
    { key: 'receiptNo', header: String(t('PayReceiptNo')), cell: (row) => row.receiptNo },
    { key: 'branch', header: String(t('PayBranch')), cell: (row) => row.branchCode },
    { key: 'receivedOn', header: String(t('PayReceivedOn')), cell: (row) => cells.date(row.receivedOn) },
    { key: 'accountNo', header: String(t('PayAccountNo')), cell: (row) => row.accountNo },
    { key: 'mode', header: String(t('PayMode')), cell: (row) => valueText(t, 'receiptMode', row.mode) },
    { key: 'reference', header: String(t('PayReference')), cell: (row) => row.reference ?? EMPTY_VALUE },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    { key: 'receivedBy', header: String(t('PayReceivedBy')), cell: (row) => row.receivedBy },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="generate-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="generate-title">
          {String(t('PayGenerateTitle'))}
        </Title>
        <Text size="sm">{String(t('PayGenerateHint'))}</Text>
        <DataGrid<CandidateReceipt>
          caption={String(t('PayCandidatesCaption'))}
          columns={columns}
          rows={rows}
          rowId={(row) => row.receiptId}
          rowLabel={(row) => row.receiptNo}
          minWidth={1000}
          maxHeight={360}
          isLoading={candidates.isPending}
          isBusy={candidates.isFetching}
          error={
            candidates.isError
              ? { title: String(t('PayLoadFailed')), error: candidates.error, onRetry: () => void candidates.refetch() }
              : undefined
          }
          empty={{ text: String(t('PayCandidatesEmpty')) }}
          selection={{ selected, onChange: setSelected }}
          testIds={{ table: 'candidate-table', row: 'candidate-row', empty: 'candidate-empty' }}
        />
        <PagePager
          page={paging.page}
          pageSize={paging.pageSize}
          count={candidates.data && !candidates.isPlaceholderData ? candidates.data.count : undefined}
          isBusy={candidates.isFetching}
          label={String(t('PayCandidatesCaption'))}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
        <ZodForm
          form={form}
          onSubmit={(input) => {
            if (chosen.length === 0) {
              addToast({
                title: String(t('SystemMsg')),
                message: String(t('PaySelectReceiptsFirst')),
                type: 'warning',
                from: 'collapp/payBatchGeneration',
              });
              return Promise.resolve();
            }
            return generate.mutateAsync(input);
          }}
          data-testid="generate-form"
        >
          <Stack gap="xs">
            <Text size="sm" aria-live="polite" data-testid="generate-selected">
              {String(
                t('PaySelectedTotal', {
                  amount: cells.money(
                    `${total / 100n}.${(total % 100n).toString().padStart(2, '0')}`,
                    chosen[0]?.currency ?? 'INR',
                  ),
                }),
              )}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField
                label={String(t('PayDepositSlipNo'))}
                name="depositSlipNo"
                rules={[{ kind: 'maxLength', length: 30 }]}
              />
              <TextField label={String(t('PayRemarks'))} name="remarks" rules={[{ kind: 'maxLength', length: 500 }]} />
            </SimpleGrid>
            <FormErrors />
            <div>
              <SubmitButton>{String(t('PayGenerate'))}</SubmitButton>
            </div>
          </Stack>
        </ZodForm>
      </Stack>
    </Paper>
  );
}

/** "Collected vs deposited": verified cash not in an approved batch by the next business date. */
function UndepositedCashPanel() {
  const { t } = useTranslation();
  const cells = useCells();
  const actingUnit = useSession((session) => session.actingUnit);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = new URLSearchParams({ page: String(paging.page), pageSize: String(paging.pageSize) });
  const list = useQuery({
    queryKey: paymentsKeys.undeposited(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchUndeposited(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<UndepositedCash>[] = [
    { key: 'receiptNo', header: String(t('PayReceiptNo')), cell: (row) => row.receiptNo },
    { key: 'branch', header: String(t('PayBranch')), cell: (row) => row.branchCode },
    { key: 'accountNo', header: String(t('PayAccountNo')), cell: (row) => row.accountNo },
    { key: 'receivedOn', header: String(t('PayReceivedOn')), cell: (row) => cells.date(row.receivedOn) },
    { key: 'days', header: String(t('PayDaysUndeposited')), cell: (row) => String(row.daysUndeposited) },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    { key: 'receivedBy', header: String(t('PayReceivedBy')), cell: (row) => row.receivedBy },
    { key: 'inBatch', header: String(t('PayInBatch')), cell: (row) => row.inBatch ?? EMPTY_VALUE },
  ];
  const totals = list.data?.totals ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="undeposited-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="undeposited-title">
          {String(t('PayUndepositedTitle'))}
        </Title>
        <Text size="sm">{String(t('PayUndepositedHint'))}</Text>
        {totals.length > 0 ? (
          <Alert color="orange.9" variant="outline" data-testid="undeposited-total">
            {String(
              t('PayUndepositedTotal', {
                amounts: totals.map((row) => cells.money(row.amount, row.currency)).join(', '),
              }),
            )}
          </Alert>
        ) : null}
        <DataGrid<UndepositedCash>
          caption={String(t('PayUndepositedTitle'))}
          columns={columns}
          rows={list.data?.data ?? []}
          rowId={(row) => row.receiptId}
          rowLabel={(row) => row.receiptNo}
          minWidth={900}
          maxHeight={300}
          isLoading={list.isPending}
          isBusy={list.isFetching}
          error={
            list.isError
              ? { title: String(t('PayLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
              : undefined
          }
          empty={{ text: String(t('PayUndepositedEmpty')) }}
          testIds={{ table: 'undeposited-table', row: 'undeposited-row', empty: 'undeposited-empty' }}
        />
        <PagePager
          page={paging.page}
          pageSize={paging.pageSize}
          count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
          isBusy={list.isFetching}
          label={String(t('PayUndepositedTitle'))}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      </Stack>
    </Paper>
  );
}
