import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { decisionInputSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Approve or reject with optional remarks (maker-checker decisions: re-allocation, PTP deviation, escalation). */
export function DecisionDialog({ decision, subject, version, onSubmit, onDone, onClose }: DecisionDialogProps) {
  const { t } = useTranslation();
  const [remarks, setRemarks] = useState('');
  const [remarksError, setRemarksError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: onSubmit, onSuccess: () => onDone(decision) });
  const title = String(t(decision === 'approve' ? 'ApproveTitle' : 'RejectTitle', { subject }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = decisionInputSchema.safeParse({ version, ...(remarks.trim() ? { remarks: remarks.trim() } : {}) });
    if (!parsed.success) {
      setRemarksError(String(t('ValidationMaxLength', { n: 500 })));
      return;
    }
    mutation.mutate(parsed.data);
  };

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': String(t('Close')) }} title={title} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{String(t(decision === 'approve' ? 'ApproveQuestion' : 'RejectQuestion'))}</Text>
          <Textarea
            label={String(t('Remarks'))}
            value={remarks}
            onChange={(event) => {
              setRemarks(event.currentTarget.value);
              setRemarksError(null);
            }}
            maxLength={500}
            autosize
            minRows={2}
            error={remarksError ?? undefined}
            data-autofocus
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
            <Button type="submit" color={decision === 'approve' ? 'green.9' : 'red.9'} loading={mutation.isPending}>
              {String(t(decision === 'approve' ? 'Approve' : 'Reject'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
