import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type {
  SettlementDecision,
  SettlementDetail,
  SettlementScreen,
} from '@recovery-desk/domain/settlements/contracts.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { RemarksDialog } from '../../components/remarks-dialog.tsx';
import { GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { describeError } from '../../lib/describe-error.ts';
import { formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { HttpError } from '../../lib/http-client.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { decideSettlement, downloadSettlementLetter, fetchSettlement, settlementKeys } from './settlements-api.ts';
import { levelLabel, money, pascal, SCREEN_ROUTE, stageLabel, StatusBadge, useRouteTitle } from './settlement-ui.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dark.6">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /settelment/settelmentApproval|settelmentViewer/case/:caseid/account/:accountid — one settlement (the case id is
 * the settlement's): the spec's fields, the waiver split by component, the schedule with the payments against it,
 * the history, the checker's decisions (approval screen) and the letter of an approved settlement.
 */
function SettlementDetailPage({ screen }: { screen: SettlementScreen }) {
  const { t } = useTranslation();
  const { caseid = '', accountid = '' } = useParams();
  const title = useRouteTitle(`${SCREEN_ROUTE[screen]}Detail`);
  const actingUnit = useSession((session) => session.actingUnit);
  const detail = useQuery({
    queryKey: settlementKeys.detail(actingUnit, screen, caseid),
    queryFn: ({ signal }) => fetchSettlement(screen, caseid, signal),
  });
  let body: ReactNode;
  if (detail.isPending) {
    body = <GridLoading label={String(t('SettlementLoading'))} testId="settlement-loading" />;
  } else if (
    (detail.isError && detail.error instanceof HttpError && detail.error.status === 404) ||
    (detail.data && String(detail.data.accountId) !== accountid)
  ) {
    body = (
      <Alert color="red" variant="outline" role="alert" title={String(t('SettlementNotFound'))}>
        {String(t('SettlementNotInScope'))}
      </Alert>
    );
  } else if (detail.isError) {
    body = (
      <GridError
        title={String(t('SettlementsLoadFailed'))}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        testId="settlement-error"
      />
    );
  } else {
    body = <DetailView screen={screen} data={detail.data} />;
  }
  return (
    <Stack gap="md" data-testid="settlement-detail">
      <Title order={1}>{detail.data ? `${title}: ${detail.data.id}` : title}</Title>
      {body}
    </Stack>
  );
}

function DetailView({ screen, data }: { screen: SettlementScreen; data: SettlementDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const amount = (value: string) => money(value, data.currency, lang);
  const from = `settelment/${SCREEN_ROUTE[screen]}/case`;
  const letter = useMutation({
    mutationFn: () => downloadSettlementLetter(screen, data.id),
    onSuccess: (file) => saveFile(file, `settlement-letter-${data.id}.pdf`),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: describeError(error, t), type: 'error', from }),
  });
  const components = [
    { key: 'principal', label: String(t('SettlementPrincipal')) },
    { key: 'interest', label: String(t('SettlementInterest')) },
    { key: 'charges', label: String(t('SettlementCharges')) },
  ] as const;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={String(t('SettlementId'))}>{String(data.id)}</Field>
          <Field label={String(t('SettlementAccountNo'))}>{`${data.accountNo} (${data.customerName})`}</Field>
          <Field label={String(t('SettlementPartyName'))}>{data.partyName}</Field>
          <Field label={String(t('SettlementDuesAmount'))}>{amount(data.amount)}</Field>
          <Field label={String(t('SettlementWaiverPercent'))}>{`${data.waiverPercent} %`}</Field>
          <Field label={String(t('SettlementWaiverAmount'))}>{amount(data.waiverAmount)}</Field>
          <Field label={String(t('SettlementTotalPayable'))}>
            <strong>{amount(data.totalPayable)}</strong>
          </Field>
          <Field label={String(t('SettlementPaymentDate'))}>{formatBusinessDate(data.paymentDate, lang)}</Field>
          <Field label={String(t('Status'))}>
            <StatusBadge status={data.status} />
          </Field>
          <Field label={String(t('SettlementStage'))}>
            <Group gap={4}>
              {stageLabel(t, data.stage)}
              {data.restructuring ? (
                <Badge color="grape.9" variant="outline">
                  {String(t('SettlementRestructuring'))}
                </Badge>
              ) : null}
            </Group>
          </Field>
          <Field label={String(t('SettlementLevel'))}>
            {`${levelLabel(t, data.requiredLevel)} — ${translateKey(t, `SettlementLevelReason${pascal(data.levelReason)}`, data.levelReason)}`}
          </Field>
          <Field
            label={String(t('SettlementInitiator'))}
          >{`${data.initiator}, ${formatDateTime(data.initiatedAt, lang)}`}</Field>
          <Field label={String(t('SettlementTat'))}>
            <Group gap={4}>
              {String(data.tatDays)}
              {data.overdue ? <Badge color="red.9">{String(t('SettlementOverdue'))}</Badge> : null}
            </Group>
          </Field>
          <Field label={String(t('SettlementReceived'))}>{amount(data.received)}</Field>
          {data.decisionRemarks ? (
            <Field label={String(t('SettlementDecisionRemarks'))}>{data.decisionRemarks}</Field>
          ) : null}
        </SimpleGrid>
      </Paper>

      <Group gap="sm">
        {data.letterAvailable ? (
          <Button
            variant="default"
            loading={letter.isPending}
            onClick={() => letter.mutate()}
            data-testid="settlement-letter"
          >
            {String(t('SettlementLetterDownload'))}
          </Button>
        ) : null}
        {screen === 'approval' && data.status === 'PENDING_APPROVAL' ? <Decisions data={data} /> : null}
      </Group>

      <DataTable<(typeof components)[number]>
        caption={String(t('SettlementSplit'))}
        testId="settlement-split"
        rows={components}
        rowKey={(row) => row.key}
        emptyText=""
        columns={[
          { key: 'component', label: String(t('SettlementComponent')), render: (row) => row.label },
          {
            key: 'outstanding',
            label: String(t('SettlementOutstanding')),
            render: (row) => amount(data.outstanding[row.key]),
          },
          { key: 'waiver', label: String(t('SettlementWaiverAmount')), render: (row) => amount(data.waiver[row.key]) },
          {
            key: 'payable',
            label: String(t('SettlementTotalPayable')),
            render: (row) => amount(data.payable[row.key]),
          },
        ]}
      />
      <DataTable<SettlementDetail['instalments'][number]>
        caption={String(t('SettlementSchedule'))}
        testId="settlement-schedule"
        rows={data.instalments}
        rowKey={(row) => row.no}
        emptyText=""
        columns={[
          { key: 'no', label: '#', render: (row) => String(row.no) },
          {
            key: 'date',
            label: String(t('SettlementDueDate')),
            render: (row) => formatBusinessDate(row.dueDate, lang),
          },
          { key: 'amount', label: String(t('SettlementInstalment')), render: (row) => amount(row.amount) },
          { key: 'paid', label: String(t('SettlementPaid')), render: (row) => amount(row.paid) },
          {
            key: 'status',
            label: String(t('Status')),
            render: (row) => translateKey(t, `SettlementInstalment${pascal(row.status)}`, row.status),
          },
        ]}
      />
      <DataTable<SettlementDetail['history'][number]>
        caption={String(t('SettlementHistory'))}
        testId="settlement-history"
        rows={data.history}
        rowKey={(row) => `${row.at}-${row.action}`}
        emptyText=""
        columns={[
          { key: 'at', label: String(t('SettlementWhen')), render: (row) => formatDateTime(row.at, lang) },
          {
            key: 'action',
            label: String(t('SettlementStep')),
            render: (row) => translateKey(t, `SettlementStep${pascal(row.action)}`, row.action),
          },
          {
            key: 'actor',
            label: String(t('SettlementWho')),
            render: (row) => row.actor ?? String(t('SettlementSystem')),
          },
          { key: 'remarks', label: String(t('Remarks')), render: (row) => row.remarks ?? '' },
        ]}
      />
    </Stack>
  );
}

