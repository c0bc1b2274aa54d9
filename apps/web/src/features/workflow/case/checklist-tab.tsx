import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { CaseDocument, CaseView, ChecklistItem } from '@recovery-desk/domain/workflow/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../api/describe-error.ts';
import { downloadCaseDocument, uploadCaseDocument } from '../api/workflow-api.ts';
import { tr } from '../labels.ts';
import { OTHER_DOCUMENT_CODE } from '../refusals.ts';

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
const SOURCE = 'workflow/documents';

/** Why a chosen file cannot be uploaded, or null (PDF, PNG or JPG, at most 5 MB). */
export function fileProblem(file: File | null): 'PleaseUploadFileFirst' | 'FileTypeNotAllowed' | 'FileTooLarge' | null {
  if (!file) return 'PleaseUploadFileFirst';
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type) && !byName) return 'FileTypeNotAllowed';
  if (file.size > MAX_DOCUMENT_BYTES) return 'FileTooLarge';
  return null;
}

/** Checklist items grouped by stage: the current stage first, then the others in the definition's order. */
export function groupChecklist(
  view: CaseView,
  definition: WorkflowDefinition,
): { stage: string; labelKey: string; items: ChecklistItem[] }[] {
  const order = definition.stages.map((stage) => stage.code);
  const stages = [...new Set(view.checklist.map((item) => item.stage))].sort((a, b) => {
    if (a === view.case.stage) return -1;
    if (b === view.case.stage) return 1;
    return order.indexOf(a) - order.indexOf(b);
  });
  return stages.map((stage) => {
    const items = view.checklist.filter((item) => item.stage === stage);
    return { stage, labelKey: items[0]?.stageLabelKey ?? stage, items };
  });
}

export type ChecklistTabProps = {
  view: CaseView;
  definition: WorkflowDefinition;
  /** the user may add documents (holds the stage's authority, the case is open) */
  canUpload: boolean;
  /** codes of required documents an action found missing */
  missing: ReadonlySet<string>;
  onUploaded: () => void;
};

/**
 * Document Checklist: what each stage needs (required or optional, whether it applies to this case), what is on the
 * case with downloads, an upload per applicable item and one for any other document.
 */
