import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { fiMatterInputSchema, fiMatterUpdateSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  AmountField,
  DateField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../../components/form/index.ts';
import { useSession } from '../../../lib/session-store.ts';
import { createFiMatter, updateFiMatter, type FiMatterRow, type FiMatterUpdate } from '../api/legal-api.ts';
import { describeLegalError, isStaleVersion } from '../api/describe-legal-error.ts';
import { todayIso } from '../components/screen-helpers.ts';
import { fiStatusLabel, forumOptions } from '../labels.ts';

const EMPTY_MATTER = {
  petitionerName: '',
  accountNo: '',
  forum: undefined,
  court: '',
  caseNumber: '',
  filedOn: '',
  claimAmount: '',
  currency: 'INR' as const,
  subject: '',
  nextHearingDate: '',
  advocateName: '',
};

const CURRENCY_OPTIONS = [
  { value: 'INR', label: 'INR (₹)' },
  { value: 'USD', label: 'USD ($)' },
];

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
  const form = useZodForm(fiMatterInputSchema, EMPTY_MATTER);
  const currency = form.watch('currency') ?? 'INR';
  const mutation = useMutation({ mutationFn: createFiMatter, onSuccess: onDone });

  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('FiAddMatter'))}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input)} data-testid="fi-add-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              label={String(t('FiPetitionerName'))}
              name="petitionerName"
              rules={[{ kind: 'maxLength', length: 120 }]}
              autoFocus
            />
            <TextField
              label={String(t('FiAccountNo'))}
              name="accountNo"
              rules={[{ kind: 'maxLength', length: 30 }]}
              description={String(t('FiOptional'))}
            />
            <SelectField label={String(t('FiForum'))} name="forum" options={forumOptions(t)} />
            <TextField label={String(t('FiCourt'))} name="court" rules={[{ kind: 'maxLength', length: 120 }]} />
            <TextField
              label={String(t('FiCaseNumber'))}
              name="caseNumber"
              rules={[{ kind: 'maxLength', length: 40 }]}
            />
            <DateField label={String(t('FiFiledOn'))} name="filedOn" rules={[{ kind: 'dateMax', max: today }]} />
            <AmountField
              label={String(t('FiClaimAmount'))}
              name="claimAmount"
              currency={currency}
              description={String(t('LegalAmountHint'))}
            />
            <SelectField label={String(t('Currency'))} name="currency" options={CURRENCY_OPTIONS} />
            <DateField label={String(t('FiNextHearingDate'))} name="nextHearingDate" />
            <TextField
              label={String(t('FiAdvocate'))}
              name="advocateName"
              rules={[{ kind: 'maxLength', length: 100 }]}
            />
          </SimpleGrid>
          <TextareaField label={String(t('FiSubject'))} name="subject" maxLength={1000} minRows={3} />
          <FormErrors testId="fi-add-incomplete" />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeLegalError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton>{String(t('FiAddMatter'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

type MatterUpdateForm = z.output<typeof fiMatterUpdateSchema>;

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
  const form = useZodForm(fiMatterUpdateSchema, {
    version: matter.version,
    nextHearingDate: matter.nextHearingDate ?? '',
    advocateName: matter.advocateName ?? '',
    status: matter.status,
    outcome: matter.outcome ?? '',
    remarks: '',
  });
  const status = form.watch('status');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: FiMatterUpdate) => updateFiMatter(matter.matterId, input),
    onSuccess: onDone,
    // Someone else changed the matter: the list reloads so the next attempt starts from the latest version.
    onError: (error) => {
      if (isStaleVersion(error)) void queryClient.invalidateQueries({ queryKey: ['legal', 'against-fi'] });
    },
  });

  // Sent: the status, and what changed (a cleared hearing date as null), with the row version.
  const submit = async (values: MatterUpdateForm) => {
    const outcome = values.outcome ?? '';
    const input: FiMatterUpdate = { version: matter.version, status: values.status ?? matter.status };
    const hearing = values.nextHearingDate ?? '';
    if (hearing !== (matter.nextHearingDate ?? '')) input.nextHearingDate = hearing || null;
    const advocate = values.advocateName ?? '';
    if (advocate !== (matter.advocateName ?? '')) input.advocateName = advocate;
    if (outcome !== '') input.outcome = outcome;
    if (values.remarks) input.remarks = values.remarks;
    await mutation.mutateAsync(input);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('FiUpdateTitle', { matterNo: matter.matterNo }))}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={submit} data-testid="fi-update-form">
        <Stack gap="sm">
          <Text size="sm">
            {matter.petitionerName} · {matter.subject}
          </Text>
          <DateField label={String(t('FiNextHearingDate'))} name="nextHearingDate" autoFocus />
          <TextField label={String(t('FiAdvocate'))} name="advocateName" rules={[{ kind: 'maxLength', length: 100 }]} />
          <SelectField
            label={String(t('Status'))}
            name="status"
            required={false}
            options={[
              { value: 'OPEN', label: fiStatusLabel(t, 'OPEN') },
              { value: 'DISPOSED', label: fiStatusLabel(t, 'DISPOSED') },
            ]}
          />
          <TextareaField
            label={String(t('FiOutcome'))}
            name="outcome"
            description={String(t('FiOutcomeHint'))}
            required={status === 'DISPOSED'} /* a disposed matter needs its outcome (the server says so too) */
            maxLength={500}
          />
          <TextareaField label={String(t('Remarks'))} name="remarks" maxLength={1000} />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert" data-testid="fi-update-error">
              {describeLegalError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton>{String(t('FiSaveUpdate'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
