import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { HttpError } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { fetchReceipt, receiptKeys } from './api/receipts-api.ts';
import { codeLabel, useReceiptFormat } from './labels.ts';

const pascal = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

/** /collapp/receiptViewer/receipt/:receiptid — one receipt: the spec's fields, its posting split and its history. */
export function ReceiptDetailPage() {
  const { t } = useTranslation();
  const format = useReceiptFormat();
  const { receiptid } = useParams();
  const id = Number(receiptid);
  const actingUnit = useSession((session) => session.actingUnit);
  const query = useQuery({
    queryKey: receiptKeys.detail(id, actingUnit),
    queryFn: ({ signal }) => fetchReceipt(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!Number.isInteger(id) || id <= 0 || query.isError) {
    const notFound = !Number.isInteger(id) || (query.error instanceof HttpError && query.error.status === 404);
    return (
      <Stack gap="md">
        <Title order={1}>{String(t('Receipt'))}</Title>
        <Alert color="red" variant="outline" role="alert" title={String(t('ReceiptLoadFailed'))}>
          {notFound ? String(t('ErrorNotInScope')) : describeError(query.error, t)}
        </Alert>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md">
        <Title order={1}>{String(t('Receipt'))}</Title>
        <Stack gap={6} role="status" aria-live="polite">
          <span className="visually-hidden">{String(t('LoadingRows'))}</span>
          <Skeleton height={140} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </Stack>
    );
  }
  const receipt = query.data;
  const money = (amount: string) => format.money(amount, receipt.currency);
  const instrument = receipt.instrument as Record<string, unknown>;
  return (
    <Stack gap="md" data-testid="receipt-detail">
      <Group justify="space-between">
        <Title order={1}>{String(t('ReceiptTitle', { receiptNo: receipt.receiptNo }))}</Title>
        <Badge size="lg" variant="light" color={receipt.status === 'CANCELLED' ? 'red.9' : 'blue.9'}>
          {codeLabel(t, 'receiptStatus', receipt.status)}
        </Badge>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Field label={String(t('ReceiptDate'))} value={format.date(receipt.receivedOn)} />
          <Field label={String(t('ReceiptType'))} value={codeLabel(t, 'receiptMode', receipt.mode)} />
          <Field label={String(t('ReceiptBook'))} value={receipt.bookNo} />
          <Field label={String(t('ReceiptNo'))} value={receipt.receiptNo} />
          <Field label={String(t('Amount'))} value={money(receipt.amount)} />
          <Field label={String(t('ReceivedBy'))} value={receipt.receivedBy} />
          <Field label={String(t('ReceivedUnit'))} value={receipt.receivedUnit} />
          <Field label={String(t('FundTransferNo'))} value={receipt.reference} />
          <Field label={String(t('AccountNo'))} value={receipt.accountNo} />
          <Field label={String(t('CustomerName'))} value={receipt.customerName} />
          <Field label={String(t('ReceiptVerifiedBy'))} value={receipt.verifiedBy} />
          <Field
            label={String(t('ReceiptCancelReason'))}
            value={receipt.cancelReason ? codeLabel(t, 'cancelReason', receipt.cancelReason) : null}
          />
          {typeof instrument.bankName === 'string' ? (
            <Field label={String(t('ReceiptBankName'))} value={instrument.bankName} />
          ) : null}
          {typeof instrument.micr === 'string' ? (
            <Field label={String(t('ReceiptMicr'))} value={instrument.micr} />
          ) : null}
          {typeof instrument.instrumentDate === 'string' ? (
            <Field label={String(t('ReceiptInstrumentDate'))} value={format.date(instrument.instrumentDate)} />
          ) : null}
        </SimpleGrid>
      </Paper>
      <DataTable
        caption={String(t('ReceiptSplit'))}
        testId="receipt-split"
        rows={[
          { key: 'CHARGES', amount: receipt.charges },
          { key: 'INTEREST', amount: receipt.interest },
          { key: 'PRINCIPAL', amount: receipt.principal },
        ]}
        rowKey={(row) => row.key}
        emptyText=""
        columns={[
          {
            key: 'component',
            label: String(t('ReceiptSplit')),
            render: (row) => codeLabel(t, 'postingComponent', row.key),
          },
          { key: 'amount', label: String(t('Amount')), render: (row) => money(row.amount) },
        ]}
      />
      <DataTable
        caption={String(t('ReceiptDuesPaid'))}
        testId="receipt-dues"
        rows={receipt.dues}
        rowKey={(row) => row.installmentNo}
        emptyText={String(t('ReceiptNoDuesPaid'))}
        columns={[
          {
            key: 'instalment',
            label: String(t('ReceiptDuesPaid')),
            render: (row) =>
              String(t('ReceiptInstalment', { number: row.installmentNo, date: format.date(row.dueDate) })),
          },
          { key: 'applied', label: String(t('Amount')), render: (row) => money(row.applied) },
        ]}
      />
      <DataTable
        caption={String(t('ReceiptHistory'))}
        testId="receipt-history"
        rows={receipt.history.map((step, index) => ({ ...step, index }))}
        rowKey={(row) => row.index}
        emptyText=""
        columns={[
          { key: 'at', label: String(t('ReceiptDate')), render: (row) => format.dateTime(row.at) },
          {
            key: 'action',
            label: String(t('Status')),
            render: (row) => translateKey(t, `ReceiptHistory${pascal(row.action)}`, row.action),
          },
          { key: 'actor', label: String(t('ReceivedBy')), render: (row) => row.actor ?? '' },
          { key: 'remarks', label: String(t('Remarks')), render: (row) => row.remarks ?? '' },
        ]}
      />
    </Stack>
  );
}
