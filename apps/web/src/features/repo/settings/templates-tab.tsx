import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { renderNotice, unknownPlaceholders } from '@recovery-desk/domain/legal/notice-templates.ts';
import {
  defaultSecuredTemplate,
  SECURED_PLACEHOLDERS,
  SECURED_SAMPLE_VALUES,
  type SecuredDocumentKind,
  type SecuredTemplatesReply,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { valueLabelKey } from '@recovery-desk/i18n/value-labels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorsOf, SubmitButton, useZodForm, ZodForm } from '../../../components/form/index.ts';
import { encodeMessage } from '../../../components/form/messages.ts';
import { TemplateEditor, type TemplateTab } from '../../../components/template-editor.tsx';
import { HttpError } from '../../../lib/http-client.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import {
  downloadTemplatePreview,
  fetchSecuredTemplates,
  saveSecuredTemplates,
  templateKeys,
  type SecuredTemplateInput,
} from '../api/templates-api.ts';

const FROM = 'repo/settings/templates';
const MAX_TITLE = 200;
const MAX_BODY = 20_000;

type TemplateDraft = { kind: SecuredDocumentKind; title: string; body: string };
type TemplatesDraft = { templates: TemplateDraft[] };

const draftText = z
  .string()
  .optional()
  .transform((value) => value ?? '');

type DraftError = { path: (string | number)[]; key: DictionaryKey; params?: Record<string, string | number> };

/** The checks of the PUT, on the form's fields: required, lengths, and only the documents' own placeholders. */
function draftErrors(draft: TemplatesDraft): DraftError[] {
  const errors: DraftError[] = [];
  draft.templates.forEach((template, index) => {
    for (const part of ['title', 'body'] as const) {
      const text = template[part];
      const max = part === 'title' ? MAX_TITLE : MAX_BODY;
      const path = ['templates', index, part];
      const unknown = unknownPlaceholders(text, SECURED_PLACEHOLDERS);
      if (text.trim() === '') errors.push({ path, key: 'ValidationRequired' });
      else if (text.trim().length > max) errors.push({ path, key: 'ValidationMaxLength', params: { n: max } });
      else if (unknown.length > 0)
        errors.push({
          path,
          key: 'LegalUnknownPlaceholders',
          params: { names: unknown.map((name) => `{{${name}}}`).join(', ') },
        });
    }
  });
  return errors;
}

const templatesDraftSchema = z
  .object({ templates: z.array(z.object({ kind: z.string(), title: draftText, body: draftText })) })
  .transform((draft) => draft as unknown as TemplatesDraft)
  .superRefine((draft, context) => {
    for (const error of draftErrors(draft)) {
      context.addIssue({
        code: 'custom',
        path: error.path,
        message: encodeMessage({ key: error.key, ...(error.params ? { params: error.params } : {}) }),
      });
    }
  });

const draftOf = (reply: SecuredTemplatesReply): TemplatesDraft => ({
  templates: reply.templates.map(({ kind, title, body }) => ({ kind, title, body })),
});

/**
 * Repossession Settings → Templates: the template of every repossession and SARFAESI document (the edited one, else
 * the built-in text), edited with the shared template editor, previewed with sample values and saved together.
 */
export function TemplatesTab() {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const templates = useQuery({
    queryKey: templateKeys.all(actingUnit),
    queryFn: ({ signal }) => fetchSecuredTemplates(signal),
  });

  let body: ReactNode;
  if (templates.isPending) body = <LoadingBlock label={String(t('RepoTemplatesLoading'))} testId="templates-loading" />;
  else if (templates.isError)
    body = (
      <LoadError
        title={String(t('RepoTemplatesLoadFailed'))}
        error={templates.error}
        onRetry={() => void templates.refetch()}
        testId="templates-error"
      />
    );
  else
    body = (
      // Keyed by the stored texts: a save or a reload starts from what is stored.
      <TemplatesForm key={JSON.stringify(templates.data.templates)} reply={templates.data} />
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-templates">
      <Title order={2} size="h4" id="settings-templates" mb="xs">
        {String(t('RepoSettingsTabTemplates'))}
      </Title>
      <Text size="sm" c="dark.6" mb="sm">
        {String(t('RepoTemplatesIntro'))}
      </Text>
      {body}
    </Paper>
  );
}

