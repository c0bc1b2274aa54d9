import { Group, Stack } from '@mantine/core';
import { yardInputSchema, type Yard, type YardInput } from '@recovery-desk/domain/secured-assets/yards.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { fetchYards, yardKeys } from '../api/yard-api.ts';
import { saveYardEntry, yardRegisterKeys } from '../api/yards-api.ts';
import { RegisterPanel, useUnitOptions } from './register-parts.tsx';

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
  const unitOptions = useUnitOptions(
    (yards.data?.yards ?? []).map((yard) => ({ id: yard.unitId, name: yard.unitName })),
  );

  const saved = (reply: Awaited<ReturnType<typeof fetchYards>>) => {
    queryClient.setQueryData(key, reply);
    void queryClient.invalidateQueries({ queryKey: yardKeys.register(), exact: true });
    void queryClient.invalidateQueries({ queryKey: ['repo', 'yard-inventory'] });
  };
  const saveActive = async (yard: Yard) => {
    const { id, name, address, capacity, unitId, active } = yard;
    saved(await saveYardEntry(id, { name, address, capacity, unitId, active: !active }));
    return String(t(active ? 'RepoYardDeactivated' : 'RepoYardReactivated', { name }));
  };
  const submit = async (editing: Yard | 'new', values: YardFormValues, done: () => void) => {
    const yard = editing === 'new' ? null : editing;
    saved(await saveYardEntry(yard?.id ?? null, { ...values, active: yard?.active ?? true }));
    addToast({
      title: String(t('Saved')),
      message: String(t('RepoYardSaved', { name: values.name })),
      type: 'success',
      from: FROM,
    });
    done();
  };

  return (
    <RegisterPanel<Yard>
      testId={{ plural: 'yards', singular: 'yard' }}
      words={{
        title: String(t('RepoYardsTitle')),
        note: String(t('RepoYardsNote')),
        add: String(t('RepoYardAdd')),
        edit: String(t('RepoYardEdit')),
        loading: String(t('RepoYardsLoading')),
        loadFailed: String(t('RepoYardsLoadFailed')),
        empty: String(t('RepoYardsEmpty')),
      }}
      entries={yards.data?.yards}
      state={{ isPending: yards.isPending, error: yards.error, refetch: yards.refetch }}
      minWidth={640}
      columns={[
        { header: String(t('RepoRegisterName')), cell: (yard) => yard.name },
        { header: String(t('RepoYardAddress')), cell: (yard) => yard.address },
        { header: String(t('RepoRegisterUnit')), cell: (yard) => yard.unitName },
        { header: String(t('RepoYardCapacity')), cell: (yard) => formatCount(yard.capacity, i18n.language) },
      ]}
      saveActive={saveActive}
      renderForm={(editing, done) => (
        <YardForm
          initial={
            editing === 'new'
              ? { name: '', address: '', capacity: undefined, unitId: actingUnit ?? undefined }
              : { name: editing.name, address: editing.address, capacity: editing.capacity, unitId: editing.unitId }
          }
          unitOptions={unitOptions}
          onSubmit={(values) => submit(editing, values, done)}
        />
      )}
    />
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
