import { Button, Group } from '@mantine/core';
import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../lib/save-file.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { exportTray } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';
import { trayExportQuery, type TrayState } from '../../../../components/tray/tray-state.ts';

/** Export of the current view (view, search view, filters, sort) as CSV or XLSX, downloaded with the user's auth. */
export function TrayExportButtons({ trayKey, state }: { trayKey: TrayKey; state: TrayState }) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => exportTray(trayKey, format, trayExportQuery(state)),
    onSuccess: (file, format) => saveFile(file, `${trayKey}.${format}`),
    onError: (error) =>
      addToast({
        title: String(t('ExportFailed')),
        message: describeError(t, error),
        type: 'error',
        from: `collections/${trayKey}/export`,
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
