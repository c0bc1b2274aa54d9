import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  PUBLICATION_LANGUAGES,
  PUBLICATION_PURPOSES,
  SCAN_MIME_TYPES,
  type Publication,
  type PublicationMissing,
  type PublicationPurpose,
  type PublicationsReply,
} from '@recovery-desk/domain/secured-assets/publications.ts';
import { isIsoDate } from '@recovery-desk/domain/workflow/dates.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  DateField,
  FileField,
  SelectField,
  SubmitButton,
  TextField,
  ZodForm,
  useZodForm,
} from '../../../../components/form/index.ts';
import { describeError } from '../../../../lib/describe-error.ts';
import { formatBusinessDate } from '../../../../lib/format.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { downloadCaseDocument } from '../../../workflow/api/workflow-api.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { addPublication, fetchPublications, publicationKeys, removePublication } from '../../api/publications-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `publications` widget (a case tab "Publications") of SARFAESI NewspaperPublication, PossessionDtlCapture and
// PublicationUpload: the notice's newspapers (name, English or vernacular with the language, edition, date) with their
// scans, added and removed at the stage of the notice, the earlier notices' papers shown read-only, and what Rules 3,
// 8(2) and 8(6) still ask for (two papers, one English and one vernacular) before the stage can be submitted. The
// stage's newspapers and publication date fields follow the record (the server writes them).

const SOURCE = 'repo/publications';
const MAX_SCAN_BYTES = 5 * 1024 * 1024;

const PURPOSE_KEYS = {
  DEMAND_NOTICE: 'RepoPubPurposeDemandNotice',
  POSSESSION_NOTICE: 'RepoPubPurposePossessionNotice',
  SALE_NOTICE: 'RepoPubPurposeSaleNotice',
} as const satisfies Record<PublicationPurpose, string>;

const LANGUAGE_KEYS = {
  ENGLISH: 'RepoPubLanguageEnglish',
  VERNACULAR: 'RepoPubLanguageVernacular',
} as const satisfies Record<(typeof PUBLICATION_LANGUAGES)[number], string>;

const MISSING_KEYS = {
  twoPapers: 'RepoPubMissingTwoPapers',
  english: 'RepoPubMissingEnglish',
  vernacular: 'RepoPubMissingVernacular',
} as const satisfies Record<PublicationMissing, string>;

/** Why a chosen scan cannot be uploaded (PDF, JPEG or PNG, at most 5 MB), or null. */
export function scanProblem(
  file: File | null,
): 'RepoPubScanRequired' | 'RepoPubScanWrongType' | 'RepoPubScanTooLarge' | null {
  if (!file) return 'RepoPubScanRequired';
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!(SCAN_MIME_TYPES as readonly string[]).includes(file.type) && !byName) return 'RepoPubScanWrongType';
  if (file.size > MAX_SCAN_BYTES) return 'RepoPubScanTooLarge';
  return null;
}
function checkScan(file: File | null) {
  const problem = scanProblem(file);
  return problem ? { key: problem } : null;
}

const formSchema = z
  .object({
    newspaper: z.string().trim().min(1).max(120),
    language: z.enum(PUBLICATION_LANGUAGES),
    vernacularLanguage: z.string().trim().max(60).optional(),
    edition: z.string().trim().min(1).max(120),
    publishedOn: z.string().refine(isIsoDate),
    file: z.instanceof(File),
  })
  .superRefine((values, ctx) => {
    if (values.language === 'VERNACULAR' && !values.vernacularLanguage) {
      ctx.addIssue({ code: 'custom', path: ['vernacularLanguage'], message: 'required' });
    }
  });
type FormValues = z.output<typeof formSchema>;

