import { screen } from '@testing-library/react';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseRow } from '../test/workflow-fixtures.ts';
import { CaseCell } from './case-cell.tsx';

const DUE_ON = REPOSSESSION_DEFINITION.columns.find((column) => column.key === 'dueOn')!;

describe('a stage tray row’s due date', () => {
  it('is flagged Overdue when the case is past it', () => {
    renderWithProviders(
      <CaseCell
        row={caseRow(1, { dueOn: '2026-02-10', isOverdue: true })}
        column={DUE_ON}
        definition={REPOSSESSION_DEFINITION}
      />,
    );
    expect(screen.getByTestId('case-overdue').textContent).toBe('Overdue');
  });

  it('is a plain date otherwise', () => {
    renderWithProviders(
      <CaseCell
        row={caseRow(1, { dueOn: '2026-03-10', isOverdue: false })}
        column={DUE_ON}
        definition={REPOSSESSION_DEFINITION}
      />,
    );
    expect(screen.queryByTestId('case-overdue')).toBeNull();
    expect(screen.getByText(/2026|Mar/)).toBeTruthy();
  });
});
