import { Alert, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { minorToDecimal } from '@recovery-desk/domain/receipts/posting.ts';
import {
  refundPaidInputSchema,
  type ClosureStatement,
  type RefundPaidInput,
} from '@recovery-desk/domain/secured-assets/closure.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  FormErrors,
  SubmitButton,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../../components/form/index.ts';
import { formatAmount, formatBusinessDate } from '../../../../lib/format.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { SummaryList } from '../../../workflow/case/case-header.tsx';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { fetchClosureStatement, recordClosureRefund, repoKeys } from '../../api/repo-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `closureStatement` widget of the repossession and SARFAESI closure stages (§13(7), rule 15): a case tab with the
// account's outstanding, the sale amount and the expenses recovered from it, what is (or was) posted to the account,
// the shortfall that stays recoverable and the surplus refunded to the borrower. While the case is open it previews
// what closing would post; once closed it shows what was recorded, and records the refund of a surplus. It also shows
// the case's approved waiver (counted against the shortfall) and its partial payments (receipts), so the waiver and
// partial payment stages name it too.

function Figures({ statement }: { statement: ClosureStatement }) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatAmount(minorToDecimal(BigInt(minor)), statement.currency, i18n.language);
  const sold = statement.closureType === 'SOLD';
  return (
    <SummaryList
      testId="closure-figures"
      items={[
        {
          // before a sale is on the form: the dues today, what redeeming the asset takes (after partial payments)
          label: String(t(statement.state === 'PREVIEW' && !sold ? 'ClosureDuesToday' : 'ClosureOutstandingBefore')),
          value: money(statement.outstandingMinor),
          testId: 'closure-outstanding',
        },
        ...(sold
          ? [
              { label: String(t('ClosureSaleAmount')), value: money(statement.proceedsMinor) },
              { label: String(t('ClosureExpenses')), value: money(statement.expensesMinor) },
              { label: String(t('ClosureNetProceeds')), value: money(statement.netProceedsMinor) },
            ]
          : []),
        {
          label: String(t('ClosurePostedToAccount')),
          value: statement.receiptNo
            ? String(
                t('ClosurePostedAsReceipt', { amount: money(statement.appliedMinor), receiptNo: statement.receiptNo }),
              )
            : money(statement.appliedMinor),
          testId: 'closure-applied',
        },
        ...(BigInt(statement.waivedMinor) > 0n
          ? [
              {
                label: String(t('ClosureWaiverCounted')),
                value: money(statement.waivedMinor),
                testId: 'closure-waived',
              },
            ]
          : []),
        { label: String(t('ShortfallAmount')), value: money(statement.shortfallMinor), testId: 'closure-shortfall' },
        { label: String(t('ClosureSurplus')), value: money(statement.surplusMinor), testId: 'closure-surplus' },
      ]}
    />
  );
}

const MODE_KEYS = {
  CASH: 'PartialModeCash',
  CHEQUE: 'PartialModeCheque',
  DD: 'PartialModeDd',
  NEFT: 'PartialModeNeft',
  RTGS: 'PartialModeRtgs',
  IMPS: 'PartialModeImps',
  UPI: 'PartialModeUpi',
} as const satisfies Record<string, DictionaryKey>;

const RECEIPT_STATUS_KEYS = {
  PENDING_VERIFICATION: 'ClosureReceiptPending',
  VERIFIED: 'ClosureReceiptVerified',
  CANCEL_REQUESTED: 'ClosureReceiptCancelRequested',
  CANCELLED: 'ClosureReceiptCancelled',
} as const satisfies Record<string, DictionaryKey>;

const keyOf = <K extends string>(keys: Record<string, K>, code: string): K | undefined =>
  Object.hasOwn(keys, code) ? keys[code] : undefined;

