import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { decisionInputSchemas } from '@recovery-desk/domain/collections/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SubmitButton, TextareaField, ZodForm, useZodForm } from '../../../../components/form/index.ts';
import type { Decision, DecisionInput } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';

export type DecisionDialogProps = {
  decision: Decision;
  /** what is being decided, e.g. "Re-allocation request #12" */
  subject: string;
  version: number;
  onSubmit: (input: DecisionInput) => Promise<unknown>;
  onDone: (decision: Decision) => void;
  onClose: () => void;
};

/**
 * Approve (remarks optional) or reject (remarks required) a maker-checker decision: re-allocation, PTP deviation,
 * escalation. The domain's decision schemas say which.
 */
export function DecisionDialog({ decision, subject, version, onSubmit, onDone, onClose }: DecisionDialogProps) {
  const { t } = useTranslation();
  const form = useZodForm(decisionInputSchemas[decision], { version, remarks: '' });
  const mutation = useMutation({ mutationFn: onSubmit, onSuccess: () => onDone(decision) });
  const title = String(t(decision === 'approve' ? 'ApproveTitle' : 'RejectTitle', { subject }));

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': String(t('Close')) }} title={title} centered>
      <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input)}>
        <Stack gap="sm">
          <Text size="sm">{String(t(decision === 'approve' ? 'ApproveQuestion' : 'RejectQuestion'))}</Text>
          <TextareaField name="remarks" label={String(t('Remarks'))} maxLength={500} autoFocus />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton color={decision === 'approve' ? 'green.9' : 'red.9'}>
              {String(t(decision === 'approve' ? 'Approve' : 'Reject'))}
            </SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
