import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { initiateInputSchema, poolDeclineInputSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  ZodForm,
  useZodForm,
} from '../../../components/form/index.ts';
import { declinePoolAccounts, initiateLegalCases, type InitiateReply } from '../api/legal-api.ts';
import { describeLegalError } from '../api/describe-legal-error.ts';
import { caseTypeOptions } from '../labels.ts';

const MAX_REMARKS = 1000;

/** "Legal cases created: LC-…, LC-…" for the toast after an initiation. */
export function casesCreatedMessage(t: TFunction, reply: InitiateReply): string {
  const caseNos = reply.cases.map((item) => item.caseNo).join(', ');
  return String(t('PoolCasesCreated', { count: reply.cases.length, caseNos }));
}

type FormProps<Reply> = {
  accountIds: number[];
  onDone: (reply: Reply) => void;
  onCancel?: () => void;
  /** the form cannot be sent (an ineligible account); the id of the text saying why */
  disabledReasonId?: string;
  isDisabled?: boolean;
  autoFocus?: boolean;
};

/** Initiate Legal: the case type (LEGAL_CASE_TYPES) and optional remarks → one case per account, at INITIATE. */
export function InitiateForm({
  accountIds,
  onDone,
  onCancel,
  disabledReasonId,
  isDisabled = false,
  autoFocus = false,
}: FormProps<InitiateReply>) {
  const { t } = useTranslation();
  const form = useZodForm(initiateInputSchema, { accountIds, caseType: undefined, remarks: '' });
  const mutation = useMutation({ mutationFn: initiateLegalCases, onSuccess: onDone });

  return (
    <ZodForm
      form={form}
      onSubmit={(input) => mutation.mutateAsync({ ...input, accountIds })}
      data-testid="initiate-form"
    >
      <Stack gap="sm">
        <SelectField
          label={String(t('PoolCaseType'))}
          name="caseType"
          options={caseTypeOptions(t)}
          disabled={isDisabled}
          autoFocus={autoFocus}
        />
        <TextareaField label={String(t('Remarks'))} name="remarks" maxLength={MAX_REMARKS} disabled={isDisabled} />
        <FormErrors testId="initiate-missing" />
        {mutation.isError ? (
          <Alert color="red" variant="outline" role="alert" data-testid="initiate-error">
            {describeLegalError(t, mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {String(t('Cancel'))}
            </Button>
          ) : null}
          <SubmitButton disabled={isDisabled} aria-describedby={isDisabled ? disabledReasonId : undefined}>
            {String(t('PoolInitiateLegal'))}
          </SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}

/** Not fit for legal: remarks are required; the accounts leave the pool for the review cool-off. */
export function DeclineForm({
  accountIds,
  onDone,
  onCancel,
  disabledReasonId,
  isDisabled = false,
  autoFocus = false,
}: FormProps<unknown>) {
  const { t } = useTranslation();
  const form = useZodForm(poolDeclineInputSchema, { accountIds, remarks: '' });
  const mutation = useMutation({ mutationFn: declinePoolAccounts, onSuccess: onDone });

  return (
    <ZodForm
      form={form}
      onSubmit={(input) => mutation.mutateAsync({ ...input, accountIds })}
      data-testid="decline-form"
    >
      <Stack gap="sm">
        <TextareaField
          label={String(t('Remarks'))}
          name="remarks"
          description={String(t('PoolDeclineHint'))}
          maxLength={MAX_REMARKS}
          disabled={isDisabled}
          autoFocus={autoFocus}
        />
        <FormErrors />
        {mutation.isError ? (
          <Alert color="red" variant="outline" role="alert" data-testid="decline-error">
            {describeLegalError(t, mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {String(t('Cancel'))}
            </Button>
          ) : null}
          <SubmitButton
            color="red.9"
            variant="outline"
            disabled={isDisabled}
            aria-describedby={isDisabled ? disabledReasonId : undefined}
          >
            {String(t('PoolNotFitForLegal'))}
          </SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}

export function InitiateDialog({
  accountIds,
  onDone,
  onClose,
}: {
  accountIds: number[];
  onDone: (reply: InitiateReply) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('PoolInitiateLegal'))}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <Stack gap="sm">
        <Text size="sm">{String(t('PoolInitiateSummary', { count: accountIds.length }))}</Text>
        <InitiateForm accountIds={accountIds} onDone={onDone} onCancel={onClose} autoFocus />
      </Stack>
    </Modal>
  );
}

export function DeclineDialog({
  accountIds,
  onDone,
  onClose,
}: {
  accountIds: number[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={String(t('PoolNotFitForLegal'))}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <Stack gap="sm">
        <Text size="sm">{String(t('PoolDeclineSummary', { count: accountIds.length }))}</Text>
        <DeclineForm accountIds={accountIds} onDone={onDone} onCancel={onClose} autoFocus />
      </Stack>
    </Modal>
  );
}
