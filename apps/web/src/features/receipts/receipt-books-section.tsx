import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { useSession } from '../../lib/session-store.ts';
import { fetchReceiptBooks, receiptKeys } from './api/receipts-api.ts';

/** The receipt books of the subtree: range, numbers used, and the unused numbers below the highest used (gaps). */
export function ReceiptBooksSection() {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const books = useQuery({
    queryKey: receiptKeys.books(actingUnit),
    queryFn: ({ signal }) => fetchReceiptBooks(signal),
  });
  if (books.isPending) return <GridLoading label={String(t('LoadingRows'))} rows={3} />;
  if (books.isError) {
    return (
      <GridError title={String(t('ReceiptsLoadFailed'))} error={books.error} onRetry={() => void books.refetch()} />
    );
  }
  return (
    <Stack gap="sm">
      <DataTable
        caption={String(t('ReceiptBooks'))}
        testId="receipt-books"
        rows={books.data}
        rowKey={(row) => row.id}
        emptyText={String(t('ReceiptBooksEmpty'))}
        columns={[
          { key: 'bookNo', label: String(t('ReceiptBook')), render: (row) => row.bookNo },
          { key: 'unit', label: String(t('ReceivedUnit')), render: (row) => row.unit },
          {
            key: 'issuedTo',
            label: String(t('ReceiptBookIssuedTo')),
            render: (row) => row.issuedTo ?? String(t('ReceiptBookWholeUnit')),
          },
          { key: 'range', label: String(t('ReceiptBookRange')), render: (row) => `${row.rangeFrom}–${row.rangeTo}` },
          { key: 'used', label: String(t('ReceiptBookUsed')), render: (row) => String(row.used) },
          {
            key: 'highest',
            label: String(t('ReceiptBookHighest')),
            render: (row) => (row.highestUsed === null ? '' : String(row.highestUsed)),
          },
          {
            key: 'gaps',
            label: String(t('ReceiptBookGaps')),
            render: (row) =>
              row.gapCount === 0
                ? String(t('ReceiptBookNoGaps'))
                : row.gapCount > row.gaps.length
                  ? String(
                      t('ReceiptBookGapsMore', { shown: row.gaps.join(', '), more: row.gapCount - row.gaps.length }),
                    )
                  : row.gaps.join(', '),
          },
        ]}
      />
    </Stack>
  );
}
