import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import type { LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import { NOTICE_PLACEHOLDERS } from '@recovery-desk/domain/legal/notice-templates.ts';
import { ASSET_CLASSES } from '@recovery-desk/domain/legal/pool-rule.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/form/fields.tsx';
import { fieldErrorsOf } from '../../../components/form/server-errors.ts';
import { translateWithParams } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { fetchLegalSettings, saveLegalSettings, type LegalSettingsInput } from '../api/legal-api.ts';
import { describeLegalError, isStaleVersion } from '../api/describe-legal-error.ts';
import { LoadError, LoadingBlock } from '../components/load-state.tsx';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { assetClassLabel, caseTypeLabel, productLabel } from '../labels.ts';
import {
  draftOf,
  settingsInput,
  TIMELINE_FIELDS,
  validateDraft,
  type AssetClass,
  type PoolRuleDraft,
  type ProductCode,
  type SettingsDraft,
  type TemplateDraft,
  type TimelineKey,
} from './settings-draft.ts';

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
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [showErrors, setShowErrors] = useState(false);
  const bodyRefs = useRef<(HTMLTextAreaElement | null)[]>([]);
  // One template is shown at a time; a save that finds errors shows the first template with one.
  const [activeType, setActiveType] = useState<string>(draft.templates[0]?.caseType ?? '');
  const showFirstTemplateError = (fields: readonly string[]) => {
    const index = fields.map((field) => /^templates\.(\d+)\./.exec(field)?.[1]).find((found) => found !== undefined);
    const caseType = index === undefined ? undefined : draft.templates[Number(index)]?.caseType;
    if (caseType) setActiveType(caseType);
  };

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
    onError: (error) => {
      if (!isStaleVersion(error)) {
        showFirstTemplateError(fieldErrorsOf(error).map((field) => field.field));
        return;
      }
      addToast({
        title: String(t('RecordChanged')),
        message: String(t('LegalSettingsStale')),
        type: 'warning',
        from: FROM,
      });
      void queryClient.invalidateQueries({ queryKey: ['legal', 'settings'] });
    },
  });

  const clientErrors = showErrors ? validateDraft(draft) : [];
  const serverErrors = fieldErrorsOf(mutation.error);
  const errorFor = (field: string): string | undefined => {
    const client = clientErrors.find((error) => error.field === field);
    if (client) return translateWithParams(t, client.key, client.params);
    return serverErrors.find((error) => error.field === field)?.message;
  };
  const templateHasError = (index: number) =>
    [`templates.${index}.title`, `templates.${index}.body`].some((field) => errorFor(field) !== undefined);
  const placeholders = settings.placeholders.length > 0 ? settings.placeholders : [...NOTICE_PLACEHOLDERS];

  const updateRule = (patch: Partial<PoolRuleDraft>) =>
    setDraft((previous) => ({ ...previous, poolRule: { ...previous.poolRule, ...patch } }));
  const updateTimeline = (key: TimelineKey, value: string) =>
    setDraft((previous) => ({ ...previous, timelines: { ...previous.timelines, [key]: value } }));
  const updateTemplate = (index: number, patch: Partial<TemplateDraft>) =>
    setDraft((previous) => ({
      ...previous,
      templates: previous.templates.map((template, at) => (at === index ? { ...template, ...patch } : template)),
    }));

  const insertPlaceholder = (index: number, name: string) => {
    const element = bodyRefs.current[index];
    const body = draft.templates[index]?.body ?? '';
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${name}}}`;
    updateTemplate(index, { body: body.slice(0, start) + token + body.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const found = validateDraft(draft);
    if (found.length > 0) {
      showFirstTemplateError(found.map((error) => error.field));
      return;
    }
    const input = settingsInput(draft, settings);
    if (!input) {
      addToast({ title: String(t('SystemMsg')), message: String(t('NothingChanged')), type: 'info', from: FROM });
      return;
    }
    mutation.mutate(input);
  };

  const handleDiscard = () => {
    setDraft(draftOf(settings));
    setShowErrors(false);
    mutation.reset();
  };

  const intInput = (name: string, label: string, value: string, onChange: (value: string) => void, hint?: string) => (
    <TextInput
      id={`field-${name}`}
      name={name}
      label={label}
      description={hint}
      value={value}
      required
      inputMode="numeric"
      maxLength={18}
      error={errorFor(name)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="settings-form">
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-pool-rule">
          <Title order={2} size="h4" id="settings-pool-rule" mb="xs">
            {String(t('LegalSettingsPoolRule'))}
          </Title>
          <Text size="sm" c="dark.6" mb="sm">
            {String(t('LegalSettingsPoolRuleIntro'))}
          </Text>
          <Stack gap="sm">
            <Checkbox.Group
              label={String(t('LegalSettingsAssetClasses'))}
              value={draft.poolRule.assetClasses}
              onChange={(values) =>
                updateRule({ assetClasses: ASSET_CLASSES.filter((value) => values.includes(value)) as AssetClass[] })
              }
              error={errorFor('poolRule.assetClasses')}
              required
            >
              <Group gap="md" mt={4}>
                {ASSET_CLASSES.map((value) => (
                  <Checkbox key={value} value={value} label={assetClassLabel(t, value)} />
                ))}
              </Group>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {intInput('poolRule.minDpd', String(t('LegalSettingsMinDpd')), draft.poolRule.minDpd, (minDpd) =>
                updateRule({ minDpd }),
              )}
              <MoneyInput
                id="field-poolRule.minOverdue"
                name="poolRule.minOverdue"
                label={String(t('LegalSettingsMinOverdue'))}
                description={String(t('LegalAmountHint'))}
                value={draft.poolRule.minOverdue}
                required
                error={errorFor('poolRule.minOverdue')}
                onChange={(minOverdue) => updateRule({ minOverdue })}
              />
              {intInput(
                'poolRule.reviewCooloffDays',
                String(t('LegalSettingsCooloffDays')),
                draft.poolRule.reviewCooloffDays,
                (reviewCooloffDays) => updateRule({ reviewCooloffDays }),
                String(t('LegalSettingsCooloffDaysHint')),
              )}
            </SimpleGrid>
            <Checkbox.Group
              label={String(t('LegalSettingsProducts'))}
              value={draft.poolRule.products}
              onChange={(values) =>
                updateRule({ products: PRODUCTS.filter((value) => values.includes(value)) as ProductCode[] })
              }
              error={errorFor('poolRule.products')}
              required
            >
              <Group gap="md" mt={4}>
                {PRODUCTS.map((value) => (
                  <Checkbox key={value} value={value} label={productLabel(t, value)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label={String(t('LegalSettingsExcludeOnHold'))}
              checked={draft.poolRule.excludeOnHold}
              onChange={(event) => updateRule({ excludeOnHold: event.currentTarget.checked })}
            />
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
                <MoneyInput
                  key={field.key}
                  id={`field-${name}`}
                  name={name}
                  label={label}
                  description={hint}
                  value={draft.timelines[field.key]}
                  required
                  error={errorFor(name)}
                  onChange={(value) => updateTimeline(field.key, value)}
                />
              ) : (
                <div key={field.key}>
                  {intInput(name, label, draft.timelines[field.key], (value) => updateTimeline(field.key, value), hint)}
                </div>
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
          <Tabs
            value={activeType}
            onChange={(value) => value && setActiveType(value)}
            keepMounted={false}
            data-testid="template-tabs"
          >
            <Tabs.List aria-label={String(t('LegalSettingsTemplates'))}>
              {draft.templates.map((template, index) => (
                <Tabs.Tab
                  key={template.caseType}
                  value={template.caseType}
                  rightSection={
                    templateHasError(index) ? (
                      <Badge size="xs" color="red.9" variant="filled">
                        {String(t('LegalSettingsTemplateHasErrors'))}
                      </Badge>
                    ) : null
                  }
                >
                  {caseTypeLabel(t, template.caseType)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {draft.templates.map((template, index) => {
              const typeLabel = caseTypeLabel(t, template.caseType);
              return (
                <Tabs.Panel key={template.caseType} value={template.caseType} pt="sm">
                  <Stack gap="xs" data-testid={`template-${template.caseType}`}>
                    <TextInput
                      id={`field-templates.${index}.title`}
                      name={`templates.${index}.title`}
                      label={String(t('LegalSettingsTemplateTitle', { type: typeLabel }))}
                      value={template.title}
                      required
                      maxLength={200}
                      error={errorFor(`templates.${index}.title`)}
                      onChange={(event) => updateTemplate(index, { title: event.currentTarget.value })}
                    />
                    <Textarea
                      id={`field-templates.${index}.body`}
                      name={`templates.${index}.body`}
                      label={String(t('LegalSettingsTemplateBody', { type: typeLabel }))}
                      value={template.body}
                      required
                      autosize
                      minRows={8}
                      maxRows={20}
                      maxLength={20_000}
                      error={errorFor(`templates.${index}.body`)}
                      ref={(element) => {
                        bodyRefs.current[index] = element;
                      }}
                      onChange={(event) => updateTemplate(index, { body: event.currentTarget.value })}
                      styles={{ input: { fontFamily: 'monospace' } }}
                    />
                    <Group
                      gap={4}
                      role="group"
                      aria-label={String(t('LegalSettingsPlaceholders', { type: typeLabel }))}
                      data-testid={`placeholders-${template.caseType}`}
                    >
                      {placeholders.map((name) => (
                        <Button
                          key={name}
                          size="compact-xs"
                          variant="light"
                          color="blue.9"
                          radius="xl"
                          onClick={() => insertPlaceholder(index, name)}
                        >
                          {`{{${name}}}`}
                        </Button>
                      ))}
                    </Group>
                  </Stack>
                </Tabs.Panel>
              );
            })}
          </Tabs>
        </Paper>

        {showErrors && clientErrors.length > 0 ? (
          <Alert color="red" variant="outline" role="alert" data-testid="settings-invalid">
            {String(t('CorrectMarkedFields'))}
          </Alert>
        ) : null}
        {mutation.isError && !isStaleVersion(mutation.error) ? (
          <Alert color="red" variant="outline" role="alert" data-testid="settings-save-error">
            {serverErrors.length > 0 ? String(t('CorrectMarkedFields')) : describeLegalError(t, mutation.error)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" loading={mutation.isPending}>
            {String(t('LegalSettingsSave'))}
          </Button>
          <Button type="button" variant="default" onClick={handleDiscard} disabled={mutation.isPending}>
            {String(t('LegalSettingsDiscard'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
