import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import type { LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import { NOTICE_PLACEHOLDERS } from '@recovery-desk/domain/legal/notice-templates.ts';
import { ASSET_CLASSES } from '@recovery-desk/domain/legal/pool-rule.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useFormState, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  AmountField,
  CheckboxGroupField,
  fieldErrorsOf,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../components/form/index.ts';
import { TemplateEditor } from '../../../components/template-editor.tsx';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { fetchLegalSettings, saveLegalSettings, type LegalSettingsInput } from '../api/legal-api.ts';
import { describeLegalError, isStaleVersion } from '../api/describe-legal-error.ts';
import { LoadError, LoadingBlock } from '../components/load-state.tsx';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { assetClassLabel, caseTypeLabel, productLabel } from '../labels.ts';
import { draftOf, settingsDraftSchema, settingsInput, TIMELINE_FIELDS, type SettingsDraft } from './settings-draft.ts';

const FROM = 'legal/settings';

/**
 * /legal/settings — the pool rule, the statutory and policy timelines and the notice templates, saved together with
 * the settings' optimistic version. A timelines change publishes a new version of the LEGAL definition.
 */
export function LegalSettingsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('legalSettings');
  const actingUnit = useSession((session) => session.actingUnit);
  const settings = useQuery({
    queryKey: ['legal', 'settings', actingUnit],
    queryFn: ({ signal }) => fetchLegalSettings(signal),
  });

  let body: ReactNode;
  if (settings.isPending) body = <LoadingBlock label={String(t('LegalSettingsLoading'))} testId="settings-loading" />;
  else if (settings.isError)
    body = (
      <LoadError
        title={String(t('LegalSettingsLoadFailed'))}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        testId="settings-error"
      />
    );
  // Keyed by version: a save or a reload after a conflict starts from the stored settings.
  else
    body = (
      <SettingsForm key={`${settings.data.version}-${settings.data.definitionVersion}`} settings={settings.data} />
    );

  return (
    <Stack gap="md" data-testid="legal-settings">
      <Title order={1}>{title}</Title>
      {body}
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: LegalSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const form = useZodForm(settingsDraftSchema, draftOf(settings) as DefaultValues<z.input<typeof settingsDraftSchema>>);
  const { errors } = useFormState({ control: form.control });
  const templates = draftOf(settings).templates;
  // One template is shown at a time; a save that finds errors shows the first template with one.
  const [activeType, setActiveType] = useState<string>(templates[0]?.caseType ?? '');
  const showFirstTemplateError = (indexes: readonly number[]) => {
    const caseType = indexes.length > 0 ? templates[Math.min(...indexes)]?.caseType : undefined;
    if (caseType) setActiveType(caseType);
  };
  const templateErrorIndexes = (): number[] =>
    templates.map((_, index) => index).filter((index) => form.getFieldState(`templates.${index}` as never).invalid);

  const mutation = useMutation({
    mutationFn: saveLegalSettings,
    onSuccess: (saved, input: LegalSettingsInput) => {
      const published = input.timelines ? (saved?.definitionVersion ?? settings.definitionVersion + 1) : null;
      addToast({
        title: String(t('Saved')),
        message:
          published === null
            ? String(t('LegalSettingsSaved'))
            : String(t('LegalSettingsSavedWithVersion', { version: published })),
        type: 'success',
        from: FROM,
      });
      if (saved) queryClient.setQueryData(['legal', 'settings', actingUnit], saved);
      void queryClient.invalidateQueries({ queryKey: ['legal', 'settings'] });
    },
  });

  const handleSubmit = async (draft: SettingsDraft) => {
    const input = settingsInput(draft, settings);
    if (!input) {
      addToast({ title: String(t('SystemMsg')), message: String(t('NothingChanged')), type: 'info', from: FROM });
      return;
    }
    await mutation.mutateAsync(input);
  };

  const handleError = (error: unknown) => {
    if (!isStaleVersion(error)) {
      // Only the template on show is mounted: an error on another one is set on its field here, and shows when the
      // screen turns to it.
      const indexes: number[] = [];
      for (const { field, message } of fieldErrorsOf(error)) {
        const index = /^templates\.(\d+)\./.exec(field)?.[1];
        if (index === undefined) continue;
        indexes.push(Number(index));
        form.setError(field as never, { type: 'server', message });
      }
      showFirstTemplateError(indexes);
      return;
    }
    addToast({
      title: String(t('RecordChanged')),
      message: String(t('LegalSettingsStale')),
      type: 'warning',
      from: FROM,
    });
    void queryClient.invalidateQueries({ queryKey: ['legal', 'settings'] });
  };

  const placeholders = settings.placeholders.length > 0 ? settings.placeholders : [...NOTICE_PLACEHOLDERS];

  const handleDiscard = () => {
    form.reset(draftOf(settings) as DefaultValues<z.input<typeof settingsDraftSchema>>);
    mutation.reset();
  };

  const hasFieldErrors = Object.keys(errors).some((key) => key !== 'root');
  const serverFailed = mutation.isError && !isStaleVersion(mutation.error);

  return (
    <ZodForm
      form={form}
      onSubmit={(draft) => handleSubmit(draft as SettingsDraft)}
      onError={handleError}
      onInvalid={() => showFirstTemplateError(templateErrorIndexes())}
      data-testid="settings-form"
    >
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-pool-rule">
          <Title order={2} size="h4" id="settings-pool-rule" mb="xs">
            {String(t('LegalSettingsPoolRule'))}
          </Title>
          <Text size="sm" c="dark.6" mb="sm">
            {String(t('LegalSettingsPoolRuleIntro'))}
          </Text>
          <Stack gap="sm">
            <CheckboxGroupField
              name="poolRule.assetClasses"
              label={String(t('LegalSettingsAssetClasses'))}
              options={ASSET_CLASSES.map((value) => ({ value, label: assetClassLabel(t, value) }))}
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextField name="poolRule.minDpd" label={String(t('LegalSettingsMinDpd'))} inputMode="numeric" required />
              <AmountField
                name="poolRule.minOverdue"
                label={String(t('LegalSettingsMinOverdue'))}
                currency="INR"
                description={String(t('LegalAmountHint'))}
                required
              />
              <TextField
                name="poolRule.reviewCooloffDays"
                label={String(t('LegalSettingsCooloffDays'))}
                description={String(t('LegalSettingsCooloffDaysHint'))}
                inputMode="numeric"
                required
              />
            </SimpleGrid>
            <CheckboxGroupField
              name="poolRule.products"
              label={String(t('LegalSettingsProducts'))}
              options={PRODUCTS.map((value) => ({ value, label: productLabel(t, value) }))}
              required
            />
            <SwitchField name="poolRule.excludeOnHold" label={String(t('LegalSettingsExcludeOnHold'))} />
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-timelines">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4" id="settings-timelines">
              {String(t('LegalSettingsTimelines'))}
            </Title>
            <Badge variant="filled" color="gray.8" data-testid="definition-version">
              {String(t('LegalSettingsDefinitionVersion', { version: settings.definitionVersion }))}
            </Badge>
          </Group>
          <Alert color="blue" variant="outline" mb="sm" data-testid="timelines-note">
            {String(
              t('LegalSettingsTimelinesNote', {
                current: settings.definitionVersion,
                next: settings.definitionVersion + 1,
              }),
            )}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TIMELINE_FIELDS.map((field) => {
              const name = `timelines.${field.key}`;
              const label = translateWithParams(t, field.labelKey);
              const hint = translateWithParams(t, field.hintKey);
              return field.kind === 'amount' ? (
                <AmountField key={field.key} name={name} label={label} currency="INR" description={hint} required />
              ) : (
                <TextField key={field.key} name={name} label={label} description={hint} inputMode="numeric" required />
              );
            })}
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-templates">
          <Title order={2} size="h4" id="settings-templates" mb="xs">
            {String(t('LegalSettingsTemplates'))}
          </Title>
          <Text size="sm" c="dark.6" mb="sm">
            {String(t('LegalSettingsTemplatesIntro'))}
          </Text>
          <TemplateEditor
            templates={templates.map((template, index) => ({
              key: template.caseType,
              index,
              label: caseTypeLabel(t, template.caseType),
            }))}
            active={activeType}
            onActiveChange={setActiveType}
            placeholders={placeholders}
            listLabel={String(t('LegalSettingsTemplates'))}
            titleLabel={(template) => String(t('LegalSettingsTemplateTitle', { type: template.label }))}
            bodyLabel={(template) => String(t('LegalSettingsTemplateBody', { type: template.label }))}
            placeholdersLabel={(template) => String(t('LegalSettingsPlaceholders', { type: template.label }))}
            errorBadge={String(t('LegalSettingsTemplateHasErrors'))}
          />
        </Paper>

        {hasFieldErrors && !serverFailed ? (
          <Alert color="red" variant="outline" role="alert" data-testid="settings-invalid">
            {String(t('CorrectMarkedFields'))}
          </Alert>
        ) : null}
        {serverFailed ? (
          <Alert color="red" variant="outline" role="alert" data-testid="settings-save-error">
            {fieldErrorsOf(mutation.error).length > 0
              ? String(t('CorrectMarkedFields'))
              : describeLegalError(t, mutation.error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <SubmitButton>{String(t('LegalSettingsSave'))}</SubmitButton>
          <Button type="button" variant="default" onClick={handleDiscard} disabled={mutation.isPending}>
            {String(t('LegalSettingsDiscard'))}
          </Button>
        </Group>
      </Stack>
    </ZodForm>
  );
}
