import { Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../lib/http-client.ts';
import { saveFile } from '../lib/save-file.ts';
import { addToast } from '../lib/toast-store.ts';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * CSV and XLSX export of a list's current view, downloaded with the user's auth and saved as `<fileBase>.<format>`;
 * a failure becomes a toast with the caller's description of the error.
 */
export function ExportButtons({
  fileBase,
  exportFile,
  describeError,
  from,
}: {
  fileBase: string;
  exportFile: (format: ExportFormat) => Promise<DownloadedFile>;
  describeError: (error: unknown) => string;
  /** the toast's source (developer mode) */
  from: string;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: exportFile,
    onSuccess: (file, format) => saveFile(file, `${fileBase}.${format}`),
    onError: (error) =>
      addToast({ title: String(t('ExportFailed')), message: describeError(error), type: 'error', from }),
  });
  const busyFormat = mutation.isPending ? mutation.variables : null;
  return (
    <Group gap="xs" role="group" aria-label={String(t('ExportCurrentView'))}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          loading={busyFormat === format}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(format)}
        >
          {String(t(format === 'csv' ? 'ExportCsv' : 'ExportXlsx'))}
        </Button>
      ))}
    </Group>
  );
}
