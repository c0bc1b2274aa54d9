import { Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../api/describe-error.ts';
import { exportStageTray } from '../api/workflow-api.ts';
import { stageTrayExportQuery, type StageTrayConfig, type StageTrayState } from './stage-tray-state.ts';

/** Export of the current view (view, tab, filters, sort) as CSV or XLSX, downloaded with the user's auth. */
export function StageTrayExport({ config, state }: { config: StageTrayConfig; state: StageTrayState }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') =>
      exportStageTray(config.definition.code, config.stage.code, format, stageTrayExportQuery(state)),
    onSuccess: (file, format) => saveFile(file, `${config.routeName}.${format}`),
    onError: (error) =>
      addToast({
        title: String(t('ExportFailed')),
        message: describeWorkflowError(t, error),
        type: 'error',
        from: `workflow/${config.routeName}/export`,
      }),
  });
  const busyFormat = mutation.isPending ? mutation.variables : null;
  return (
    <Group gap="xs" role="group" aria-label={String(t('ExportCurrentView'))}>
      <Button
        size="xs"
        variant="default"
        loading={busyFormat === 'csv'}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate('csv')}
      >
        {String(t('ExportCsv'))}
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={busyFormat === 'xlsx'}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate('xlsx')}
      >
        {String(t('ExportXlsx'))}
      </Button>
    </Group>
  );
}
