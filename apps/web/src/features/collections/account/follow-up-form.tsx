import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isWithinCallingWindow } from '@recovery-desk/domain/collections/calling-window.ts';
import {
  CONTACT_MODES,
  REMINDER_MODES,
  followUpInputSchema,
  type FollowUpInput,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { Bucket } from '@recovery-desk/domain/collections/dpd.ts';
import {
  PTP_DEVIATION_REASON_MAX,
  PTP_DEVIATION_REASON_MIN,
  ptpDeviationReasons,
  ptpHorizonDays,
  type PtpDeviationReason,
} from '@recovery-desk/domain/collections/ptp-policy.ts';
import { isAmountInMinorUnits, minorUnitsOf, toCents } from '@recovery-desk/domain/money.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountField,
  DateField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  fieldErrorsOf,
  serverErrorFor,
  useZodForm,
} from '../../../components/form/index.ts';
import { addToast } from '../../../lib/toast-store.ts';
import {
  recordFollowUp,
  type AccountViewData,
  type DispositionOption,
  type RecordFollowUpReply,
} from '../api/collections-api.ts';
import { describeError, errorCodeOf } from '../api/describe-error.ts';
import { contactModeLabel, deviationReasonLabel } from '../labels.ts';
import { valueText } from '../../../lib/value-label.ts';

export const OVERRIDE_MIN_LENGTH = 10;
const WRONG_NUMBER = 'WN';

const EMPTY_FOLLOW_UP = {
  contactMode: undefined,
  reminderMode: undefined,
  personContacted: '',
  contactId: undefined,
  dispositionCode: '',
  actionAmount: '',
  nextActionDate: '',
  nextActionTime: '',
  remarks: '',
  documentId: undefined,
  callingWindowOverride: '',
  deviationReason: '',
};

const FUTURE_PTP = 'FPTP';

/**
 * Why the promise being typed falls outside the PTP policy, as far as the screen can tell (the server decides: the
 * next instalment is known only when the Payments tab is granted). Empty while the amount or date is incomplete.
 */
export function expectedDeviation(
  view: AccountViewData,
  input: { dispositionCode: string; amount: string; date: string; businessDate: string | null },
): PtpDeviationReason[] {
  const { account } = view;
  if (!input.businessDate || !/^\d{4}-\d{2}-\d{2}$/.test(input.date)) return [];
  if (!isAmountInMinorUnits(input.amount, account.currency) || toCents(input.amount) <= 0n) return [];
  const nextDueDate =
    (view.dues ?? [])
      .filter((due) => due.dueDate > input.businessDate! && toCents(due.amountPaid) < toCents(due.amountDue))
      .map((due) => due.dueDate)
      .sort()[0] ?? null;
  const reasons = ptpDeviationReasons({
    businessDate: input.businessDate,
    promisedDate: input.date,
    promisedAmount: input.amount,
    bucket: account.bucket as Bucket,
    emiAmount: account.emiAmount,
    nextDueDate,
  });
  if (input.dispositionCode === FUTURE_PTP && !reasons.includes('BEYOND_HORIZON')) reasons.unshift('BEYOND_HORIZON');
  return reasons;
}

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute, so the calling-window check follows the clock while the form is open. */
function useNow(clock: () => Date): Date {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), MINUTE_MS);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

const systemClock = () => new Date();

/** Whether a PTP created by this follow-up was sent to a supervisor because it is outside policy. */
export function isDeviation(reply: RecordFollowUpReply): boolean {
  const ptp = reply.ptp;
  if (!ptp) return false;
  const status = (ptp.deviationStatus ?? '').toUpperCase();
  return (ptp.deviationReasons?.length ?? 0) > 0 || status === 'PENDING' || status === 'PENDING_APPROVAL';
}

export type FollowUpFormProps = {
  view: AccountViewData;
  trayKey: TrayKey;
  dispositions: readonly DispositionOption[];
  businessDate: string | null;
  onSaved: () => void;
  /** the clock (tests pass a fixed one) */
  clock?: () => Date;
};

