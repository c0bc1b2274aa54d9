import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { APPROVAL_TABS, type ApprovalRow, type ApprovalTab } from '@recovery-desk/domain/approvals/contracts.ts';
import {
  markFormSchema,
  unmarkFormSchema,
  type AccountMark,
  type MarkLookupReply,
} from '@recovery-desk/domain/collections/account-marks.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { RemarksDialog } from '../../components/remarks-dialog.tsx';
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { markLabel } from './mark-label.ts';
import {
  decideMarkRequest,
  fetchActiveMarks,
  fetchMarkRequests,
  lookupAccount,
  marksKeys,
  requestMarkChange,
  resubmitMarkRequest,
  type MarkFlow,
} from './api.ts';

// The three account-marking screens (docs/architecture.md "Account marking"): marking (find an account, request a
// mark, own requests), approval (the pending requests of both flows with their decisions) and unmarking (the active
// marks of the subtree, each with a request to end it). Requests and decisions are the approval kit's routes.

const PAGE_SIZE = 25;

function useTitle(routeName: string): string {
  const { t } = useTranslation();
  const route = findRouteByName(routeName);
  return route ? translateKey(t, route.labelKey, route.label) : routeName;
}

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : EMPTY_VALUE);
}

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'blue.9',
  APPROVED: 'green.9',
  REJECTED: 'red.9',
  PUSHBACK: 'orange.9',
};

const TAB_KEYS = {
  pending: 'MarkTabPending',
  approved: 'MarkTabApproved',
  rejected: 'MarkTabRejected',
  pushback: 'MarkTabPushback',
} as const satisfies Record<ApprovalTab, string>;

const DECISIONS = ['approve', 'reject', 'pushback'] as const;
type Decision = (typeof DECISIONS)[number];
const DECISION_KEYS = { approve: 'MarkApprove', reject: 'MarkReject', pushback: 'MarkPushback' } as const;

