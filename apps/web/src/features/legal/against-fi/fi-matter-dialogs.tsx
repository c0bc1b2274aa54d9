import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { ValidatedTextInput } from '../../../components/validated-text-input.tsx';
import { fieldErrorsOf } from '../../../components/form/server-errors.ts';
import { useSession } from '../../../lib/session-store.ts';
import {
  createFiMatter,
  updateFiMatter,
  type FiMatterInput,
  type FiMatterRow,
  type FiMatterUpdate,
} from '../api/legal-api.ts';
import { describeLegalError, isStaleVersion } from '../api/describe-legal-error.ts';
import { todayIso } from '../components/screen-helpers.ts';
import { fiStatusLabel, forumOptions } from '../labels.ts';

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type MatterDraft = {
  petitionerName: string;
  accountNo: string;
  forum: string;
  court: string;
  caseNumber: string;
  filedOn: string;
  claimAmount: string;
  currency: 'INR' | 'USD';
  subject: string;
  nextHearingDate: string;
  advocateName: string;
};

const EMPTY_MATTER: MatterDraft = {
  petitionerName: '',
  accountNo: '',
  forum: '',
  court: '',
  caseNumber: '',
  filedOn: '',
  claimAmount: '',
  currency: 'INR',
  subject: '',
  nextHearingDate: '',
  advocateName: '',
};

/** The body of POST /against-fi for a draft, or null when a required field is missing or a value is malformed. */
export function matterInputOf(draft: MatterDraft, today: string): FiMatterInput | null {
  const text = (value: string) => value.trim();
  const optional = (value: string) => (text(value) === '' ? undefined : text(value));
  if (text(draft.petitionerName) === '' || draft.forum === '' || draft.filedOn === '' || text(draft.subject) === '')
    return null;
  if (!ISO_DATE.test(draft.filedOn) || draft.filedOn > today) return null;
  if (text(draft.claimAmount) !== '' && !AMOUNT.test(text(draft.claimAmount))) return null;
  if (draft.nextHearingDate !== '' && !ISO_DATE.test(draft.nextHearingDate)) return null;
  const input: FiMatterInput = {
    petitionerName: text(draft.petitionerName),
    forum: draft.forum,
    filedOn: draft.filedOn,
    currency: draft.currency,
    subject: text(draft.subject),
  };
  const extras: Partial<FiMatterInput> = {
    accountNo: optional(draft.accountNo),
    court: optional(draft.court),
    caseNumber: optional(draft.caseNumber),
    claimAmount: optional(draft.claimAmount),
    nextHearingDate: optional(draft.nextHearingDate),
    advocateName: optional(draft.advocateName),
  };
  for (const [key, value] of Object.entries(extras)) if (value !== undefined) Object.assign(input, { [key]: value });
  return input;
}

