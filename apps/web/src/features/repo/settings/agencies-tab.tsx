import { Badge, Button, FileButton, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  AGENCY_KINDS,
  AGENCY_LETTER_MIME_TYPES,
  LETTER_REQUIRED_KINDS,
  agencyInputSchema,
  type Agency,
  type AgencyInput,
  type AgencyKind,
} from '@recovery-desk/domain/secured-assets/agencies.ts';
import { valueLabelKey } from '@recovery-desk/i18n/value-labels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { describeError } from '../../../lib/describe-error.ts';
import { formatBusinessDate, formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import {
  agencyKeys,
  downloadAgencyLetter,
  fetchAgencies,
  saveAgencyEntry,
  uploadAgencyLetter,
} from '../api/agencies-api.ts';
import { RegisterPanel, useUnitOptions } from './register-parts.tsx';

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
  const agencies = useQuery({
    queryKey: agencyKeys.register(actingUnit, kind),
    queryFn: ({ signal }) => fetchAgencies(kind, signal),
  });
  const unitOptions = useUnitOptions([]);
  const unitName = (id: number) => unitOptions.find((option) => option.value === String(id))?.label ?? `#${id}`;
  const language = i18n.language;
  const kindLabel = (code: string) => String(t((valueLabelKey('agencyKind', code) ?? code) as never));
  const businessDate = agencies.data?.businessDate ?? '';

  const setKind = (value: string) => {
    const next = new URLSearchParams(params);
    if (isKind(value)) next.set('kind', value);
    else next.delete('kind');
    setParams(next, { replace: true });
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['repo', 'agencies'] });
  const saveActive = async (agency: Agency) => {
    await saveAgencyEntry(agency.id, { ...inputOf(agency), active: !agency.active });
    refresh();
    return String(t(agency.active ? 'RepoAgencyDeactivated' : 'RepoAgencyReactivated', { name: agency.name }));
  };
  const submit = async (editing: Agency | 'new', values: AgencyFormValues, done: () => void) => {
    const agency = editing === 'new' ? null : editing;
    await saveAgencyEntry(agency?.id ?? null, {
      ...values,
      unitIds: values.unitIds.map(Number),
      active: agency?.active ?? true,
    });
    refresh();
    addToast({
      title: String(t('Saved')),
      message: String(t('RepoAgencySaved', { name: values.name })),
      type: 'success',
      from: FROM,
    });
    done();
  };

  const kindOptions = AGENCY_KINDS.map((code) => ({ value: code, label: kindLabel(code) }));

  return (
    <RegisterPanel<Agency>
      testId={{ plural: 'agencies', singular: 'agency' }}
      words={{
        title: String(t('RepoAgenciesTitle')),
        note: String(t('RepoAgenciesNote')),
        add: String(t('RepoAgencyAdd')),
        edit: String(t('RepoAgencyEdit')),
        loading: String(t('RepoAgenciesLoading')),
        loadFailed: String(t('RepoAgenciesLoadFailed')),
        empty: String(t('RepoAgenciesEmpty')),
      }}
      entries={agencies.data?.agencies}
      state={{ isPending: agencies.isPending, error: agencies.error, refetch: agencies.refetch }}
      minWidth={800}
      modalSize="lg"
      filters={
        <NativeSelect
          label={String(t('RepoAgencyKindFilter'))}
          value={kind ?? ''}
          onChange={(event) => setKind(event.currentTarget.value)}
          data={[{ value: '', label: String(t('RepoAgencyKindAll')) }, ...kindOptions]}
          maw={280}
          data-testid="agency-kind-filter"
        />
      }
      columns={[
        { header: String(t('RepoRegisterName')), cell: (agency) => agency.name },
        { header: String(t('RepoAgencyKind')), cell: (agency) => kindLabel(agency.kind) },
        { header: String(t('RepoAgencyRegistrationNo')), cell: (agency) => agency.registrationNo },
        {
          header: String(t('RepoAgencyValidUntil')),
          cell: (agency) => (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{formatBusinessDate(agency.validUntil, language)}</Text>
              {agency.validUntil < businessDate ? (
                <Badge color="red.9" variant="filled" data-testid="agency-expired">
                  {String(t('RepoAgencyExpired'))}
                </Badge>
              ) : null}
            </Group>
          ),
        },
        { header: String(t('RepoAgencyLetter')), cell: (agency) => <AgencyLetterCell agency={agency} /> },
        { header: String(t('RepoAgencyContact')), cell: (agency) => agency.contact },
        { header: String(t('RepoAgencyUnits')), cell: (agency) => agency.unitIds.map(unitName).join(', ') },
      ]}
      saveActive={saveActive}
      renderForm={(editing, done) => (
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
          onSubmit={(values) => submit(editing, values, done)}
        />
      )}
    />
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

/**
 * The agency's authorisation letter: download the one on file, or upload (replace) it. A repossession agency without
 * it is flagged: it cannot be allocated on a case until the letter is filed.
 */
function AgencyLetterCell({ agency }: { agency: Agency }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadAgencyLetter(agency.id, file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['repo', 'agencies'] });
      addToast({
        title: String(t('Saved')),
        message: String(t('RepoAgencyLetterUploaded', { name: agency.name })),
        type: 'success',
        from: FROM,
      });
    },
    onError: (error) =>
      addToast({
        title: String(t('RepoAgencyLetterFailed')),
        message: describeError(error, t),
        type: 'error',
        from: FROM,
      }),
  });
  const download = useMutation({
    mutationFn: () => downloadAgencyLetter(agency.id),
    onSuccess: (file) => saveFile(file, agency.letter?.fileName ?? 'authorisation-letter.pdf'),
    onError: (error) =>
      addToast({ title: String(t('DownloadFailed')), message: describeError(error, t), type: 'error', from: FROM }),
  });
  const required = (LETTER_REQUIRED_KINDS as readonly string[]).includes(agency.kind);
  return (
    <Stack gap={4} data-testid={`agency-letter-${agency.id}`}>
      {agency.letter ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => download.mutate()}
            loading={download.isPending}
            aria-label={String(t('RepoAgencyLetterDownload', { fileName: agency.letter.fileName }))}
          >
            {agency.letter.fileName}
          </Button>
          <Text size="xs" c="dimmed">
            {String(t('RepoAgencyLetterOnFile', { date: formatDateTime(agency.letter.uploadedAt, i18n.language) }))}
          </Text>
        </>
      ) : required ? (
        <Badge color="red.9" variant="filled" data-testid="agency-letter-missing">
          {String(t('RepoAgencyLetterMissing'))}
        </Badge>
      ) : (
        <Text size="sm" data-testid="agency-letter-missing">
          {String(t('RepoAgencyLetterMissing'))}
        </Text>
      )}
      {required && !agency.letter ? (
        <Text size="xs" c="red.9">
          {String(t('RepoAgencyLetterRequired'))}
        </Text>
      ) : null}
      <FileButton onChange={(file) => file && upload.mutate(file)} accept={AGENCY_LETTER_MIME_TYPES.join(',')}>
        {(props) => (
          <Button
            {...props}
            size="compact-sm"
            variant="default"
            loading={upload.isPending}
            aria-label={`${String(t(agency.letter ? 'RepoAgencyLetterReplace' : 'RepoAgencyLetterUpload'))}: ${agency.name}`}
          >
            {String(t(agency.letter ? 'RepoAgencyLetterReplace' : 'RepoAgencyLetterUpload'))}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