/** The case's approved waiver (recorded as money on the account) and its partial payments (posted as receipts). */
function CaseMoney({ statement }: { statement: ClosureStatement }) {
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatAmount(minorToDecimal(BigInt(minor)), statement.currency, i18n.language);
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const { waiver, partialPayments } = statement;
  if (!waiver && partialPayments.length === 0) return null;
  return (
    <Stack gap="xs">
      {waiver ? (
        <section aria-labelledby="closure-waiver-title" data-testid="closure-waiver">
          <Title order={4} size="h6" id="closure-waiver-title">
            {String(t('ClosureWaiverTitle'))}
          </Title>
          <Text size="sm">
            {String(
              t('ClosureWaiverDetail', {
                amount: money(waiver.amountMinor),
                approver: waiver.approvedBy,
                date: date(waiver.approvedOn),
                reason: waiver.reason,
              }),
            )}
          </Text>
          <Text size="sm" c="dark.6">
            {String(t('ClosureWaiverNote'))}
          </Text>
        </section>
      ) : null}
      {partialPayments.length > 0 ? (
        <section aria-labelledby="closure-payments-title" data-testid="closure-partial-payments">
          <Title order={4} size="h6" id="closure-payments-title">
            {String(t('ClosurePartialPaymentsTitle'))}
          </Title>
          <List size="sm">
            {partialPayments.map((payment) => {
              const mode = keyOf(MODE_KEYS, payment.mode);
              const status = keyOf(RECEIPT_STATUS_KEYS, payment.status);
              return (
                <List.Item key={payment.receiptNo}>
                  {String(
                    t('ClosurePartialPayment', {
                      amount: money(payment.amountMinor),
                      mode: mode ? String(t(mode)) : payment.mode,
                      receiptNo: payment.receiptNo,
                      date: date(payment.receivedOn),
                      status: status ? String(t(status)) : payment.status,
                    }),
                  )}
                </List.Item>
              );
            })}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}

function RefundForm({ caseId, onRecorded }: { caseId: number; onRecorded: (statement: ClosureStatement) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(refundPaidInputSchema, { paidOn: '', reference: '' });
  const record = useMutation({
    mutationFn: (input: RefundPaidInput) => recordClosureRefund(caseId, input),
    onSuccess: (statement) => {
      addToast({
        title: String(t('Saved')),
        message: String(t('ClosureRefundRecorded')),
        type: 'success',
        from: 'repo/closure',
      });
      onRecorded(statement);
    },
  });
  return (
    <ZodForm form={form} onSubmit={(input) => record.mutateAsync(input)} aria-labelledby="closure-refund-title">
      <Stack gap="sm">
        <Title order={4} size="h5" id="closure-refund-title">
          {String(t('ClosureRecordRefund'))}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField name="paidOn" label={String(t('ClosureRefundPaidOn'))} />
          <TextField name="reference" label={String(t('PaymentReferenceUtr'))} />
        </Group>
        <FormErrors />
        <Group>
          <SubmitButton>{String(t('ClosureRecordRefund'))}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}

export function ClosureStatementTab({ view }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const caseId = view.case.caseId;
  const key = repoKeys.closure(caseId, view.case.version);
  const statement = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchClosureStatement(caseId, signal) });

  if (statement.isPending || statement.isError) {
    return (
      <SectionLoadState
        query={statement}
        loading={String(t('ClosureLoading'))}
        failed={String(t('ClosureLoadFailed'))}
      />
    );
  }
  const data = statement.data;
  const date = (iso: string | null) => formatBusinessDate(iso, i18n.language);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="closure-title"
      data-testid="closure-statement"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="closure-title">
          {String(t('ClosureStatementTitle'))}
        </Title>
        <Text size="sm" c="dark.6">
          {data.state === 'PREVIEW'
            ? String(t('ClosurePreviewNote'))
            : String(t('ClosureRecordedNote', { date: date(data.closedOn) }))}
        </Text>
        {data.problem ? (
          <Alert color="orange" role="alert" title={String(t('ClosureCannotCompute'))}>
            {String(t('ClosureExpensesAboveSale'))}
          </Alert>
        ) : null}
        <Figures statement={data} />
        <CaseMoney statement={data} />
        {BigInt(data.shortfallMinor) > 0n ? <Text size="sm">{String(t('ClosureShortfallNote'))}</Text> : null}
        {data.refundStatus === 'DUE' && data.state === 'PREVIEW' ? (
          <Text size="sm">{String(t('ClosureSurplusNote'))}</Text>
        ) : null}
        {data.refundStatus === 'PAID' ? (
          <Text size="sm" data-testid="closure-refund-paid">
            {String(t('ClosureRefundPaid', { date: date(data.refundPaidOn), reference: data.refundReference ?? '' }))}
          </Text>
        ) : null}
        {data.refundStatus === 'DUE' && data.state === 'RECORDED' ? (
          <>
            <Text size="sm" data-testid="closure-refund-due">
              {String(t('ClosureRefundDue'))}
            </Text>
            <RefundForm caseId={caseId} onRecorded={(updated) => queryClient.setQueryData(key, updated)} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export const stageWidget: StageWidget = {
  name: 'closureStatement',
  caseTab: { labelKey: 'ClosureStatementTab', Component: ClosureStatementTab },
};
