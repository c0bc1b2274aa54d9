import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type {
  SettlementAccount,
  SettlementDetail,
  SettlementRow,
} from '@recovery-desk/domain/settlements/contracts.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { formatBusinessDate } from '../../lib/format.ts';
import { HttpError } from '../../lib/http-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import {
  fetchSettlement,
  fetchSettlementAccount,
  initiateSettlement,
  resubmitSettlement,
  settlementKeys,
} from './settlements-api.ts';
import { SettlementTermsForm } from './settlement-terms-form.tsx';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { levelLabel, money, pascal, stageLabel, StatusBadge, useRouteTitle } from './settlement-ui.tsx';

const FROM = 'settelment/settelmentInitiate/account';

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
 * /settelment/settelmentInitiate/account/:accountid — what a settlement starts from: the account's outstanding by
 * component, who sanctioned it and its fraud / wilful-defaulter flags, its settlements, and the terms form (a new
 * settlement, or the resubmission of one pushed back to this maker).
 */
export function SettlementAccountPage() {
  const { t } = useTranslation();
  const { accountid = '' } = useParams();
  const title = useRouteTitle('settelmentInitiateDetail');
  const actingUnit = useSession((session) => session.actingUnit);
  const account = useQuery({
    queryKey: settlementKeys.account(actingUnit, accountid),
    queryFn: ({ signal }) => fetchSettlementAccount(accountid, signal),
  });
  let body: ReactNode;
  if (account.isPending) {
    body = <GridLoading label={String(t('SettlementLoading'))} testId="settlement-account-loading" />;
  } else if (account.isError) {
    body =
      account.error instanceof HttpError && account.error.status === 404 ? (
        <Alert color="red" variant="outline" role="alert" title={String(t('SettlementAccountNotFound'))}>
          {String(t('SettlementAccountNotInScope'))}
        </Alert>
      ) : (
        <GridError
          title={String(t('SettlementsLoadFailed'))}
          error={account.error}
          onRetry={() => void account.refetch()}
          testId="settlement-account-error"
        />
      );
  } else {
    body = <AccountView data={account.data} />;
  }
  return (
    <Stack gap="md" data-testid="settlement-account">
      <Title order={1}>{account.data ? `${title}: ${account.data.accountNo}` : title}</Title>
      {body}
    </Stack>
  );
}

