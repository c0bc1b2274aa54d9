import { Badge } from '@mantine/core';
import type { CaseRow } from '@recovery-desk/domain/workflow/contracts.ts';
import {
  definitionFields,
  type ColumnDefinition,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE } from '../../../components/data-table.tsx';
import { formatBusinessDate } from '../../../lib/format.ts';
import { caseStatusLabel, formatFieldValue, money, productName, statusColor } from '../labels.ts';

/** The raw value of a column for a row: case and account columns from the row, field columns from its fields. */
export function columnValue(row: CaseRow, column: ColumnDefinition): unknown {
  if (column.source === 'field') return row.fields[column.key];
  if (column.type === 'user') return row.makerName;
  return (row as unknown as Record<string, unknown>)[column.key];
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={statusColor(status)}
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
      data-testid="case-status"
    >
      {caseStatusLabel(t, status)}
    </Badge>
  );
}

/** One cell of a stage tray row, formatted by the column's type (money in the row's currency, dates, statuses). */
export function CaseCell({
  row,
  column,
  definition,
}: {
  row: CaseRow;
  column: ColumnDefinition;
  definition: WorkflowDefinition;
}) {
  const { t, i18n } = useTranslation();
  const value = columnValue(row, column);
  if (value === null || value === undefined || value === '') return <>{EMPTY_VALUE}</>;
  switch (column.type) {
    case 'money':
      return <span style={{ whiteSpace: 'nowrap' }}>{money(String(value), row.currency)}</span>;
    case 'date': {
      const date = formatBusinessDate(String(value).slice(0, 10), i18n.language);
      // The stage's due date of a case past it is flagged (the date rules' overdue, as the "Overdue only" filter).
      if (column.key === 'dueOn' && column.source === 'case' && row.isOverdue) {
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {date}{' '}
            <Badge color="red.9" variant="filled" radius="sm" data-testid="case-overdue">
              {String(t('WorkflowRowOverdue'))}
            </Badge>
          </span>
        );
      }
      return <span style={{ whiteSpace: 'nowrap' }}>{date}</span>;
    }
    case 'status':
      return <StatusBadge status={String(value)} />;
    case 'number':
    case 'user':
      return <>{String(value)}</>;
    case 'text': {
      if (column.source === 'account' && column.key === 'product') return <>{productName(t, String(value))}</>;
      if (column.source === 'field') {
        const field = definitionFields(definition).get(column.key);
        const shown = formatFieldValue(t, field, value as string, i18n.language, row.currency);
        return <>{shown === '' ? EMPTY_VALUE : shown}</>;
      }
      return <>{String(value)}</>;
    }
  }
}