/** The requests of a flow: the caller's own (maker) or the subtree's (checker, with the decision buttons). */
function RequestList({ flow, view, caption }: { flow: MarkFlow; view: 'my' | 'team'; caption: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const actingUnit = useSession((session) => session.actingUnit);
  const [tab, setTab] = useState<ApprovalTab>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: ApprovalRow; decision: Decision } | null>(null);
  const query = new URLSearchParams({ tab, view, page: String(page), pageSize: String(PAGE_SIZE) });
  const list = useQuery({
    queryKey: marksKeys.requests(flow, actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchMarkRequests(flow, query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<ApprovalRow>[] = [
    { key: 'account', header: String(t('MarkAccount')), cell: (row) => row.subjectLabel ?? String(row.subjectId) },
    {
      key: 'mark',
      header: String(t('MarkMark')),
      cell: (row) =>
        typeof row.payload.mark === 'string' ? markLabel(t, row.payload.mark) : String(t('MarkKindUnmark')),
    },
    { key: 'reason', header: String(t('MarkReason')), cell: (row) => String(row.payload.reason ?? EMPTY_VALUE) },
    { key: 'maker', header: String(t('MarkRequestedBy')), cell: (row) => row.makerName ?? EMPTY_VALUE },
    { key: 'createdAt', header: String(t('MarkRequestedOn')), cell: (row) => dateTime(row.createdAt) },
    { key: 'remarks', header: String(t('MarkRemarks')), cell: (row) => row.remarks ?? EMPTY_VALUE },
    {
      key: 'status',
      header: String(t('MarkStatus')),
      cell: (row) => (
        <Badge variant="filled" color={STATUS_COLORS[row.status] ?? 'gray.8'}>
          {translateKey(t, `MarkStatus${row.status[0]}${row.status.slice(1).toLowerCase()}`, row.status)}
        </Badge>
      ),
    },
  ];
  const canDecide = view === 'team' && tab === 'pending';
  const canResubmit = view === 'my' && tab === 'pushback';
  const [resubmitting, setResubmitting] = useState<ApprovalRow | null>(null);
  return (
    <Stack gap="sm">
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as ApprovalTab | null) ?? 'pending');
          setPage(1);
        }}
      >
        <Tabs.List aria-label={caption}>
          {APPROVAL_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {String(t(TAB_KEYS[value]))} ({list.data?.tabCounts[value] ?? '…'})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataGrid<ApprovalRow>
        caption={caption}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.subjectLabel ?? String(row.subjectId)}
        listKey={`marks-${flow}-${view}`}
        minWidth={900}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('MarkLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('MarkRequestsEmpty')) }}
        rowActions={
          canDecide
            ? (row) => (
                <Group gap={4} wrap="nowrap">
                  {DECISIONS.map((decision) => (
                    <Button
                      key={decision}
                      size="compact-xs"
                      variant={decision === 'approve' ? 'filled' : 'outline'}
                      color={decision === 'reject' ? 'red.9' : 'blue.9'}
                      onClick={() => setDeciding({ row, decision })}
                      aria-label={`${String(t(DECISION_KEYS[decision]))}: ${row.subjectLabel ?? row.subjectId}`}
                    >
                      {String(t(DECISION_KEYS[decision]))}
                    </Button>
                  ))}
                </Group>
              )
            : canResubmit
              ? (row) => (
                  <Button
                    size="compact-xs"
                    variant="outline"
                    onClick={() => setResubmitting(row)}
                    aria-label={`${String(t('MarkResubmit'))}: ${row.subjectLabel ?? row.subjectId}`}
                  >
                    {String(t('MarkResubmit'))}
                  </Button>
                )
              : undefined
        }
        testIds={{ table: `marks-${view}-table`, row: `marks-${view}-row`, empty: `marks-${view}-empty` }}
      />
      <PagePager
        page={page}
        pageSize={PAGE_SIZE}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        isBusy={list.isFetching}
        onChange={(next) => setPage(next)}
      />
      {deciding ? <DecisionDialog flow={flow} {...deciding} onClose={() => setDeciding(null)} /> : null}
      {resubmitting ? <ResubmitDialog flow={flow} row={resubmitting} onClose={() => setResubmitting(null)} /> : null}
    </Stack>
  );
}

function DecisionDialog({
  flow,
  row,
  decision,
  onClose,
}: {
  flow: MarkFlow;
  row: ApprovalRow;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = String(t(DECISION_KEYS[decision]));
  return (
    <RemarksDialog
      title={`${label}: ${row.subjectLabel ?? row.subjectId}`}
      remarksLabel={String(t('MarkRemarks'))}
      rule={decision}
      submitLabel={label}
      danger={decision === 'reject'}
      testId="mark-decision-form"
      send={(remarks) =>
        decideMarkRequest(flow, row.id, decision, { version: row.version, ...(remarks ? { remarks } : {}) })
      }
      done={{ message: String(t('MarkDecided')), from: 'marks', invalidate: marksKeys.all() }}
      onClose={onClose}
    />
  );
}

/** The maker answers a pushback: the same request with its reason rewritten, pending again. */
function ResubmitDialog({ flow, row, onClose }: { flow: MarkFlow; row: ApprovalRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(unmarkFormSchema, { reason: String(row.payload.reason ?? '') });
  const submit = useMutation({
    mutationFn: (reason: string) => resubmitMarkRequest(flow, row.id, row.version, { ...row.payload, reason }),
    onSuccess: () => {
      addToast({ title: String(t('Done')), message: String(t('MarkResubmitted')), type: 'success', from: 'marks' });
      void queryClient.invalidateQueries({ queryKey: marksKeys.all() });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${String(t('MarkResubmit'))}: ${row.subjectLabel ?? row.subjectId}`}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={(input) => submit.mutateAsync(input.reason)} data-testid="mark-resubmit-form">
        <Stack gap="sm">
          <TextareaField label={String(t('MarkReason'))} name="reason" maxLength={500} autoFocus />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('MarkResubmit'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

function MarkHistory({ marks }: { marks: AccountMark[] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const columns: GridColumn<AccountMark>[] = [
    { key: 'mark', header: String(t('MarkMark')), cell: (row) => markLabel(t, row.mark) },
    { key: 'reason', header: String(t('MarkReason')), cell: (row) => row.reason },
    { key: 'requestedBy', header: String(t('MarkRequestedBy')), cell: (row) => row.requestedBy ?? EMPTY_VALUE },
    { key: 'approvedBy', header: String(t('MarkApprovedBy')), cell: (row) => row.approvedBy },
    { key: 'markedAt', header: String(t('MarkMarkedOn')), cell: (row) => dateTime(row.markedAt) },
    {
      key: 'status',
      header: String(t('MarkStatus')),
      cell: (row) =>
        row.endedAt ? (
          <Badge variant="outline" color="gray.8">
            {String(t('MarkEnded'))}
          </Badge>
        ) : (
          <Badge variant="filled" color="red.9">
            {String(t('MarkActive'))}
          </Badge>
        ),
    },
    { key: 'endedAt', header: String(t('MarkEndedOn')), cell: (row) => dateTime(row.endedAt) },
    { key: 'endReason', header: String(t('MarkEndReason')), cell: (row) => row.endReason ?? EMPTY_VALUE },
  ];
  return (
    <DataGrid<AccountMark>
      caption={String(t('MarkHistory'))}
      showCaption
      columns={columns}
      rows={marks}
      rowId={(row) => row.id}
      rowLabel={(row) => row.mark}
      listKey="account-mark-history"
      minWidth={900}
      empty={{ text: String(t('MarkHistoryEmpty')) }}
      testIds={{ table: 'mark-history-table', row: 'mark-history-row', empty: 'mark-history-empty' }}
    />
  );
}

function MarkRequestForm({ found }: { found: MarkLookupReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(markFormSchema, { mark: '', reason: '', documentId: '' });
  const submit = useMutation({
    mutationFn: (input: z.output<typeof markFormSchema>) =>
      requestMarkChange('ACCOUNT_MARKING', found.account.id, {
        mark: input.mark,
        reason: input.reason,
        ...(input.documentId ? { documentId: Number(input.documentId) } : {}),
      }),
    onSuccess: () => {
      addToast({
        title: String(t('Done')),
        message: String(t('MarkRequested', { accountNo: found.account.accountNo })),
        type: 'success',
        from: 'marks',
      });
      form.reset({ mark: '', reason: '', documentId: '' });
      void queryClient.invalidateQueries({ queryKey: marksKeys.all() });
    },
  });
  const active = new Set(found.marks.filter((mark) => !mark.endedAt).map((mark) => mark.mark));
  return (
    <ZodForm form={form} onSubmit={(input) => submit.mutateAsync(input)} data-testid="mark-form">
      <Stack gap="sm" maw={560}>
        <SelectField
          label={String(t('MarkMark'))}
          name="mark"
          options={found.codes
            .filter((code) => !active.has(code))
            .map((code) => ({ value: code, label: markLabel(t, code) }))}
        />
        <TextareaField label={String(t('MarkReason'))} name="reason" maxLength={500} />
        <SelectField
          label={String(t('MarkDocument'))}
          name="documentId"
          options={found.documents.map((document) => ({ value: String(document.id), label: document.documentName }))}
        />
        <FormErrors />
        <div>
          <SubmitButton>{String(t('MarkSubmit'))}</SubmitButton>
        </div>
      </Stack>
    </ZodForm>
  );
}

/** /collapp/manualAccountMarking (MAN_ACC_MARK_SAUTH). */
export function ManualAccountMarkingPage() {
  const { t } = useTranslation();
  const title = useTitle('manualAccountMarking');
  const actingUnit = useSession((session) => session.actingUnit);
  const [typed, setTyped] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const found = useQuery({
    queryKey: marksKeys.lookup(actingUnit, accountNo),
    queryFn: ({ signal }) => lookupAccount(accountNo, signal),
    enabled: accountNo !== '',
    retry: false,
  });
  const onFind = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAccountNo(typed.trim());
  };
  return (
    <Stack gap="md" data-testid="account-marking">
      <Title order={1}>{title}</Title>
      <form onSubmit={onFind} aria-label={String(t('MarkFindAccount'))}>
        <Group align="end" gap="sm">
          <TextInput
            id="mark-account-no"
            label={String(t('MarkAccountNo'))}
            value={typed}
            maxLength={40}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit">{String(t('MarkFind'))}</Button>
        </Group>
      </form>
      {accountNo === '' ? <Text c="dimmed">{String(t('MarkLookupHint'))}</Text> : null}
      {found.isFetching && !found.data ? <Text aria-busy="true">{String(t('MarkLoading'))}</Text> : null}
      {found.isError ? (
        <Alert color="red" title={String(t('MarkLoadFailed'))} role="alert">
          {describeError(found.error, t)}
        </Alert>
      ) : null}
      {found.data ? (
        <Stack gap="md">
          <Title order={2} size="h3">
            {found.data.account.accountNo} · {found.data.account.customerName}
          </Title>
          <MarkHistory marks={found.data.marks} />
          <MarkRequestForm key={found.data.account.id} found={found.data} />
        </Stack>
      ) : null}
      <Title order={2} size="h3">
        {String(t('MarkMyRequests'))}
      </Title>
      <RequestList flow="ACCOUNT_MARKING" view="my" caption={String(t('MarkMyRequests'))} />
    </Stack>
  );
}

/** /collapp/accountMarkingapproval (ACC_MARK_APP_SAUTH): marking and unmarking requests of the subtree. */
export function AccountMarkingApprovalPage() {
  const { t } = useTranslation();
  const title = useTitle('accountMarkingapproval');
  const [flow, setFlow] = useState<MarkFlow>('ACCOUNT_MARKING');
  return (
    <Stack gap="md" data-testid="account-marking-approval">
      <Title order={1}>{title}</Title>
      <SegmentedControl
        value={flow}
        onChange={(value) => setFlow(value as MarkFlow)}
        data={[
          { value: 'ACCOUNT_MARKING', label: String(t('MarkKindMark')) },
          { value: 'ACCOUNT_UNMARKING', label: String(t('MarkKindUnmark')) },
        ]}
        aria-label={String(t('MarkKind'))}
        w="fit-content"
      />
      <RequestList key={flow} flow={flow} view="team" caption={title} />
    </Stack>
  );
}

/** /collapp/ManualAccountUnmarking (MAN_ACC_UNMARK_SAUTH): the active marks of the subtree; request to end one. */
export function ManualAccountUnmarkingPage() {
  const { t } = useTranslation();
  const title = useTitle('manualAccountUnmarking');
  const dateTime = useDateTime();
  const actingUnit = useSession((session) => session.actingUnit);
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<AccountMark | null>(null);
  const query = new URLSearchParams({ page: String(page) });
  const list = useQuery({
    queryKey: marksKeys.active(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchActiveMarks(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<AccountMark>[] = [
    { key: 'accountNo', header: String(t('MarkAccount')), cell: (row) => row.accountNo },
    { key: 'customer', header: String(t('MarkCustomer')), cell: (row) => row.customerName },
    { key: 'mark', header: String(t('MarkMark')), cell: (row) => markLabel(t, row.mark) },
    { key: 'reason', header: String(t('MarkReason')), cell: (row) => row.reason },
    { key: 'approvedBy', header: String(t('MarkApprovedBy')), cell: (row) => row.approvedBy },
    { key: 'markedAt', header: String(t('MarkMarkedOn')), cell: (row) => dateTime(row.markedAt) },
  ];
  return (
    <Stack gap="md" data-testid="account-unmarking">
      <Title order={1}>{title}</Title>
      <DataGrid<AccountMark>
        caption={String(t('MarkActiveCaption'))}
        columns={columns}
        rows={list.data?.rows ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => `${row.accountNo} ${row.mark}`}
        listKey="active-account-marks"
        minWidth={900}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('MarkLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('MarkActiveEmpty')) }}
        rowActions={(row) => (
          <Button
            size="compact-xs"
            variant="outline"
            onClick={() => setEnding(row)}
            aria-label={String(t('MarkUnmarkTitle', { mark: markLabel(t, row.mark), accountNo: row.accountNo }))}
          >
            {String(t('MarkUnmark'))}
          </Button>
        )}
        testIds={{ table: 'active-marks-table', row: 'active-marks-row', empty: 'active-marks-empty' }}
      />
      <PagePager
        page={page}
        pageSize={list.data?.pageSize ?? PAGE_SIZE}
        count={list.data && !list.isPlaceholderData ? list.data.total : undefined}
        isBusy={list.isFetching}
        onChange={(next) => setPage(next)}
      />
      <Title order={2} size="h3">
        {String(t('MarkMyRequests'))}
      </Title>
      <RequestList flow="ACCOUNT_UNMARKING" view="my" caption={String(t('MarkMyRequests'))} />
      {ending ? <UnmarkDialog mark={ending} onClose={() => setEnding(null)} /> : null}
    </Stack>
  );
}

function UnmarkDialog({ mark, onClose }: { mark: AccountMark; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(unmarkFormSchema, { reason: '' });
  const submit = useMutation({
    mutationFn: (reason: string) => requestMarkChange('ACCOUNT_UNMARKING', mark.accountId, { markId: mark.id, reason }),
    onSuccess: () => {
      addToast({ title: String(t('Done')), message: String(t('MarkUnmarkRequested')), type: 'success', from: 'marks' });
      void queryClient.invalidateQueries({ queryKey: marksKeys.all() });
      onClose();
    },
  });
  const title = String(t('MarkUnmarkTitle', { mark: markLabel(t, mark.mark), accountNo: mark.accountNo }));
  return (
    <Modal opened onClose={onClose} centered title={title} closeButtonProps={{ 'aria-label': String(t('Close')) }}>
      <ZodForm form={form} onSubmit={(input) => submit.mutateAsync(input.reason)} data-testid="unmark-form">
        <Stack gap="sm">
          <TextareaField label={String(t('MarkReason'))} name="reason" maxLength={500} autoFocus />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('MarkUnmark'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
