import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  approveReceiptSchema,
  CANCEL_REASONS,
  rejectReceiptSchema,
  requestCancellationSchema,
  type ReceiptRow,
} from '@recovery-desk/domain/receipts/contracts.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField, SubmitButton, TextareaField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { describeError } from '../../lib/describe-error.ts';
import { addToast } from '../../lib/toast-store.ts';
import { decideReceipt, receiptKeys } from './api/receipts-api.ts';
import { codeLabel } from './labels.ts';

export type ReceiptAction = 'verify' | 'reject' | 'cancellation' | 'cancellation/approve' | 'cancellation/reject';

const TITLE_KEYS = {
  verify: 'ReceiptVerify',
  reject: 'ReceiptRejectTitle',
  cancellation: 'ReceiptRequestCancelTitle',
  'cancellation/approve': 'Approve',
  'cancellation/reject': 'ReceiptCancelRejectTitle',
} as const;
const DONE_KEYS = {
  verify: 'ReceiptVerified',
  reject: 'ReceiptRejected',
  cancellation: 'ReceiptCancelRequested',
  'cancellation/approve': 'ReceiptCancelApproved',
  'cancellation/reject': 'ReceiptCancelRejected',
} as const;
const FROM = 'receipts';

function schemaOf(action: ReceiptAction) {
  if (action === 'cancellation') return requestCancellationSchema;
  return action === 'reject' || action === 'cancellation/reject' ? rejectReceiptSchema : approveReceiptSchema;
}

/**
 * One dialog for every receipt decision: verify or approve (remarks optional), reject (remarks required, through
 * the domain's rule), and the cancellation request (reason and remarks). The server decides through the approval kit.
 */
export function ReceiptDecisionDialog({
  action,
  receipt,
  onClose,
}: {
  action: ReceiptAction;
  receipt: ReceiptRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(schemaOf(action), { version: receipt.version, remarks: '' } as never);
  const mutation = useMutation({
    mutationFn: (input: { version: number; remarks?: string | undefined; reason?: string }) =>
      decideReceipt(receipt.id, { kind: action, ...input } as Parameters<typeof decideReceipt>[1]),
    onSuccess: () => {
      addToast({
        title: String(t(DONE_KEYS[action], { receiptNo: receipt.receiptNo })),
        message: '',
        type: 'success',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all() });
      onClose();
    },
  });
  const approving = action === 'verify' || action === 'cancellation/approve';
  const title = String(t(TITLE_KEYS[action], { receiptNo: receipt.receiptNo }));
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': String(t('Close')) }} title={title} centered>
      <ZodForm form={form} onSubmit={(input) => mutation.mutateAsync(input as never)}>
        <Stack gap="sm">
          <Text size="sm">
            {receipt.receiptNo} · {receipt.accountNo} · {receipt.customerName}
          </Text>
          {action === 'cancellation' ? (
            <SelectField
              name="reason"
              label={String(t('ReceiptCancelReason'))}
              options={CANCEL_REASONS.map((reason) => ({ value: reason, label: codeLabel(t, 'cancelReason', reason) }))}
              autoFocus
            />
          ) : null}
          <TextareaField
            name="remarks"
            label={String(t('Remarks'))}
            maxLength={500}
            autoFocus={action !== 'cancellation'}
          />
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(mutation.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton color={approving ? 'green.9' : action === 'cancellation' ? undefined : 'red.9'}>
              {String(
                t(
                  action === 'verify'
                    ? 'ReceiptVerify'
                    : action === 'cancellation'
                      ? 'ReceiptRequestCancel'
                      : approving
                        ? 'Approve'
                        : 'Reject',
                ),
              )}
            </SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
