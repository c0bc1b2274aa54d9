import { Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { yardInputSchema, type Yard, type YardInput } from '@recovery-desk/domain/secured-assets/yards.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormErrors,
  NumberField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../components/form/index.ts';
import { formatCount } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { fetchYards, yardKeys } from '../api/yard-api.ts';
import { saveYardEntry, yardRegisterKeys } from '../api/yards-api.ts';
import { ActiveBadge, ConfirmActiveDialog, useUnitOptions } from './register-parts.tsx';

const FROM = 'repo/settings/yards';

/** The yard form: the domain's contract without `active` (kept as it is on an edit; deactivating is its own action). */
const yardFormSchema = yardInputSchema.omit({ active: true });
type YardFormValues = Omit<YardInput, 'active'>;

/** Repossession Settings → Yards: the yards register of the acting subtree (issue 15). */
export function YardsTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const key = yardRegisterKeys.list(actingUnit);
  const yards = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchYards(signal) });
  const [editing, setEditing] = useState<Yard | 'new' | null>(null);
  const [toggling, setToggling] = useState<Yard | null>(null);
  const unitOptions = useUnitOptions(
    (yards.data?.yards ?? []).map((yard) => ({ id: yard.unitId, name: yard.unitName })),
  );

  const saved = (reply: Awaited<ReturnType<typeof fetchYards>>, message: string) => {
    queryClient.setQueryData(key, reply);
    void queryClient.invalidateQueries({ queryKey: yardKeys.register(), exact: true });
    void queryClient.invalidateQueries({ queryKey: ['repo', 'yard-inventory'] });
    addToast({ title: String(t('Saved')), message, type: 'success', from: FROM });
  };
  const toggle = useMutation({
    mutationFn: (yard: Yard) =>
      saveYardEntry(yard.id, {
        name: yard.name,
        address: yard.address,
        capacity: yard.capacity,
        unitId: yard.unitId,
        active: !yard.active,
      }),
    onSuccess: (reply, yard) => {
      saved(reply, String(t(yard.active ? 'RepoYardDeactivated' : 'RepoYardReactivated', { name: yard.name })));
      setToggling(null);
    },
    onError: (error) =>
      addToast({
        title: String(t('RepoRegisterSaveFailed')),
        message: describeLegalError(t, error),
        type: 'error',
        from: FROM,
      }),
  });

  const submit = async (values: YardFormValues) => {
    const yard = editing === 'new' || editing === null ? null : editing;
    const reply = await saveYardEntry(yard?.id ?? null, { ...values, active: yard?.active ?? true });
    saved(reply, String(t('RepoYardSaved', { name: values.name })));
    setEditing(null);
  };

  let body;
  if (yards.isPending) body = <LoadingBlock label={String(t('RepoYardsLoading'))} testId="yards-loading" />;
  else if (yards.isError)
    body = (
      <LoadError
        title={String(t('RepoYardsLoadFailed'))}
        error={yards.error}
        onRetry={() => void yards.refetch()}
        testId="yards-error"
      />
    );
  else if (yards.data.yards.length === 0) body = <EmptyBlock text={String(t('RepoYardsEmpty'))} testId="yards-empty" />;
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder data-testid="yards-table">
          <Table.Caption>{String(t('RepoYardsTitle'))}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('RepoRegisterName'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardAddress'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterUnit'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoYardCapacity'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterStatus'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterActions'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {yards.data.yards.map((yard) => (
              <Table.Tr key={yard.id} data-testid={`yard-row-${yard.id}`}>
                <Table.Td>{yard.name}</Table.Td>
                <Table.Td>{yard.address}</Table.Td>
                <Table.Td>{yard.unitName}</Table.Td>
                <Table.Td>{formatCount(yard.capacity, i18n.language)}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={yard.active} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(yard)}
                      aria-label={String(t('RepoRegisterEditNamed', { name: yard.name }))}
                    >
                      {String(t('RepoRegisterEdit'))}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color={yard.active ? 'red.9' : 'blue'}
                      onClick={() => setToggling(yard)}
                      aria-label={String(
                        t(yard.active ? 'RepoRegisterDeactivateNamed' : 'RepoRegisterReactivateNamed', {
                          name: yard.name,
                        }),
                      )}
                    >
                      {String(t(yard.active ? 'RepoRegisterDeactivate' : 'RepoRegisterReactivate'))}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="yards-title" data-testid="yards-tab">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="yards-title">
            {String(t('RepoYardsTitle'))}
          </Title>
          <Button onClick={() => setEditing('new')} data-testid="add-yard">
            {String(t('RepoYardAdd'))}
          </Button>
        </Group>
        <Text size="sm" c="dark.6">
          {String(t('RepoYardsNote'))}
        </Text>
        {body}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={String(t(editing === 'new' ? 'RepoYardAdd' : 'RepoYardEdit'))}
        centered
        closeButtonProps={{ 'aria-label': String(t('Close')) }}
      >
        {editing !== null ? (
          <YardForm
            initial={
              editing === 'new'
                ? { name: '', address: '', capacity: undefined, unitId: actingUnit ?? undefined }
                : { name: editing.name, address: editing.address, capacity: editing.capacity, unitId: editing.unitId }
            }
            unitOptions={unitOptions}
            onSubmit={submit}
          />
        ) : null}
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

function YardForm({
  initial,
  unitOptions,
  onSubmit,
}: {
  initial: Partial<YardFormValues>;
  unitOptions: { value: string; label: string }[];
  onSubmit: (values: YardFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(yardFormSchema, initial as never);
  return (
    <ZodForm
      form={form}
      onSubmit={(values) => onSubmit(values as YardFormValues)}
      aria-label={String(t('RepoYardSave'))}
      data-testid="yard-form"
    >
      <Stack gap="sm">
        <TextField name="name" label={String(t('RepoRegisterName'))} required autoFocus />
        <TextareaField name="address" label={String(t('RepoYardAddress'))} required maxLength={500} />
        <NumberField name="capacity" label={String(t('RepoYardCapacityVehicles'))} required />
        <SelectField
          name="unitId"
          label={String(t('RepoRegisterUnit'))}
          options={unitOptions}
          valueAs="number"
          required
        />
        <FormErrors />
        <Group>
          <SubmitButton>{String(t('RepoYardSave'))}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}
