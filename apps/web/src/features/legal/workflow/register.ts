import { registerStageWidget, registerWorkflowScreens, type StageWidget } from '../../workflow/widgets.ts';

// What the legal feature adds to the workflow screens: the LEGAL stage trays and case screens (their dictionary is
// lib/i18n/locales/legal-definition-*.ts), and the widgets the LEGAL definition's stages name — every module of
// ./widgets/ exports its `stageWidget`, so a new widget is one new file there.

const WIDGET_MODULES = import.meta.glob<StageWidget>('./widgets/*.tsx', { eager: true, import: 'stageWidget' });

export function registerLegalWorkflow(): void {
  // The Legal Eligible Pool is the legal feature's own screen (pool/pool-page.tsx).
  registerWorkflowScreens('LEGAL', { servedElsewhere: ['legalPool'] });
  for (const widget of Object.values(WIDGET_MODULES)) registerStageWidget(widget);
}
