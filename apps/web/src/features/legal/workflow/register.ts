import { registerStageWidget, registerWorkflowScreens, type StageWidget } from '../../workflow/widgets.ts';
import { BounceChequeTab } from './bounce-cheque-tab.tsx';
import { NoticeCaseAction, NoticeTrayAction } from './notice-widgets.tsx';

// What the legal feature adds to the workflow screens: the LEGAL stage trays and case screens (their dictionary is
// lib/i18n/locales/legal-definition-*.ts), and the widgets the LEGAL definition's stages name.

const BOUNCE_CHEQUE: StageWidget = { caseTab: { labelKey: 'WorkflowTabBounceCheque', Component: BounceChequeTab } };
const NOTICE_COPY: StageWidget = { caseAction: NoticeCaseAction, trayAction: NoticeTrayAction };

export function registerLegalWorkflow(): void {
  // The Legal Eligible Pool is the legal feature's own screen (pool/pool-page.tsx).
  registerWorkflowScreens('LEGAL', { servedElsewhere: ['legalPool'] });
  registerStageWidget('bounceCheque', BOUNCE_CHEQUE);
  registerStageWidget('noticeCopy', NOTICE_COPY);
}
