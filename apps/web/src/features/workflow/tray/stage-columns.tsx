import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import type { ColumnDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '../../../components/data-grid/data-grid.tsx';
import { tr } from '../labels.ts';
import { CaseCell } from './case-cell.tsx';
import type { StageTrayConfig } from './stage-tray-state.ts';

/** The columns a stage shows (stage.trayColumns looked up in the definition's columns). */
export function stageColumns(config: Pick<StageTrayConfig, 'definition' | 'stage'>): ColumnDefinition[] {
  return config.stage.trayColumns.flatMap((key) => {
    const column = config.definition.columns.find((candidate) => candidate.key === key);
    return column ? [column] : [];
  });
}

/** The grid columns of a stage tray, from its definition (label key, sortable, type-driven cell). */
export function useStageColumns(config: StageTrayConfig): GridColumn<CaseRow>[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      stageColumns(config).map((column) => ({
        key: column.key,
        header: tr(t, column.labelKey, column.key),
        sortable: Boolean(column.sortable),
        cell: (row: CaseRow) => <CaseCell row={row} column={column} definition={config.definition} />,
      })),
    [config, t],
  );
}