function AddForm({ data, onSaved }: { data: PublicationsReply; onSaved: (reply: PublicationsReply) => void }) {
  const { t } = useTranslation();
  const empty = {
    newspaper: '',
    language: '',
    vernacularLanguage: '',
    edition: '',
    publishedOn: '',
    file: null as unknown as File,
  };
  const form = useZodForm(formSchema, empty as never);
  const language = form.watch('language');
  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
      addPublication(data.caseId, data.scanCode!, values.file, {
        purpose: data.purpose!,
        newspaper: values.newspaper,
        language: values.language,
        vernacularLanguage: values.language === 'VERNACULAR' ? (values.vernacularLanguage ?? null) : null,
        edition: values.edition,
        publishedOn: values.publishedOn,
      }),
    onSuccess: (reply) => {
      addToast({ title: String(t('Saved')), message: String(t('RepoPubAdded')), type: 'success', from: SOURCE });
      form.reset(empty as never);
      onSaved(reply);
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="publication-add-title">
      <ZodForm
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values as FormValues)}
        data-testid="publication-form"
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id="publication-add-title">
            {String(t('RepoPubAdd'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField name="newspaper" label={String(t('RepoPubNewspaper'))} />
            <SelectField
              name="language"
              label={String(t('RepoPubLanguage'))}
              options={PUBLICATION_LANGUAGES.map((value) => ({ value, label: String(t(LANGUAGE_KEYS[value])) }))}
            />
            {language === 'VERNACULAR' ? (
              <TextField name="vernacularLanguage" label={String(t('RepoPubVernacularLanguage'))} required />
            ) : null}
            <TextField name="edition" label={String(t('RepoPubEdition'))} />
            <DateField name="publishedOn" label={String(t('RepoPubDate'))} />
            <FileField
              name="file"
              label={String(t('RepoPubScanChoose'))}
              accept={SCAN_MIME_TYPES.join(',')}
              check={checkScan}
            />
          </SimpleGrid>
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(mutation.error, t)}
            </Alert>
          ) : null}
          <Group>
            <SubmitButton>{String(t('RepoPubAdd'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Paper>
  );
}

function PapersTable({
  data,
  purpose,
  papers,
  editable,
  onChanged,
}: {
  data: PublicationsReply;
  purpose: PublicationPurpose;
  papers: Publication[];
  editable: boolean;
  onChanged: (reply: PublicationsReply) => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useMutation({
    mutationFn: (id: number) => removePublication(data.caseId, id),
    onSuccess: onChanged,
  });
  const download = useMutation({
    mutationFn: (documentId: number) => downloadCaseDocument(data.caseId, documentId),
    onSuccess: (downloaded) => saveFile(downloaded, 'scan'),
  });
  const titleId = `publications-${purpose}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {String(t(PURPOSE_KEYS[purpose]))}
      </Title>
      {papers.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid={`publications-empty-${purpose}`}>
          {String(t('RepoPubEmpty'))}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid={`publications-${purpose}`} aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{String(t('RepoPubNewspaper'))}</Table.Th>
                <Table.Th>{String(t('RepoPubLanguage'))}</Table.Th>
                <Table.Th>{String(t('RepoPubEdition'))}</Table.Th>
                <Table.Th>{String(t('RepoPubDate'))}</Table.Th>
                <Table.Th>{String(t('RepoPubScan'))}</Table.Th>
                {editable ? <Table.Th>{String(t('RepoPubRemove'))}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {papers.map((paper) => (
                <Table.Tr key={paper.id}>
                  <Table.Td>{paper.newspaper}</Table.Td>
                  <Table.Td>
                    {paper.language === 'VERNACULAR' && paper.vernacularLanguage
                      ? `${String(t(LANGUAGE_KEYS.VERNACULAR))} (${paper.vernacularLanguage})`
                      : String(t(LANGUAGE_KEYS[paper.language]))}
                  </Table.Td>
                  <Table.Td>{paper.edition}</Table.Td>
                  <Table.Td>{formatBusinessDate(paper.publishedOn, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      loading={download.isPending && download.variables === paper.scan.documentId}
                      onClick={() => download.mutate(paper.scan.documentId)}
                      aria-label={String(t('RepoPubDownloadOf', { name: paper.newspaper }))}
                    >
                      {paper.scan.fileName}
                    </Button>
                  </Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="default"
                        color="red"
                        loading={remove.isPending && remove.variables === paper.id}
                        onClick={() => remove.mutate(paper.id)}
                        aria-label={String(t('RepoPubRemoveOf', { name: paper.newspaper }))}
                      >
                        {String(t('RepoPubRemove'))}
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.isError ? (
        <Alert color="red" variant="outline" role="alert">
          {describeError(remove.error, t)}
        </Alert>
      ) : null}
      {download.isError ? (
        <Alert color="red" variant="outline" role="alert" title={String(t('RepoPubDownloadFailed'))}>
          {describeError(download.error, t)}
        </Alert>
      ) : null}
    </Stack>
  );
}

export function PublicationsTab({ view, canAct, onReload }: CaseWidgetProps) {
  const { t } = useTranslation();
  const caseId = view.case.caseId;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: publicationKeys.ofCase(caseId),
    queryFn: ({ signal }) => fetchPublications(caseId, signal),
  });

  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} loading={String(t('RepoPubLoading'))} failed={String(t('RepoPubLoadFailed'))} />
    );
  }
  const data = query.data;
  const editable = data.editable && canAct;
  const changed = (reply: PublicationsReply) => {
    queryClient.setQueryData(publicationKeys.ofCase(caseId), reply);
    // the stage's newspapers and date fields follow the record
    onReload();
  };
  // the current notice first, then the earlier notices that have papers
  const purposes = PUBLICATION_PURPOSES.filter(
    (purpose) => purpose === data.purpose || data.publications.some((paper) => paper.purpose === purpose),
  );

  return (
    <Stack gap="md" data-testid="publications">
      {data.purpose === null ? (
        <Text size="sm" c="dark.6">
          {String(t('RepoPubReadOnly'))}
        </Text>
      ) : data.missing.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid="publications-status">
          {String(t('RepoPubComplete'))}
        </Text>
      ) : (
        <Stack gap={2} data-testid="publications-status">
          {data.missing.map((what) => (
            <Text size="sm" c="red.9" key={what}>
              {String(t(MISSING_KEYS[what]))}
            </Text>
          ))}
        </Stack>
      )}
      {purposes.map((purpose) => (
        <PapersTable
          key={purpose}
          data={data}
          purpose={purpose}
          papers={data.publications.filter((paper) => paper.purpose === purpose)}
          editable={editable && purpose === data.purpose}
          onChanged={changed}
        />
      ))}
      {editable && data.purpose !== null ? <AddForm data={data} onSaved={changed} /> : null}
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'publications',
  caseTab: { labelKey: 'RepoPublicationsTab', Component: PublicationsTab },
};
