import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  RECEIPT_KINDS,
  RECEIPT_MODES,
  RECEIPT_STATUSES,
  receiptListQuerySchema,
  type ReceiptRow,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { ValidatedTextInput } from '../../components/validated-text-input.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { openDetailInTab } from '../../lib/open-detail-tab.ts';
import { useSession } from '../../lib/session-store.ts';
import { apiQueryOf, useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { exportReceipts, fetchReceipts, receiptKeys, type ReceiptListKind } from './api/receipts-api.ts';
import { codeLabel, useReceiptFormat } from './labels.ts';
import { ReceiptBooksSection } from './receipt-books-section.tsx';
import { ReceiptDecisionDialog, type ReceiptAction } from './receipt-decision-dialog.tsx';

// The receipt lists of the collections app, one component for five catalogue routes: each screen is data (its list,
// its fixed kind, its filters and the actions a row offers) over the list kit (DataGrid, URL state, pager, export).

type Screen = {
  routeName: string;
  list: ReceiptListKind;
  /** paper receipts (book) or electronic payments, fixed by the screen */
  kind?: 'book' | 'electronic';
  filters: readonly ('status' | 'mode' | 'kind')[];
  actions: (row: ReceiptRow, userId: number | null) => ReceiptAction[];
  exportable?: boolean;
  books?: boolean;
};

const SCREENS: Record<string, Screen> = {
  receiptViewer: {
    routeName: 'receiptViewer',
    list: 'viewer',
    filters: ['status', 'mode', 'kind'],
    actions: () => [],
    exportable: true,
    books: true,
  },
  receiptVerification: {
    routeName: 'receiptVerification',
    list: 'verification',
    filters: ['mode'],
    actions: (row, userId) => (row.pending?.requestedByUserId === userId ? [] : ['verify', 'reject']),
  },
  receiptCancellation: {
    routeName: 'receiptCancellation',
    list: 'cancellation',
    kind: 'book',
    filters: ['mode'],
    actions: (row) => (row.status === 'VERIFIED' ? ['cancellation'] : []),
  },
  paymentCancellation: {
    routeName: 'paymentCancellation',
    list: 'cancellation',
    kind: 'electronic',
    filters: ['mode'],
    actions: (row) => (row.status === 'VERIFIED' ? ['cancellation'] : []),
  },
  receiptCancelApproval: {
    routeName: 'receiptCancelApproval',
    list: 'cancelApproval',
    filters: ['mode', 'kind'],
    actions: (row, userId) =>
      row.pending?.requestedByUserId === userId ? [] : ['cancellation/approve', 'cancellation/reject'],
  },
};

type ListState = {
  q: string;
  status: string;
  mode: string;
  kind: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
};
const DEFAULTS: ListState = { q: '', status: '', mode: '', kind: '', from: '', to: '', page: 1, pageSize: 25 };
const DEFINITION: UrlStateDefinition<ListState> = { schema: receiptListQuerySchema, defaults: DEFAULTS };
type Filters = Pick<ListState, 'q' | 'status' | 'mode' | 'kind' | 'from' | 'to'>;
const EMPTY: Filters = { q: '', status: '', mode: '', kind: '', from: '', to: '' };

const ACTION_LABELS: Record<ReceiptAction, 'ReceiptVerify' | 'Reject' | 'ReceiptRequestCancel' | 'Approve'> = {
  verify: 'ReceiptVerify',
  reject: 'Reject',
  cancellation: 'ReceiptRequestCancel',
  'cancellation/approve': 'Approve',
  'cancellation/reject': 'Reject',
};

export function ReceiptListScreen({ routeName }: { routeName: string }) {
  const screen = SCREENS[routeName];
  if (!screen) throw new Error(`${routeName} is not a receipt list`);
  return <ReceiptList key={routeName} screen={screen} />;
}

function ReceiptList({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const format = useReceiptFormat();
  const route = findRouteByName(screen.routeName);
  const title = route ? translateKey(t, route.labelKey, route.label) : screen.routeName;
  const actingUnit = useSession((session) => session.actingUnit);
  const userId = useSession((session) => session.userDetails?.id ?? null);
  // the receipt detail is the Receipt Viewer's (RECEIPT_VIEWER_SAUTH)
  const canOpen = useSession((session) => session.systemAuthorities.includes('RECEIPT_VIEWER_SAUTH'));
  const [state, setState] = useUrlState(DEFINITION);
  const [dialog, setDialog] = useState<{ action: ReceiptAction; row: ReceiptRow } | null>(null);
  const query = apiQueryOf(DEFINITION, screen.kind ? { ...state, kind: screen.kind } : state);
  const list = useQuery({
    queryKey: receiptKeys.list(screen.list, actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchReceipts(screen.list, query, signal),
    placeholderData: keepPreviousData,
  });
  const filters: Filters = {
    q: state.q,
    status: state.status,
    mode: state.mode,
    kind: state.kind,
    from: state.from,
    to: state.to,
  };
  const hasFilters = Object.values(filters).some((value) => value !== '');
  const detailPath = (row: ReceiptRow) => `/collapp/receiptViewer/receipt/${row.id}`;

  const columns: GridColumn<ReceiptRow>[] = [
    { key: 'receiptNo', header: String(t('ReceiptNo')), cell: (row) => row.receiptNo },
    { key: 'receivedOn', header: String(t('ReceiptDate')), cell: (row) => format.date(row.receivedOn) },
    { key: 'mode', header: String(t('ReceiptType')), cell: (row) => codeLabel(t, 'receiptMode', row.mode) },
    { key: 'bookNo', header: String(t('ReceiptBook')), cell: (row) => row.bookNo ?? '' },
    { key: 'accountNo', header: String(t('AccountNo')), cell: (row) => row.accountNo },
    { key: 'customerName', header: String(t('CustomerName')), cell: (row) => row.customerName },
    {
      key: 'amount',
      header: String(t('Amount')),
      cell: (row) => <span className="amount">{format.money(row.amount, row.currency)}</span>,
    },
    { key: 'receivedBy', header: String(t('ReceivedBy')), cell: (row) => row.receivedBy },
    { key: 'receivedUnit', header: String(t('ReceivedUnit')), cell: (row) => row.receivedUnit },
    { key: 'reference', header: String(t('FundTransferNo')), cell: (row) => row.reference ?? '' },
    {
      key: 'status',
      header: String(t('Status')),
      cell: (row) => (
        <Badge
          variant="light"
          color={row.status === 'CANCELLED' ? 'red.9' : row.status === 'VERIFIED' ? 'green.9' : 'blue.9'}
        >
          {codeLabel(t, 'receiptStatus', row.status)}
        </Badge>
      ),
    },
    ...(screen.list === 'cancelApproval' || screen.list === 'cancellation'
      ? [
          {
            key: 'pending',
            header: String(t('ReceiptCancelReason')),
            cell: (row: ReceiptRow) =>
              row.pending?.flow === 'RECEIPT_CANCELLATION' ? (
                <Stack gap={0}>
                  <Text size="sm">{codeLabel(t, 'cancelReason', row.pending.reason)}</Text>
                  <Text size="xs">{row.pending.remarks}</Text>
                  <Text size="xs" c="dimmed">
                    {String(t('ReceiptRequestedBy'))}: {row.pending.requestedBy}
                  </Text>
                </Stack>
              ) : (
                ''
              ),
          },
        ]
      : []),
  ];

  const rows = list.data?.rows ?? [];
  return (
    <Stack gap="md" data-testid={`receipts-${screen.routeName}`}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {screen.exportable ? (
          <ExportButtons
            fileBase="receipts"
            from={screen.routeName}
            describeError={(error) => describeError(error, t)}
            exportFile={async (format) => ({ file: await exportReceipts(query, format) })}
          />
        ) : null}
      </Group>
      {screen.books ? (
        <Tabs defaultValue="receipts" keepMounted={false}>
          <Tabs.List aria-label={title}>
            <Tabs.Tab value="receipts">{title}</Tabs.Tab>
            <Tabs.Tab value="books" data-testid="tab-books">
              {String(t('ReceiptBooks'))}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="receipts" pt="md">
            {body()}
          </Tabs.Panel>
          <Tabs.Panel value="books" pt="md">
            <ReceiptBooksSection />
          </Tabs.Panel>
        </Tabs>
      ) : (
        body()
      )}
      {dialog ? (
        <ReceiptDecisionDialog action={dialog.action} receipt={dialog.row} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );

  function body() {
    return (
      <Stack gap="md">
        <ReceiptFilters
          key={JSON.stringify(filters)}
          screen={screen}
          filters={filters}
          onApply={(next) => setState({ ...state, ...next, page: 1 })}
        />
        <DataGrid<ReceiptRow>
          caption={title}
          listKey={screen.routeName}
          columns={columns}
          rows={rows}
          rowId={(row) => row.id}
          rowLabel={(row) => row.receiptNo}
          {...(canOpen
            ? {
                open: {
                  onOpen: (row: ReceiptRow) => openDetailInTab('receiptViewer', detailPath(row)),
                  label: (row: ReceiptRow) => String(t('ReceiptOpenNamed', { receiptNo: row.receiptNo })),
                },
              }
            : {})}
          rowActions={(row) => {
            const actions = screen.actions(row, userId);
            if (actions.length === 0) {
              if (!row.pending || screen.list === 'viewer') return null;
              const note =
                row.pending.flow === 'RECEIPT_VERIFICATION'
                  ? 'ReceiptOwnCapture'
                  : screen.list === 'cancelApproval'
                    ? 'ReceiptOwnRequest'
                    : 'ReceiptAwaitingDecision';
              return <Text size="xs">{String(t(note))}</Text>;
            }
            return (
              <Group gap={4} wrap="nowrap">
                {actions.map((action) => (
                  <Button
                    key={action}
                    size="compact-xs"
                    variant={action === 'reject' || action === 'cancellation/reject' ? 'default' : 'filled'}
                    onClick={() => setDialog({ action, row })}
                    aria-label={`${String(t(ACTION_LABELS[action]))} ${row.receiptNo}`}
                  >
                    {String(t(ACTION_LABELS[action]))}
                  </Button>
                ))}
              </Group>
            );
          }}
          isLoading={list.isPending}
          isBusy={list.isFetching}
          error={
            list.isError
              ? { title: String(t('ReceiptsLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
              : undefined
          }
          empty={{
            text: String(t(hasFilters ? 'ReceiptsNoMatches' : 'ReceiptsEmpty')),
            action: hasFilters ? (
              <Button size="xs" variant="default" onClick={() => setState({ ...state, ...EMPTY, page: 1 })}>
                {String(t('ClearFilters'))}
              </Button>
            ) : undefined,
          }}
          testIds={{ table: 'receipts-table', empty: 'receipts-empty', loading: 'receipts-loading' }}
        />
        <PagePager
          page={state.page}
          pageSize={state.pageSize}
          count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
          onChange={(page, pageSize) => setState({ ...state, page: pageSize === state.pageSize ? page : 1, pageSize })}
          isBusy={list.isFetching}
        />
      </Stack>
    );
  }
}

function ReceiptFilters({
  screen,
  filters,
  onApply,
}: {
  screen: Screen;
  filters: Filters;
  onApply: (filters: Filters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(filters);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const update = (patch: Partial<Filters>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setRangeError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(String(t('ValidationDateOnOrAfter', { x: draft.from })));
      return;
    }
    onApply({ ...draft, q: draft.q.trim() });
  };
  const all = { value: '', label: String(t('ReceiptAll')) };
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      role="search"
      aria-label={String(t('Filters'))}
      onSubmit={submit}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3, md: 6 }} spacing="sm">
          <ValidatedTextInput
            label={String(t('ReceiptSearch'))}
            name="q"
            value={draft.q}
            onChange={(q) => update({ q })}
            rules={[{ kind: 'maxLength', length: 40 }]}
          />
          {screen.filters.includes('status') ? (
            <NativeSelect
              id="field-status"
              label={String(t('Status'))}
              value={draft.status}
              onChange={(event) => update({ status: event.currentTarget.value })}
              data={[
                all,
                ...RECEIPT_STATUSES.map((code) => ({ value: code, label: codeLabel(t, 'receiptStatus', code) })),
              ]}
            />
          ) : null}
          {screen.filters.includes('mode') ? (
            <NativeSelect
              id="field-mode"
              label={String(t('ReceiptMode'))}
              value={draft.mode}
              onChange={(event) => update({ mode: event.currentTarget.value })}
              data={[all, ...RECEIPT_MODES.map((code) => ({ value: code, label: codeLabel(t, 'receiptMode', code) }))]}
            />
          ) : null}
          {screen.filters.includes('kind') ? (
            <NativeSelect
              id="field-kind"
              label={String(t('ReceiptKind'))}
              value={draft.kind}
              onChange={(event) => update({ kind: event.currentTarget.value })}
              data={[all, ...RECEIPT_KINDS.map((code) => ({ value: code, label: codeLabel(t, 'receiptKind', code) }))]}
            />
          ) : null}
          <ValidatedTextInput
            label={String(t('ReceiptFromDate'))}
            name="from"
            type="date"
            value={draft.from}
            onChange={(from) => update({ from })}
          />
          <ValidatedTextInput
            label={String(t('ReceiptToDate'))}
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
