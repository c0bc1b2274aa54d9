import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/select-field.tsx';
import { useSession } from '../../../../lib/session-store.ts';
import { fetchAssignees, type Assignee } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';

export type AssigneeChoice = { assignee: Assignee; reason: string };

export type AssigneeDialogProps = {
  title: string;
  /** one line on what happens, e.g. "3 accounts selected" */
  summary: string;
  trayKey: TrayKey;
  allowAgency: boolean;
  /** the free-text field: a reason (allocation, re-allocation) or remarks (escalation); none for referrals */
  note: { label: string; isRequired: boolean; minLength: number; maxLength: number } | null;
  submitLabel: string;
  onSubmit: (choice: AssigneeChoice) => Promise<unknown>;
  onDone: (reply: unknown) => void;
  onClose: () => void;
};

/** Choose a user or an agency of the acting unit's subtree (GET /assignees) and give a reason. */
export function AssigneeDialog({
  title,
  summary,
  trayKey,
  allowAgency,
  note,
  submitLabel,
  onSubmit,
  onDone,
  onClose,
}: AssigneeDialogProps) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const [kind, setKind] = useState<'user' | 'agency'>('user');
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const assignees = useQuery({
    queryKey: ['collections', 'assignees', trayKey, actingUnit],
    queryFn: ({ signal }) => fetchAssignees(trayKey, signal),
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

  const trimmed = text.trim();
  const noteError =
    note && showErrors
      ? note.isRequired && trimmed === ''
        ? String(t('ValidationRequired'))
        : trimmed !== '' && trimmed.length < note.minLength
          ? String(t('ValidationMinLength', { n: note.minLength }))
          : null
      : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (chosen === '') return;
    if (note && ((note.isRequired && trimmed === '') || (trimmed !== '' && trimmed.length < note.minLength))) return;
    const id = Number(chosen);
    mutation.mutate({ assignee: kind === 'user' ? { toUserId: id } : { toAgencyId: id }, reason: trimmed });
  };

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
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{summary}</Text>
          {allowAgency ? (
            <SegmentedControl
              aria-label={String(t('AssignTo'))}
              value={kind}
              onChange={(value) => {
                setKind(value === 'agency' ? 'agency' : 'user');
                setChosen('');
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
              name="assignee"
              value={chosen}
              onChange={setChosen}
              options={options}
              isRequired
              showErrors={showErrors}
              description={options.length === 0 ? String(t('NoAssignees')) : undefined}
              autoFocus
            />
          )}
          {note ? (
            <Textarea
              label={note.label}
              value={text}
              required={note.isRequired}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={note.maxLength}
              autosize
              minRows={2}
              error={noteError ?? undefined}
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
            <Button type="submit" loading={mutation.isPending} disabled={assignees.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
