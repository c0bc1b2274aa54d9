import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import type { RepoWorkflowSettings } from '@recovery-desk/domain/repo/contracts.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AmountField,
  fieldErrorsOf,
  SubmitButton,
  TextField,
  useZodForm,
  ZodForm,
} from '../../../components/form/index.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError, isStaleVersion } from '../../legal/api/describe-legal-error.ts';
import { LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { fetchRepoSettings, repoKeys, saveRepoSettings } from '../api/repo-api.ts';
import { AgenciesTab } from './agencies-tab.tsx';
import { TemplatesTab } from './templates-tab.tsx';
import { YardsTab } from './yards-tab.tsx';
import { draftOf, TIMELINE_FIELDS, timelinesDraftSchema, timelinesOf, type TimelinesDraft } from './timeline-fields.ts';

const FROM = 'repo/settings';

const TABS = ['timelines', 'yards', 'agencies', 'templates'] as const;
type SettingsTab = (typeof TABS)[number];
const TAB_LABEL = {
  timelines: 'RepoSettingsTabTimelines',
  yards: 'RepoSettingsTabYards',
  agencies: 'RepoSettingsTabAgencies',
  templates: 'RepoSettingsTabTemplates',
} as const satisfies Record<SettingsTab, string>;
const isTab = (value: string | null): value is SettingsTab => TABS.includes(value as SettingsTab);

/**
 * /Repo/Settings — four tabs, the one on show in the address (`?tab=`) so a reload keeps it: Timelines, the yards
 * register (yards-tab.tsx), the agencies register (agencies-tab.tsx) and the documents' templates (templates-tab.tsx).
 */
export function RepoSettingsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('repoSettings');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: SettingsTab = isTab(tabParam) ? tabParam : 'timelines';
  const choose = (value: string | null) => {
    const next = new URLSearchParams();
    if (isTab(value) && value !== 'timelines') next.set('tab', value);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md" data-testid="repo-settings">
      <Title order={1}>{title}</Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label={String(t('RepoSettingsTabs'))}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`settings-tab-${value}`}>
              {String(t(TAB_LABEL[value]))}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="timelines" pt="md">
          <TimelinesTab />
        </Tabs.Panel>
        <Tabs.Panel value="yards" pt="md">
          <YardsTab />
        </Tabs.Panel>
        <Tabs.Panel value="agencies" pt="md">
          <AgenciesTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * The Timelines tab — the timelines of the REPOSSESSION and SARFAESI workflows (the numbers of their statutory and
 * policy date rules), each saved with its optimistic version. A change publishes a new version of that workflow.
 */
function TimelinesTab() {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const settings = useQuery({
    queryKey: repoKeys.settingsOf(actingUnit),
    queryFn: ({ signal }) => fetchRepoSettings(signal),
  });

  let body: ReactNode;
  if (settings.isPending) body = <LoadingBlock label={String(t('RepoSettingsLoading'))} testId="settings-loading" />;
  else if (settings.isError)
    body = (
      <LoadError
        title={String(t('RepoSettingsLoadFailed'))}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        testId="settings-error"
      />
    );
  else
    body = settings.data.workflows.map((workflow) => (
      // Keyed by version: a save or a reload after a conflict starts from the stored timelines.
      <TimelinesForm key={`${workflow.code}-${workflow.version}-${workflow.definitionVersion}`} workflow={workflow} />
    ));

  return <Stack gap="md">{body}</Stack>;
}

function TimelinesForm({ workflow }: { workflow: RepoWorkflowSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const initial = draftOf(workflow.code, workflow.timelines);
  const form = useZodForm(timelinesDraftSchema(workflow.code), initial);
  const id = `settings-${workflow.code}`;

  const mutation = useMutation({
    mutationFn: saveRepoSettings,
    onSuccess: (saved) => {
      const published = saved.workflows.find((entry) => entry.code === workflow.code)?.definitionVersion;
      addToast({
        title: String(t('Saved')),
        message: String(t('RepoSettingsSavedWithVersion', { version: published ?? workflow.definitionVersion })),
        type: 'success',
        from: FROM,
      });
      queryClient.setQueryData(repoKeys.settingsOf(actingUnit), saved);
      void queryClient.invalidateQueries({ queryKey: repoKeys.all() });
    },
  });

  const handleSubmit = async (draft: TimelinesDraft) => {
    const timelines = timelinesOf(workflow.code, draft);
    if (JSON.stringify(draftOf(workflow.code, timelines)) === JSON.stringify(initial)) {
      addToast({ title: String(t('SystemMsg')), message: String(t('NothingChanged')), type: 'info', from: FROM });
      return;
    }
    await mutation.mutateAsync({ code: workflow.code, timelines, version: workflow.version });
  };

  const handleError = (error: unknown) => {
    if (!isStaleVersion(error)) return;
    addToast({
      title: String(t('RecordChanged')),
      message: String(t('RepoSettingsStale')),
      type: 'warning',
      from: FROM,
    });
    void queryClient.invalidateQueries({ queryKey: repoKeys.settings() });
  };

  const serverFailed = mutation.isError && !isStaleVersion(mutation.error);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id} data-testid={id}>
      <ZodForm
        form={form}
        onSubmit={(draft) => handleSubmit(draft as TimelinesDraft)}
        onError={handleError}
        data-testid={`${id}-form`}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id={id}>
              {translateKey(t, workflow.labelKey, workflow.code)}
            </Title>
            <Badge variant="filled" color="gray.8" data-testid={`${id}-version`}>
              {String(t('LegalSettingsDefinitionVersion', { version: workflow.definitionVersion }))}
            </Badge>
          </Group>
          <Alert color="blue" variant="outline">
            {String(
              t('RepoSettingsNote', { current: workflow.definitionVersion, next: workflow.definitionVersion + 1 }),
            )}
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {TIMELINE_FIELDS[workflow.code].map((field) => {
              const name = `timelines.${field.key}`;
              const label = translateKey(t, field.labelKey, field.key);
              return field.kind === 'amount' ? (
                <AmountField key={field.key} name={name} label={label} currency="INR" required />
              ) : (
                <TextField key={field.key} name={name} label={label} inputMode="numeric" required />
              );
            })}
          </SimpleGrid>
          {serverFailed ? (
            <Alert color="red" variant="outline" role="alert" data-testid={`${id}-save-error`}>
              {fieldErrorsOf(mutation.error).length > 0
                ? String(t('CorrectMarkedFields'))
                : describeLegalError(t, mutation.error)}
            </Alert>
          ) : null}
          <Group gap="xs">
            <SubmitButton>{String(t('RepoSettingsSave'))}</SubmitButton>
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
      </ZodForm>
    </Paper>
  );
}