/** Add matter: a case filed against the lender (consumer commission, ombudsman, court, police complaint, …). */
export function AddMatterDialog({
  onDone,
  onClose,
}: {
  onDone: (row: FiMatterRow | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const businessDate = useSession((session) => session.businessDate);
  const today = businessDate ?? todayIso();
  const [draft, setDraft] = useState<MatterDraft>(EMPTY_MATTER);
  const [showErrors, setShowErrors] = useState(false);
  const [isIncomplete, setIsIncomplete] = useState(false);
  const mutation = useMutation({ mutationFn: createFiMatter, onSuccess: onDone });
  const serverErrors = fieldErrorsOf(mutation.error);
  const update = (patch: Partial<MatterDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setIsIncomplete(false);
  };
  const amountError =
    showErrors && draft.claimAmount.trim() !== '' && !AMOUNT.test(draft.claimAmount.trim())
      ? String(t('LegalAmountFormat'))
      : serverErrors.find((error) => error.field === 'claimAmount')?.message;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const input = matterInputOf(draft, today);
    if (!input) {
      setIsIncomplete(true);
      return;
    }
    mutation.mutate(input);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('FiAddMatter'))}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="fi-add-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ValidatedTextInput
              label={String(t('FiPetitionerName'))}
              name="petitionerName"
              value={draft.petitionerName}
              onChange={(petitionerName) => update({ petitionerName })}
              rules={[{ kind: 'required' }, { kind: 'maxLength', length: 120 }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
              autoFocus
            />
            <ValidatedTextInput
              label={String(t('FiAccountNo'))}
              name="accountNo"
              value={draft.accountNo}
              onChange={(accountNo) => update({ accountNo })}
              rules={[{ kind: 'maxLength', length: 30 }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
              description={String(t('FiOptional'))}
            />
            <SelectField
              label={String(t('FiForum'))}
              name="forum"
              value={draft.forum}
              onChange={(forum) => update({ forum })}
              options={forumOptions(t)}
              isRequired
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('FiCourt'))}
              name="court"
              value={draft.court}
              onChange={(court) => update({ court })}
              rules={[{ kind: 'maxLength', length: 120 }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('FiCaseNumber'))}
              name="caseNumber"
              value={draft.caseNumber}
              onChange={(caseNumber) => update({ caseNumber })}
              rules={[{ kind: 'maxLength', length: 40 }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('FiFiledOn'))}
              name="filedOn"
              type="date"
              value={draft.filedOn}
              onChange={(filedOn) => update({ filedOn })}
              rules={[{ kind: 'required' }, { kind: 'dateMax', max: today }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <TextInput
              id="field-claimAmount"
              name="claimAmount"
              label={String(t('FiClaimAmount'))}
              description={String(t('LegalAmountHint'))}
              value={draft.claimAmount}
              inputMode="decimal"
              maxLength={18}
              error={amountError}
              onChange={(event) => update({ claimAmount: event.currentTarget.value })}
            />
            <NativeSelect
              id="field-currency"
              label={String(t('Currency'))}
              value={draft.currency}
              onChange={(event) => update({ currency: event.currentTarget.value === 'USD' ? 'USD' : 'INR' })}
              data={[
                { value: 'INR', label: 'INR (₹)' },
                { value: 'USD', label: 'USD ($)' },
              ]}
            />
            <ValidatedTextInput
              label={String(t('FiNextHearingDate'))}
              name="nextHearingDate"
              type="date"
              value={draft.nextHearingDate}
              onChange={(nextHearingDate) => update({ nextHearingDate })}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
            <ValidatedTextInput
              label={String(t('FiAdvocate'))}
              name="advocateName"
              value={draft.advocateName}
              onChange={(advocateName) => update({ advocateName })}
              rules={[{ kind: 'maxLength', length: 100 }]}
              showErrors={showErrors}
              serverErrors={serverErrors}
            />
          </SimpleGrid>
          <Textarea
            id="field-subject"
            name="subject"
            label={String(t('FiSubject'))}
            value={draft.subject}
            required
            maxLength={1000}
            autosize
            minRows={3}
            error={
              showErrors && draft.subject.trim() === ''
                ? String(t('ValidationRequired'))
                : serverErrors.find((error) => error.field === 'subject')?.message
            }
            onChange={(event) => update({ subject: event.currentTarget.value })}
          />
          {isIncomplete ? (
            <Text size="sm" c="red.9" role="alert" data-testid="fi-add-incomplete">
              {String(t('PleaseFillMandatoryFields'))}
            </Text>
          ) : null}
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeLegalError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {String(t('FiAddMatter'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Update a matter: next hearing, advocate, status; a disposed matter needs its outcome. Sent with the row version. */
export function UpdateMatterDialog({
  matter,
  onDone,
  onClose,
}: {
  matter: FiMatterRow;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [nextHearingDate, setNextHearingDate] = useState(matter.nextHearingDate ?? '');
  const [advocateName, setAdvocateName] = useState(matter.advocateName ?? '');
  const [status, setStatus] = useState<'OPEN' | 'DISPOSED'>(matter.status);
  const [outcome, setOutcome] = useState(matter.outcome ?? '');
  const [remarks, setRemarks] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: FiMatterUpdate) => updateFiMatter(matter.matterId, input),
    onSuccess: onDone,
    // Someone else changed the matter: the list reloads so the next attempt starts from the latest version.
    onError: (error) => {
      if (isStaleVersion(error)) void queryClient.invalidateQueries({ queryKey: ['legal', 'against-fi'] });
    },
  });
  const serverErrors = fieldErrorsOf(mutation.error);
  const needsOutcome = status === 'DISPOSED' && outcome.trim() === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (needsOutcome) return;
    const input: FiMatterUpdate = { version: matter.version, status };
    if (nextHearingDate !== (matter.nextHearingDate ?? '')) input.nextHearingDate = nextHearingDate || null;
    if (advocateName.trim() !== (matter.advocateName ?? '')) input.advocateName = advocateName.trim();
    if (outcome.trim() !== '') input.outcome = outcome.trim();
    if (remarks.trim() !== '') input.remarks = remarks.trim();
    mutation.mutate(input);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('FiUpdateTitle', { matterNo: matter.matterNo }))}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="fi-update-form">
        <Stack gap="sm">
          <Text size="sm">
            {matter.petitionerName} · {matter.subject}
          </Text>
          <ValidatedTextInput
            label={String(t('FiNextHearingDate'))}
            name="nextHearingDate"
            type="date"
            value={nextHearingDate}
            onChange={setNextHearingDate}
            serverErrors={serverErrors}
            autoFocus
          />
          <ValidatedTextInput
            label={String(t('FiAdvocate'))}
            name="advocateName"
            value={advocateName}
            onChange={setAdvocateName}
            rules={[{ kind: 'maxLength', length: 100 }]}
            showErrors={showErrors}
            serverErrors={serverErrors}
          />
          <NativeSelect
            id="field-status"
            label={String(t('Status'))}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value === 'DISPOSED' ? 'DISPOSED' : 'OPEN')}
            data={[
              { value: 'OPEN', label: fiStatusLabel(t, 'OPEN') },
              { value: 'DISPOSED', label: fiStatusLabel(t, 'DISPOSED') },
            ]}
          />
          <Textarea
            id="field-outcome"
            name="outcome"
            label={String(t('FiOutcome'))}
            description={String(t('FiOutcomeHint'))}
            value={outcome}
            required={status === 'DISPOSED'}
            maxLength={500}
            autosize
            minRows={2}
            error={
              showErrors && needsOutcome
                ? String(t('FiOutcomeRequired'))
                : serverErrors.find((error) => error.field === 'outcome')?.message
            }
            onChange={(event) => setOutcome(event.currentTarget.value)}
          />
          <Textarea
            id="field-fi-remarks"
            name="remarks"
            label={String(t('Remarks'))}
            value={remarks}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(event) => setRemarks(event.currentTarget.value)}
          />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert" data-testid="fi-update-error">
              {describeLegalError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {String(t('FiSaveUpdate'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
