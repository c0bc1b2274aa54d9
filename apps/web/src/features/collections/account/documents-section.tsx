import { Alert, Button, FileInput, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/select-field.tsx';
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
  const [file, setFile] = useState<File | null>(null);
  const [documentName, setDocumentName] = useState('');
  const [category, setCategory] = useState('');
  const [remark, setRemark] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Remounting the file input is the only way to clear a chosen file after an upload.
  const [inputKey, setInputKey] = useState(0);

  const mutation = useMutation({
    mutationFn: (chosen: File) =>
      uploadDocument(accountId, trayKey, {
        file: chosen,
        documentName: documentName.trim(),
        category,
        remark: remark.trim(),
      }),
    onSuccess: () => {
      addToast({
        title: String(t('Saved')),
        message: String(t('DocumentUploaded')),
        type: 'success',
        from: 'account/documents',
      });
      setFile(null);
      setDocumentName('');
      setCategory('');
      setRemark('');
      setShowErrors(false);
      setInputKey((key) => key + 1);
      onUploaded();
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const problem = documentFileProblem(file);
    if (problem) {
      setFileProblem(String(t(problem)));
      if (problem === 'PleaseUploadFileFirst') {
        addToast({
          title: String(t('SystemMsg')),
          message: String(t('PleaseUploadFileFirst')),
          type: 'warning',
          from: 'account/documents',
        });
      }
      return;
    }
    if (documentName.trim() === '' || category === '' || !file) return;
    mutation.mutate(file);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upload-title">
      <form onSubmit={handleSubmit} noValidate data-testid="upload-form">
        <Stack gap="sm">
          <Title order={3} size="h5" id="upload-title">
            {String(t('UploadDocument'))}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FileInput
              key={inputKey}
              label={String(t('File'))}
              description={String(t('FileRules'))}
              accept={DOCUMENT_TYPES.join(',')}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileProblem(null);
              }}
              clearable
              required
              error={fileProblem ?? undefined}
              placeholder={String(t('ChooseFile'))}
            />
            <TextInput
              label={String(t('DocumentName'))}
              value={documentName}
              required
              maxLength={120}
              onChange={(event) => setDocumentName(event.currentTarget.value)}
              error={showErrors && documentName.trim() === '' ? String(t('ValidationRequired')) : undefined}
            />
            <SelectField
              label={String(t('Category'))}
              name="category"
              value={category}
              onChange={setCategory}
              options={DOCUMENT_CATEGORIES.map((item) => ({
                value: item.value,
                label: translateWithParams(t, item.key),
              }))}
              isRequired
              showErrors={showErrors}
            />
            <Textarea
              label={String(t('Remark'))}
              value={remark}
              maxLength={500}
              autosize
              minRows={1}
              onChange={(event) => setRemark(event.currentTarget.value)}
            />
          </SimpleGrid>
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert">
              {describeError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" variant="default" loading={mutation.isPending}>
              {String(t('Upload'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
