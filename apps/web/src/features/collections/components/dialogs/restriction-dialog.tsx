import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { HOLD_REASONS, restrictionInputSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/select-field.tsx';
import type { RestrictionKind } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { holdReasonLabel } from '../../labels.ts';

export type RestrictionDialogProps = {
  kind: RestrictionKind;
  action: 'START' | 'END';
  subject: string;
  onSubmit: (input: { action: 'START' | 'END'; reason: string; remarks?: string }) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
};

/**
 * Start or end an allocation hold or an activity suppression. Both are immutable actions with a reason: a hold
 * starts with one of the hold reasons (complaint pending, dispute, …); ends and suppressions take a free reason.
 */
export function RestrictionDialog({ kind, action, subject, onSubmit, onDone, onClose }: RestrictionDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const mutation = useMutation({ mutationFn: onSubmit, onSuccess: onDone });
  const usesReasonList = kind === 'holds' && action === 'START';
  const titleKey =
    kind === 'holds'
      ? action === 'START'
        ? 'StartHold'
        : 'EndHold'
      : action === 'START'
        ? 'StartSuppression'
        : 'RemoveSuppression';

  const parsed = restrictionInputSchema.safeParse({
    action,
    reason,
    ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
  });
  const reasonIssue = parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === 'reason');
  const remarksIssue = parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === 'remarks');
  const reasonError =
    showErrors && reasonIssue
      ? reason.trim() === ''
        ? String(t('ValidationRequired'))
        : reason.trim().length < 3
          ? String(t('ValidationMinLength', { n: 3 }))
          : String(t('ValidationMaxLength', { n: 200 }))
      : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (parsed.success) mutation.mutate(parsed.data);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
      title={String(t(titleKey))}
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{subject}</Text>
          {usesReasonList ? (
            <SelectField
              label={String(t('Reason'))}
              name="reason"
              value={reason}
              onChange={setReason}
              options={HOLD_REASONS.map((value) => ({ value, label: holdReasonLabel(t, value) }))}
              isRequired
              showErrors={showErrors}
              autoFocus
            />
          ) : (
            <TextInput
              label={String(t('Reason'))}
              value={reason}
              required
              maxLength={200}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError ?? undefined}
              data-autofocus
            />
          )}
          <Textarea
            label={String(t('Remarks'))}
            value={remarks}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(event) => setRemarks(event.currentTarget.value)}
            error={showErrors && remarksIssue ? String(t('ValidationMaxLength', { n: 500 })) : undefined}
          />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {String(t(titleKey))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
