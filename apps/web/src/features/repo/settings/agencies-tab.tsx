import { Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  AGENCY_KINDS,
  agencyInputSchema,
  type Agency,
  type AgencyInput,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { valueLabelKey } from '@recovery-desk/i18n/value-labels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CheckboxGroupField,
  DateField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../components/form/index.ts';
import { formatBusinessDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { agencyKeys, fetchAgencies, saveAgencyEntry } from '../api/agencies-api.ts';
import { fetchYards } from '../api/yard-api.ts';
import { yardRegisterKeys } from '../api/yards-api.ts';
import { ActiveBadge, ConfirmActiveDialog, useUnitOptions } from './register-parts.tsx';

const FROM = 'repo/settings/agencies';

const isKind = (value: string | null): value is AgencyKind => AGENCY_KINDS.includes(value as AgencyKind);

/**
 * The agency form: the domain's contract without `active` (kept on an edit; deactivating is its own action), the units
 * as the checkbox group's text values (turned into ids when sent).
 */
const agencyFormSchema = agencyInputSchema
  .omit({ active: true })
  .extend({ unitIds: z.array(z.string()).min(1, 'name at least one unit').max(200) });
type AgencyFormValues = z.infer<typeof agencyFormSchema>;

/** Repossession Settings → Agencies: the agencies register of the acting subtree, by kind (issue 15). */
export function AgenciesTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : null;
  const key = agencyKeys.register(actingUnit, kind);
  const agencies = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchAgencies(kind, signal) });
  // The yards register names the subtree's units: the unit choices show their names.
  const yards = useQuery({ queryKey: yardRegisterKeys.list(actingUnit), queryFn: ({ signal }) => fetchYards(signal) });
  const unitOptions = useUnitOptions(
    (yards.data?.yards ?? []).map((yard) => ({ id: yard.unitId, name: yard.unitName })),
  );
  const unitName = (id: number) => unitOptions.find((option) => option.value === String(id))?.label ?? `#${id}`;
  const [editing, setEditing] = useState<Agency | 'new' | null>(null);
  const [toggling, setToggling] = useState<Agency | null>(null);
  const language = i18n.language;
  const kindLabel = (code: string) => String(t((valueLabelKey('agencyKind', code) ?? code) as never));

  const setKind = (value: string) => {
    const next = new URLSearchParams(params);
    if (isKind(value)) next.set('kind', value);
    else next.delete('kind');
    setParams(next, { replace: true });
  };

  const saved = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['repo', 'agencies'] });
    addToast({ title: String(t('Saved')), message, type: 'success', from: FROM });
  };
  const toggle = useMutation({
    mutationFn: (agency: Agency) => saveAgencyEntry(agency.id, { ...inputOf(agency), active: !agency.active }),
    onSuccess: (_reply, agency) => {
      saved(String(t(agency.active ? 'RepoAgencyDeactivated' : 'RepoAgencyReactivated', { name: agency.name })));
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

  const submit = async (values: AgencyFormValues) => {
    const agency = editing === 'new' || editing === null ? null : editing;
    await saveAgencyEntry(agency?.id ?? null, {
      ...values,
      unitIds: values.unitIds.map(Number),
      active: agency?.active ?? true,
    });
    saved(String(t('RepoAgencySaved', { name: values.name })));
    setEditing(null);
  };

  let body;
  if (agencies.isPending) body = <LoadingBlock label={String(t('RepoAgenciesLoading'))} testId="agencies-loading" />;
  else if (agencies.isError)
    body = (
      <LoadError
        title={String(t('RepoAgenciesLoadFailed'))}
        error={agencies.error}
        onRetry={() => void agencies.refetch()}
        testId="agencies-error"
      />
    );
  else if (agencies.data.agencies.length === 0)
    body = <EmptyBlock text={String(t('RepoAgenciesEmpty'))} testId="agencies-empty" />;
  else {
    const businessDate = agencies.data.businessDate;
    body = (
      <Table.ScrollContainer minWidth={800}>
        <Table striped withTableBorder data-testid="agencies-table">
          <Table.Caption>{String(t('RepoAgenciesTitle'))}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('RepoRegisterName'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoAgencyKind'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoAgencyRegistrationNo'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoAgencyValidUntil'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoAgencyContact'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoAgencyUnits'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterStatus'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoRegisterActions'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agencies.data.agencies.map((agency) => (
              <Table.Tr key={agency.id} data-testid={`agency-row-${agency.id}`}>
                <Table.Td>{agency.name}</Table.Td>
                <Table.Td>{kindLabel(agency.kind)}</Table.Td>
                <Table.Td>{agency.registrationNo}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{formatBusinessDate(agency.validUntil, language)}</Text>
                    {agency.validUntil < businessDate ? (
                      <Badge color="red.9" variant="filled" data-testid="agency-expired">
                        {String(t('RepoAgencyExpired'))}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{agency.contact}</Table.Td>
                <Table.Td>{agency.unitIds.map(unitName).join(', ')}</Table.Td>
                <Table.Td>
                  <ActiveBadge active={agency.active} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(agency)}
                      aria-label={String(t('RepoRegisterEditNamed', { name: agency.name }))}
                    >
                      {String(t('RepoRegisterEdit'))}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color={agency.active ? 'red.9' : 'blue'}
                      onClick={() => setToggling(agency)}
                      aria-label={String(
                        t(agency.active ? 'RepoRegisterDeactivateNamed' : 'RepoRegisterReactivateNamed', {
                          name: agency.name,
                        }),
                      )}
                    >
                      {String(t(agency.active ? 'RepoRegisterDeactivate' : 'RepoRegisterReactivate'))}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const kindOptions = AGENCY_KINDS.map((code) => ({ value: code, label: kindLabel(code) }));

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="agencies-title"
      data-testid="agencies-tab"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id="agencies-title">
            {String(t('RepoAgenciesTitle'))}
          </Title>
          <Button onClick={() => setEditing('new')} data-testid="add-agency">
            {String(t('RepoAgencyAdd'))}
          </Button>
        </Group>
        <Text size="sm" c="dark.6">
          {String(t('RepoAgenciesNote'))}
        </Text>
        <NativeSelect
          label={String(t('RepoAgencyKindFilter'))}
          value={kind ?? ''}
          onChange={(event) => setKind(event.currentTarget.value)}
          data={[{ value: '', label: String(t('RepoAgencyKindAll')) }, ...kindOptions]}
          maw={280}
          data-testid="agency-kind-filter"
        />
        {body}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={String(t(editing === 'new' ? 'RepoAgencyAdd' : 'RepoAgencyEdit'))}
        centered
        closeButtonProps={{ 'aria-label': String(t('Close')) }}
        size="lg"
      >
        {editing !== null ? (
          <AgencyForm
            initial={
              editing === 'new'
                ? {
                    kind: kind ?? undefined,
                    name: '',
                    registrationNo: '',
                    validUntil: '',
                    contact: '',
                    unitIds: actingUnit === null ? [] : [String(actingUnit)],
                  }
                : { ...inputOf(editing), unitIds: editing.unitIds.map(String) }
            }
            kindOptions={kindOptions}
            unitOptions={withUnits(
              unitOptions,
              editing === 'new' ? [] : editing.unitIds.map((id) => ({ value: String(id), label: unitName(id) })),
            )}
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

function inputOf(agency: Agency): Omit<AgencyInput, 'active'> {
  return {
    kind: isKind(agency.kind) ? agency.kind : 'REPOSSESSION',
    name: agency.name,
    registrationNo: agency.registrationNo,
    validUntil: agency.validUntil,
    contact: agency.contact,
    unitIds: agency.unitIds,
  };
}

/** The unit choices and the units an agency names already (a unit only it names stays a choice). */
function withUnits(options: { value: string; label: string }[], named: { value: string; label: string }[]) {
  const known = new Set(options.map((option) => option.value));
  return [...options, ...named.filter((option) => !known.has(option.value))];
}

function AgencyForm({
  initial,
  kindOptions,
  unitOptions,
  onSubmit,
}: {
  initial: Partial<AgencyFormValues>;
  kindOptions: { value: string; label: string }[];
  unitOptions: { value: string; label: string }[];
  onSubmit: (values: AgencyFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(agencyFormSchema, initial as never);
  return (
    <ZodForm
      form={form}
      onSubmit={(values) => onSubmit(values as AgencyFormValues)}
      aria-label={String(t('RepoAgencySave'))}
      data-testid="agency-form"
    >
      <Stack gap="sm">
        <SelectField name="kind" label={String(t('RepoAgencyKind'))} options={kindOptions} required autoFocus />
        <TextField name="name" label={String(t('RepoRegisterName'))} required />
        <TextField name="registrationNo" label={String(t('RepoAgencyRegistrationNo'))} required />
        <DateField name="validUntil" label={String(t('RepoAgencyValidUntil'))} required />
        <TextField name="contact" label={String(t('RepoAgencyContact'))} required />
        <CheckboxGroupField name="unitIds" label={String(t('RepoAgencyUnits'))} options={unitOptions} required />
        <FormErrors />
        <Group>
          <SubmitButton>{String(t('RepoAgencySave'))}</SubmitButton>
        </Group>
      </Stack>
    </ZodForm>
  );
}
