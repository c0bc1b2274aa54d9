import { Alert, Fieldset, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  COMMAND_CENTER_SETTING_BOUNDS,
  commandCenterSettingsSchema,
  type CommandCenterSettings,
  type CommandCenterSettingsReply,
} from '@recovery-desk/domain/command-center/settings.ts';
import {
  SEVERITIES,
  shadySeverityTable,
  type SeverityBand,
  type ShadyThresholds,
} from '@recovery-desk/domain/command-center/shady-rules.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import { valueLabelKey, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrors, NumberField, SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { describeError } from '../../lib/describe-error.ts';
import { formatAmount, formatCount, formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { addToast } from '../../lib/toast-store.ts';
import { cmdCenterKeys, fetchCommandCenterSettings, saveCommandCenterSettings } from './api.ts';

// /cmdCenter/settings (docs/architecture.md "Command center: settings"): the one command-center settings record on
// the form kit, in groups, each number with its bounds (COMMAND_CENTER_SETTING_BOUNDS) and default; the shady rules'
// severity table follows the thresholds as they stand in the form (shadySeverityTable of the domain).

type NumericName = keyof typeof COMMAND_CENTER_SETTING_BOUNDS;
type Field = { name: NumericName | 'shiftStart' | 'shiftEnd'; label: string };

const GROUPS = [
  {
    title: 'CcSetGroupTracking',
    fields: [
      { name: 'accuracyFilterM', label: 'CcSetAccuracyFilterM' },
      { name: 'maxSpeedKmh', label: 'CcSetMaxSpeedKmh' },
      { name: 'onlineMinutes', label: 'CcSetOnlineMinutes' },
      { name: 'offlineMinutes', label: 'CcSetOfflineMinutes' },
      { name: 'inactiveMinutes', label: 'CcSetInactiveMinutes' },
    ],
  },
  {
    title: 'CcSetGroupStops',
    fields: [
      { name: 'stopRadiusM', label: 'CcSetStopRadiusM' },
      { name: 'stopMinSeconds', label: 'CcSetStopMinSeconds' },
      { name: 'idleRadiusM', label: 'CcSetIdleRadiusM' },
      { name: 'idleMinMinutes', label: 'CcSetIdleMinMinutes' },
      { name: 'shiftStart', label: 'CcSetShiftStart' },
      { name: 'shiftEnd', label: 'CcSetShiftEnd' },
    ],
  },
  {
    title: 'CcSetGroupGeofence',
    fields: [
      { name: 'geofenceRadiusM', label: 'CcSetGeofenceRadiusM' },
      { name: 'geofenceExitGraceSeconds', label: 'CcSetGeofenceExitGraceSeconds' },
    ],
  },
  {
    title: 'CcSetGroupShady',
    fields: [
      { name: 'shadyFarM', label: 'CcSetShadyFarM' },
      { name: 'shadyStationaryReceipts', label: 'CcSetShadyStationaryReceipts' },
      { name: 'impossibleTravelKmh', label: 'CcSetImpossibleTravelKmh' },
      { name: 'depositDays', label: 'CcSetDepositDays' },
      { name: 'maxCancellations', label: 'CcSetMaxCancellations' },
    ],
  },
  { title: 'CcSetGroupRetention', fields: [{ name: 'retentionDays', label: 'CcSetRetentionDays' }] },
] as const satisfies readonly { title: string; fields: readonly Field[] }[];

/** Measures that are a yes/no flag: the band reads as the measure alone. */
const FLAG_MEASURES = new Set(['noTrackNear', 'mock', 'locationMissing', 'undeposited']);

function useCodeLabel() {
  const { t } = useTranslation();
  return (kind: ValueKind, code: string) => {
    const key = valueLabelKey(kind, code);
    return key ? translateKey(t, key, code) : code;
  };
}

function BandText({ band }: { band: SeverityBand }) {
  const { t, i18n } = useTranslation();
  const label = useCodeLabel();
  const measure = label('shadyMeasure', band.measure);
  if (FLAG_MEASURES.has(band.measure)) return <>{String(t('CcBandFlag', { measure }))}</>;
  if (band.measure === 'dayCashMinor' && band.above !== null) {
    const value = formatAmount(((band.above + 1) / 100).toFixed(2), 'INR', i18n.language);
    return <>{String(t('CcBandAtLeast', { measure, value }))}</>;
  }
  const above = formatCount(band.above ?? 0, i18n.language);
  if (band.upTo === null) return <>{String(t('CcBandAbove', { measure, above }))}</>;
  const upTo = formatCount(band.upTo, i18n.language);
  return <>{String(t('CcBandBetween', { measure, above, upTo }))}</>;
}

function SeverityTable({ thresholds }: { thresholds: ShadyThresholds }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const rows = shadySeverityTable(thresholds);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {String(t('CcSevTitle'))}
      </Title>
      <Text size="sm" c="dimmed">
        {String(t('CcSevIntro'))}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="cc-severity-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('CcSevRule'))}</Table.Th>
              <Table.Th scope="col">{String(t('CcSevBasis'))}</Table.Th>
              {SEVERITIES.map((severity) => (
                <Table.Th scope="col" key={severity}>
                  {label('severity', severity)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.rule}>
                <Table.Th scope="row">{label('shadyRule', row.rule)}</Table.Th>
                <Table.Td>{label('shadyBasis', row.basis)}</Table.Td>
                {SEVERITIES.map((severity) => {
                  const bands = row.bands.filter((band) => band.severity === severity);
                  return (
                    <Table.Td key={severity}>
                      {bands.length === 0
                        ? String(t('CcBandNone'))
                        : bands.map((band) => (
                            <div key={band.measure}>
                              <BandText band={band} />
                            </div>
                          ))}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The thresholds as they stand in the form; a value being typed that is not a number yet keeps the saved one. */
function LiveSeverityTable({ saved }: { saved: CommandCenterSettings }) {
  const values = useWatch() as Partial<Record<keyof CommandCenterSettings, unknown>>;
  const number = (name: keyof ShadyThresholds): number => {
    const value = Number(values[name]);
    return Number.isFinite(value) && value > 0 ? value : (saved[name] as number);
  };
  const thresholds: ShadyThresholds = {
    shadyFarM: number('shadyFarM'),
    geofenceRadiusM: number('geofenceRadiusM'),
    shadyStationaryReceipts: number('shadyStationaryReceipts'),
    impossibleTravelKmh: number('impossibleTravelKmh'),
    maxCancellations: number('maxCancellations'),
  } as ShadyThresholds;
  return <SeverityTable thresholds={thresholds} />;
}

function SettingsForm({ reply }: { reply: CommandCenterSettingsReply }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(commandCenterSettingsSchema, reply.settings);
  const save = useMutation({
    mutationFn: (settings: CommandCenterSettings) => saveCommandCenterSettings({ ...settings, version: reply.version }),
    onSuccess: (saved) => {
      queryClient.setQueryData(cmdCenterKeys.settings(), saved);
      addToast({ title: String(t('CcSetSave')), message: String(t('CcSetSaved')), type: 'success', from: 'cc' });
    },
  });
  return (
    <ZodForm form={form} onSubmit={(settings) => save.mutateAsync(settings)} data-testid="cc-settings-form">
      <Stack gap="md">
        {GROUPS.map((group) => (
          <Fieldset key={group.title} legend={String(t(group.title))}>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {group.fields.map((field: Field) =>
                field.name === 'shiftStart' || field.name === 'shiftEnd' ? (
                  <TextField
                    key={field.name}
                    name={field.name}
                    label={String(t(field.label as 'CcSetShiftStart'))}
                    description={String(t('CcSetClockHelp', { value: reply.defaults[field.name] }))}
                  />
                ) : (
                  <NumberField
                    key={field.name}
                    name={field.name}
                    label={String(t(field.label as 'CcSetAccuracyFilterM'))}
                    description={String(
                      t('CcSetRange', {
                        min: formatCount(COMMAND_CENTER_SETTING_BOUNDS[field.name][0], i18n.language),
                        max: formatCount(COMMAND_CENTER_SETTING_BOUNDS[field.name][1], i18n.language),
                        value: formatCount(reply.defaults[field.name], i18n.language),
                      }),
                    )}
                  />
                ),
              )}
            </SimpleGrid>
          </Fieldset>
        ))}
        <LiveSeverityTable saved={reply.settings} />
        {reply.updatedAt ? (
          <Text size="sm" c="dimmed">
            {String(
              t('CcSetLastSaved', {
                who: reply.updatedBy ?? '—',
                when: formatDateTime(reply.updatedAt, i18n.language),
              }),
            )}
          </Text>
        ) : null}
        <FormErrors />
        <div>
          <SubmitButton>{String(t('CcSetSave'))}</SubmitButton>
        </div>
      </Stack>
    </ZodForm>
  );
}

export function CommandCenterSettingsPage() {
  const { t } = useTranslation();
  const route = findRouteByName('cmdCenterSettings');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'Command Center Settings';
  const settings = useQuery({
    queryKey: cmdCenterKeys.settings(),
    queryFn: ({ signal }) => fetchCommandCenterSettings(signal),
  });
  return (
    <Stack gap="md" data-testid="cc-settings">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{String(t('CcSetIntro'))}</Text>
      {settings.isPending ? <Text aria-busy="true">{String(t('CcLoading'))}</Text> : null}
      {settings.isError ? (
        <Alert color="red" role="alert" title={String(t('CcSetLoadFailed'))}>
          {describeError(settings.error, t)}
        </Alert>
      ) : null}
      {settings.data ? <SettingsForm key={settings.data.version} reply={settings.data} /> : null}
    </Stack>
  );
}
