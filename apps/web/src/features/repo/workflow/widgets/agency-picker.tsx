import { Alert, Button, Group, Loader, NativeSelect, Text } from '@mantine/core';
import { AGENCY_FIELDS } from '@recovery-desk/domain/secured-assets/agencies.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../../lib/describe-error.ts';
import { formatBusinessDate } from '../../../../lib/format.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { saveCaseFields } from '../../../workflow/api/workflow-api.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { agencyKeys, downloadAgencyLetter, fetchUsableAgencies } from '../../api/agencies-api.ts';
import { saveFile } from '../../../../lib/save-file.ts';

// The `agencyPicker` widget (beside the case's actions) of the agency-allocation stages: the agencies of the register
// of the stage's kind that are active and empanelled on the business date; choosing one fills the stage's agency
// field (AGENCY_FIELDS) with its registered name, so requireValidAgency finds it in the register. The chosen agency's
// authorisation letter on file (a repossession agency is usable only with one) can be downloaded beside it.

export function AgencyPicker({ view, canAct, onReload }: CaseWidgetProps) {
  const { t, i18n } = useTranslation();
  const target = AGENCY_FIELDS[view.case.definitionCode]?.[view.case.stage];
  const [chosen, setChosen] = useState('');
  const agencies = useQuery({
    queryKey: agencyKeys.usable(target?.kind ?? 'REPOSSESSION'),
    queryFn: ({ signal }) => fetchUsableAgencies(target!.kind, signal),
    enabled: canAct && target !== undefined,
  });
  const save = useMutation({
    mutationFn: (name: string) =>
      saveCaseFields(view.case.caseId, { version: view.case.version, fields: { [target!.field]: name } }),
    onSuccess: () => {
      addToast({
        title: String(t('Saved')),
        message: String(t('RepoAgencyChosen')),
        type: 'success',
        from: 'repo/agency',
      });
      onReload();
    },
    onError: (error) =>
      addToast({
        title: String(t('RepoAgencyChooseFailed')),
        message: describeError(error, t),
        type: 'error',
        from: 'repo/agency',
      }),
  });
  const letter = useMutation({
    mutationFn: (agency: { id: number; fileName: string }) =>
      downloadAgencyLetter(agency.id).then((file) => saveFile(file, agency.fileName)),
    onError: (error) =>
      addToast({
        title: String(t('DownloadFailed')),
        message: describeError(error, t),
        type: 'error',
        from: 'repo/agency',
      }),
  });
  if (!canAct || !target) return null;
  if (agencies.isPending) return <Loader size="sm" aria-label={String(t('RepoAgencyLoading'))} />;
  if (agencies.isError) {
    return (
      <Alert color="red" variant="outline" role="alert" title={String(t('RepoAgencyLoadFailed'))}>
        {describeError(agencies.error, t)}
      </Alert>
    );
  }
  const usable = agencies.data.agencies.filter((agency) => agency.usable);
  if (usable.length === 0) {
    return (
      <Text size="sm" c="dark.6" data-testid="agency-picker-empty">
        {String(t('RepoAgencyNone'))}
      </Text>
    );
  }
  const current = view.case.fields[target.field];
  const selected = usable.find((agency) => agency.name === (chosen || (typeof current === 'string' ? current : '')));
  return (
    <Group align="flex-end" gap="sm" data-testid="agency-picker">
      <NativeSelect
        label={String(t('RepoAgencyPick'))}
        data={[
          { value: '', label: String(t('RepoInvChoose')) },
          ...usable.map((agency) => ({
            value: agency.name,
            label: String(
              t('RepoAgencyOption', {
                name: agency.name,
                registrationNo: agency.registrationNo,
                date: formatBusinessDate(agency.validUntil, i18n.language),
              }),
            ),
          })),
        ]}
        value={chosen || (typeof current === 'string' && usable.some((a) => a.name === current) ? current : '')}
        onChange={(event) => setChosen(event.currentTarget.value)}
      />
      <Button
        variant="default"
        disabled={chosen === '' || chosen === current}
        loading={save.isPending}
        onClick={() => save.mutate(chosen)}
        data-testid="agency-picker-use"
      >
        {String(t('RepoAgencyUse'))}
      </Button>
      {selected?.letter ? (
        <Button
          variant="subtle"
          loading={letter.isPending}
          onClick={() => letter.mutate({ id: selected.id, fileName: selected.letter!.fileName })}
          data-testid="agency-picker-letter"
        >
          {String(t('RepoAgencyLetterDownload', { fileName: selected.letter.fileName }))}
        </Button>
      ) : null}
    </Group>
  );
}

export const stageWidget: StageWidget = { name: 'agencyPicker', caseAction: AgencyPicker };
