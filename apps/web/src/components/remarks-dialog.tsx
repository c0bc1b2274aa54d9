import { Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { remarksSchemaFor } from '@recovery-desk/domain/remarks.ts';
import { FormErrors, SubmitButton, TextareaField, useZodForm, ZodForm } from './form/index.ts';
import { addToast } from '../lib/toast-store.ts';

/**
 * One step that says why: a dialog with a remarks box (required when `rule` is a rejection or pushback, as the
 * server's remarks rule says) and one button. Approval decisions, withdrawals and simple requests all take this shape;
 * the caller gives the call, the words and what to refresh.
 */
export function RemarksDialog({
  title,
  remarksLabel,
  rule,
  submitLabel,
  danger = false,
  testId,
  before,
  send,
  done,
  onClose,
}: {
  title: string;
  remarksLabel: string;
  /** the remarks rule of the step: 'approve' (optional) or 'reject' / 'pushback' (required) */
  rule: Parameters<typeof remarksSchemaFor>[0];
  submitLabel: string;
  /** a step that undoes or refuses something: the button in red */
  danger?: boolean;
  testId: string;
  /** shown above the remarks (e.g. the checker's remarks on a pushed-back request) */
  before?: ReactNode;
  send: (remarks: string | undefined) => Promise<unknown>;
  /** the success toast and the queries the step changes */
  done: { message: string; from: string; invalidate: QueryKey };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(z.strictObject({ remarks: remarksSchemaFor(rule) }), { remarks: '' });
  const submit = useMutation({
    mutationFn: send,
    onSuccess: () => {
      addToast({ title: String(t('Done')), message: done.message, type: 'success', from: done.from });
      void queryClient.invalidateQueries({ queryKey: done.invalidate });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} centered title={title} closeButtonProps={{ 'aria-label': String(t('Close')) }}>
      <ZodForm form={form} onSubmit={(input) => submit.mutateAsync(input.remarks || undefined)} data-testid={testId}>
        <Stack gap="sm">
          {before}
          <TextareaField name="remarks" label={remarksLabel} maxLength={500} autoFocus />
          <FormErrors />
          <div>
            <SubmitButton color={danger ? 'red.9' : undefined}>{submitLabel}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