export function ChecklistTab({ view, definition, canUpload, missing, onUploaded }: ChecklistTabProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<string | null>(null);
  const byId = new Map(view.documents.map((document) => [document.documentId, document]));
  const listed = new Set(view.checklist.flatMap((item) => item.documentIds));
  const others = view.documents.filter((document) => !listed.has(document.documentId));
  const groups = groupChecklist(view, definition);

  return (
    <Stack gap="md" data-testid="checklist">
      {groups.length === 0 ? (
        <Text size="sm" c="dark.6">
          {String(t('WorkflowNoChecklist'))}
        </Text>
      ) : null}
      {groups.map((group) => (
        <Paper
          key={group.stage}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-labelledby={`checklist-${group.stage}`}
          data-testid={`checklist-stage-${group.stage}`}
        >
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={3} size="h5" id={`checklist-${group.stage}`}>
                {tr(t, group.labelKey, group.stage)}
              </Title>
              {group.stage === view.case.stage ? (
                <Badge color="blue.9" variant="filled">
                  {String(t('WorkflowCurrentStage'))}
                </Badge>
              ) : null}
            </Group>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {group.items.map((item) => {
                const label = tr(t, item.labelKey, item.code);
                const documents = item.documentIds.flatMap((id) => byId.get(id) ?? []);
                const isMissing = missing.has(item.code);
                return (
                  <li key={item.code} data-testid={`checklist-item-${item.code}`}>
                    <Stack gap={4}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} size="sm">
                          {label}
                        </Text>
                        {/* One verdict per item, from the engine's rule (documentApplies): a document that does not
                            apply to this case is not also "required". */}
                        {item.applies ? (
                          <Badge color={item.required ? 'red.9' : 'gray.8'} variant="filled" size="sm">
                            {String(t(item.required ? 'WorkflowRequired' : 'WorkflowOptional'))}
                          </Badge>
                        ) : (
                          <Badge color="gray.8" variant="outline" size="sm">
                            {String(t('WorkflowDoesNotApply'))}
                          </Badge>
                        )}
                        <Badge color={documents.length > 0 ? 'green.9' : 'orange.9'} variant="filled" size="sm">
                          {String(t(documents.length > 0 ? 'WorkflowUploaded' : 'WorkflowNotUploaded'))}
                        </Badge>
                      </Group>
                      {isMissing && documents.length === 0 ? (
                        <Text size="sm" c="red.9" role="alert" data-testid="document-mandatory">
                          {String(t('UploadingFileIsMandatory'))}
                        </Text>
                      ) : null}
                      <DocumentList caseId={view.case.caseId} documents={documents} />
                      {canUpload && item.applies ? (
                        uploading === item.code ? (
                          <UploadForm
                            caseId={view.case.caseId}
                            code={item.code}
                            title={String(t('WorkflowUploadNamed', { name: label }))}
                            defaultName={label}
                            onDone={() => {
                              setUploading(null);
                              onUploaded();
                            }}
                            onCancel={() => setUploading(null)}
                          />
                        ) : (
                          <Group>
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => setUploading(item.code)}
                              aria-label={String(t('WorkflowUploadNamed', { name: label }))}
                            >
                              {String(t('Upload'))}
                            </Button>
                          </Group>
                        )
                      ) : null}
                    </Stack>
                  </li>
                );
              })}
            </Stack>
          </Stack>
        </Paper>
      ))}
      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-labelledby="checklist-other"
        data-testid="checklist-other"
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id="checklist-other">
            {String(t('WorkflowOtherDocuments'))}
          </Title>
          {others.length === 0 ? (
            <Text size="sm" c="dark.6">
              {String(t('NoDocuments'))}
            </Text>
          ) : (
            <DocumentList caseId={view.case.caseId} documents={others} />
          )}
          {canUpload ? (
            uploading === OTHER_DOCUMENT_CODE ? (
              <UploadForm
                caseId={view.case.caseId}
                code={OTHER_DOCUMENT_CODE}
                title={String(t('WorkflowUploadOther'))}
                defaultName=""
                onDone={() => {
                  setUploading(null);
                  onUploaded();
                }}
                onCancel={() => setUploading(null)}
              />
            ) : (
              <Group>
                <Button size="compact-sm" variant="default" onClick={() => setUploading(OTHER_DOCUMENT_CODE)}>
                  {String(t('WorkflowUploadOther'))}
                </Button>
              </Group>
            )
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

function DocumentList({ caseId, documents }: { caseId: number; documents: CaseDocument[] }) {
  const { t, i18n } = useTranslation();
  const download = useMutation({
    mutationFn: (document: CaseDocument) => downloadCaseDocument(caseId, document.documentId),
    onSuccess: (file, document) => saveFile(file, document.fileName || `document-${document.documentId}`),
    onError: (error) =>
      addToast({
        title: String(t('DownloadFailed')),
        message: describeWorkflowError(t, error),
        type: 'error',
        from: SOURCE,
      }),
  });
  if (documents.length === 0) return null;
  return (
    <Stack component="ul" gap={4} m={0} pl="md">
      {documents.map((document) => (
        <li key={document.documentId} data-testid={`document-${document.documentId}`}>
          <Group gap="xs" wrap="wrap">
            <Button
              size="compact-xs"
              variant="subtle"
              loading={download.isPending && download.variables.documentId === document.documentId}
              onClick={() => download.mutate(document)}
              aria-label={String(t('DownloadNamed', { name: document.documentName || document.fileName }))}
            >
              {document.documentName || document.fileName}
            </Button>
            <Text size="xs" c="dark.6">
              {String(
                t('WorkflowDocumentMeta', {
                  file: document.fileName,
                  by: document.uploadedBy,
                  at: formatDateTime(document.createdAt, i18n.language),
                }),
              )}
            </Text>
            {document.isGenerated ? (
              <Badge size="xs" color="violet.9" variant="filled">
                {String(t('WorkflowGenerated'))}
              </Badge>
            ) : null}
            {document.remark ? (
              <Text size="xs" c="dark.6">
                {document.remark}
              </Text>
            ) : null}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function UploadForm({
  caseId,
  code,
  title,
  defaultName,
  onDone,
  onCancel,
}: {
  caseId: number;
  code: string;
  title: string;
  defaultName: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [documentName, setDocumentName] = useState(defaultName);
  const [remark, setRemark] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const isNameRequired = code === OTHER_DOCUMENT_CODE;
  const idPrefix = `upload-${code}`;

  const mutation = useMutation({
    mutationFn: (chosen: File) =>
      uploadCaseDocument(caseId, { file: chosen, code, documentName: documentName.trim(), remark: remark.trim() }),
    onSuccess: () => {
      addToast({ title: String(t('Saved')), message: String(t('DocumentUploaded')), type: 'success', from: SOURCE });
      onDone();
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = fileProblem(file);
    const missingName = isNameRequired && documentName.trim() === '';
    setNameError(missingName ? String(t('ValidationRequired')) : null);
    if (problem) {
      setFileError(String(t(problem)));
      if (problem === 'PleaseUploadFileFirst') {
        addToast({
          title: String(t('SystemMsg')),
          message: String(t('PleaseUploadFileFirst')),
          type: 'warning',
          from: SOURCE,
        });
      }
      return;
    }
    if (missingName || !file) return;
    mutation.mutate(file);
  };

  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <form onSubmit={handleSubmit} noValidate aria-label={title} data-testid={`upload-form-${code}`}>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <FileInput
              id={`${idPrefix}-file`}
              label={String(t('File'))}
              description={String(t('FileRules'))}
              accept={DOCUMENT_TYPES.join(',')}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
              }}
              clearable
              required
              error={fileError ?? undefined}
              placeholder={String(t('ChooseFile'))}
              data-testid="upload-file"
            />
            <TextInput
              id={`${idPrefix}-name`}
              label={String(t('DocumentName'))}
              value={documentName}
              required={isNameRequired}
              maxLength={120}
              onChange={(event) => {
                setDocumentName(event.currentTarget.value);
                setNameError(null);
              }}
              error={nameError ?? undefined}
            />
            <Textarea
              id={`${idPrefix}-remark`}
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
              {describeWorkflowError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" size="xs" loading={mutation.isPending}>
              {String(t('Upload'))}
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              {String(t('Cancel'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