function TemplatesForm({ reply }: { reply: SecuredTemplatesReply }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const initial = draftOf(reply);
  const form = useZodForm(templatesDraftSchema, initial);
  const [active, setActive] = useState<string>(initial.templates[0]!.kind);
  const [preview, setPreview] = useState<SecuredTemplateInput | null>(null);

  const kindLabel = (kind: string) => translateKey(t, valueLabelKey('securedDocumentKind', kind) ?? kind, kind);
  const tabs: TemplateTab[] = reply.templates.map((template, index) => ({
    key: template.kind,
    index,
    label: kindLabel(template.kind),
    badge: (
      <Badge size="xs" variant="outline" color={template.isDefault ? 'gray.8' : 'blue.9'}>
        {String(t(template.isDefault ? 'RepoTemplateBuiltIn' : 'RepoTemplateEdited'))}
      </Badge>
    ),
  }));

  const mutation = useMutation({
    mutationFn: saveSecuredTemplates,
    onSuccess: (saved) => {
      addToast({ title: String(t('Saved')), message: String(t('RepoTemplatesSaved')), type: 'success', from: FROM });
      queryClient.setQueryData(templateKeys.all(actingUnit), saved);
    },
  });

  const handleSubmit = async (draft: TemplatesDraft) => {
    const changed = draft.templates
      .map((template, index) => ({ template, index }))
      .filter(({ template, index }) => {
        const saved = initial.templates[index]!;
        return template.title.trim() !== saved.title || template.body.trim() !== saved.body;
      });
    if (changed.length === 0) {
      addToast({ title: String(t('SystemMsg')), message: String(t('NothingChanged')), type: 'info', from: FROM });
      return;
    }
    try {
      await mutation.mutateAsync(
        changed.map(({ template }) => ({ kind: template.kind, title: template.title.trim(), body: template.body })),
      );
    } catch (error) {
      // The server names the fields by their place in the list sent (the changed templates only): back to the form's.
      if (!(error instanceof HttpError)) throw error;
      const fields = error.fields.map(({ field, message }) => {
        const match = /^templates\.(\d+)\.(.+)$/.exec(field);
        const sent = match ? changed[Number(match[1])] : undefined;
        return { field: sent ? `templates.${sent.index}.${match![2]}` : field, message };
      });
      throw new HttpError(error.status, { ...(error.body as object), fields });
    }
  };

  const showFirstError = (indexes: readonly number[]) => {
    const first = indexes.length > 0 ? initial.templates[Math.min(...indexes)] : undefined;
    if (first) setActive(first.kind);
  };
  const handleError = (error: unknown) =>
    showFirstError(
      fieldErrorsOf(error)
        .map(({ field }) => /^templates\.(\d+)\./.exec(field)?.[1])
        .filter((index): index is string => index !== undefined)
        .map(Number),
    );
  const handleInvalid = () =>
    showFirstError(
      initial.templates.map((_, index) => index).filter((index) => form.getFieldState(`templates.${index}`).invalid),
    );

  const restore = (template: TemplateTab) => {
    const builtIn = defaultSecuredTemplate(template.key as SecuredDocumentKind);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`templates.${template.index}.title`, builtIn.title, options);
    form.setValue(`templates.${template.index}.body`, builtIn.body, options);
    addToast({ title: String(t('SystemMsg')), message: String(t('RepoTemplateRestored')), type: 'info', from: FROM });
  };

  const openPreview = (template: TemplateTab) => {
    const draft = form.getValues(`templates.${template.index}`) as TemplateDraft;
    setPreview({ kind: draft.kind, title: draft.title ?? '', body: draft.body ?? '' });
  };

  const serverFailed = mutation.isError;

  return (
    <ZodForm
      form={form}
      onSubmit={(draft) => handleSubmit(draft as TemplatesDraft)}
      onError={handleError}
      onInvalid={handleInvalid}
      data-testid="templates-form"
    >
      <Stack gap="md">
        <TemplateEditor
          templates={tabs}
          active={active}
          onActiveChange={setActive}
          placeholders={SECURED_PLACEHOLDERS}
          orientation="vertical"
          listLabel={String(t('RepoTemplatesList'))}
          titleLabel={(template) => String(t('RepoTemplateTitle', { document: template.label }))}
          bodyLabel={(template) => String(t('RepoTemplateBody', { document: template.label }))}
          placeholdersLabel={(template) => String(t('RepoTemplatePlaceholders', { document: template.label }))}
          errorBadge={String(t('LegalSettingsTemplateHasErrors'))}
          actions={(template) => (
            <Group gap="xs">
              <Button type="button" variant="light" onClick={() => openPreview(template)}>
                {String(t('RepoTemplatePreview'))}
              </Button>
              <Button type="button" variant="default" onClick={() => restore(template)}>
                {String(t('RepoTemplateRestore'))}
              </Button>
            </Group>
          )}
        />
        {serverFailed ? (
          <Alert color="red" variant="outline" role="alert" data-testid="templates-save-error">
            {fieldErrorsOf(mutation.error).length > 0
              ? String(t('CorrectMarkedFields'))
              : describeLegalError(t, mutation.error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <SubmitButton>{String(t('RepoTemplatesSave'))}</SubmitButton>
          <Button
            type="button"
            variant="default"
            onClick={() => {
              form.reset(initial);
              mutation.reset();
            }}
            disabled={mutation.isPending}
          >
            {String(t('LegalSettingsDiscard'))}
          </Button>
        </Group>
      </Stack>
      <TemplatePreview
        template={preview}
        label={preview ? kindLabel(preview.kind) : ''}
        onClose={() => setPreview(null)}
      />
    </ZodForm>
  );
}

/**
 * The draft filled with sample values, as the document would read (the text here, the PDF from the server's
 * preview, which renders it exactly as a case's document).
 */
function TemplatePreview({
  template,
  label,
  onClose,
}: {
  template: SecuredTemplateInput | null;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: downloadTemplatePreview,
    onSuccess: (file) => saveFile(file, 'preview.pdf'),
  });
  const rendered = template ? renderNotice(template, SECURED_SAMPLE_VALUES, SECURED_PLACEHOLDERS) : null;
  return (
    <Modal
      opened={template !== null}
      onClose={() => {
        download.reset();
        onClose();
      }}
      title={String(t('RepoTemplatePreviewTitle', { document: label }))}
      size="xl"
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      {template && rendered ? (
        <Stack gap="sm" data-testid="template-preview">
          <Paper withBorder p="md" radius="sm">
            <Text fw={700} ta="center" mb="sm" data-testid="template-preview-title">
              {rendered.title}
            </Text>
            <Stack gap="xs">
              {rendered.paragraphs.map((paragraph, index) => (
                <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Paper>
          {download.isError ? (
            <Alert color="red" variant="outline" role="alert" title={String(t('RepoTemplatePreviewFailed'))}>
              {fieldErrorsOf(download.error).length > 0
                ? fieldErrorsOf(download.error)
                    .map((error) => error.message)
                    .join(' ')
                : describeLegalError(t, download.error)}
            </Alert>
          ) : null}
          <Group>
            <Button
              type="button"
              onClick={() => download.mutate(template)}
              loading={download.isPending}
              data-testid="template-preview-download"
            >
              {String(t('RepoTemplatePreviewDownload'))}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
