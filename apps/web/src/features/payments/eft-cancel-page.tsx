import { Button, Modal, Stack, Title } from '@mantine/core';
import {
  EFT_CANCEL_REASONS,
  eftCancelInputSchema,
  pagedQuerySchema,
  type EftReceipt,
} from '@recovery-desk/domain/payments/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { valueText } from '../../lib/value-label.ts';
import { cancelEftReceipt, fetchEftReceipts, paymentsKeys } from './api.ts';
import { useCells, useScreenTitle } from './common.tsx';

const FROM = 'collapp/eftReceiptCancel';
type PageState = { page: number; pageSize: number };
const URL_STATE: UrlStateDefinition<PageState> = { schema: pagedQuerySchema, defaults: { page: 1, pageSize: 25 } };

/**
 * /collapp/eftReceiptCancel (PAY_BATCH_RECONCILIATION_SAUTH): electronic receipts no bank credit matched; cancelling
 * one (a reason and remarks) reverses its posting exactly.
 */
export function EftReceiptCancelPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('eftReceiptCancel');
  const actingUnit = useSession((session) => session.actingUnit);
  const cells = useCells();
  const [state, setState] = useUrlState(URL_STATE);
  const [cancelling, setCancelling] = useState<EftReceipt | null>(null);
  const query = new URLSearchParams({ page: String(state.page), pageSize: String(state.pageSize) });
  const list = useQuery({
    queryKey: paymentsKeys.eft(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchEftReceipts(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<EftReceipt>[] = [
    { key: 'receiptNo', header: String(t('PayReceiptNo')), cell: (row) => row.receiptNo },
    { key: 'accountNo', header: String(t('PayAccountNo')), cell: (row) => row.accountNo },
    { key: 'branch', header: String(t('PayBranch')), cell: (row) => row.branchCode },
    { key: 'mode', header: String(t('PayMode')), cell: (row) => valueText(t, 'receiptMode', row.mode) },
    { key: 'reference', header: String(t('PayReference')), cell: (row) => row.reference ?? EMPTY_VALUE },
    { key: 'receivedOn', header: String(t('PayReceivedOn')), cell: (row) => cells.date(row.receivedOn) },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
  ];
  return (
    <Stack gap="md" data-testid="eft-cancel">
      <Title order={1}>{title}</Title>
      <DataGrid<EftReceipt>
        caption={String(t('PayEftCaption'))}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.receiptId}
        rowLabel={(row) => row.receiptNo}
        listKey="eftReceiptCancel"
        minWidth={1000}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('PayLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('PayEftEmpty')) }}
        rowActions={(row) => (
          <Button
            size="compact-xs"
            variant="outline"
            color="red.9"
            onClick={() => setCancelling(row)}
            aria-label={String(t('PayCancelTitle', { receiptNo: row.receiptNo }))}
          >
            {String(t('PayCancelReceipt'))}
          </Button>
        )}
        testIds={{ table: 'eft-table', row: 'eft-row', empty: 'eft-empty' }}
      />
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        isBusy={list.isFetching}
        onChange={(page, pageSize) => setState({ page, pageSize })}
      />
      {cancelling ? <CancelDialog receipt={cancelling} onClose={() => setCancelling(null)} /> : null}
    </Stack>
  );
}

function CancelDialog({ receipt, onClose }: { receipt: EftReceipt; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(eftCancelInputSchema, { reasonCode: undefined, remarks: '' });
  const cancel = useMutation({
    mutationFn: (input: Parameters<typeof cancelEftReceipt>[1]) => cancelEftReceipt(receipt.receiptId, input),
    onSuccess: () => {
      addToast({
        title: String(t('Done')),
        message: String(t('PayCancelled', { receiptNo: receipt.receiptNo })),
        type: 'success',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={String(t('PayCancelTitle', { receiptNo: receipt.receiptNo }))}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={(input) => cancel.mutateAsync(input)} data-testid="eft-cancel-form">
        <Stack gap="sm">
          <SelectField
            label={String(t('PayCancelReason'))}
            name="reasonCode"
            options={EFT_CANCEL_REASONS.map((value) => ({ value, label: valueText(t, 'eftCancelReason', value) }))}
            autoFocus
          />
          <TextareaField label={String(t('PayRemarks'))} name="remarks" maxLength={500} />
          <FormErrors />
          <div>
            <SubmitButton color="red.9">{String(t('PayCancelReceipt'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
