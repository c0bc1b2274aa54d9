import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FileField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../../components/form/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { addToast } from '../../../lib/toast-store.ts';
import {
  downloadDocument,
  uploadDocument,
  type AccountDocument,
  type AccountViewData,
} from '../api/collections-api.ts';
import { describeError } from '../api/describe-error.ts';
import { DataTable } from '../../../components/data-table.tsx';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import type { TFunction } from 'i18next';

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
const DOCUMENT_CATEGORIES: { value: string; key: DictionaryKey }[] = [
  { value: 'PAYMENT_PROOF', key: 'CategoryPaymentProof' },
  { value: 'CORRESPONDENCE', key: 'CategoryCorrespondence' },
  { value: 'IDENTITY', key: 'CategoryIdentity' },
  { value: 'LEGAL', key: 'CategoryLegal' },
  { value: 'OTHER', key: 'CategoryOther' },
];

/** Why a chosen file cannot be uploaded, or null (pdf, png or jpg, at most 5 MB). */
// POST …/accounts/:accountId/documents (multipart): the file, its name, category and remark.
const documentUploadSchema = z.object({
  file: z.instanceof(File),
  documentName: z.string().trim().min(1).max(120),
  category: z.string().min(1),
  remark: z.string().trim().max(500).optional(),
});
type DocumentUpload = z.output<typeof documentUploadSchema>;

function checkDocumentFile(file: File | null) {
  const problem = documentFileProblem(file);
  return problem ? { key: problem } : null;
}

export function documentFileProblem(
  file: File | null,
): 'PleaseUploadFileFirst' | 'FileTypeNotAllowed' | 'FileTooLarge' | null {
  if (!file) return 'PleaseUploadFileFirst';
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type) && !byName) return 'FileTypeNotAllowed';
  if (file.size > MAX_DOCUMENT_BYTES) return 'FileTooLarge';
  return null;
}

type Listed = { id: number; fileName: string; documentName: string; category: string; remark: string | null };

/**
 * Spec §3 Document: the account's documents (id, file name, document name, category, remark) with download, and
 * an upload form when the Followup tab is editable.
 */
export function DocumentsSection({
  view,
  trayKey,
  isEditable,
  onUploaded,
}: {
  view: AccountViewData;
  trayKey: TrayKey;
  isEditable: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  // Without a documents list in the reply, the documents attached to follow-ups are still reachable.
  const documents: Listed[] =
    view.documents ??
    view.followUps
      .filter((followUp) => followUp.documentId !== null)
      .map((followUp) => ({
        id: followUp.documentId ?? 0,
        fileName: '',
        documentName: String(t('FollowUpDocument', { id: followUp.id })),
        category: '',
        remark: followUp.remarks,
      }));

  const download = useMutation({
    mutationFn: (document: Listed) => downloadDocument(view.account.id, document.id, trayKey),
    onSuccess: (file, document) => saveFile(file, document.fileName || `document-${document.id}`),
    onError: (error) =>
      addToast({
        title: String(t('DownloadFailed')),
        message: describeError(t, error),
        type: 'error',
        from: 'account/documents',
      }),
  });

  return (
    <Stack gap="sm">
      <DataTable<Listed | AccountDocument>
        caption={String(t('Documents'))}
        testId="documents-table"
        rows={documents}
        rowKey={(row) => row.id}
        emptyText={String(t('NoDocuments'))}
        columns={[
          { key: 'id', label: String(t('Id')), render: (row) => String(row.id) },
          { key: 'fileName', label: String(t('FileName')), render: (row) => row.fileName },
          { key: 'documentName', label: String(t('DocumentName')), render: (row) => row.documentName },
          { key: 'category', label: String(t('Category')), render: (row) => categoryLabel(t, row.category) },
          { key: 'remark', label: String(t('Remark')), render: (row) => row.remark },
          {
            key: 'download',
            label: String(t('Actions')),
            render: (row) => (
              <Button
                size="compact-xs"
                variant="default"
                loading={download.isPending && download.variables.id === row.id}
                onClick={() => download.mutate(row)}
                aria-label={String(t('DownloadNamed', { name: row.documentName }))}
              >
                {String(t('Download'))}
              </Button>
            ),
          },
        ]}
      />
      {isEditable ? <UploadForm accountId={view.account.id} trayKey={trayKey} onUploaded={onUploaded} /> : null}
    </Stack>
  );
}

function categoryLabel(t: TFunction, value: string): string {
  const found = DOCUMENT_CATEGORIES.find((category) => category.value === value);
  return found ? translateWithParams(t, found.key) : value;
}

function UploadForm({
  accountId,
  trayKey,
  onUploaded,
}: {
  accountId: number;
  trayKey: TrayKey;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const empty = { file: null as unknown as File, documentName: '', category: '', remark: '' };
  const form = useZodForm(documentUploadSchema, empty);

  const mutation = useMutation({
    mutationFn: (input: DocumentUpload) =>
      uploadDocument(accountId, trayKey, {
        file: input.file,
        documentName: input.documentName,
        category: input.category,
        remark: input.remark ?? '',
      }),
    onSuccess: () => {
      addToast({
        title: String(t('Saved')),
        message: String(t('DocumentUploaded')),
        type: 'success',
        from: 'account/documents',
      });
      form.reset(empty);
      onUploaded();
    },
  });

  // spec §5: submitting without a file also says 'please upload file first'
  const handleInvalid = () => {
    if (documentFileProblem(form.getValues('file') ?? null) !== 'PleaseUploadFileFirst') return;
    addToast({
      title: String(t('SystemMsg')),
      message: String(t('PleaseUploadFileFirst')),
      type: 'warning',
      from: 'account/documents',
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upload-title">
      <ZodForm
        form={form}
        onSubmit={(input) => mutation.mutateAsync(input)}
        onInvalid={handleInvalid}
        data-testid="upload-form"
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id="upload-title">
            {String(t('UploadDocument'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FileField
              label={String(t('File'))}
              name="file"
              description={String(t('FileRules'))}
              accept={DOCUMENT_TYPES.join(',')}
              check={checkDocumentFile}
              placeholder={String(t('ChooseFile'))}
            />
            <TextField
              label={String(t('DocumentName'))}
              name="documentName"
              rules={[{ kind: 'maxLength', length: 120 }]}
            />
            <SelectField
              label={String(t('Category'))}
              name="category"
              options={DOCUMENT_CATEGORIES.map((item) => ({
                value: item.value,
                label: translateWithParams(t, item.key),
              }))}
            />
            <TextareaField label={String(t('Remark'))} name="remark" maxLength={500} minRows={1} />
          </SimpleGrid>
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group>
            <SubmitButton variant="default">{String(t('Upload'))}</SubmitButton>
          </Group>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
