import { Alert, Button, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  UPI_EXPIRY_MINUTES,
  UPI_STATUSES,
  upiCollectInputSchema,
  upiListQuerySchema,
  type UpiRequest,
  type UpiStatus,
} from '@recovery-desk/domain/payments/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import {
  AmountField,
  FormErrors,
  NumberField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { valueText } from '../../lib/value-label.ts';
import { fetchUpiPage, newIdempotencyKey, paymentsKeys, sandboxPayerApprove, sendUpiCollect } from './api.ts';
import { StatusBadge, errorText, useCells, useScreenTitle } from './common.tsx';

const FROM = 'collapp/electronicPayment';

type UpiState = { status: UpiStatus | undefined; page: number; pageSize: number };
const URL_STATE: UrlStateDefinition<UpiState> = {
  schema: upiListQuerySchema,
  defaults: { status: undefined, page: 1, pageSize: 25 },
};

/**
 * Electronic Payment (UPI collection), /collapp/electronicPayment (PAY_VERIFICATION_SAUTH): send a collect request
 * to the payer's VPA through the payment provider, and follow the requests by status with the spec §3 fields.
 */
export function UpiCollectionPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('electronicPayment');
  const { demoMode } = usePublicConfig();
  const actingUnit = useSession((session) => session.actingUnit);
  const queryClient = useQueryClient();
  const cells = useCells();
  const [state, setState] = useUrlState(URL_STATE);
  const query = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize) });
  if (state.status) query.set('status', state.status);

  const list = useQuery({
    queryKey: paymentsKeys.upi(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchUpiPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const approve = useMutation({
    mutationFn: (request: UpiRequest) => sandboxPayerApprove(request.id),
    onSuccess: (request) => {
      addToast({
        title: String(t('Done')),
        message: String(t('UpiSandboxApproved', { txnId: request.txnId })),
        type: 'success',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() });
    },
    onError: (error) =>
      addToast({ title: String(t('SystemMsg')), message: errorText(t, error), type: 'error', from: FROM }),
  });

  const columns: GridColumn<UpiRequest>[] = [
    { key: 'txnId', header: String(t('UpiTxnId')), cell: (row) => row.txnId },
    { key: 'accountNo', header: String(t('PayAccountNo')), cell: (row) => row.accountNo },
    { key: 'vpa', header: String(t('UpiVpa')), cell: (row) => row.vpa },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    {
      key: 'status',
      header: String(t('PayStatus')),
      cell: (row) => (
        <Stack gap={2}>
          <StatusBadge kind="upiStatus" code={row.status} />
          {row.lateSuccess ? <Text size="xs">{String(t('UpiLateSuccess'))}</Text> : null}
          {row.failureReason ? <Text size="xs">{row.failureReason}</Text> : null}
        </Stack>
      ),
    },
    { key: 'bankRrn', header: String(t('UpiBankRrn')), cell: (row) => row.bankRrn ?? EMPTY_VALUE },
    { key: 'initiatedBy', header: String(t('UpiInitiatedBy')), cell: (row) => row.initiatedBy },
    { key: 'initiatedAt', header: String(t('UpiInitiationDate')), cell: (row) => cells.dateTime(row.initiatedAt) },
    { key: 'expiresAt', header: String(t('UpiExpiryDate')), cell: (row) => cells.dateTime(row.expiresAt) },
    { key: 'completedAt', header: String(t('UpiCompletionDate')), cell: (row) => cells.dateTime(row.completedAt) },
  ];
  const counts = list.data?.counts;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;

  return (
    <Stack gap="md" data-testid="upi-collection">
      <Title order={1}>{title}</Title>
      {demoMode ? (
        <Alert variant="outline" color="blue.9" data-testid="upi-sandbox-hint">
          {String(t('UpiSandboxHint'))}
        </Alert>
      ) : null}
      <CollectForm onSent={() => void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() })} />
      <SegmentedControl
        aria-label={String(t('PayStatus'))}
        w="fit-content"
        value={state.status ?? 'ALL'}
        onChange={(value) =>
          setState({ ...state, page: 1, status: value === 'ALL' ? undefined : (value as UpiStatus) })
        }
        data={[
          { value: 'ALL', label: `${String(t('UpiAll'))}${total === undefined ? '' : ` (${total})`}` },
          ...UPI_STATUSES.map((status) => ({
            value: status,
            label: `${valueText(t, 'upiStatus', status)}${counts ? ` (${counts[status]})` : ''}`,
          })),
        ]}
        data-testid="upi-status-view"
      />
      <DataGrid<UpiRequest>
        caption={String(t('UpiListCaption'))}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.txnId}
        listKey="electronicPayment"
        minWidth={1300}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('PayLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('UpiEmpty')) }}
        rowActions={
          demoMode
            ? (row) =>
                row.status === 'INITIATED' ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={approve.isPending && approve.variables.id === row.id}
                    onClick={() => approve.mutate(row)}
                    aria-label={`${String(t('UpiSandboxApprove'))} ${row.txnId}`}
                  >
                    {String(t('UpiSandboxApprove'))}
                  </Button>
                ) : null
            : undefined
        }
        testIds={{ table: 'upi-table', row: 'upi-row', loading: 'upi-loading', error: 'upi-error', empty: 'upi-empty' }}
      />
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        isBusy={list.isFetching}
        onChange={(page, pageSize) => setState({ ...state, page, pageSize })}
      />
    </Stack>
  );
}

function CollectForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const key = useRef(newIdempotencyKey());
  const form = useZodForm(upiCollectInputSchema, {
    accountNo: '',
    vpa: '',
    amount: '',
    expiryMinutes: UPI_EXPIRY_MINUTES.default,
    remarks: '',
  });
  const send = useMutation({
    mutationFn: (input: Parameters<typeof sendUpiCollect>[0]) => sendUpiCollect(input, key.current),
    onSuccess: (request) => {
      key.current = newIdempotencyKey();
      addToast({
        title: String(t('Done')),
        message: String(t('UpiSent', { txnId: request.txnId, vpa: request.vpa })),
        type: 'success',
        from: FROM,
      });
      form.reset();
      onSent();
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upi-form-title">
      <ZodForm form={form} onSubmit={(input) => send.mutateAsync(input)} data-testid="upi-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="upi-form-title">
            {String(t('UpiNewCollect'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextField label={String(t('PayAccountNo'))} name="accountNo" rules={[{ kind: 'maxLength', length: 40 }]} />
            <TextField label={String(t('UpiVpa'))} name="vpa" rules={[{ kind: 'maxLength', length: 255 }]} />
            <AmountField label={String(t('PayAmount'))} name="amount" currency="INR" />
            <NumberField label={String(t('UpiExpiryMinutes'))} name="expiryMinutes" />
          </SimpleGrid>
          <TextareaField label={String(t('PayRemarks'))} name="remarks" maxLength={200} />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('UpiSendCollect'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
