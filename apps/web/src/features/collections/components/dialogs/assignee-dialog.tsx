import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField, SubmitButton, TextareaField, ZodForm, useZodForm } from '../../../../components/form/index.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { fetchAssignees, type Assignee } from '../../api/collections-api.ts';
import { collectionsKeys } from '../../api/query-keys.ts';
import { describeError } from '../../api/describe-error.ts';

export type AssigneeChoice = { assignee: Assignee; reason: string };

export type AssigneeDialogProps = {
  title: string;
  /** one line on what happens, e.g. "3 accounts selected" */
  summary: string;
  trayKey: TrayKey;
  /** the accounts being moved: the picker offers only assignees who work every one of them */
  accountIds: readonly number[];
  allowAgency: boolean;
  /** the free-text field: a reason (allocation, re-allocation) or remarks (escalation); none for referrals */
  note: { label: string; isRequired: boolean; minLength: number; maxLength: number } | null;
  submitLabel: string;
  onSubmit: (choice: AssigneeChoice) => Promise<unknown>;
  onDone: (reply: unknown) => void;
  onClose: () => void;
};

// The dialog's own form: which kind of assignee, which one, and the note. The note's rules come from the caller (the
// allocation, re-allocation and escalation contracts differ); each caller's domain schema checks the request it sends.
const assigneeFormSchema = z.object({
  kind: z.enum(['user', 'agency']),
  assigneeId: z.number().int().positive(),
  note: z.string().max(1000).optional(),
});

/**
 * Choose a user or an agency who works the branches of the selected accounts (GET /assignees?accountIds=, the
 * server's own eligibility rule) and give a reason.
 */
export function AssigneeDialog({
  title,
  summary,
  trayKey,
  accountIds,
  allowAgency,
  note,
  submitLabel,
  onSubmit,
  onDone,
  onClose,
}: AssigneeDialogProps) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const form = useZodForm(assigneeFormSchema, { kind: 'user', assigneeId: undefined, note: '' });
  const kind = form.watch('kind');
  const assignees = useQuery({
    queryKey: collectionsKeys.assignees(trayKey, accountIds, actingUnit),
    queryFn: ({ signal }) => fetchAssignees(trayKey, accountIds, signal),
    staleTime: 60_000,
  });
  const mutation = useMutation({ mutationFn: onSubmit, onSuccess: onDone });

  const options =
    kind === 'user'
      ? (assignees.data?.users ?? []).map((user) => ({
          value: String(user.id),
          label: `${user.name} (${user.username}, ${user.unitCode})`,
        }))
      : (assignees.data?.agencies ?? []).map((agency) => ({
          value: String(agency.id),
          label: `${agency.name} (${agency.code})`,
        }));

  const noteRules: InputRule[] = note
    ? [
        ...(note.isRequired ? [{ kind: 'required' as const }] : []),
        { kind: 'minLength', length: note.minLength },
        { kind: 'maxLength', length: note.maxLength },
      ]
    : [];

  const submit = (values: z.output<typeof assigneeFormSchema>) =>
    mutation.mutateAsync({
      assignee: values.kind === 'user' ? { toUserId: values.assigneeId } : { toAgencyId: values.assigneeId },
      reason: values.note?.trim() ?? '',
    });

  const chooserLabel = String(t(kind === 'user' ? 'AssignUser' : 'AssignAgency'));

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
      title={title}
      centered
      size="lg"
    >
      <ZodForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{summary}</Text>
          {allowAgency ? (
            <SegmentedControl
              aria-label={String(t('AssignTo'))}
              value={kind}
              onChange={(value) => {
                form.setValue('kind', value === 'agency' ? 'agency' : 'user');
                form.resetField('assigneeId');
              }}
              data={[
                { value: 'user', label: String(t('User')) },
                { value: 'agency', label: String(t('Agency')) },
              ]}
            />
          ) : null}
          {assignees.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{String(t('LoadingAssignees'))}</Text>
            </Group>
          ) : assignees.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, assignees.error)}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void assignees.refetch()}>
                {String(t('TryAgain'))}
              </Button>
            </Alert>
          ) : (
            <SelectField
              label={chooserLabel}
              name="assigneeId"
              valueAs="number"
              options={options}
              description={options.length === 0 ? String(t('NoAssignees')) : undefined}
              autoFocus
            />
          )}
          {note ? <TextareaField name="note" label={note.label} rules={noteRules} maxLength={note.maxLength} /> : null}
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {String(t('Cancel'))}
            </Button>
            <SubmitButton disabled={assignees.isPending}>{submitLabel}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Modal>
  );
}
