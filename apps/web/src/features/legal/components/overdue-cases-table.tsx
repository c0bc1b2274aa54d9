import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../../lib/format.ts';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { openInTab } from './screen-helpers.ts';

/** A case past a date rule, as the workflow dashboards list it (legal, repossession, SARFAESI). */
export type OverdueCaseRow = {
  caseId: number;
  caseNo: string;
  accountId: number;
  accountNo: string;
  customerName: string;
  stage: string;
  routeSlug: string;
  dueOn: string;
  daysOverdue: number;
  /** the date rules it missed, by name (a column only when given) */
  rules?: readonly { labelKey: string; label: string }[];
};

/**
 * The dashboards' overdue cases: case (opening its screen in a tab where the user may open that stage), account,
 * customer, stage, the rules missed (when `showRules`), due date and days overdue.
 */
export function OverdueCasesTable<T extends OverdueCaseRow>({
  rows,
  detailPath,
  stageText,
  from,
  showRules = false,
  minWidth,
  caption,
  labelledBy,
  highlightOnHover = false,
  testId,
}: {
  rows: readonly T[];
  /** the case screen of a row, or null when the user may not open its stage */
  detailPath: (row: T) => string | null;
  stageText: (row: T) => string;
  /** the screen the case tab is opened from (its back link) */
  from: string;
  showRules?: boolean;
  minWidth: number;
  caption?: string;
  labelledBy?: string;
  highlightOnHover?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        withTableBorder
        striped
        highlightOnHover={highlightOnHover}
        fz="sm"
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{String(t('LegalCaseNo'))}</Table.Th>
            <Table.Th scope="col">{String(t('AccountNo'))}</Table.Th>
            <Table.Th scope="col">{String(t('CustomerName'))}</Table.Th>
            <Table.Th scope="col">{String(t('LegalStage'))}</Table.Th>
            {showRules ? <Table.Th scope="col">{String(t('RepoDateRule'))}</Table.Th> : null}
            <Table.Th scope="col">{String(t('LegalDueOn'))}</Table.Th>
            <Table.Th scope="col">{String(t('LegalDaysOverdue'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const path = detailPath(row);
            return (
              <Table.Tr key={row.caseId}>
                <Table.Td>
                  {path ? (
                    <UnstyledButton
                      c="blue.9"
                      td="underline"
                      fz="sm"
                      onClick={() => openInTab(t, row.routeSlug, path, from)}
                      aria-label={String(t('LegalOpenCaseNamed', { caseNo: row.caseNo }))}
                      data-testid="open-overdue-case"
                    >
                      {row.caseNo}
                    </UnstyledButton>
                  ) : (
                    row.caseNo
                  )}
                </Table.Td>
                <Table.Td>{row.accountNo}</Table.Td>
                <Table.Td>{row.customerName}</Table.Td>
                <Table.Td>{stageText(row)}</Table.Td>
                {showRules ? (
                  <Table.Td>
                    {(row.rules ?? []).map((rule) => translateKey(t, rule.labelKey, rule.label)).join('; ')}
                  </Table.Td>
                ) : null}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBusinessDate(row.dueOn, i18n.language)}</Table.Td>
                <Table.Td>{row.daysOverdue}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
