import type { CaseEvent } from '@recovery-desk/domain/workflow/contracts.ts';
import { LEGAL_DEFINITION } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { caseView } from '../test/workflow-fixtures.ts';
import { HistoryTab } from './history-tab.tsx';

function event(id: number, patch: Partial<CaseEvent>): CaseEvent {
  return {
    eventId: id,
    action: 'CREATE',
    actionLabelKey: null,
    fromStage: null,
    fromStatus: null,
    toStage: 'INITIATE',
    toStatus: 'Initiated',
    actorName: 'Priya Sharma',
    actorUsername: 'priya.s',
    unitCode: 'BR-AND',
    businessDate: '2026-02-10',
    at: '2026-02-10T05:30:00.000Z',
    remarks: null,
    changes: [],
    effects: [],
    ...patch,
  };
}

const HISTORY: CaseEvent[] = [
  // Sent newest first: the timeline still reads oldest → newest.
  event(4, {
    action: 'submit',
    actionLabelKey: 'CaseFiled',
    fromStage: 'CASE_FILING',
    fromStatus: 'Approved',
    toStage: 'COURT_CASE_UPDATE',
    toStatus: 'Approved',
    actorName: 'Anil Mehta',
    actorUsername: 'anil.m',
    unitCode: 'ZN-WEST',
    businessDate: '2026-02-20',
    at: '2026-02-20T09:00:00.000Z',
    remarks: 'Complaint filed at JMFC Andheri',
    changes: [
      { field: 'courtType', from: null, to: 'JMFC' },
      { field: 'filingDate', from: null, to: '2026-02-20' },
    ],
    effects: ['placeLegalHold', 'scheduleHearingReminder'],
  }),
  event(1, {}),
  event(2, {
    action: 'SAVE_FIELDS',
    toStage: 'INITIATE',
    toStatus: 'Initiated',
    fromStage: 'INITIATE',
    fromStatus: 'Initiated',
    at: '2026-02-11T05:30:00.000Z',
    businessDate: '2026-02-11',
    changes: [{ field: 'claimAmount', from: '200000.00', to: '250000.00' }],
  }),
  event(3, {
    action: 'DOCUMENT_ADDED',
    fromStage: 'INITIATE',
    fromStatus: 'Initiated',
    at: '2026-02-12T05:30:00.000Z',
    businessDate: '2026-02-12',
    changes: [{ field: 'documents.loanAgreement', from: null, to: 'loan-agreement.pdf' }],
  }),
];

describe('Case History', () => {
  it('lists every event oldest → newest with its action, move, actor, dates, remarks, data changed and effects', () => {
    const view = { ...caseView({ stage: 'COURT_CASE_UPDATE', status: 'Approved' }), history: HISTORY };
    renderWithProviders(<HistoryTab view={view} definition={LEGAL_DEFINITION} />);
    const list = screen.getByRole('list', { name: 'Case History' });
    const entries = within(list).getAllByTestId('history-entry');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Case created',
      'Details saved',
      'Document added',
      'Case filed',
    ]);
    for (const entry of entries) expect(entry.tagName).toBe('LI');

    const filed = entries[3]!;
    expect(within(filed).getByTestId('history-move').textContent).toBe(
      'Case Filing (Approved) → Court Case Update (Approved)',
    );
    expect(within(filed).getByText('By Anil Mehta (anil.m), unit ZN-WEST')).toBeTruthy();
    expect(within(filed).getByText(/^Business date 20\/02\/2026 · /)).toBeTruthy();
    expect(within(filed).getByTestId('history-remarks').textContent).toBe('Remarks: Complaint filed at JMFC Andheri');
    const changes = within(within(filed).getByTestId('history-changes')).getAllByRole('listitem');
    expect(changes.map((item) => item.textContent)).toEqual([
      'Court or forum: — → JMFC (Judicial Magistrate First Class)',
      'Filing date: — → 20/02/2026',
    ]);
    expect(
      within(within(filed).getByTestId('history-effects'))
        .getAllByText(/./)
        .map((badge) => badge.textContent),
    ).toEqual(['Allocation hold (sub-judice) placed', 'Hearing reminder scheduled']);

    // A document is named by its checklist label, not by the recorded key.
    expect(within(entries[2]!).getByText('Loan agreement: — → loan-agreement.pdf')).toBeTruthy();
    const saved = entries[1]!;
    expect(within(saved).getByText('Claim amount: ₹2,00,000.00 → ₹2,50,000.00')).toBeTruthy();
    expect(within(entries[0]!).getByTestId('history-move').textContent).toBe('— → Initiate Legal (Initiated)');
  });

  it('says when nothing has happened yet', () => {
    renderWithProviders(<HistoryTab view={caseView({ stage: 'INITIATE' })} definition={LEGAL_DEFINITION} />);
    expect(screen.getByText('Nothing has happened on this case yet.')).toBeTruthy();
  });
});
