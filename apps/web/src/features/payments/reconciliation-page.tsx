import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MAX_STATEMENT_ROWS,
  STATEMENT_COLUMNS,
  type Batch,
  type Credit,
  type Statement,
  type UnmatchedReceipt,
} from '@recovery-desk/domain/payments/contracts.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { valueText } from '../../lib/value-label.ts';
import { z } from 'zod';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { FileField, FormErrors, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import {
  downloadDemoStatement,
  downloadReport,
  fetchReport,
  fetchStatements,
  paymentsKeys,
  uploadStatement,
} from './api.ts';
import { useCells, useDownload, useScreenTitle } from './common.tsx';

const FROM = 'collapp/payBatchReconciliationReport';
const MAX_BYTES = 10 * 1024 * 1024;
const uploadSchema = z.object({ file: z.instanceof(File) });

function checkStatementFile(file: File | null) {
  if (!file) return { key: 'UploadingFileIsMandatory' as const };
  if (!/\.(xlsx|csv)$/i.test(file.name)) return { key: 'UploadFileTypeNotAllowed' as const };
  if (file.size > MAX_BYTES) return { key: 'UploadTooLarge' as const };
  return null;
}

/**
 * /collapp/payBatchReconciliationReport (PAY_BATCH_RECONCILIATION_SAUTH): upload the bank statement's credits (CSV
 * or XLSX), reconcile them against approved batches and electronic receipts, read and export the report. In demo
 * mode a statement of the demo's deposits is one click away ("Download demo statement").
 */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const title = useScreenTitle('payBatchReconciliationReport');
  const { demoMode } = usePublicConfig();
  const actingUnit = useSession((session) => session.actingUnit);
  const queryClient = useQueryClient();
  const cells = useCells();
  const download = useDownload(FROM);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [statementId, setStatementId] = useState<number | null>(null);
  const query = new URLSearchParams({ page: String(paging.page), pageSize: String(paging.pageSize) });
  const statements = useQuery({
    queryKey: paymentsKeys.statements(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchStatements(query, signal),
    placeholderData: keepPreviousData,
  });
  const form = useZodForm(uploadSchema, { file: null as unknown as File });
  const upload = useMutation({
    mutationFn: (input: { file: File }) => uploadStatement(input.file),
    onSuccess: (report) => {
      form.resetField('file');
      queryClient.setQueryData(paymentsKeys.report(report.statement.id), report);
      setStatementId(report.statement.id);
      addToast({
        title: String(t('Done')),
        message: String(t('PayReconDone', { matched: report.statement.matched, credits: report.statement.credits })),
        type: 'success',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all() });
    },
  });
  const statementColumns: GridColumn<Statement>[] = [
    { key: 'fileName', header: String(t('PayFileName')), cell: (row) => row.fileName },
    { key: 'uploadedBy', header: String(t('PayUploadedBy')), cell: (row) => row.uploadedBy },
    { key: 'uploadedAt', header: String(t('PayUploadedAt')), cell: (row) => cells.dateTime(row.uploadedAt) },
    { key: 'credits', header: String(t('PayCredits')), cell: (row) => String(row.credits) },
    { key: 'matched', header: String(t('PayMatchedCount')), cell: (row) => String(row.matched) },
    {
      key: 'dates',
      header: String(t('PayDate')),
      cell: (row) => `${cells.date(row.fromDate)} – ${cells.date(row.toDate)}`,
    },
  ];
  return (
    <Stack gap="md" data-testid="reconciliation">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-upload-title">
        <ZodForm form={form} onSubmit={(input) => upload.mutateAsync(input)} data-testid="statement-form">
          <Stack gap="sm">
            <Title order={2} size="h4" id="statement-upload-title">
              {String(t('PayReconUpload'))}
            </Title>
            <Text size="sm">{String(t('PayReconUploadHint'))}</Text>
            <Text size="sm">
              <code>{STATEMENT_COLUMNS.join(', ')}</code> (≤ {MAX_STATEMENT_ROWS})
            </Text>
            <FileField
              label={String(t('PayStatementFile'))}
              name="file"
              accept=".xlsx,.csv"
              check={checkStatementFile}
              placeholder={String(t('ChooseFile'))}
            />
            <FormErrors />
            <Group gap="xs">
              <SubmitButton>{String(t('PayReconRun'))}</SubmitButton>
              {demoMode ? (
                <Button
                  variant="default"
                  loading={download.isPending}
                  onClick={() =>
                    download.mutate({ fetch: downloadDemoStatement, fallbackName: 'demo-bank-statement.csv' })
                  }
                  data-testid="demo-statement"
                >
                  {String(t('PayDemoStatement'))}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </ZodForm>
      </Paper>
      <DataGrid<Statement>
        caption={String(t('PayStatementsCaption'))}
        showCaption
        columns={statementColumns}
        rows={statements.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.fileName}
        minWidth={900}
        maxHeight={320}
        isLoading={statements.isPending}
        isBusy={statements.isFetching}
        error={
          statements.isError
            ? { title: String(t('PayLoadFailed')), error: statements.error, onRetry: () => void statements.refetch() }
            : undefined
        }
        empty={{ text: String(t('PayStatementsEmpty')) }}
        open={{ onOpen: (row) => setStatementId(row.id), label: (row) => `${String(t('PayOpen'))} ${row.fileName}` }}
        testIds={{ table: 'statement-table', row: 'statement-row', open: 'statement-open', empty: 'statement-empty' }}
      />
      <PagePager
        page={paging.page}
        pageSize={paging.pageSize}
        count={statements.data && !statements.isPlaceholderData ? statements.data.count : undefined}
        isBusy={statements.isFetching}
        label={String(t('PayStatementsCaption'))}
        onChange={(page, pageSize) => setPaging({ page, pageSize })}
      />
      {statementId !== null ? <ReportView id={statementId} /> : null}
    </Stack>
  );
}

function ReportView({ id }: { id: number }) {
  const { t } = useTranslation();
  const cells = useCells();
  const download = useDownload(FROM);
  const report = useQuery({ queryKey: paymentsKeys.report(id), queryFn: ({ signal }) => fetchReport(id, signal) });
  if (report.isPending) return <Text role="status">{String(t('Loading'))}</Text>;
  if (report.isError)
    return (
      <Alert color="red" variant="outline" role="alert">
        {String(t('PayLoadFailed'))}
      </Alert>
    );
  const data = report.data;
  const creditColumns: GridColumn<Credit>[] = [
    { key: 'rowNo', header: '#', cell: (row) => String(row.rowNo) },
    { key: 'valueDate', header: String(t('PayDate')), cell: (row) => cells.date(row.valueDate) },
    { key: 'reference', header: String(t('PayReference')), cell: (row) => row.reference },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    { key: 'narration', header: String(t('PayNarration')), cell: (row) => row.narration ?? EMPTY_VALUE },
    {
      key: 'matchedTo',
      header: String(t('PayReconMatchedTo')),
      cell: (row) => row.batchNo ?? row.receiptNo ?? EMPTY_VALUE,
    },
  ];
  const batchColumns: GridColumn<Batch>[] = [
    { key: 'batchNo', header: String(t('PayBatchNo')), cell: (row) => row.batchNo },
    { key: 'collectionDate', header: String(t('PayCollectionDate')), cell: (row) => cells.date(row.collectionDate) },
    { key: 'depositSlipNo', header: String(t('PayDepositSlipNo')), cell: (row) => row.depositSlipNo },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    { key: 'branch', header: String(t('PayBranch')), cell: (row) => row.branchCode },
  ];
  const receiptColumns: GridColumn<UnmatchedReceipt>[] = [
    { key: 'receiptNo', header: String(t('PayReceiptNo')), cell: (row) => row.receiptNo },
    { key: 'receivedOn', header: String(t('PayReceivedOn')), cell: (row) => cells.date(row.receivedOn) },
    { key: 'mode', header: String(t('PayMode')), cell: (row) => valueText(t, 'receiptMode', row.mode) },
    { key: 'reference', header: String(t('PayReference')), cell: (row) => row.reference ?? EMPTY_VALUE },
    { key: 'amount', header: String(t('PayAmount')), cell: (row) => cells.money(row.amount, row.currency) },
    { key: 'accountNo', header: String(t('PayAccountNo')), cell: (row) => row.accountNo },
  ];
  const grid = <Row,>(
    caption: string,
    columns: GridColumn<Row>[],
    rows: Row[],
    rowId: (row: Row) => number,
    testId: string,
  ) => (
    <DataGrid<Row>
      caption={caption}
      showCaption
      columns={columns}
      rows={rows}
      rowId={rowId}
      rowLabel={(row) => String(rowId(row))}
      minWidth={800}
      maxHeight="none"
      empty={{ text: String(t('PayReconNothing')) }}
      testIds={{ table: testId, row: `${testId}-row`, empty: `${testId}-empty` }}
    />
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-title" data-testid="recon-report">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="report-title">
            {String(t('PayReportTitle', { fileName: data.statement.fileName }))}
          </Title>
          <Group gap="xs">
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="xs"
                variant="default"
                loading={download.isPending && download.variables.fallbackName.endsWith(format)}
                onClick={() =>
                  download.mutate({
                    fetch: () => downloadReport(id, format),
                    fallbackName: `reconciliation-${id}.${format}`,
                  })
                }
              >
                {String(t(format === 'xlsx' ? 'PayExportXlsx' : 'PayExportCsv'))}
              </Button>
            ))}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="recon-summary">
          <Text size="sm">
            {String(t('PayReconMatched'))}: {data.matched.length}
          </Text>
          <Text size="sm">
            {String(t('PayReconUnmatchedCredits'))}: {data.unmatchedCredits.length}
          </Text>
          <Text size="sm">
            {String(t('PayReconUnmatchedBatches'))}: {data.unmatchedBatches.length}
          </Text>
          <Text size="sm">
            {String(t('PayReconUnmatchedReceipts'))}: {data.unmatchedReceipts.length}
          </Text>
        </SimpleGrid>
        <Text size="sm">{String(t('PayReconWindow', { days: data.windowDays }))}</Text>
        {grid(String(t('PayReconMatched')), creditColumns, data.matched, (row) => row.id, 'recon-matched')}
        {grid(
          String(t('PayReconUnmatchedCredits')),
          creditColumns,
          data.unmatchedCredits,
          (row) => row.id,
          'recon-unmatched-credits',
        )}
        {grid(
          String(t('PayReconUnmatchedBatches')),
          batchColumns,
          data.unmatchedBatches,
          (row) => row.id,
          'recon-unmatched-batches',
        )}
        {grid(
          String(t('PayReconUnmatchedReceipts')),
          receiptColumns,
          data.unmatchedReceipts,
          (row) => row.receiptId,
          'recon-unmatched-receipts',
        )}
      </Stack>
    </Paper>
  );
}
