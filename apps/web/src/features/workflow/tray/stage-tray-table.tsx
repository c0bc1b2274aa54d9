import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import type { ColumnDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tr } from '../labels.ts';
import { CaseCell } from './case-cell.tsx';
import type { StageTrayConfig, StageTrayState } from './stage-tray-state.ts';
import { isInteractive, SortableHeader } from '../../../components/tray/sortable-header.tsx';

export type StageTrayTableProps = {
  config: StageTrayConfig;
  rows: CaseRow[];
  state: StageTrayState;
  caption: string;
  onSort: (key: string) => void;
  /** row selection for a bulk action; absent when the tray has none */
  selection?: { selected: ReadonlySet<number>; onChange: (next: Set<number>) => void };
  /** the detail page a row opens, or null when the stage has no detail route */
  detailPathOf: (row: CaseRow) => string | null;
  onOpen: (row: CaseRow, path: string) => void;
  /** row actions (the Withdrawal tray's Review); absent when the tray has none */
  renderActions?: (row: CaseRow) => ReactNode;
  isBusy?: boolean;
};

/** The columns a stage shows (stage.trayColumns looked up in the definition's columns). */
export function trayColumns(config: StageTrayConfig): ColumnDefinition[] {
  return config.stage.trayColumns.flatMap((key) => {
    const column = config.definition.columns.find((candidate) => candidate.key === key);
    return column ? [column] : [];
  });
}

/** The stage tray grid: sortable headers with aria-sort, selection checkboxes, an open button per row, row actions. */
export function StageTrayTable({
  config,
  rows,
  state,
  caption,
  onSort,
  selection,
  detailPathOf,
  onOpen,
  renderActions,
  isBusy = false,
}: StageTrayTableProps) {
  const { t } = useTranslation();
  const columns = trayColumns(config);
  const ids = rows.map((row) => row.caseId);
  const selectedOnPage = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;

  const toggle = (changed: number[], isChecked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of changed) {
      if (isChecked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        fz="sm"
        aria-busy={isBusy}
        style={{ opacity: isBusy ? 0.6 : 1 }}
        data-testid="stage-tray-table"
      >
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={String(t('SelectAllOnPage'))}
                  checked={rows.length > 0 && selectedOnPage === rows.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                  onChange={(event) => toggle(ids, event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <SortableHeader
                key={column.key}
                columnKey={column.key}
                label={tr(t, column.labelKey, column.key)}
                sortable={Boolean(column.sortable)}
                sort={state.sort}
                order={state.order}
                onSort={onSort}
              />
            ))}
            {renderActions ? <Table.Th scope="col">{String(t('Actions'))}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const path = detailPathOf(row);
            const handleRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
              if (path && !isInteractive(event.target)) onOpen(row, path);
            };
            return (
              <Table.Tr
                key={row.caseId}
                onClick={handleRowClick}
                style={path ? { cursor: 'pointer' } : undefined}
                data-testid="stage-tray-row"
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={String(t('SelectRow', { name: row.caseNo }))}
                      checked={selection.selected.has(row.caseId)}
                      onChange={(event) => toggle([row.caseId], event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column, index) => (
                  <Table.Td key={column.key}>
                    {index === 0 && path ? (
                      <UnstyledButton
                        c="blue.9"
                        td="underline"
                        fz="sm"
                        onClick={() => onOpen(row, path)}
                        aria-label={String(t('WorkflowOpenCase', { caseNo: row.caseNo }))}
                        data-testid="open-case"
                      >
                        <CaseCell row={row} column={column} definition={config.definition} />
                      </UnstyledButton>
                    ) : (
                      <CaseCell row={row} column={column} definition={config.definition} />
                    )}
                  </Table.Td>
                ))}
                {renderActions ? <Table.Td>{renderActions(row)}</Table.Td> : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
