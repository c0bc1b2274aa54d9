import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { HOLD_REASONS, restrictionInputSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../../../components/form/index.ts';
import type { RestrictionKind } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { holdReasonLabel } from '../../labels.ts';
import { useSession } from '../../../../lib/session-store.ts';

export type RestrictionDialogProps = {
  kind: RestrictionKind;
  action: 'START' | 'END';
  subject: string;
  onSubmit: (input: {
    action: 'START' | 'END';
    reason: string;
    remarks?: string;
    expiresOn?: string;
  }) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
};

/**
 * Start or end an allocation hold or an activity suppression. Both are immutable actions with a reason: a hold
 * starts with one of the hold reasons (complaint pending, dispute, …); ends and suppressions take a free reason. A
 * start may end by itself: an optional date after the business date, on which day start ends it.
 */
export function RestrictionDialog({ kind, action, subject, onSubmit, onDone, onClose }: RestrictionDialogProps) {
  const { t } = useTranslation();
  const businessDate = useSession((session) => session.businessDate);
  const form = useZodForm(restrictionInputSchema, { action, reason: '', remarks: '' });
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

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
      title={String(t(titleKey))}
      centered
    >
      <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input)}>
        <Stack gap="sm">
          <Text size="sm">{subject}</Text>
          {usesReasonList ? (
            <SelectField
              label={String(t('Reason'))}
              name="reason"
              options={HOLD_REASONS.map((value) => ({ value, label: holdReasonLabel(t, value) }))}
              autoFocus
            />
          ) : (
            <TextField
              label={String(t('Reason'))}
              name="reason"
              rules={[{ kind: 'maxLength', length: 200 }]}
              autoFocus
            />
          )}
          <TextareaField name="remarks" label={String(t('Remarks'))} maxLength={500} />
          {action === 'START' ? (
            <DateField
              name="expiresOn"
              label={String(t('RestrictionEndsOn'))}
              description={String(t('RestrictionEndsOnHelp'))}
              rules={businessDate ? [{ kind: 'dateMin', min: businessDate }] : []}
            />
          ) : null}
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton>{String(t(titleKey))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
