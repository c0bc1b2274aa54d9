import type { TrayKey } from '@recovery-desk/domain/collections/trays.ts';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../../../components/export-buttons.tsx';
import { trayExportQuery, type TrayState } from '../../../../components/tray/tray-state.ts';
import { exportTray } from '../../api/collections-api.ts';
import { describeError } from '../../api/describe-error.ts';

/** Export of the current view (view, search view, filters, sort) as CSV or XLSX. */
export function TrayExportButtons({ trayKey, state }: { trayKey: TrayKey; state: TrayState }) {
  const { t } = useTranslation();
  return (
    <ExportButtons
      fileBase={trayKey}
      exportFile={(format) => exportTray(trayKey, format, trayExportQuery(state))}
      describeError={(error) => describeError(t, error)}
      from={`collections/${trayKey}/export`}
    />
  );
}