function AccountView({ data }: { data: SettlementAccount }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lang = i18n.language;
  const amount = (value: string) => money(value, data.currency, lang);
  const live = data.settlements.find((row) => row.stage === 'APPROVAL' || row.stage === 'PAYMENT');
  // One key per attempt: a retry of the same submit (a lost reply) is answered by the first settlement.
  const attemptKey = useRef(crypto.randomUUID());
  const refresh = () => queryClient.invalidateQueries({ queryKey: settlementKeys.all() });
  const done = (detail: SettlementDetail, message: string) => {
    attemptKey.current = crypto.randomUUID();
    addToast({ title: String(t('SystemMsg')), message, type: 'success', from: FROM });
    void refresh();
    return detail;
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={String(t('SettlementCustomer'))}>{data.customerName}</Field>
          <Field label={String(t('SettlementDpd'))}>{String(data.dpd)}</Field>
          <Field label={String(t('SettlementSanctionLevel'))}>
            {translateKey(t, `SettlementSanction${pascal(data.sanctionLevel)}`, data.sanctionLevel)}
          </Field>
          <Field label={String(t('SettlementPrincipal'))}>{amount(data.outstanding.principal)}</Field>
          <Field label={String(t('SettlementInterest'))}>{amount(data.outstanding.interest)}</Field>
          <Field label={String(t('SettlementCharges'))}>{amount(data.outstanding.charges)}</Field>
          <Field label={String(t('SettlementDuesAmount'))}>
            <strong>{amount(data.totalOutstanding)}</strong>
          </Field>
          <Field label={String(t('SettlementFlags'))}>
            <Group gap={4}>
              {data.fraud ? <Badge color="red.9">{String(t('SettlementFraud'))}</Badge> : null}
              {data.wilfulDefaulter ? <Badge color="red.9">{String(t('SettlementWilfulDefaulter'))}</Badge> : null}
              {!data.fraud && !data.wilfulDefaulter ? String(t('SettlementNoFlags')) : null}
            </Group>
          </Field>
          <Field label={String(t('SettlementAccountStatus'))}>
            {data.settlementStatus
              ? translateKey(t, `SettlementAccount${pascal(data.settlementStatus)}`, data.settlementStatus)
              : String(t('SettlementAccountOpen'))}
          </Field>
        </SimpleGrid>
      </Paper>

      <DataTable<SettlementRow>
        caption={String(t('SettlementsOfAccount'))}
        testId="account-settlements"
        rows={data.settlements}
        rowKey={(row) => row.id}
        emptyText={String(t('SettlementsNoneForAccount'))}
        columns={[
          { key: 'id', label: String(t('SettlementId')), render: (row) => String(row.id) },
          { key: 'status', label: String(t('Status')), render: (row) => <StatusBadge status={row.status} /> },
          { key: 'stage', label: String(t('SettlementStage')), render: (row) => stageLabel(t, row.stage) },
          { key: 'payable', label: String(t('SettlementTotalPayable')), render: (row) => amount(row.totalPayable) },
          { key: 'waiver', label: String(t('SettlementWaiverPercent')), render: (row) => `${row.waiverPercent} %` },
          { key: 'level', label: String(t('SettlementLevel')), render: (row) => levelLabel(t, row.requiredLevel) },
          {
            key: 'date',
            label: String(t('SettlementPaymentDate')),
            render: (row) => formatBusinessDate(row.paymentDate, lang),
          },
        ]}
      />

      {data.settlementStatus === 'SETTLED' ? (
        <Alert color="green" variant="light">
          {String(t('SettlementAccountClosedSettled'))}
        </Alert>
      ) : live?.status === 'PUSHBACK' ? (
        <Resubmit data={data} row={live} onDone={(detail) => done(detail, String(t('SettlementResubmitted')))} />
      ) : live ? (
        <Alert color="blue" variant="light" data-testid="settlement-live">
          {String(t('SettlementLiveExists', { id: live.id }))}
        </Alert>
      ) : (
        <SettlementTermsForm
          account={data}
          submitLabel={String(t('SettlementSendForApproval'))}
          onSubmit={async (terms) =>
            done(
              await initiateSettlement({ ...terms, accountId: data.accountId }, attemptKey.current),
              String(t('SettlementInitiated')),
            )
          }
        />
      )}
    </Stack>
  );
}

/** A settlement pushed back to its maker: the checker's remarks, and the terms to resubmit. */
function Resubmit({
  data,
  row,
  onDone,
}: {
  data: SettlementAccount;
  row: SettlementRow;
  onDone: (detail: SettlementDetail) => void;
}) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const detail = useQuery({
    queryKey: settlementKeys.detail(actingUnit, 'initiate', String(row.id)),
    queryFn: ({ signal }) => fetchSettlement('initiate', String(row.id), signal),
  });
  if (!detail.data) return <GridLoading label={String(t('SettlementLoading'))} rows={3} />;
  const current = detail.data;
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" title={String(t('SettlementPushedBack'))} data-testid="settlement-pushback">
        {current.decisionRemarks}
      </Alert>
      <SettlementTermsForm
        account={data}
        initial={{
          totalPayable: current.totalPayable,
          partyName: current.partyName,
          instalments: current.instalments.map((item) => ({ dueDate: item.dueDate, amount: item.amount })),
          remarks: '',
        }}
        submitLabel={String(t('SettlementResubmit'))}
        onSubmit={async (terms) => onDone(await resubmitSettlement(current.id, { ...terms, version: current.version }))}
      />
    </Stack>
  );
}
