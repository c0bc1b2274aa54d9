import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { isWithinCallingWindow } from '@recovery-desk/domain/collections/calling-window.ts';
import {
  CONTACT_MODES,
  REMINDER_MODES,
  followUpInputSchema,
  type FollowUpInput,
} from '@recovery-desk/domain/collections/contracts.ts';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { fieldErrorsOf, serverErrorFor } from '../../../components/form/server-errors.ts';
import { addToast } from '../../../lib/toast-store.ts';
import {
  recordFollowUp,
  type AccountViewData,
  type DispositionOption,
  type RecordFollowUpReply,
} from '../api/collections-api.ts';
import { describeError, errorCodeOf } from '../api/describe-error.ts';
import { contactModeLabel } from '../labels.ts';

export const OVERRIDE_MIN_LENGTH = 10;
const WRONG_NUMBER = 'WN';

type Draft = {
  contactMode: string;
  reminderMode: string;
  personContacted: string;
  contactId: string;
  dispositionCode: string;
  actionAmount: string;
  nextActionDate: string;
  nextActionTime: string;
  remarks: string;
  documentId: string;
  callingWindowOverride: string;
};

const EMPTY_DRAFT: Draft = {
  contactMode: '',
  reminderMode: '',
  personContacted: '',
  contactId: '',
  dispositionCode: '',
  actionAmount: '',
  nextActionDate: '',
  nextActionTime: '',
  remarks: '',
  documentId: '',
  callingWindowOverride: '',
};

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
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The server decides too (its clock): once it has asked for the reason, the field stays.
  const [serverAskedOverride, setServerAskedOverride] = useState(false);

  const mutation = useMutation({
    mutationFn: (input: FollowUpInput) => recordFollowUp(view.account.id, trayKey, input),
    onSuccess: (reply) => {
      addToast({
        title: String(t('FollowUpSaved')),
        message: String(t(isDeviation(reply) ? 'PtpSentForApproval' : 'FollowUpRecorded')),
        type: isDeviation(reply) ? 'info' : 'success',
        from: `account/${trayKey}/follow-up`,
      });
      setDraft(EMPTY_DRAFT);
      setShowErrors(false);
      setServerAskedOverride(false);
      onSaved();
    },
    onError: (error) => {
      if (serverErrorFor(fieldErrorsOf(error), 'callingWindowOverride', '') !== null) setServerAskedOverride(true);
    },
  });
  const serverErrors = fieldErrorsOf(mutation.error);

  const disposition = dispositions.find((item) => item.code === draft.dispositionCode);
  const needsAmount = disposition?.requiresAmount ?? false;
  const needsDate = disposition?.requiresNextActionDate ?? false;
  // WN marks a number invalid: the server needs to know which one.
  const needsContact = disposition?.code === WRONG_NUMBER;
  const isOutsideWindow = draft.contactMode === 'CALL' && !isWithinCallingWindow(now, view.customer.timeZone);
  const needsOverride = isOutsideWindow || serverAskedOverride;

  const update = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setProblem(null);
    // An edit answers the server's field errors; the rules of the form apply again.
    if (mutation.isError) mutation.reset();
  };

  const amountRules: InputRule[] = [
    ...(needsAmount ? [{ kind: 'required' as const }] : []),
    { kind: 'amount' },
    { kind: 'maxLength', length: 15 },
  ];
  const dateRules: InputRule[] = [
    ...(needsDate ? [{ kind: 'required' as const }] : []),
    ...(businessDate ? [{ kind: 'dateMin' as const, min: businessDate }] : []),
  ];
  const overrideTrimmed = draft.callingWindowOverride.trim();
  const overrideError =
    needsOverride && showErrors
      ? overrideTrimmed === ''
        ? String(t('ValidationRequired'))
        : overrideTrimmed.length < OVERRIDE_MIN_LENGTH
          ? String(t('ValidationMinLength', { n: OVERRIDE_MIN_LENGTH }))
          : null
      : null;

  const validContacts = view.contacts.filter((contact) => contact.isValid);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const missing =
      draft.contactMode === '' ||
      draft.dispositionCode === '' ||
      (needsAmount && draft.actionAmount === '') ||
      (needsDate && draft.nextActionDate === '') ||
      (needsContact && draft.contactId === '') ||
      (needsOverride && overrideTrimmed === '');
    if (missing) {
      setProblem(String(t('PleaseFillMandatoryFields')));
      return;
    }
    if (needsOverride && overrideTrimmed.length < OVERRIDE_MIN_LENGTH) return;
    if (businessDate && draft.nextActionDate !== '' && draft.nextActionDate < businessDate) return;
    const candidate = {
      contactMode: draft.contactMode,
      dispositionCode: draft.dispositionCode,
      ...(draft.reminderMode ? { reminderMode: draft.reminderMode } : {}),
      ...(draft.personContacted.trim() ? { personContacted: draft.personContacted.trim() } : {}),
      ...(draft.contactId ? { contactId: Number(draft.contactId) } : {}),
      ...(draft.actionAmount ? { actionAmount: draft.actionAmount } : {}),
      ...(draft.nextActionDate ? { nextActionDate: draft.nextActionDate } : {}),
      ...(draft.nextActionTime ? { nextActionTime: draft.nextActionTime } : {}),
      ...(draft.remarks.trim() ? { remarks: draft.remarks.trim() } : {}),
      ...(draft.documentId ? { documentId: Number(draft.documentId) } : {}),
      ...(needsOverride ? { callingWindowOverride: overrideTrimmed } : {}),
    };
    const parsed = followUpInputSchema.safeParse(candidate);
    if (!parsed.success) {
      setProblem(String(t('PleaseFillMandatoryFields')));
      return;
    }
    mutation.mutate(parsed.data);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="follow-up-form-title">
      <form onSubmit={handleSubmit} noValidate data-testid="follow-up-form">
        <Stack gap="sm">
          <Title order={3} size="h4" id="follow-up-form-title">
            {String(t('RecordFollowUp'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SelectField
              label={String(t('ContactMode'))}
              name="contactMode"
              value={draft.contactMode}
              onChange={(contactMode) => update({ contactMode })}
              options={CONTACT_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
              isRequired
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <SelectField
              label={String(t('ReminderMode'))}
              name="reminderMode"
              value={draft.reminderMode}
              onChange={(reminderMode) => update({ reminderMode })}
              options={REMINDER_MODES.map((value) => ({ value, label: contactModeLabel(t, value) }))}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('PersonContacted'))}
              name="personContacted"
              value={draft.personContacted}
              onChange={(personContacted) => update({ personContacted })}
              rules={[{ kind: 'maxLength', length: 120 }]}
              serverErrors={serverErrors}
            />
            <SelectField
              label={String(t('ContactUsed'))}
              name="contactId"
              value={draft.contactId}
              onChange={(contactId) => update({ contactId })}
              options={validContacts.map((contact) => ({
                value: String(contact.id),
                label: `${contact.contactType}: ${contact.phone ?? contact.email ?? ''}`,
              }))}
              isRequired={needsContact}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <SelectField
              label={String(t('Disposition'))}
              name="dispositionCode"
              value={draft.dispositionCode}
              onChange={(dispositionCode) => update({ dispositionCode })}
              options={dispositions.map((item) => ({ value: item.code, label: `${item.code} – ${item.label}` }))}
              isRequired
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('ActionAmount'))}
              name="actionAmount"
              value={draft.actionAmount}
              onChange={(actionAmount) => update({ actionAmount })}
              rules={amountRules}
              inputMode="numeric"
              showErrors={showErrors}
              serverErrors={serverErrors}
              description={String(t('ActionAmountHint', { currency: view.account.currency }))}
            />
            <ValidatedTextInput
              label={String(t('NextActionDate'))}
              name="nextActionDate"
              type="date"
              value={draft.nextActionDate}
              onChange={(nextActionDate) => update({ nextActionDate })}
              rules={dateRules}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('NextActionTime'))}
              name="nextActionTime"
              type="time"
              value={draft.nextActionTime}
              onChange={(nextActionTime) => update({ nextActionTime })}
              serverErrors={serverErrors}
            />
            {view.documents && view.documents.length > 0 ? (
              <SelectField
                label={String(t('AttachDocument'))}
                name="documentId"
                value={draft.documentId}
                onChange={(documentId) => update({ documentId })}
                options={view.documents.map((document) => ({
                  value: String(document.id),
                  label: `${document.documentName} (${document.fileName})`,
                }))}
                serverErrors={serverErrors}
              />
            ) : null}
          </SimpleGrid>
          <Textarea
            label={String(t('Remarks'))}
            name="remarks"
            value={draft.remarks}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(event) => update({ remarks: event.currentTarget.value })}
            error={serverErrorFor(serverErrors, 'remarks', String(t('Remarks'))) ?? undefined}
          />
          {needsOverride ? (
            <Stack gap={6} data-testid="calling-window-override">
              <Alert color="blue" variant="outline" title={String(t('OutsideCallingWindowTitle'))}>
                <Text size="sm">{String(t('OutsideCallingWindowText', { timeZone: view.customer.timeZone }))}</Text>
              </Alert>
              <Textarea
                label={String(t('CallingWindowOverride'))}
                name="callingWindowOverride"
                id="field-callingWindowOverride"
                value={draft.callingWindowOverride}
                required
                maxLength={500}
                autosize
                minRows={2}
                onChange={(event) => update({ callingWindowOverride: event.currentTarget.value })}
                error={serverErrorFor(serverErrors, 'callingWindowOverride', '') ?? overrideError ?? undefined}
              />
            </Stack>
          ) : null}
          {problem ? (
            <Alert color="red" variant="outline" role="alert">
              {problem}
            </Alert>
          ) : null}
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
            <Button type="submit" loading={mutation.isPending}>
              {String(t('SaveFollowUp'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
