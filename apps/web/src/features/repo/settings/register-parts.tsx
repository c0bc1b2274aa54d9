import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRegisterUnits, registerUnitKeys } from '../api/yards-api.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import type { SelectOption } from '../../../components/form/index.ts';

// Shared parts of the Yards and Agencies tabs of Repossession Settings: the register panel (table, row actions,
// dialogs), the active badge, the confirmation of a deactivation or reactivation, and the units an entry may name.

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge color="green.9" variant="filled">
      {String(t('RepoRegisterActive'))}
    </Badge>
  ) : (
    <Badge color="gray.8" variant="outline">
      {String(t('RepoRegisterInactive'))}
    </Badge>
  );
}

/** Asks before an entry is deactivated or reactivated; the change is sent only on confirm. */
export function ConfirmActiveDialog({
  name,
  active,
  pending,
  onConfirm,
  onClose,
}: {
  /** the entry's name, or null when the dialog is closed */
  name: string | null;
  /** whether the entry is active now (the dialog then deactivates it) */
  active: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = String(t(active ? 'RepoRegisterDeactivateTitle' : 'RepoRegisterReactivateTitle', { name: name ?? '' }));
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <Stack gap="md">
        <Text size="sm">{String(t(active ? 'RepoRegisterDeactivateText' : 'RepoRegisterReactivateText'))}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {String(t('RepoRegisterCancel'))}
          </Button>
          <Button color={active ? 'red.9' : 'blue'} onClick={onConfirm} loading={pending} data-testid="confirm-active">
            {String(t(active ? 'RepoRegisterDeactivate' : 'RepoRegisterReactivate'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The units an entry may name: the active units of the acting subtree (GET /api/secured-assets/register-units), then
 * any unit the registers already name that is no longer among them (so an entry's own unit still shows), the acting
 * unit first. Until that list arrives, or if it cannot be read, the user's own units stand in. The server refuses a
 * unit outside the acting subtree.
 */
export function useUnitOptions(known: readonly { id: number; name: string }[]): SelectOption[] {
  const units = useSession((session) => session.units);
  const actingUnit = useSession((session) => session.actingUnit);
  const subtree = useQuery({
    queryKey: registerUnitKeys.list(actingUnit),
    queryFn: ({ signal }) => fetchRegisterUnits(signal),
    staleTime: 5 * 60_000,
  });
  const byId = new Map<number, string>();
  if (subtree.data) for (const unit of subtree.data.units) byId.set(unit.id, `${unit.code} · ${unit.name}`);
  else for (const unit of Object.values(units)) byId.set(unit.id, `${unit.unit_code} · ${unit.name}`);
  for (const unit of known) if (!byId.has(unit.id)) byId.set(unit.id, unit.name);
  return [...byId.entries()]
    .sort(([a], [b]) => (a === actingUnit ? -1 : b === actingUnit ? 1 : a - b))
    .map(([id, label]) => ({ value: String(id), label }));
}

/** A register's entry: what the panel's row actions and the activation dialog need. */
export type RegisterEntry = { id: number; name: string; active: boolean };

export type RegisterColumn<Entry> = { header: string; cell: (entry: Entry) => ReactNode };

/**
 * One register of Repossession Settings (yards, agencies): its section with a title, a note, an add button and
 * optional filters; the table with loading, error and empty states; each row's Edit and Deactivate/Reactivate; the
 * add/edit dialog (the tab's form) and the confirmation before an entry's activation changes. The tab supplies the
 * words, the columns, the form and the save of an activation change.
 */
export function RegisterPanel<Entry extends RegisterEntry>({
  testId,
  words,
  entries,
  state,
  columns,
  minWidth,
  filters,
  modalSize,
  renderForm,
  saveActive,
}: {
  /** `yards` → yards-tab, yards-table, yards-loading, yards-error, yards-empty, yard-row-N, add-yard */
  testId: { plural: string; singular: string };
  words: { title: string; note: string; add: string; edit: string; loading: string; loadFailed: string; empty: string };
  entries: readonly Entry[] | undefined;
  state: { isPending: boolean; error: unknown; refetch: () => unknown };
  columns: readonly RegisterColumn<Entry>[];
  minWidth: number;
  filters?: ReactNode;
  modalSize?: string;
  /** the add (`'new'`) or edit form; `done` closes the dialog after a save */
  renderForm: (editing: Entry | 'new', done: () => void) => ReactNode;
  /** saves the entry with its activation flipped; answers the toast's message */
  saveActive: (entry: Entry) => Promise<string>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const [toggling, setToggling] = useState<Entry | null>(null);
  const toggle = useMutation({
    mutationFn: saveActive,
    onSuccess: (message) => {
      addToast({ title: String(t('Saved')), message, type: 'success', from: `repo/settings/${testId.plural}` });
      setToggling(null);
    },
    onError: (error) =>
      addToast({
        title: String(t('RepoRegisterSaveFailed')),
        message: describeLegalError(t, error),
        type: 'error',
        from: `repo/settings/${testId.plural}`,
      }),
  });

  let body;
  if (state.isPending) body = <LoadingBlock label={words.loading} testId={`${testId.plural}-loading`} />;
  else if (state.error || !entries)
    body = (
      <LoadError
        title={words.loadFailed}
        error={state.error}
        onRetry={() => void state.refetch()}
        testId={`${testId.plural}-error`}
      />
    );
  else if (entries.length === 0) body = <EmptyBlock text={words.empty} testId={`${testId.plural}-empty`} />;
  else
    body = (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped withTableBorder data-testid={`${testId.plural}-table`}>
          <Table.Caption>{words.title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th scope="col" key={column.header}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th scope="col">{String(t('RepoRegisterStatus'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterActions'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid={`${testId.singular}-row-${entry.id}`}>
                {columns.map((column) => (
                  <Table.Td key={column.header}>{column.cell(entry)}</Table.Td>
                ))}
                <Table.Td>
                  <ActiveBadge active={entry.active} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(entry)}
                      aria-label={String(t('RepoRegisterEditNamed', { name: entry.name }))}
                    >
                      {String(t('RepoRegisterEdit'))}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color={entry.active ? 'red.9' : 'blue'}
                      onClick={() => setToggling(entry)}
                      aria-label={String(
                        t(entry.active ? 'RepoRegisterDeactivateNamed' : 'RepoRegisterReactivateNamed', {
                          name: entry.name,
                        }),
                      )}
                    >
                      {String(t(entry.active ? 'RepoRegisterDeactivate' : 'RepoRegisterReactivate'))}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const titleId = `${testId.plural}-title`;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`${testId.plural}-tab`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id={titleId}>
            {words.title}
          </Title>
          <Button onClick={() => setEditing('new')} data-testid={`add-${testId.singular}`}>
            {words.add}
          </Button>
        </Group>
        <Text size="sm" c="dark.6">
          {words.note}
        </Text>
        {filters}
        {body}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? words.add : words.edit}
        centered
        closeButtonProps={{ 'aria-label': String(t('Close')) }}
        size={modalSize}
      >
        {editing !== null ? renderForm(editing, () => setEditing(null)) : null}
      </Modal>
      <ConfirmActiveDialog
        name={toggling?.name ?? null}
        active={toggling?.active ?? true}
        pending={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate(toggling)}
        onClose={() => setToggling(null)}
      />
    </Paper>
  );
}
