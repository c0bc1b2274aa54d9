import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
import { fieldErrorsOf } from '../../../components/form/server-errors.ts';
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
  const [caseType, setCaseType] = useState('');
  const [remarks, setRemarks] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const mutation = useMutation({ mutationFn: initiateLegalCases, onSuccess: onDone });
  const isMissing = showErrors && caseType === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (caseType === '' || remarks.trim().length > MAX_REMARKS) return;
    mutation.mutate({ accountIds, caseType, ...(remarks.trim() ? { remarks: remarks.trim() } : {}) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="initiate-form">
      <Stack gap="sm">
        <SelectField
          label={String(t('PoolCaseType'))}
          name="caseType"
          value={caseType}
          onChange={setCaseType}
          options={caseTypeOptions(t)}
          isRequired
          showErrors={showErrors}
          serverErrors={fieldErrorsOf(mutation.error)}
          disabled={isDisabled}
          autoFocus={autoFocus}
        />
        <Textarea
          label={String(t('Remarks'))}
          name="remarks"
          value={remarks}
          maxLength={MAX_REMARKS}
          autosize
          minRows={2}
          disabled={isDisabled}
          onChange={(event) => setRemarks(event.currentTarget.value)}
        />
        {isMissing ? (
          <Text size="sm" c="red.9" role="alert" data-testid="initiate-missing">
            {String(t('PleaseFillMandatoryFields'))}
          </Text>
        ) : null}
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
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={isDisabled}
            aria-describedby={isDisabled ? disabledReasonId : undefined}
          >
            {String(t('PoolInitiateLegal'))}
          </Button>
        </Group>
      </Stack>
    </form>
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
  const [remarks, setRemarks] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const mutation = useMutation({ mutationFn: declinePoolAccounts, onSuccess: onDone });
  const remarksError =
    showErrors && remarks.trim() === ''
      ? String(t('ValidationRequired'))
      : (fieldErrorsOf(mutation.error).find((field) => field.field === 'remarks')?.message ?? undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (remarks.trim() === '') return;
    mutation.mutate({ accountIds, remarks: remarks.trim() });
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="decline-form">
      <Stack gap="sm">
        <Textarea
          label={String(t('Remarks'))}
          name="declineRemarks"
          description={String(t('PoolDeclineHint'))}
          value={remarks}
          required
          maxLength={MAX_REMARKS}
          autosize
          minRows={2}
          disabled={isDisabled}
          error={remarksError}
          data-autofocus={autoFocus || undefined}
          onChange={(event) => setRemarks(event.currentTarget.value)}
        />
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
          <Button
            type="submit"
            color="red.9"
            variant="outline"
            loading={mutation.isPending}
            disabled={isDisabled}
            aria-describedby={isDisabled ? disabledReasonId : undefined}
          >
            {String(t('PoolNotFitForLegal'))}
          </Button>
        </Group>
      </Stack>
    </form>
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
