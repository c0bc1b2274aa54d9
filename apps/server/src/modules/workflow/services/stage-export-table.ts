import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  definitionFields,
  type ColumnDefinition,
  type FieldDefinition,
  type StageDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import type { Translator } from '@recovery-desk/i18n/translator.ts';
import { valueLabel } from '@recovery-desk/i18n/value-labels.ts';
import { columnLabel, type Cell, type ExportColumn, type ExportTable } from '../../exports/index.ts';

// A stage tray as a sheet in the user's language: the stage's tray columns with the screen's headers (the
// definition's label keys), statuses, products, select options and yes/no in words, amounts as exact decimals with a
// Currency column beside them, dates as ISO YYYY-MM-DD.

type Column = ExportColumn & { cell: (row: CaseRow) => Cell };

function rawValue(row: CaseRow, column: ColumnDefinition): unknown {
  if (column.source === 'field') return row.fields[column.key];
  if (column.type === 'user' || column.key === 'makerUserId') return row.makerName;
  return (row as unknown as Record<string, unknown>)[column.key];
}

function fieldText(translate: Translator, field: FieldDefinition | undefined, value: unknown): string {
  const text = String(value);
  if (field?.type === 'select') {
    const option = field.options?.find((candidate) => candidate.value === text);
    return option ? translate.tr(option.labelKey, text) : text;
  }
  return text;
}

function shown(
  translate: Translator,
  column: ColumnDefinition,
  fields: Map<string, FieldDefinition>,
  value: unknown,
): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return translate.t(value ? 'Yes' : 'No');
  const text = String(value);
  const tr = (key: string, fallback: string) => translate.tr(key, fallback);
  switch (column.type) {
    case 'number':
      return typeof value === 'number' ? value : text;
    case 'money':
    case 'user':
      return text;
    case 'date':
      return text.slice(0, 10);
    case 'status':
      return valueLabel('caseStatus', text, tr);
    case 'text':
      if (column.source === 'account' && column.key === 'product') return valueLabel('product', text, tr);
      if (column.source === 'account' && column.key === 'bucket') return valueLabel('bucket', text, tr);
      if (column.source === 'field') return fieldText(translate, fields.get(column.key), value);
      return text;
  }
}

/** The stage's tray columns (the definition's order) as translated sheet columns. */
export function stageExportColumns(
  definition: WorkflowDefinition,
  stage: StageDefinition,
  translate: Translator,
): Column[] {
  const fields = definitionFields(definition);
  const columns: Column[] = [];
  for (const key of stage.trayColumns) {
    const column = definition.columns.find((candidate) => candidate.key === key);
    if (!column) continue;
    if (column.type === 'money' && !columns.some((existing) => existing.kind === 'money')) {
      columns.push({ header: translate.t('ExportCurrency'), kind: 'text', cell: (row) => row.currency });
    }
    columns.push({
      // A key no dictionary holds yet reads as English words from the key ('NpaFlag' → 'Npa Flag').
      header: translate.tr(column.labelKey, columnLabel(column.labelKey)),
      kind: column.type === 'money' ? 'money' : column.type === 'number' ? 'number' : 'text',
      cell: (row) => shown(translate, column, fields, rawValue(row, column)),
    });
  }
  return columns;
}

/** The cases of a stage tray as a translated sheet. */
export function stageExportTable(
  definition: WorkflowDefinition,
  stage: StageDefinition,
  rows: readonly CaseRow[],
  translate: Translator,
): ExportTable {
  const columns = stageExportColumns(definition, stage, translate);
  return {
    sheetName: stage.code,
    columns: columns.map(({ header, kind }) => ({ header, kind })),
    rows: rows.map((row) => columns.map((column) => column.cell(row))),
    rowCurrencies: rows.map((row) => row.currency),
  };
}
