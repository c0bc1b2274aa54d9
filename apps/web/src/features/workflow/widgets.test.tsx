import { Text } from '@mantine/core';
import { stageWidgets } from '@recovery-desk/domain/workflow/definition.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore } from '../../lib/session-store.ts';
import { jsonResponse, signedInSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CaseScreen } from './case/case-screen.tsx';
import { caseView, DEFINITION_REPLY, STORED_LEGAL_DEFINITION, stubApi } from './test/workflow-fixtures.ts';
import { findStageWidget, hasWorkflowScreens, registerStageWidget, type CaseWidgetProps } from './widgets.ts';

function CaseNote({ view, canAct }: CaseWidgetProps) {
  return (
    <Text data-testid="case-note">
      Note on {view.case.caseNo} ({canAct ? 'may act' : 'read only'})
    </Text>
  );
}
const CASE_NOTE = { name: 'caseNote', caseTab: { labelKey: 'Remarks', Component: CaseNote } };

describe('stage widgets', () => {
  beforeEach(() => {
    sessionStore.set(signedInSession({ activeApp: 'legalapp', systemAuthorities: ['LEGAL_INIT_SAUTH'] }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('every widget a stage of an offered definition names is registered by some feature', () => {
    const offered = BUILT_IN_DEFINITIONS.filter((definition) => hasWorkflowScreens(definition.code));
    expect(offered.map((definition) => definition.code)).toContain('LEGAL');
    for (const definition of offered) {
      for (const stage of definition.stages) {
        for (const name of stageWidgets(stage)) {
          expect(findStageWidget(name), `${definition.code} ${stage.code} names ${name}`).toBeDefined();
        }
      }
    }
  });

  it('the case screen shows the tabs of the widgets the case’s stage names, and skips unknown names', async () => {
    registerStageWidget(CASE_NOTE);
    const definition = {
      ...STORED_LEGAL_DEFINITION,
      stages: STORED_LEGAL_DEFINITION.stages.map((stage) =>
        stage.code === 'INITIATE' ? { ...stage, widgets: ['caseNote', 'notRegisteredAnywhere'] } : stage,
      ),
    };
    stubApi([
      {
        match: /\/api\/workflow\/cases\/41$/,
        reply: () => jsonResponse(200, caseView({ stage: 'INITIATE', status: 'Initiated', fields: {} })),
      },
      {
        match: /\/api\/workflow\/definitions\/LEGAL\/1$/,
        reply: () => jsonResponse(200, { ...DEFINITION_REPLY, definition }),
      },
    ]);
    renderWithProviders(<CaseScreen caseId="41" title="Legal case" />, { path: '/legal/case', url: '/legal/case' });
    expect(await screen.findByTestId('case-header')).toBeTruthy();
    // The INITIATE stage of this version names only caseNote (and an unknown name): no Bounce Cheque Details.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Case',
      'Remarks',
      'Document Checklist',
      'Case History',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Remarks' }));
    expect((await screen.findByTestId('case-note')).textContent).toBe('Note on LG-2026-00041 (may act)');
  });

  it('refuses a second, different widget under a name another feature registered', () => {
    registerStageWidget(CASE_NOTE);
    expect(() =>
      registerStageWidget({ name: 'caseNote', caseTab: { labelKey: 'Other', Component: CaseNote } }),
    ).toThrow('stage widget caseNote is registered twice');
  });
});
