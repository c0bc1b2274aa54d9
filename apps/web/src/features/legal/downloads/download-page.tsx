import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { PagePager } from '../../../components/page-pager.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { downloadCaseDocument, fetchLegalDocuments, type LegalDocumentRow } from '../api/legal-api.ts';
import { describeLegalError } from '../api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../components/load-state.tsx';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { documentsQuerySchema } from '@recovery-desk/domain/legal/contracts.ts';
import { listApiQuery, useListParams } from '../components/use-list-params.ts';
import {
  caseStatusLabel,
  documentCodeLabel,
  formatFileSize,
  LEGAL_DOCUMENT_CODES,
  NOTICE_DOCUMENT_CODE,
} from '../labels.ts';
import { legalKeys } from '../api/query-keys.ts';

const FILTERS = ['q', 'code', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const EMPTY: Filters = { q: '', code: '', from: '', to: '' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FROM = 'legalapp/downloadLegal';

/** The filters the server is asked for: a bad date in the address is left out rather than sent. */
function cleanFilters(filters: Filters): Filters {
  return {
    ...filters,
    from: ISO_DATE.test(filters.from) ? filters.from : '',
    to: ISO_DATE.test(filters.to) ? filters.to : '',
  };
}

/** /legalapp/downloadLegal — the case documents and generated notices in scope, filtered, each downloadable. */
export function LegalDownloadPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('downloadLegal');
  const actingUnit = useSession((session) => session.actingUnit);
  const { state, setPage, setFilters } = useListParams(documentsQuerySchema, FILTERS);
  const filters = cleanFilters(state.filters);
  const apiQuery = listApiQuery(documentsQuerySchema, { ...state, filters });
  const list = useQuery({
    queryKey: legalKeys.documents(actingUnit, apiQuery.toString()),
    queryFn: ({ signal }) => fetchLegalDocuments(apiQuery, signal),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: (row: LegalDocumentRow) => downloadCaseDocument(row.caseId, row.documentId),
    onSuccess: (file, row) => saveFile(file, row.fileName || `document-${row.documentId}`),
    onError: (error) =>
      addToast({
        title: String(t('DownloadFailed')),
        message: describeLegalError(t, error),
        type: 'error',
        from: FROM,
      }),
  });

  const hasFilters = Object.values(filters).some((value) => value !== '');
  const rows = list.data?.data ?? [];
  let body: ReactNode;
  if (list.isPending) body = <LoadingBlock label={String(t('LoadingRows'))} testId="documents-loading" />;
  else if (list.isError && !list.data)
    body = (
      <LoadError
        title={String(t('LegalDocumentsLoadFailed'))}
        error={list.error}
        onRetry={() => void list.refetch()}
        testId="documents-error"
      />
    );
  else if (rows.length === 0)
    body = (
      <EmptyBlock
        testId="documents-empty"
        text={String(t(hasFilters ? 'LegalDocumentsNoMatches' : 'LegalDocumentsEmpty'))}
        action={
          hasFilters ? (
            <Button size="xs" variant="default" onClick={() => setFilters(EMPTY)}>
              {String(t('ClearFilters'))}
            </Button>
          ) : null
        }
      />
    );
  else
    body = (
      <DataTable<LegalDocumentRow>
        caption={title}
        testId="documents-table"
        rows={rows}
        rowKey={(row) => row.documentId}
        emptyText={String(t('LegalDocumentsEmpty'))}
        columns={[
          { key: 'caseNo', label: String(t('LegalCaseNo')), render: (row) => row.caseNo },
          { key: 'accountNo', label: String(t('AccountNo')), render: (row) => row.accountNo },
          { key: 'customerName', label: String(t('CustomerName')), render: (row) => row.customerName },
          {
            key: 'document',
            label: String(t('LegalDocument')),
            render: (row) => row.documentName || documentCodeLabel(t, row.code),
          },
          { key: 'fileName', label: String(t('FileName')), render: (row) => row.fileName },
          {
            key: 'size',
            label: String(t('LegalFileSize')),
            render: (row) => formatFileSize(row.sizeBytes, i18n.language),
          },
          { key: 'uploadedBy', label: String(t('UploadedBy')), render: (row) => row.uploadedBy },
          {
            key: 'createdAt',
            label: String(t('LegalDocumentDate')),
            render: (row) => formatDateTime(row.createdAt, i18n.language),
          },
          {
            key: 'generated',
            label: String(t('LegalGenerated')),
            render: (row) =>
              row.isGenerated ? (
                <Badge variant="filled" color="violet.9" styles={{ label: { overflow: 'visible' } }}>
                  {String(t('LegalGeneratedNotice'))}
                </Badge>
              ) : (
                String(t('No'))
              ),
          },
          {
            key: 'caseStatus',
            label: String(t('LegalCaseStatus')),
            render: (row) => caseStatusLabel(t, row.caseStatus),
          },
          {
            key: 'download',
            label: String(t('Actions')),
            render: (row) => (
              <Button
                size="compact-xs"
                variant="default"
                loading={download.isPending && download.variables.documentId === row.documentId}
                onClick={() => download.mutate(row)}
                aria-label={String(t('DownloadNamed', { name: `${row.caseNo} ${row.fileName}` }))}
              >
                {String(t('Download'))}
              </Button>
            ),
          },
        ]}
      />
    );

  return (
    <Stack gap="md" data-testid="legal-download">
      <Title order={1}>{title}</Title>
      <DocumentFilters key={JSON.stringify(state.filters)} filters={state.filters} onApply={setFilters} />
      {list.isError && list.data ? (
        <LoadError
          title={String(t('LegalDocumentsLoadFailed'))}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {body}
      <PagePager
        page={state.page}
        pageSize={state.pageSize}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        onChange={setPage}
        isBusy={list.isFetching}
      />
    </Stack>
  );
}

function DocumentFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(filters);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const update = (patch: Partial<Filters>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setRangeError(null);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from !== '' && draft.to !== '' && draft.from > draft.to) {
      setRangeError(translateWithParams(t, 'ValidationDateOnOrAfter', { x: draft.from }));
      return;
    }
    onApply({ ...draft, q: draft.q.trim() });
  };
  const codeOptions = [
    { value: '', label: String(t('LegalAllDocuments')) },
    ...LEGAL_DOCUMENT_CODES.map((item) => ({ value: item.code, label: translateKey(t, item.labelKey, item.code) })),
    { value: NOTICE_DOCUMENT_CODE, label: documentCodeLabel(t, NOTICE_DOCUMENT_CODE) },
  ];
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      role="search"
      aria-label={String(t('Filters'))}
      onSubmit={handleSubmit}
      noValidate
      data-testid="documents-filters"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <ValidatedTextInput
            label={String(t('LegalDocumentSearch'))}
            name="q"
            value={draft.q}
            onChange={(q) => update({ q })}
            rules={[{ kind: 'maxLength', length: 60 }]}
          />
          <NativeSelect
            id="field-code"
            label={String(t('LegalDocument'))}
            value={draft.code}
            onChange={(event) => update({ code: event.currentTarget.value })}
            data={codeOptions}
          />
          <ValidatedTextInput
            label={String(t('LegalDateFrom'))}
            name="from"
            type="date"
            value={draft.from}
            onChange={(from) => update({ from })}
          />
          <ValidatedTextInput
            label={String(t('LegalDateTo'))}
            name="to"
            type="date"
            value={draft.to}
            onChange={(to) => update({ to })}
            serverErrors={rangeError ? [{ field: 'to', message: rangeError }] : []}
          />
        </SimpleGrid>
        <Group gap="xs">
          <Button type="submit" size="xs">
            {String(t('ApplyFilters'))}
          </Button>
          <Button
            type="button"
            size="xs"
            variant="default"
            onClick={() => {
              setDraft(EMPTY);
              onApply(EMPTY);
            }}
          >
            {String(t('ClearFilters'))}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
