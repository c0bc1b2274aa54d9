import { Alert, Stack, Text, Title } from '@mantine/core';
import {
  COLLECTIONS_SETTINGS_AUTHORITY,
  collectionsSettingsSchema,
  type CollectionsSettingsReply,
} from '@recovery-desk/domain/collections/settings.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormErrors, NumberField, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { describeError } from '../../lib/describe-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { fetchCollectionsSettings, saveCollectionsSettings, usersKeys } from './api.ts';

// /collapp/settings (docs/architecture.md "Collections settings"): the business-editable rules of collections on the
// form kit. Everyone acting in collections reads them; SCHED_PRO_COLL_SAUTH saves them (with the version read).

const FIELDS = [
  ['ptpHorizonDaysB1', 'SetPtpHorizonB1', 'SetPtpHorizonB1Help'],
  ['ptpHorizonDaysLater', 'SetPtpHorizonLater', 'SetPtpHorizonLaterHelp'],
  ['ptpMaxDays', 'SetPtpMaxDays', 'SetPtpMaxDaysHelp'],
  ['collectorCapacity', 'SetCollectorCapacity', 'SetCollectorCapacityHelp'],
  ['escalationBrokenPtps', 'SetEscalationBrokenPtps', 'SetEscalationBrokenPtpsHelp'],
] as const;

function SettingsForm({ reply, canSave }: { reply: CollectionsSettingsReply; canSave: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const form = useZodForm(collectionsSettingsSchema, reply.settings);
  const save = useMutation({
    mutationFn: (settings: typeof reply.settings) => saveCollectionsSettings({ ...settings, version: reply.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData(usersKeys.settings(actingUnit), saved);
      addToast({ title: String(t('Done')), message: String(t('SetSaved')), type: 'success', from: 'settings' });
    },
  });
  return (
    <ZodForm form={form} onSubmit={(settings) => save.mutateAsync(settings)} data-testid="collections-settings-form">
      <Stack gap="sm" maw={560}>
        {FIELDS.map(([name, label, help]) => (
          <NumberField
            key={name}
            name={name}
            label={String(t(label))}
            description={`${String(t(help))} ${String(t('SetDefault', { value: reply.defaults[name] }))}`}
            disabled={!canSave}
          />
        ))}
        {reply.updatedAt ? (
          <Text size="sm" c="dimmed">
            {String(
              t('SetLastSaved', { who: reply.updatedBy ?? '—', when: formatDateTime(reply.updatedAt, i18n.language) }),
            )}
          </Text>
        ) : null}
        <FormErrors />
        {canSave ? (
          <div>
            <SubmitButton>{String(t('SetSave'))}</SubmitButton>
          </div>
        ) : (
          <Text size="sm">{String(t('SetReadOnly'))}</Text>
        )}
      </Stack>
    </ZodForm>
  );
}

export function CollectionsSettingsPage() {
  const { t } = useTranslation();
  const route = findRouteByName('collappSettings');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Collections Settings';
  const actingUnit = useSession((session) => session.actingUnit);
  const canSave = useSession((session) => session.systemAuthorities.includes(COLLECTIONS_SETTINGS_AUTHORITY));
  const settings = useQuery({
    queryKey: usersKeys.settings(actingUnit),
    queryFn: ({ signal }) => fetchCollectionsSettings(signal),
  });
  return (
    <Stack gap="md" data-testid="collections-settings">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{String(t('SetIntro'))}</Text>
      {settings.isPending ? <Text aria-busy="true">{String(t('UsrLoading'))}</Text> : null}
      {settings.isError ? (
        <Alert color="red" role="alert" title={String(t('SetLoadFailed'))}>
          {describeError(settings.error, t)}
        </Alert>
      ) : null}
      {settings.data ? <SettingsForm key={settings.data.version} reply={settings.data} canSave={canSave} /> : null}
    </Stack>
  );
}