const DECISION_LABEL = {
  approve: 'SettlementApprove',
  pushback: 'SettlementPushback',
  reject: 'SettlementReject',
} as const satisfies Record<SettlementDecision, string>;

/** The checker's decisions: each opens a dialog with remarks (required for pushback and reject). */
function Decisions({ data }: { data: SettlementDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SettlementDecision | null>(null);
  return (
    <>
      {(['approve', 'pushback', 'reject'] as const).map((decision) => (
        <Button
          key={decision}
          variant={decision === 'approve' ? 'filled' : 'default'}
          color={decision === 'reject' ? 'red.9' : undefined}
          onClick={() => setOpen(decision)}
        >
          {String(t(DECISION_LABEL[decision]))}
        </Button>
      ))}
      {open ? (
        <RemarksDialog
          key={open}
          title={String(t(DECISION_LABEL[open]))}
          remarksLabel={String(t('Remarks'))}
          rule={open}
          submitLabel={String(t(DECISION_LABEL[open]))}
          testId="settlement-decision-form"
          send={(remarks) => decideSettlement(data.id, open, { version: data.version, remarks })}
          done={{
            message: translateKey(t, `SettlementDecided${pascal(open)}`, open),
            from: 'settelment/settelmentApproval/case',
            invalidate: settlementKeys.all(),
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

export const SettlementApprovalDetailPage = () => <SettlementDetailPage screen="approval" />;
export const SettlementViewerDetailPage = () => <SettlementDetailPage screen="viewer" />;
