import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { describeWorkflowError } from '../api/describe-error.ts';
import { exportStageTray } from '../api/workflow-api.ts';
import { stageTrayExportQuery, type StageTrayConfig, type StageTrayState } from './stage-tray-state.ts';

/** Export of the current view (view, tab, filters, sort) as CSV or XLSX. */
export function StageTrayExport({ config, state }: { config: StageTrayConfig; state: StageTrayState }) {
  const { t } = useTranslation();
  return (
    <ExportButtons
      fileBase={config.routeName}
      exportFile={(format) =>
        exportStageTray(config.definition.code, config.stage.code, format, stageTrayExportQuery(state))
      }
      describeError={(error) => describeWorkflowError(t, error)}
      from={`workflow/${config.routeName}/export`}
    />
  );
}
