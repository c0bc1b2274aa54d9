import { Button, Group, Stack } from '@mantine/core';
import type { ReceiptRow } from '@recovery-desk/domain/receipts/contracts.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid } from '../../components/data-grid/data-grid.tsx';
import { openDetailInTab } from '../../lib/open-detail-tab.ts';
import { useSession } from '../../lib/session-store.ts';
import { fetchAccountReceipts, receiptKeys } from './api/receipts-api.ts';
import { codeLabel, useReceiptFormat } from './labels.ts';

/** Who may capture a receipt (the Receipt Capture route's authority) and open one (the Receipt Viewer's). */
const CAPTURE_AUTHORITY = 'FIELD_COLLECTOR_SAUTH';
const VIEWER_AUTHORITY = 'RECEIPT_VIEWER_SAUTH';

/** The account view's "Capture receipt" action, for a user who may capture receipts in the acting unit. */
export function CaptureReceiptAction({ accountNo }: { accountNo: string }) {
  const { t } = useTranslation();
  const authorities = useSession((session) => session.systemAuthorities);
  if (!authorities.includes(CAPTURE_AUTHORITY)) return null;
  return (
    <Group>
      <Button
        component={Link}
        to={`/collapp/receiptCapture?accountNo=${encodeURIComponent(accountNo)}`}
        size="xs"
        data-testid="capture-receipt"
      >
        {String(t('CaptureReceipt'))}
      </Button>
    </Group>
  );
}

/** The account view's receipts (Payments tab). */
export function AccountReceipts({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const format = useReceiptFormat();
  const actingUnit = useSession((session) => session.actingUnit);
  const authorities = useSession((session) => session.systemAuthorities);
  const receipts = useQuery({
    queryKey: receiptKeys.account(accountId, actingUnit),
    queryFn: ({ signal }) => fetchAccountReceipts(accountId, signal),
  });
  const canView = authorities.includes(VIEWER_AUTHORITY);
  return (
    <Stack gap="xs" data-testid="account-receipts">
      <DataGrid<ReceiptRow>
        caption={String(t('ReceiptsOfAccount'))}
        showCaption
        columns={[
          { key: 'receiptNo', header: String(t('ReceiptNo')), cell: (row) => row.receiptNo },
          { key: 'receivedOn', header: String(t('ReceiptDate')), cell: (row) => format.date(row.receivedOn) },
          { key: 'mode', header: String(t('ReceiptType')), cell: (row) => codeLabel(t, 'receiptMode', row.mode) },
          { key: 'amount', header: String(t('Amount')), cell: (row) => format.money(row.amount, row.currency) },
          { key: 'reference', header: String(t('FundTransferNo')), cell: (row) => row.reference ?? '' },
          { key: 'receivedBy', header: String(t('ReceivedBy')), cell: (row) => row.receivedBy },
          { key: 'status', header: String(t('Status')), cell: (row) => codeLabel(t, 'receiptStatus', row.status) },
        ]}
        rows={receipts.data?.rows ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.receiptNo}
        {...(canView
          ? {
              open: {
                onOpen: (row: ReceiptRow) =>
                  openDetailInTab('receiptViewer', `/collapp/receiptViewer/receipt/${row.id}`),
                label: (row: ReceiptRow) => String(t('ReceiptOpenNamed', { receiptNo: row.receiptNo })),
              },
            }
          : {})}
        isLoading={receipts.isPending}
        error={
          receipts.isError
            ? { title: String(t('ReceiptsLoadFailed')), error: receipts.error, onRetry: () => void receipts.refetch() }
            : undefined
        }
        empty={{ text: String(t('ReceiptsOfAccountEmpty')) }}
        maxHeight="none"
        testIds={{ table: 'account-receipts-table' }}
      />
    </Stack>
  );
}