/**
 * "Record follow-up" (spec §3 Follow-up): contact mode, reminder, person and contact, disposition, the amount and
 * next action date a PTP disposition needs, remarks, and — for a call outside 08:00–19:00 of the borrower's time —
 * the reason the RBI conduct rules require (it is audited).
 */
export function FollowUpForm({
  view,
  trayKey,
  dispositions,
  businessDate,
  onSaved,
  clock = systemClock,
}: FollowUpFormProps) {
  const { t } = useTranslation();
  const now = useNow(clock);
  const form = useZodForm(followUpInputSchema, EMPTY_FOLLOW_UP);
  // The server decides too (its clock): once it has asked for the reason, the field stays.
  const [serverAskedOverride, setServerAskedOverride] = useState(false);
  // The server judges the policy too (it knows every instalment): once it has asked for a reason, the field stays.
  const [serverAskedDeviation, setServerAskedDeviation] = useState(false);

  const mutation = useMutation({
    mutationFn: (input: FollowUpInput) => recordFollowUp(view.account.id, trayKey, input),
    onSuccess: (reply) => {
      addToast({
        title: String(t('FollowUpSaved')),
        message: String(t(isDeviation(reply) ? 'PtpSentForApproval' : 'FollowUpRecorded')),
        type: isDeviation(reply) ? 'info' : 'success',
        from: `account/${trayKey}/follow-up`,
      });
      form.reset(EMPTY_FOLLOW_UP);
      setServerAskedOverride(false);
      setServerAskedDeviation(false);
      onSaved();
    },
  });
  const serverErrors = fieldErrorsOf(mutation.error);

  const [contactMode, dispositionCode, actionAmount, nextActionDate] = form.watch([
    'contactMode',
    'dispositionCode',
    'actionAmount',
    'nextActionDate',
  ]);
  const disposition = dispositions.find((item) => item.code === dispositionCode);
  const isPromise = disposition?.nextStep === 'PTP';
  const deviation = isPromise
    ? expectedDeviation(view, {
        dispositionCode: dispositionCode ?? '',
        amount: actionAmount ?? '',
        date: nextActionDate ?? '',
        businessDate,
      })
    : [];
  const needsDeviationReason = isPromise && (deviation.length > 0 || serverAskedDeviation);
  const needsAmount = disposition?.requiresAmount ?? false;
  const needsDate = disposition?.requiresNextActionDate ?? false;
  // WN marks a number invalid: the server needs to know which one.
  const needsContact = disposition?.code === WRONG_NUMBER;
  const isOutsideWindow = contactMode === 'CALL' && !isWithinCallingWindow(now, view.customer.timeZone);
  const needsOverride = isOutsideWindow || serverAskedOverride;

  const validContacts = view.contacts.filter((contact) => contact.isValid);

  const submit = (values: FollowUpInput) => {
    // a reason typed while the call was outside the window is not sent once it no longer is
    const { callingWindowOverride, deviationReason, ...rest } = values;
    return mutation.mutateAsync({
      ...rest,
      ...(needsOverride ? { callingWindowOverride } : {}),
      ...(needsDeviationReason ? { deviationReason } : {}),
    });
  };

  const handleError = (error: unknown) => {
    const askedDeviation = serverErrorFor(fieldErrorsOf(error), 'deviationReason', '');
    if (askedDeviation !== null && !needsDeviationReason) {
      setServerAskedDeviation(true);
      form.clearErrors('root.server');
      form.setError('deviationReason', { type: 'server', message: String(t('PtpDeviationReasonNeeded')) });
      return;
    }
    const asked = serverErrorFor(fieldErrorsOf(error), 'callingWindowOverride', '');
    if (asked === null) return;
    setServerAskedOverride(true);
    form.clearErrors('root.server');
    form.setError('callingWindowOverride', { type: 'server', message: asked });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="follow-up-form-title">
      <ZodForm form={form} onSubmit={submit} onError={handleError} data-testid="follow-up-form">
        <Stack gap="sm">
          <Title order={3} size="h4" id="follow-up-form-title">
            {String(t('RecordFollowUp'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SelectField
              label={String(t('ContactMode'))}
              name="contactMode"
              options={CONTACT_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
            />
            <SelectField
              label={String(t('ReminderMode'))}
              name="reminderMode"
              options={REMINDER_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
            />
            <TextField
              label={String(t('PersonContacted'))}
              name="personContacted"
              rules={[{ kind: 'maxLength', length: 120 }]}
            />
            <SelectField
              label={String(t('ContactUsed'))}
              name="contactId"
              valueAs="number"
              options={validContacts.map((contact) => ({
                value: String(contact.id),
                label: String(
                  t('ContactOption', {
                    type: valueText(t, 'contactType', contact.contactType),
                    value: contact.phone ?? contact.email ?? '',
                  }),
                ),
              }))}
              required={needsContact}
            />
            <SelectField
              label={String(t('Disposition'))}
              name="dispositionCode"
              options={dispositions.map((item) => ({
                value: item.code,
                label: `${item.code} – ${valueText(t, 'disposition', item.code)}`,
              }))}
            />
            <AmountField
              label={String(t('ActionAmount'))}
              name="actionAmount"
              currency={view.account.currency}
              required={needsAmount}
              max={isPromise ? { amount: view.account.totalDueAmount, messageKey: 'PtpAboveTotalDue' } : undefined}
              description={String(
                t('AmountHintDecimals', {
                  currency: view.account.currency,
                  decimals: minorUnitsOf(view.account.currency),
                }),
              )}
            />
            <DateField
              label={String(t('NextActionDate'))}
              name="nextActionDate"
              rules={businessDate ? [{ kind: 'dateMin', min: businessDate }] : []}
              required={needsDate}
            />
            <TextField label={String(t('NextActionTime'))} name="nextActionTime" type="time" />
            {view.documents && view.documents.length > 0 ? (
              <SelectField
                label={String(t('AttachDocument'))}
                name="documentId"
                valueAs="number"
                options={view.documents.map((document) => ({
                  value: String(document.id),
                  label: `${document.documentName} (${document.fileName})`,
                }))}
              />
            ) : null}
          </SimpleGrid>
          <TextareaField label={String(t('Remarks'))} name="remarks" maxLength={1000} />
          {needsDeviationReason ? (
            <Stack gap={6} data-testid="ptp-deviation">
              <Alert color="yellow" variant="outline" title={String(t('PtpDeviationTitle'))}>
                <Text size="sm">{String(t('PtpDeviationText', { count: ptpHorizonDays(view.account.bucket) }))}</Text>
                {deviation.length > 0 ? (
                  <Text size="sm" fw={600}>
                    {String(
                      t('PtpDeviationReasons', {
                        reasons: deviation.map((reason) => deviationReasonLabel(t, reason)).join(', '),
                      }),
                    )}
                  </Text>
                ) : null}
              </Alert>
              <TextareaField
                label={String(t('PtpDeviationReason'))}
                name="deviationReason"
                maxLength={PTP_DEVIATION_REASON_MAX}
                required
                rules={[{ kind: 'minLength', length: PTP_DEVIATION_REASON_MIN }]}
              />
            </Stack>
          ) : null}
          {needsOverride ? (
            <Stack gap={6} data-testid="calling-window-override">
              <Alert color="blue" variant="outline" title={String(t('OutsideCallingWindowTitle'))}>
                <Text size="sm">{String(t('OutsideCallingWindowText', { timeZone: view.customer.timeZone }))}</Text>
              </Alert>
              <TextareaField
                label={String(t('CallingWindowOverride'))}
                name="callingWindowOverride"
                maxLength={500}
                required
                rules={[{ kind: 'minLength', length: OVERRIDE_MIN_LENGTH }]}
              />
            </Stack>
          ) : null}
          <FormErrors />
          {mutation.isError && (serverErrors.length === 0 || errorCodeOf(mutation.error) === 'TAB_READ_ONLY') ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          {mutation.isError && serverErrors.length > 0 ? (
            <Alert color="red" variant="outline" role="alert">
              {String(t('CorrectMarkedFields'))}
            </Alert>
          ) : null}
          <Group>
            <SubmitButton>{String(t('SaveFollowUp'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
